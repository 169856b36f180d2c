# Python that Triton runs while it compiles: a plain function called on
# compile-time values (from a `@tl.constexpr` helper or from kernel code)
# gives a compile-time value, and a `raise` in a branch that compile-time
# values rule out is never reached (FlagGems' sort and randperm are written
# so). The integer type follows the pointer's element width.
# RUN: %tritonc %s --signature "*fp16:16, *i32:16, 64" --emit tir -o - | FileCheck %s --check-prefix=HALF
# RUN: %tritonc %s --signature "*fp32:16, *i32:16, 64" --emit tir -o - | FileCheck %s --check-prefix=SINGLE
# RUN: not %tritonc %s --signature "*fp64:16, *i32:16, 64" -o - 2>&1 | FileCheck %s --check-prefix=REACHED
# HALF: bitcast {{.*}} : tensor<64xi16>
# HALF: constant {value = 32767} : tensor<64xi16>
# SINGLE: bitcast {{.*}} : tensor<64xi32>
# SINGLE: constant {value = 1} : tensor<64xi32>
# REACHED: compile_time_python.py:40:9: error: `raise` is a Python construct that kernels cannot use; this one is reached (no compile-time condition rules it out): check run-time conditions with `tl.device_assert` [UnsupportedConstruct]
# REACHED: note: in `top_bit`, called here
import triton
import triton.language as tl


def unwrap(o):
    return o.value if isinstance(o, tl.constexpr) else o


def high_bit(bits):
    return 1 << (bits - 1)


@tl.constexpr
def int_type(bits: tl.constexpr) -> tl.dtype:
    bits = unwrap(bits)
    return tl.core.get_int_dtype(bits, True)


@triton.jit
def top_bit(BITS: tl.constexpr):
    if BITS == 16:
        return high_bit(BITS) - 1
    elif BITS == 32:
        return 1
    else:
        raise ValueError("no such width")


@triton.jit
def kernel(x_ptr, o_ptr, N: tl.constexpr):
    BITS: tl.constexpr = x_ptr.dtype.element_ty.primitive_bitwidth
    x = tl.load(x_ptr + tl.arange(0, N)).to(int_type(BITS), bitcast=True)
    tl.store(o_ptr + tl.arange(0, N), (x & top_bit(BITS)).to(tl.int32))
