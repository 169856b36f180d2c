# What FlagGems' generated pointwise kernels ask of the language: a tensor's
# `x.type.scalar` (its element type, with the dtype predicates), the
# `logical_or`/`logical_and` methods on bool tiles (Triton's bitcast to
# int1 refuses anything wider, so do we), and `bptr.type.element_ty` of a
# block pointer to cast what it stores.
# RUN: %tritonc %s --kernel idioms --signature "*i32:16, *i32:16, *i8:16, *fp16:16, i32, 128" --emit tir -o - | FileCheck %s
# RUN: not %tritonc %s --kernel wide_logical --signature "*i32:16, *i32:16, *i8:16, 128" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
# CHECK: [[X:%[0-9]+]] = cmpi {{.*}} {predicate = "ne"} : tensor<128xi1>
# CHECK: [[Y:%[0-9]+]] = cmpi {{.*}} {predicate = "ne"} : tensor<128xi1>
# CHECK: [[OR:%[0-9]+]] = ori [[X]], [[Y]] : tensor<128xi1>
# CHECK: [[AND:%[0-9]+]] = andi [[X]], [[Y]] : tensor<128xi1>
# CHECK: ori [[OR]], [[AND]] : tensor<128xi1>
# CHECK: sitofp {{.*}} : tensor<128xf16>
# BAD: generated_kernel_idioms.py:34:9: error: static assertion failed: logical_or takes two int1 (bool) tiles
import triton
import triton.language as tl


@triton.jit
def idioms(x_ptr, y_ptr, o_ptr, b_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    if x.type.scalar.is_int():
        r = x.to(tl.int1).logical_or(y.to(tl.int1)) | x.to(tl.int1).logical_and(y.to(tl.int1))
        tl.store(o_ptr + offs, r.to(tl.int8))
    bp = tl.make_block_ptr(b_ptr, (n,), (1,), (0,), (BLOCK,), (0,))
    tl.store(bp, x.to(bp.type.element_ty), boundary_check=(0,))


@triton.jit
def wide_logical(x_ptr, y_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    r = tl.load(x_ptr + offs).logical_or(tl.load(y_ptr + offs))
    tl.store(o_ptr + offs, r.to(tl.int8))
