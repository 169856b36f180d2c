# tl.philox on counters (offs, 0, 0, 0) gives tl.randint4x's numbers for
# the same seed; tl.philox_impl with the seed's halves as keys, the same.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc run %s --signature "*i32, i32, 8" --grid 1 --arg o_ptr=zeros:8 --arg seed=1234 \
# RUN:   --out o_ptr=%t/o.npy
# RUN: python3 %S/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# CHECK: 0: 2
# CHECK: 7: 2
import triton
import triton.language as tl


@triton.jit
def k(o_ptr, seed, N: tl.constexpr):
    offs = tl.arange(0, N)
    a, b, c, d = tl.philox(seed, offs, 0, 0, 0)
    r0, r1, _, _ = tl.randint4x(seed, offs)
    zero = offs.to(tl.uint32) * 0
    e, f, _, _ = tl.philox_impl(offs.to(tl.uint32), zero, zero, zero, seed.to(tl.uint32), zero, 10)
    tl.store(o_ptr + offs, (a == r0).to(tl.int32) + (f == r1).to(tl.int32))
