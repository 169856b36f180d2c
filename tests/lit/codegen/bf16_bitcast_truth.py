# The truth of a 16-bit float (`.to(tl.int1)`, `!= 0`) compares its bits
# without the sign bit: on the fcmp form LLVM 22's NVPTX selector stopped
# with "Cannot select: bf16 = and" when the value was a bf16 select bitcast
# to f16 (difftest dt_933911). NaN is true, -0.0 false, as `une` gives.
# (LLVM then folds the bit test into a compare of the bf16 value, which
# it selects.)
# RUN: %tritonc %s --signature "*fp32:16, *i1:16, i32, 32" --arch sm_90a -o - | FileCheck %s
# CHECK: setp.{{neu.bf16|ne.b16}}
import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, o_ptr, s, N: tl.constexpr):
    offs = tl.arange(0, N)
    if tl.program_id(0) % 2 == 0:
        v = tl.load(x_ptr + offs).to(tl.bfloat16)
    else:
        v = tl.broadcast_to(s, (N,)).to(tl.bfloat16)
    tl.store(o_ptr + offs, v.to(tl.float16, bitcast=True).to(tl.int1))
