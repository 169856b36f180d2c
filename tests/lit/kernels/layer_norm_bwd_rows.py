# Lock-free layer-norm backward (tests/kernels/layer_norm.py, ln_bwd_rows):
# ROWS rows per program, the dgamma/dbeta sums kept in registers while the
# row pointers move along.
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel ln_bwd_rows --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, i32, 4, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @ln_bwd_rows(
# last = min(first + ROWS, n_rows)
# CHECK: minsi {{.*}}, %n_rows
# Loop-carried: the two f32 sums and the five pointers.
# CHECK: for {{.*}} : tensor<1024xf32>, tensor<1024xf32>, ptr<f16>, ptr<f16>, ptr<f16>, ptr<f32>, ptr<f32>
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK: yield
# CHECK: store
# CHECK: store
# CHECK-NEXT: return
