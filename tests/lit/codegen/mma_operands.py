# Tensor-core dots in PTX: A and B row-major read with ldmatrix (B with
# .trans, its stored lines running along N); B read down its columns
# (stride_bk = 1) is stored column by column and read without .trans; an
# fp16 accumulator (out_dtype=tl.float16) uses the f16 form of mma.sync.
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 64, 64, 32, tl.float32, \"tf32\"" -o - | FileCheck %s --check-prefix=ROWS
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" --emit tir-gpu -o - | FileCheck %s --check-prefix=COLS-TIR
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:16, i32:16, i32:1, i32:1, i32:16, i32, i32:1, 64, 64, 32, tl.float32, \"tf32\"" -o - | FileCheck %s --check-prefix=COLS
# RUN: %tritonc %S/../../gpu/kernels/dot_dtypes.py --kernel dot_tiles --arch sm_80 --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 64, 64, 32, tl.float16, \"tf32\"" -o - | FileCheck %s --check-prefix=HALF
# ROWS: ldmatrix.sync.aligned.m8n8.x4.shared.b16
# ROWS: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
# ROWS: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# COLS-TIR: local_alloc : tensor<3x64x32xf16, #shared>
# COLS-TIR: local_alloc : tensor<3x32x64xf16, #shared<colmajor>>
# COLS-NOT: .trans
# COLS: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
# COLS-NOT: .trans
# HALF: mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16
# HALF-NOT: .f32.f16.f16.f32
