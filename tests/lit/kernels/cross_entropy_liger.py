# Liger-Kernel's cross-entropy (tests/kernels/cross_entropy.py): online
# logsumexp over column blocks, label smoothing, the gradient written in
# place, and an early `return` for rows labelled ignore_index.
# RUN: %tritonc %S/../../kernels/cross_entropy.py --kernel liger_cross_entropy_kernel --signature "*fp32:16, i32:16, *i64:16, i32, *fp32:16, i32, i32, i32, i32, fp32, 'mean', 4096" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @liger_cross_entropy_kernel(
# CHECK: load {{.*}} : i64
# The ignored row: zero the gradient (and return).
# CHECK: if
# CHECK: for
# CHECK: store
# Online logsumexp: (d, m) carried as f32 from 0.0 and -inf; the label-smoothing
# sum carried as well.
# CHECK: for {{.*}} : f32, f32, f32
# CHECK: reduce {{.*}} {axis = 0, kind = "max"} : f32
# CHECK: maxnumf
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: yield
# The gradient pass.
# CHECK: for
# CHECK: math {{.*}} {fn = "exp"} : tensor<4096xf32>
# CHECK: store
# CHECK: barrier
# CHECK: math {{.*}} {fn = "log"} : f32
# CHECK: store
# CHECK: store
# The rows that were not ignored run as the `else` branch of the early return.
# CHECK-NEXT: yield
# CHECK-NEXT: }
# CHECK-NEXT: return
