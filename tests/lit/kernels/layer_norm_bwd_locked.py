# Layer-norm backward with shared partial rows (tests/kernels/layer_norm.py,
# ln_bwd_dx_locked): dx first, then the row's dgamma/dbeta terms added to its
# group's partial row inside a spin lock.
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel ln_bwd_dx_locked --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *i32:16, i32, i32, 64, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @ln_bwd_dx_locked(
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: store
# The lock: a while loop around a compare-and-swap.
# CHECK: while
# CHECK: atomic_cas
# The first visitor of a group sets its flag; later ones add what is there.
# The `if` yields both running sums.
# CHECK: = if {{.*}} : tensor<1024xf32>, tensor<1024xf32>
# CHECK: atomic_rmw {{.*}} {kind = "xchg"}
# CHECK: load {{.*}} : tensor<1024xf16>
# CHECK: load {{.*}} : tensor<1024xf16>
# CHECK: store
# CHECK: store
# The stores are done before the lock is released.
# CHECK: barrier
# CHECK-NEXT: atomic_rmw {{.*}} {kind = "xchg"}
# CHECK-NEXT: return
