# A function decorated `@tl.constexpr` is one Triton runs while compiling
# (FlagGems picks its scans' accumulator type so): called with compile-time
# values (a pointer's element type here), it gives a compile-time value.
# RUN: %tritonc %s --signature "*fp16:16, *fp32:16, 64" --emit tir -o - | FileCheck %s --check-prefix=HALF
# RUN: %tritonc %s --signature "*i8:16, *i64:16, 64" --emit tir -o - | FileCheck %s --check-prefix=INT
# RUN: %tritonc %s --signature "*fp64:16, *fp64:16, 64" --emit tir -o - | FileCheck %s --check-prefix=WIDE
# HALF: scan {{.*}} : tensor<64xf32>
# INT: scan {{.*}} : tensor<64xi64>
# WIDE: scan {{.*}} : tensor<64xf64>
import triton
import triton.language as tl


@tl.constexpr
def accumulator_type(dtype: tl.dtype) -> tl.dtype:
    # Integers sum in 64 bits, floats narrower than 32 bits in fp32.
    if dtype.is_int():
        return tl.int64
    if dtype.primitive_bitwidth < 32:
        return tl.float32
    return dtype


@triton.jit
def running_sum(x_ptr, o_ptr, N: tl.constexpr):
    acc: tl.constexpr = accumulator_type(x_ptr.type.element_ty)
    x = tl.load(x_ptr + tl.arange(0, N)).to(acc)
    tl.store(o_ptr + tl.arange(0, N), tl.cumsum(x, 0))
