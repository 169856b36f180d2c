# RoPE in place on q and k (tests/kernels/rope.py): [heads, head_dim / 2]
# tiles turned by a @triton.jit helper returning a tuple, forward and
# backward (sin negated), and the BACKWARD default (False) when the
# signature leaves it out.
# RUN: %tritonc %S/../../kernels/rope.py --kernel rope_qk_inplace --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, 32, 8, 128, 32, 8, 128, True, False" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,FWD
# RUN: %tritonc %S/../../kernels/rope.py --kernel rope_qk_inplace --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, 32, 8, 128, 32, 8, 128, True" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,FWD
# RUN: %tritonc %S/../../kernels/rope.py --kernel rope_qk_inplace --signature "*bf16:16, *bf16:16, *fp32:16, *fp32:16, i32:16, i32:16, i32:16, i32, 32, 8, 128, 32, 8, 128, False, True" --emit tir -o - | FileCheck %s --check-prefixes=CHECK,BWD

# CHECK-LABEL: func @rope_qk_inplace(
# The row is computed in 64 bits (program_id(0).to(tl.int64)), and the
# table row chosen by tl.where on the SHARED_TABLE constexpr is the
# position alone: the constant condition folds the select away, so the
# row's alignment (a multiple of the stride) is known.
# CHECK: %[[PID:[0-9]+]] = program_id {axis = 0} : i32
# CHECK-NEXT: %[[ROW:[0-9]+]] = extsi %[[PID]] : i64
# (True in the forward runs, False in the backward one.)
# FWD: %[[POS:[0-9]+]] = remsi %[[ROW]], {{.*}} : i64
# FWD-NOT: select
# FWD: muli %[[POS]], {{.*}} : i64
# BWD-NOT: select
# BWD: muli %[[ROW]], {{.*}} : i64
# cos and sin rows: head_dim / 2 = 64 lanes; the backward pass negates sin.
# CHECK: %[[COS:[0-9]+]] = load {{.*}} : tensor<64xf32>
# CHECK: load {{.*}} : tensor<64xf32>
# FWD-NOT: subf
# BWD-NEXT: subf {{.*}} : tensor<64xf32>
# 32 query heads and 8 key heads, each half of head_dim loaded as bf16 and widened.
# CHECK: load {{.*}} : tensor<32x64xbf16>
# CHECK: load {{.*}} : tensor<32x64xbf16>
# CHECK: load {{.*}} : tensor<8x64xbf16>
# CHECK: load {{.*}} : tensor<8x64xbf16>
# The 1-D cos row broadcasts against the 2-D tiles.
# CHECK: expand_dims %[[COS]] {axis = 0} : tensor<1x64xf32>
# lo * cos - hi * sin, hi * cos + lo * sin: for q, then for k.
# CHECK: subf {{.*}} : tensor<32x64xf32>
# CHECK: addf {{.*}} : tensor<32x64xf32>
# CHECK: subf {{.*}} : tensor<8x64xf32>
# CHECK: addf {{.*}} : tensor<8x64xf32>
# Each store rounds back to bf16.
# CHECK-NEXT: truncf {{.*}} : tensor<32x64xbf16>
# CHECK-NEXT: store
# CHECK-NEXT: truncf {{.*}} : tensor<32x64xbf16>
# CHECK-NEXT: store
# CHECK-NEXT: truncf {{.*}} : tensor<8x64xbf16>
# CHECK-NEXT: store
# CHECK-NEXT: truncf {{.*}} : tensor<8x64xbf16>
# CHECK-NEXT: store
# CHECK-NEXT: return
