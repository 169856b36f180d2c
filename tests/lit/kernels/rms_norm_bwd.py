# RMSNorm backward (tests/kernels/rms_norm.py) in MODE_STAT_FP32, the
# input dtype given as a tl.constexpr (`IO_DTYPE`).
# RUN: %tritonc %S/../../kernels/rms_norm.py --kernel rms_norm_bwd_modes --signature "*fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, i32:16, *fp16:16, *fp32:16, *fp32:16, i32, i32, fp32, tl.float16, 4, 0, 1024" --emit tir -o - | FileCheck %s

# CHECK-LABEL: func @rms_norm_bwd_modes(
# CHECK: minsi {{.*}}, %n_rows
# dw (f32) and the four row pointers are carried through the row loop.
# CHECK: for {{.*}} : tensor<1024xf32>, ptr<f16>, ptr<f16>, ptr<f16>, ptr<f32>
# CHECK: reduce {{.*}} {axis = 0, kind = "sum"} : f32
# dw's term rounds x / rms to IO_DTYPE, then multiplies by dy in fp16.
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK-NEXT: mulf {{.*}} : tensor<1024xf16>
# dx is rounded to IO_DTYPE for its store.
# CHECK: truncf {{.*}} : tensor<1024xf16>
# CHECK-NEXT: store
# CHECK: yield
# CHECK: store
# CHECK-NEXT: return
