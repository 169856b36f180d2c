# The lock-free (Liger-Kernel) layer-norm backward: rows_per_program rows
# per program, dW/dB kept in registers.
# RUN: %tritonc %S/../../kernels/layer_norm.py --kernel _layer_norm_bwd_rows --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, i32, 4, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @_layer_norm_bwd_rows(
# CHECK: minsi
# Loop-carried: dw_row and db_row (f32 tensors) and the five pointers.
# CHECK: for {{.*}} : tensor<1024xf32>, tensor<1024xf32>, ptr<f16>, ptr<f16>, ptr<f16>, ptr<f32>, ptr<f32>
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK: yield
# CHECK: store
# CHECK: store
# CHECK-NEXT: return
