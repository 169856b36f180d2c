# Liger-Kernel's RMSNorm backward (tests/kernels/rms_norm.py), Llama mode,
# with the input dtype passed as a tl.constexpr (`X_dtype`).
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel _rms_norm_backward_kernel --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32:16, tl.float16, *fp16:16, i32, *fp32:16, i32, *fp32:16, i32:16, i32, i32, fp32, 4, 0, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @_rms_norm_backward_kernel(
# CHECK: minsi
# dW_row (f32) and the four row pointers are carried through the row loop.
# CHECK: for {{.*}} : tensor<1024xf32>, ptr<f16>, ptr<f16>, ptr<f16>, ptr<f32>
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK-NEXT: store
# CHECK: yield
# CHECK: store
# CHECK-NEXT: return
