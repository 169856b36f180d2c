# The other mma.sync forms: fp32 operands as tf32 (m16n8k8; "tf32x3" three
# products per tile, "ieee" on CUDA cores), int8 into int32 and fp8 into
# fp32 (m16n8k32, PTX 8.4). ldmatrix serves a 32- or 8-bit operand only
# where K runs along its stored lines (A row-major); B stored along N is
# read element by element.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" -o - | FileCheck %s --check-prefix=TF32
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, tl.float32, \"tf32x3\"" -o - | FileCheck %s --check-prefix=TF32X3
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 32, 32, 16, tl.float32, \"ieee\"" -o - | FileCheck %s --check-prefix=IEEE
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*i8:16, *i8:16, *i32:16, i32, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32, i32:1, 64, 64, 32, tl.int32, \"tf32\"" -o - | FileCheck %s --check-prefix=I8
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_89 --signature "*fp8e4nv:16, *fp8e5:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, tl.float32, \"tf32\"" -o - | FileCheck %s --check-prefix=FP8
# On sm_90a the same unaligned fp8 tiles take wgmma: staged along K.
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_90a --signature "*fp8e4nv:16, *fp8e5:16, *fp32:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, tl.float32, \"tf32\"" -o %t.fp8.ptx
# RUN: FileCheck %s --check-prefix=FP8-WGMMA < %t.fp8.ptx
# RUN: %ptxas -arch=sm_90a %t.fp8.ptx -o %t.fp8.cubin
# TF32: cp.async.cg.shared.global
# TF32: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# TF32-NOT: .trans
# TF32: ld.shared.b32
# TF32: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32X3: and.b32 {{.*}}-8192
# Four warps of 32x32 each: 8 instruction tiles, 4 K steps, 3 products.
# TF32X3-COUNT-96: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
# TF32X3-NOT: mma.sync
# IEEE-NOT: mma.sync
# IEEE: fma.rn.f32
# I8: cp.async.cg.shared.global
# I8: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# I8: ld.shared.b8
# I8: mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32
# FP8: .version 8.4
# FP8: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e5m2.f32
# FP8-WGMMA-NOT: mma.sync
# FP8-WGMMA: wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2
