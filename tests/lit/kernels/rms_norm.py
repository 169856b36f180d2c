# Liger-Kernel's RMSNorm forward (tests/kernels/rms_norm.py) in its three
# casting modes, chosen by a module-level tl.constexpr: Llama (0) computes the
# RMS in fp32 and multiplies by the weight in the input dtype, Gemma (1) does
# everything in fp32, none (-1) stays in fp16.
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel _rms_norm_forward_kernel --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32, *fp32:16, i32, i32, fp32, fp32, 0, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,LLAMA
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel _rms_norm_forward_kernel --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32, *fp32:16, i32, i32, fp32, fp32, 1, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,GEMMA
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel _rms_norm_forward_kernel --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32, *fp32:16, i32, i32, fp32, fp32, -1, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,NONE

# CHECK-LABEL: func @_rms_norm_forward_kernel(
# CHECK: %[[X:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# CHECK: %[[W:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# LLAMA: %[[XF:[0-9]+]] = extf %[[X]] : tensor<1024xf32>
# LLAMA-NEXT: mulf %[[XF]], %[[XF]] : tensor<1024xf32>
# LLAMA-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# GEMMA: %[[XF:[0-9]+]] = extf %[[X]] : tensor<1024xf32>
# GEMMA-NEXT: mulf %[[XF]], %[[XF]] : tensor<1024xf32>
# GEMMA-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# NONE: truncf %eps : f16
# NONE: mulf %[[X]], %[[X]] : tensor<1024xf16>
# NONE-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f16
# CHECK: %[[RSTD:[0-9]+]] = math {{.*}} {fn = "rsqrt"}
# CHECK-NEXT: store {{.*}}, %[[RSTD]]
# Llama rounds x * rstd back to fp16 before the weight.
# LLAMA: truncf {{.*}} : tensor<1024xf16>
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK: store
# CHECK-NEXT: return
