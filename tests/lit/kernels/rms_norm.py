# RMSNorm forward (tests/kernels/rms_norm.py) in its three modes, chosen by
# comparing a constexpr parameter with module-level tl.constexpr values:
# MODE_STAT_FP32 (0) computes the statistic in fp32 and rounds x / rms back
# to fp16, MODE_ALL_FP32 (1) stays in fp32 until the store, MODE_NATIVE (-1)
# multiplies and sums in fp16.
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel rms_norm_fwd_modes --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, i32, fp32, fp32, 0, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,STAT
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel rms_norm_fwd_modes --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, i32, fp32, fp32, 1, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,ALL
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel rms_norm_fwd_modes --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, i32, fp32, fp32, -1, 1024" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,NATIVE

# CHECK-LABEL: func @rms_norm_fwd_modes(
# CHECK: %[[X:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# CHECK: %[[W:[0-9]+]] = load {{.*}} : tensor<1024xf16>
# STAT: %[[XF:[0-9]+]] = extf %[[X]] : tensor<1024xf32>
# STAT-NEXT: mulf %[[XF]], %[[XF]] : tensor<1024xf32>
# STAT-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# ALL: %[[XF:[0-9]+]] = extf %[[X]] : tensor<1024xf32>
# ALL-NEXT: extf %[[W]] : tensor<1024xf32>
# ALL-NEXT: mulf %[[XF]], %[[XF]] : tensor<1024xf32>
# ALL-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# NATIVE: truncf %eps : f16
# NATIVE-NEXT: truncf %w_offset : f16
# NATIVE-NEXT: mulf %[[X]], %[[X]] : tensor<1024xf16>
# NATIVE-NEXT: reduce {{.*}} {axis = 0, kind = "sum"} : f16
# CHECK: %[[RSTD:[0-9]+]] = math {{.*}} {fn = "rsqrt"}
# CHECK: store {{.*}}, %[[RSTD]]
# MODE_STAT_FP32 rounds x / rms to fp16 before the weight; MODE_ALL_FP32
# rounds only the final product; MODE_NATIVE adds the offset to w in fp16.
# STAT: %[[XN:[0-9]+]] = truncf {{.*}} : tensor<1024xf16>
# STAT-NEXT: extf %[[XN]] : tensor<1024xf32>
# STAT: truncf {{.*}} : tensor<1024xf16>
# ALL: addf {{.*}} : tensor<1024xf32>
# ALL-NEXT: %[[Y:[0-9]+]] = mulf {{.*}} : tensor<1024xf32>
# ALL: truncf %[[Y]] : tensor<1024xf16>
# NATIVE: addf %[[W]], {{.*}} : tensor<1024xf16>
# NATIVE: truncf {{.*}} : tensor<1024xf16>
# CHECK-NEXT: store
# CHECK-NEXT: return
