# tl.max / tl.min with `return_indices=True`, tl.argmax and tl.argmin (the
# standard library's): one `reduce` of (values, make_range broadcast along
# the axis) with two results, {kind = "argmax" | "argmin"}. Values keep
# their type (bf16 is widened to fp32); keep_dims expands both results.
# RUN: %tritonc %s --signature "*fp16, *fp16, *i32" --emit tir --passes= -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, i_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    # CHECK: [[X:%[0-9]+]] = load {{.*}} : tensor<16x32xf16>
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    # CHECK-NEXT: [[C:%[0-9]+]] = make_range {start = 0, end = 32} : tensor<32xi32>
    # CHECK-NEXT: [[CE:%[0-9]+]] = expand_dims [[C]] {axis = 0} : tensor<1x32xi32>
    # CHECK-NEXT: [[CB:%[0-9]+]] = broadcast [[CE]] : tensor<16x32xi32>
    # CHECK-NEXT: reduce [[X]], [[CB]] {axis = 1, kind = "argmax"} : tensor<16xf16>, tensor<16xi32>
    v, i = tl.max(x, 1, return_indices=True)
    # CHECK-NEXT: [[R:%[0-9]+]] = make_range {start = 0, end = 16} : tensor<16xi32>
    # CHECK-NEXT: [[RE:%[0-9]+]] = expand_dims [[R]] {axis = 1} : tensor<16x1xi32>
    # CHECK-NEXT: [[RB:%[0-9]+]] = broadcast [[RE]] : tensor<16x32xi32>
    # CHECK-NEXT: [[MV:%[0-9]+]], [[MI:%[0-9]+]] = reduce [[X]], [[RB]] {axis = 0, kind = "argmin"} : tensor<32xf16>, tensor<32xi32>
    # CHECK-NEXT: expand_dims [[MV]] {axis = 0} : tensor<1x32xf16>
    # CHECK-NEXT: expand_dims [[MI]] {axis = 0} : tensor<1x32xi32>
    j = tl.argmin(x, axis=0, keep_dims=True)
    # fp16 to bf16 goes through fp32; then bf16 widens to fp32 for the reduction.
    # CHECK: [[WX:%[0-9]+]] = extf [[X]] : tensor<16x32xf32>
    # CHECK-NEXT: [[H:%[0-9]+]] = truncf [[WX]] : tensor<16x32xbf16>
    # CHECK-NEXT: [[W:%[0-9]+]] = extf [[H]] : tensor<16x32xf32>
    # CHECK: reduce [[W]], {{%[0-9]+}} {axis = 1, kind = "argmax"} : tensor<16xf32>, tensor<16xi32>
    h = x.to(tl.bfloat16).argmax(1, tie_break_left=False)
    # Down to scalars: the index needs no broadcast.
    # CHECK: [[S:%[0-9]+]] = reduce {{.*}} {axis = 1, kind = "sum"}
    # CHECK-NEXT: [[SR:%[0-9]+]] = make_range {start = 0, end = 16} : tensor<16xi32>
    # CHECK-NEXT: reduce [[S]], [[SR]] {axis = 0, kind = "argmax"} : f16, i32
    s = tl.argmax(tl.sum(x, 1), 0)
    tl.store(y_ptr + r, v)
    tl.store(i_ptr + r, i + h + s)
    tl.store(i_ptr + c[None, :], j)
