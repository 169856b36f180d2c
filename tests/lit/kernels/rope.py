# Liger-Kernel's RoPE (tests/kernels/rope.py): q and k rotated in place as
# [heads, head_dim / 2] tiles, forward and backward (rotation by -theta), and
# the BACKWARD_PASS default (False) when the signature leaves it out.
# RUN: %tritonc %S/../../kernels/rope.py --kernel _triton_rope --signature "*bf16:16, i32:16, *bf16:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, i32, 2, 1, 32, 8, 128, 32, 8, 128, False" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,FWD
# RUN: %tritonc %S/../../kernels/rope.py --kernel _triton_rope --signature "*bf16:16, i32:16, *bf16:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, i32, 2, 1, 32, 8, 128, 32, 8, 128" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,FWD
# RUN: %tritonc %S/../../kernels/rope.py --kernel _triton_rope --signature "*bf16:16, i32:16, *bf16:16, i32:16, *fp32:16, i32:16, *fp32:16, i32:16, i32, 2, 1, 32, 8, 128, 32, 8, 128, True" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,BWD

# CHECK-LABEL: func @_triton_rope(
# The row offset is computed in 64 bits (program_id(0).to(tl.int64)).
# CHECK: %[[PID:[0-9]+]] = program_id {axis = 0} : i32
# CHECK-NEXT: extsi %[[PID]] : i64
# cos and sin rows: head_dim / 2 = 64 lanes.
# CHECK: %[[COS:[0-9]+]] = load {{.*}} : tensor<64xf32>
# CHECK: %[[SIN:[0-9]+]] = load {{.*}} : tensor<64xf32>
# 32 query heads and 8 key heads, each half of head_dim loaded as bf16 and widened.
# CHECK: load {{.*}} : tensor<32x64xbf16>
# CHECK: load {{.*}} : tensor<8x64xbf16>
# CHECK: load {{.*}} : tensor<32x64xbf16>
# CHECK: load {{.*}} : tensor<8x64xbf16>
# CHECK: expand_dims %[[COS]] {axis = 0} : tensor<1x64xf32>
# new_q_tile_1 = q1 * cos - q2 * sin (forward), q1 * cos + q2 * sin (backward)
# FWD: subf {{.*}} : tensor<32x64xf32>
# BWD: addf {{.*}} : tensor<32x64xf32>
# CHECK-NEXT: truncf {{.*}} : tensor<32x64xbf16>
# CHECK-NEXT: store
# FWD: addf {{.*}} : tensor<32x64xf32>
# BWD: subf {{.*}} : tensor<32x64xf32>
# CHECK-NEXT: truncf {{.*}} : tensor<32x64xbf16>
# CHECK-NEXT: store
# FWD: subf {{.*}} : tensor<8x64xf32>
# BWD: addf {{.*}} : tensor<8x64xf32>
# CHECK-NEXT: truncf {{.*}} : tensor<8x64xbf16>
# CHECK-NEXT: store
# CHECK: truncf {{.*}} : tensor<8x64xbf16>
# CHECK-NEXT: store
# CHECK-NEXT: return
