# Compile-time questions about values, folded to constants: len(x.shape),
# x.shape[i], x.numel, dtype attributes and predicates, dtype comparisons,
# isinstance(x, tl.constexpr / tl.tensor / tl.tensor_descriptor) and tl.constexpr(...) around
# compile-time values. Every assertion holds, and the `if`s on dtypes keep
# one branch.
# RUN: %tritonc %s --signature "*fp16, *i8, 16, tl.float16" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, q_ptr, BLOCK: tl.constexpr, DT: tl.constexpr):
    r = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + r[:, None] * BLOCK + r[None, :])
    q = tl.load(q_ptr + r)
    tl.static_assert(len(x.shape) == 2 and x.shape[1] == BLOCK)
    tl.static_assert(x.numel == BLOCK * BLOCK and q.numel == BLOCK)
    tl.static_assert(x.dtype.primitive_bitwidth == 16 and x.dtype.fp_mantissa_width == 10)
    tl.static_assert(x.dtype.is_fp16() and x.dtype.is_floating() and not x.dtype.is_bf16())
    tl.static_assert(q.dtype.is_int() and q.dtype.is_int_signed() and q.dtype.is_int8())
    tl.static_assert(q.dtype.int_bitwidth == 8 and not q.dtype.is_floating())
    tl.static_assert(x_ptr.dtype.is_ptr() and x_ptr.dtype.element_ty == tl.float16)
    tl.static_assert(x.dtype == DT and x.dtype != tl.float32 and q.dtype == tl.int8)
    tl.static_assert(isinstance(BLOCK, tl.constexpr) and not isinstance(x, tl.constexpr))
    tl.static_assert(isinstance(x, tl.tensor) and isinstance(q, (tl.constexpr, tl.tensor)))
    # The pointer-or-descriptor test of Triton's attention tutorial.
    desc = tl.make_tensor_descriptor(x_ptr, [BLOCK, BLOCK], [BLOCK, 1], [BLOCK, BLOCK])
    tl.static_assert(isinstance(desc, tl.tensor_descriptor) and not isinstance(x_ptr, tl.tensor_descriptor))
    tl.static_assert(isinstance(desc, (tl.tensor, tl.tensor_descriptor_base)) and not isinstance(desc, tl.tensor))
    SIZE: tl.constexpr = tl.constexpr(x.shape)
    tl.static_assert(SIZE[0] == BLOCK)
    WIDE: tl.constexpr = tl.constexpr(tl.float32)
    # CHECK: extf {{.*}} : tensor<16x16xf32>
    # CHECK-NOT: sitofp
    if x.dtype.is_fp16():
        y = x.to(WIDE)
    else:
        y = x.to(tl.int32).to(tl.float32)
    tl.store(x_ptr + r[:, None] * BLOCK + r[None, :], y.to(DT))
