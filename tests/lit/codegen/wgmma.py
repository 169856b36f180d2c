# On sm_90a a tensor-core dot whose tile suits a warpgroup takes wgmma:
# every warp along M (#mma<v3, instr=[64,128,16], wpc=[8,1]>), marked in the tile IR, and in PTX
# operands read through descriptors (no ldmatrix) computed from the warp
# number read from lane 0 once at entry (uniform for ptxas), copied tiles ordered by the
# wait and the barrier alone (no proxy fence); one
# m64n128k16 per K step. In the pipelined loop each dot waits only for the
# previous iteration's products (wait_group 1), a barrier joins the
# warpgroups before the next copies overwrite the slot those read, and the
# last products are waited for after the loop. B stored along N
# is read transposed (the last immediate 1), B stored along K is not. The
# same file for sm_80, or as the sm_80 image beside an sm_90a one, keeps
# mma.sync. ptxas takes it without spills or serialising wgmma (C75xx).
# The epilogue hands the fp16 accumulators to the store's layout through
# shared memory: written by stmatrix (four 8x8 matrices, 16-byte rows, per
# instruction: 8 per thread for 64 accumulators), read as 16-byte vectors;
# sm_80 has no stmatrix and writes element pairs. The code after the
# loop reads the thread id again and derives its addresses from that read,
# so that nothing the epilogue alone needs is held through the loop.
# REQUIRES: ptxas
# The loop as it runs with cp.async (`--no-tma`; by default tiles that lie
# whole inside A and B take a second copy of it that TMA feeds:
# transforms/version_tma_windows.py):
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_90a --no-tma --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_90a --no-tma -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: FileCheck %s --check-prefix=WIDE < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:1, i32:16, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_90a -o - | FileCheck %s --check-prefix=BCOLS
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 128, 64, 8, 'gelu'" --num-warps 8 --arch sm_80,sm_90a -o %t.sm80.ptx --header %t.h
# RUN: FileCheck %s --check-prefix=SM80 < %t.sm80.ptx
# RUN: FileCheck %s --check-prefix=HEADER < %t.h
# fp8 takes wgmma (k32, no transpose immediates) when both operands are
# read along K (B given as B^T); with B read along N it stays on mma.sync.
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --signature "*fp8e4nv:16, *fp8e4nv:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" --num-warps 4 --arch sm_90a -o %t.fp8.ptx
# RUN: FileCheck %s --check-prefix=FP8 < %t.fp8.ptx
# RUN: %ptxas -arch=sm_90a %t.fp8.ptx -o %t.fp8.cubin
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --signature "*fp8e4nv:16, *fp8e4nv:16, *fp32:16, i32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" --num-warps 4 --arch sm_90a -o - | FileCheck %s --check-prefix=FP8ROWS
# fp32 as tf32 likewise (k8, both read along K); "tf32x3" keeps mma.sync.
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" --num-warps 4 --arch sm_90a -o %t.tf32.ptx
# RUN: FileCheck %s --check-prefix=TF32 < %t.tf32.ptx
# RUN: %ptxas -arch=sm_90a %t.tf32.ptx -o %t.tf32.cubin
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.float32, \"tf32x3\"" --num-warps 4 --arch sm_90a -o - | FileCheck %s --check-prefix=TF32X3
# int8 into int32 too (k32, s32 accumulators, no scale immediates).
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --signature "*i8:16, *i8:16, *i32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.int32, \"tf32\"" --num-warps 4 --arch sm_90a -o %t.i8.ptx
# RUN: FileCheck %s --check-prefix=I8 < %t.i8.ptx
# RUN: %ptxas -arch=sm_90a %t.i8.ptx -o %t.i8.cubin
# RUN: %tritonc %S/../../kernels/fused_attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32, 4096, 64, 128, 64, False" --num-warps 4 --arch sm_90a -o - | FileCheck %s --check-prefix=ATTN
# The query tile, stored from registers once before the loop, is fenced
# into the async proxy by its writers before the barrier that publishes it.
# The probabilities feed the second product from registers (wgmma's
# register form: four registers for A, V read transposed from its tile).
# ATTN: fence.proxy.async.shared::cta;
# ATTN: bar.sync 0;
# ATTN: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 0;
# ATTN: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 1;
# ATTN-NOT: mma.sync
# Four warps with a 128-row tile: one warpgroup runs two wgmma chains; the
# accumulators written by ordinary instructions (zeros, the rescaled
# output) are pinned before wgmma.fence, so ptxas serialises nothing.
# RUN: %tritonc %samples/attention.py --kernel attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, fp32, i32:16, i32:16, i32:16, i32, i32, 64, 128, 64, False" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.attn4.ptx
# RUN: %ptxas -arch=sm_90a -v %t.attn4.ptx -o %t.attn4.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# TIR: async_wait {pending = 1}
# TIR: dot {{.*}}pending = 1{{.*}} : tensor<128x128xf32, #mma<v3, instr=[64,128,16], wpc=[8,1]>>
# TIR-NOT: async_copy
# TIR: barrier
# TIR-NEXT: async_copy
# TIR: yield
# PTX-NOT: ldmatrix
# PTX: mov.u32 {{.*}}, %tid.x;
# PTX-NOT: %tid.x
# PTX: shfl.sync.idx.b32
# PTX-NOT: %tid.x
# PTX-NOT: fence.proxy.async
# PTX: cp.async.wait_group 1;
# PTX-NEXT: // end inline asm
# PTX-NEXT: bar.sync 0;
# PTX: wgmma.fence.sync.aligned;
# PTX-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
# PTX: wgmma.commit_group.sync.aligned;
# PTX: wgmma.wait_group.sync.aligned 1;
# PTX: bar.sync 0;
# PTX: cp.async.cg.shared.global
# PTX: wgmma.wait_group.sync.aligned 0;
# PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
# PTX-NOT: wgmma.mma_async
# PTX-NOT: st.shared
# PTX-COUNT-8: stmatrix.sync.aligned.m8n8.x4.shared.b16 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}};
# PTX-NOT: stmatrix
# PTX-NOT: st.shared
# PTX: ld.shared.v4.b32
# PTX: st.global.v4.b32
# Element offsets are widened and shifted, never `mul.wide` by a power of
# two (which ptxas recomputes before every copy in the loop).
# WIDE-NOT: mul.wide.s32 {{.*}}, {{(2|4|8|16)}};
# WIDE: cvt.s64.s32 [[OFFSET:%rd[0-9]+]], %r{{[0-9]+}};
# WIDE-NEXT: shl.b64 [[OFFSET]], [[OFFSET]], 1;
# WIDE-NOT: mul.wide.s32 {{.*}}, {{(2|4|8|16)}};
# PTXAS-NOT: C75
# PTXAS: 0 bytes spill stores, 0 bytes spill loads
# PTXAS-NOT: C75
# BCOLS-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0;
# SM80-NOT: wgmma
# SM80: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# SM80-NOT: wgmma
# SM80-NOT: stmatrix
# FP8-NOT: mma.sync
# FP8: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e4m3 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1; }
# FP8-NOT: mma.sync
# FP8ROWS-NOT: wgmma.mma_async
# TF32-NOT: mma.sync
# TF32: wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32 {{.*}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1; }
# TF32-NOT: mma.sync
# TF32X3-NOT: wgmma.mma_async
# I8-NOT: mma.sync
# I8: wgmma.mma_async.sync.aligned.m64n64k32.s32.s8.s8 {%r{{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p; }
# I8-NOT: mma.sync
# TF32X3: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# FP8ROWS: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
# FP8ROWS-NOT: wgmma.mma_async
# SM80: st.shared.b32
# HEADER: .target sm_80
# HEADER: mma.sync.aligned.m16n8k16
# HEADER: .target sm_90a
# HEADER: wgmma.mma_async
