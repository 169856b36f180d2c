# An fp64 `tl.dot` computes in fp64 (fused multiply-adds on CUDA cores); its
# accumulator says `out_dtype=tl.float64`, as Triton asks. a = i % 7 - 3 and
# b = i % 5 - 2 are exact in fp64, so the result is exact: acc + the same
# product again, twice the product.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/a.npy "<f8" 512 "float(i % 7 - 3)"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/b.npy "<f8" 512 "float(i % 5 - 2)"
# RUN: %tritonc run %s --kernel k --signature "*fp64, *fp64, *fp64, 32, 32, 16" --grid 1 \
# RUN:   --arg a_ptr=%t/a.npy --arg b_ptr=%t/b.npy --arg o_ptr=zeros:1024 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=VALUES
# RUN: %tritonc %s --kernel k --signature "*fp64, *fp64, *fp64, 32, 32, 16" -o %t/d.ptx --arch sm_80
# RUN: FileCheck %s --check-prefix=PTX < %t/d.ptx
# VALUES: 0: -4.0
# VALUES-NEXT: 1: 6.0
# VALUES-NEXT: 2: 26.0
# PTX: fma.rn.f64
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rn = tl.arange(0, N)[None, :]
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn)
    acc = tl.zeros([M, N], tl.float64)
    acc = tl.dot(a, b, acc, out_dtype=tl.float64)
    tl.store(o_ptr + rm * N + rn, acc + tl.dot(a, b))


# `input_precision="bf16x3"` (and "bf16x6") computes as "ieee": fp32
# fused multiply-adds, no tensor-core instruction.
# RUN: %tritonc %s --kernel bf16x3 --signature "*fp32, *fp32, *fp32" --emit tir -o - | FileCheck %s --check-prefix=BF16X3
# BF16X3: dot {{.*}} {input_precision = "ieee"}
@triton.jit
def bf16x3(a_ptr, b_ptr, o_ptr):
    r = tl.arange(0, 16)
    a = tl.load(a_ptr + r[:, None] * 16 + r[None, :])
    b = tl.load(b_ptr + r[:, None] * 16 + r[None, :])
    tl.store(o_ptr + r[:, None] * 16 + r[None, :], tl.dot(a, b, input_precision="bf16x3"))
