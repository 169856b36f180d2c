# Cross-entropy with label smoothing (tests/kernels/cross_entropy.py,
# smoothed_cross_entropy_kernel): an early `return` for rows labelled
# ignore_index, logsumexp over column blocks with a running maximum, the
# gradient written over the logits, REDUCTION a constexpr string.
# RUN: %tritonc %S/../../kernels/cross_entropy.py --kernel smoothed_cross_entropy_kernel --signature "*fp32:16, i32:16, *i64:16, i32, *fp32:16, i32, i32, i32, i32, fp32, 'mean', 4096" --emit tir -o - | FileCheck %s
# RUN: %tritonc %S/../../kernels/cross_entropy.py --kernel smoothed_cross_entropy_kernel --signature "*fp32:16, i32:16, *i64:16, i32, *fp32:16, i32, i32, i32, i32, fp32, 'sum', 4096" --emit tir -o - | FileCheck %s --check-prefix=SUM

# CHECK-LABEL: func @smoothed_cross_entropy_kernel(
# CHECK: load {{.*}} : i64
# The ignored row: clear the gradient (and return).
# CHECK: if
# CHECK: for
# CHECK: store
# The first sweep carries the logit sum, the running sum and the running
# maximum (from 0.0, 0.0 and -inf); the logit sum only grows under the
# run-time `if smoothing > 0`.
# CHECK: = for {{.*}} : f32, f32, f32
# CHECK: load {{.*}} : tensor<4096xf32>
# CHECK-NEXT: = if {{.*}} : f32
# CHECK: select
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: reduce {{.*}} {axis = 0, kind = "max"} : f32
# CHECK-NEXT: maxnumf
# CHECK: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# CHECK-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: yield
# CHECK: math {{.*}} {fn = "log"} : f32
# The gradient sweep: exp(z - lse) - eps / V, less 1 - eps at the label,
# divided by the rows that count ("mean").
# CHECK: for
# CHECK: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# CHECK: cmpi {{.*}} {predicate = "eq"} : tensor<4096xi1>
# CHECK: select
# CHECK-NEXT: divf
# CHECK-NEXT: store
# The smoothed loss under a run-time `if` that yields it.
# CHECK: = if {{.*}} : f32
# CHECK: yield
# CHECK: divf
# CHECK: store
# The rows that were not ignored run as the `else` branch of the early return.
# CHECK-NEXT: yield
# CHECK-NEXT: }
# CHECK-NEXT: return

# With "sum", neither the gradient nor the loss is divided by n_counted.
# SUM-LABEL: func @smoothed_cross_entropy_kernel(
# SUM: cmpi {{.*}} {predicate = "eq"} : tensor<4096xi1>
# SUM-NEXT: subf
# SUM-NEXT: select
# SUM-NEXT: store
# SUM-NOT: sitofp %n_counted
# SUM: return
