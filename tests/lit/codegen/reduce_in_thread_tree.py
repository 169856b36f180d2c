# A thread folds its own elements of an integer sum/min/max (builtin, or a
# combine region that is one such op of its arguments) as a tree
# (pairs, then pairs of pairs), not a chain: the value is the same, and
# ptxas (12.8 and 13.0, -O3) miscompiles a long chain of `min.s32` over
# negated values, dropping every other negation when it forms three-input
# minimums (found by the difftest: tests/difftest/corpus/min_of_negated.py).
# Floating-point reductions keep their order, to round as Triton's do.
# RUN: %tritonc %s --kernel negated_min --signature "*i32:16, *i32:16, i32, 128" --num-warps 1 -o - | FileCheck %s --check-prefix=INT
# RUN: %tritonc %s --kernel region_min --signature "*i32:16, *i32:16, i32, 128" --num-warps 1 -o - | FileCheck %s --check-prefix=INT
# RUN: %tritonc %s --kernel float_sum --signature "*fp32:16, *fp32:16, 128" --num-warps 1 -o - | FileCheck %s --check-prefix=FLOAT
# Negated operands are compared in the top half of 64-bit words
# (codegen/narrow_min_max_widened.py says why); the pairs of pairs are not.
# INT: min.s64 [[A:%rd[0-9]+]], %rd{{[0-9]+}}, %rd{{[0-9]+}};
# INT-NEXT: mov.b64 {_, [[HA:%r[0-9]+]]}, [[A]];
# INT: min.s64 [[B:%rd[0-9]+]], %rd{{[0-9]+}}, %rd{{[0-9]+}};
# INT-NEXT: mov.b64 {_, [[HB:%r[0-9]+]]}, [[B]];
# INT-NEXT: min.s32 %r{{[0-9]+}}, [[HA]], [[HB]];
# FLOAT: add.f32 [[S:%r[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
# FLOAT-NEXT: add.f32 [[T:%r[0-9]+]], {{.*}}[[S]]{{[,;]}}
# FLOAT-NEXT: add.f32 %r{{[0-9]+}}, {{.*}}[[T]]{{[,;]}}
import triton
import triton.language as tl


@triton.jit
def negated_min(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=7)
    tl.store(o_ptr, tl.min(-v, axis=0))


@triton.jit
def float_sum(x_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(o_ptr, tl.sum(tl.load(x_ptr + offs), axis=0))


@triton.jit
def _smaller(a, b):
    return tl.minimum(a, b)


@triton.jit
def region_min(x_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs, mask=offs < n, other=7)
    tl.store(o_ptr, tl.reduce(-v, 0, _smaller))
