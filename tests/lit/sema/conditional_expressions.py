# `a if c else b`: a compile-time condition keeps one side and never checks
# the other (as in Python); a run-time one gives a `select` when both sides
# are pure, and an `if` yielding the value when a side loads, so the load
# only runs when chosen. The sides unify as in `tl.where`.
# RUN: %tritonc %s --signature "*fp32, *fp32, i32, 1" --emit tir -o - | FileCheck %s
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, FLAG: tl.constexpr):
    offs = tl.arange(0, 64)
    # CHECK: [[X:%[0-9]+]] = load {{.*}} : tensor<64xf32>
    x = tl.load(x_ptr + offs)
    a = x if FLAG else never_checked
    # The constant side takes the tensor's type; the scalar condition is splat.
    # CHECK: [[C0:%[0-9]+]] = cmpi %n, {{%[0-9]+}} {predicate = "sgt"} : i1
    # CHECK-NEXT: [[ONE:%[0-9]+]] = constant {value = 1.0} : tensor<64xf32>
    # CHECK-NEXT: [[S:%[0-9]+]] = splat [[C0]] : tensor<64xi1>
    # CHECK-NEXT: [[B:%[0-9]+]] = select [[S]], [[X]], [[ONE]] : tensor<64xf32>
    b = x if n > 0 else 1
    # CHECK: [[C1:%[0-9]+]] = cmpi %n, {{%[0-9]+}} {predicate = "sgt"} : i1
    # CHECK-NEXT: [[C:%[0-9]+]] = if [[C1]] : f32
    # CHECK-NEXT: {
    # CHECK-NEXT: [[L:%[0-9]+]] = load %y_ptr : f32
    # CHECK-NEXT: yield [[L]]
    # CHECK-NEXT: }
    # CHECK-NEXT: {
    # CHECK-NEXT: [[H:%[0-9]+]] = constant {value = 0.5} : f32
    # CHECK-NEXT: yield [[H]]
    # CHECK-NEXT: }
    c = tl.load(y_ptr) if n > 1 else 0.5
    # Pointers of one type need no unifying.
    # CHECK: [[P:%[0-9]+]] = select {{%[0-9]+}}, %x_ptr, %y_ptr : ptr<f32>
    p = x_ptr if n > 2 else y_ptr
    # A compile-time choice between tuples.
    d = (x, 1) if FLAG else (2, x)
    # CHECK: [[AB:%[0-9]+]] = addf [[X]], [[B]] : tensor<64xf32>
    # CHECK-NEXT: [[CS:%[0-9]+]] = splat [[C]] : tensor<64xf32>
    # CHECK-NEXT: [[ABC:%[0-9]+]] = addf [[AB]], [[CS]] : tensor<64xf32>
    # CHECK-NEXT: addf [[ABC]], [[X]] : tensor<64xf32>
    tl.store(y_ptr + offs, a + b + c + d[0])
    # CHECK: store [[P]], [[C]]
    tl.store(p, c)
