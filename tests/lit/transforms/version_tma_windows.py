# version-tma-windows: a matmul's pointer tiles read as windows of their
# tensors, so that the pipeliner copies them with TMA.
#
# The sample wraps its rows (`rows % M`, `cols % N`) and may start a tile
# at a row the compiler cannot sign: its K loop runs twice, the windowed
# copy where both tiles lie whole inside A and B and start at row and
# column 0 or later, the loop as written elsewhere.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --print-after version-tma-windows -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SAMPLE
# SAMPLE: = cmpi [[TM:%[0-9]+]], %{{[0-9]+}} {predicate = "sge"} : i1
# SAMPLE: = cmpi %M, [[BM:%[0-9]+]] {predicate = "sge"} : i1
# SAMPLE: [[LASTM:%[0-9]+]] = subi %M, [[BM]] : i32
# SAMPLE: = cmpi [[TM]], [[LASTM]] {predicate = "sle"} : i1
# SAMPLE: = cmpi [[TN:%[0-9]+]], %{{[0-9]+}} {predicate = "sge"} : i1
# SAMPLE: = cmpi %N, [[BN:%[0-9]+]] {predicate = "sge"} : i1
# SAMPLE: [[LASTN:%[0-9]+]] = subi %N, [[BN]] : i32
# SAMPLE: = cmpi [[TN]], [[LASTN]] {predicate = "sle"} : i1
# SAMPLE-NEXT: [[WHOLE:%[0-9]+]] = andi %{{[0-9]+}}, %{{[0-9]+}} : i1
# Only the accumulator leaves the branches.
# SAMPLE-NEXT: = if [[WHOLE]] : tensor<128x256xf32, #mma<v3, instr=[64,256,16], wpc=[8,1]>>
# SAMPLE-NEXT: {
# SAMPLE-NEXT: = for
# SAMPLE-NEXT: ^([[IV:%[0-9]+]]: i32,
# SAMPLE: [[STEP:%[0-9]+]] = constant {value = 64} : i32
# SAMPLE-NEXT: [[KA:%[0-9]+]] = muli [[IV]], [[STEP]] : i32
# SAMPLE-NEXT: [[ONE:%[0-9]+]] = constant {value = 1} : i64
# SAMPLE-NEXT: [[WA:%[0-9]+]] = window_pointers %{{[0-9]+}}, %a_ptr, %M, %K, %stride_am, [[ONE]], [[TM]], [[KA]]
# SAMPLE-NEXT: load [[WA]],
# SAMPLE: [[STEP:%[0-9]+]] = constant {value = 64} : i32
# SAMPLE-NEXT: [[KB:%[0-9]+]] = muli [[IV]], [[STEP]] : i32
# SAMPLE-NEXT: [[ONE:%[0-9]+]] = constant {value = 1} : i64
# SAMPLE-NEXT: [[WB:%[0-9]+]] = window_pointers %{{[0-9]+}}, %b_ptr, %K, %N, %stride_bk, [[ONE]], [[KB]], [[TN]]
# SAMPLE-NEXT: load [[WB]],
# The loop as written.
# SAMPLE: yield %{{[0-9]+}}{{$}}
# SAMPLE-NEXT: }
# SAMPLE-NEXT: {
# SAMPLE-NEXT: = for
# SAMPLE-NOT: window_pointers
# SAMPLE: yield
#
# After the pipeliner: TMA in the first loop, whose pointer tiles are no
# longer carried; cp.async in the second; one ring's bytes serve both.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --emit tir-gpu -o - | FileCheck %s --check-prefix=PIPELINED
# PIPELINED: = if
# PIPELINED: = for {{.*}} : tensor<128x256xf32, #mma<v3, instr=[64,256,16], wpc=[8,1]>>, i32, i32, i32
# PIPELINED-NOT: async_copy
# PIPELINED: tma_copy
# PIPELINED: release_barriers
# PIPELINED-NOT: tma_copy
# PIPELINED: async_copy
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --print-analysis shared-memory -o %t.ptx 2>&1 | FileCheck %s --check-prefix=SHARED
# SHARED: shared memory of @matmul_bias_act: 148504 bytes
# SHARED: local_alloc: [0, 49176)
# SHARED: local_alloc: [0, 49152)
#
# Masks on M, N and K with tiles that start at program ids times a block:
# never negative, nothing to check, no second loop.
# RUN: %tritonc %s --kernel masked --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --print-after version-tma-windows -o %t.masked.ptx 2>&1 | FileCheck %s --check-prefix=MASKED
# MASKED-NOT: = if
# MASKED: window_pointers %{{[0-9]+}}, %a_ptr, %M, %K, %stride_am
# MASKED: window_pointers %{{[0-9]+}}, %b_ptr, %K, %N, %stride_bk
# MASKED-NOT: = if
# RUN: FileCheck %s --check-prefix=MASKEDPTX < %t.masked.ptx
# MASKEDPTX: cp.async.bulk.tensor.2d
# MASKEDPTX-NOT: cp.async.cg
#
# Left alone: no TMA on sm_80 or with --no-tma; a K mask that does not
# follow the tile along K; a 64-bit loop index; A's tile when its rows are 8 bytes apart (TMA
# needs 16), B's still windowed.
# RUN: %tritonc %s --kernel masked --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --arch sm_80 --print-after version-tma-windows -o %t.1.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %s --kernel masked --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --no-tma --print-after version-tma-windows -o %t.2.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %s --kernel masked --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:4, i32:16, i32:16, 128, 128, 64" --num-warps 8 --print-after version-tma-windows -o %t.3.ptx 2>&1 | FileCheck %s --check-prefix=ROWS
# RUN: %tritonc %s --kernel stale_mask --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --print-after version-tma-windows -o %t.4.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %s --kernel wide_index --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --print-after version-tma-windows -o %t.5.ptx 2>&1 | FileCheck %s --check-prefix=NONE
# NONE-NOT: window_pointers
# NONE-NOT: = if
# ROWS-NOT: window_pointers %{{[0-9]+}}, %a_ptr
# ROWS: window_pointers %{{[0-9]+}}, %b_ptr
# ROWS-NOT: window_pointers %{{[0-9]+}}, %a_ptr
import triton
import triton.language as tl


@triton.jit
def masked(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K - k * BK), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < K - k * BK) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def stale_mask(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # The K mask is the first tile's in every iteration: TMA's bounds would
    # zero other columns than it does.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def wide_index(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A 64-bit loop index: TMA's coordinates are 32-bit, so the tiles stay
    # with cp.async.
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK).to(tl.int64)):
        a = tl.load(a_ptrs, mask=(rm[:, None] < M) & (rk[None, :] < K - k * BK), other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < K - k * BK) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
        a_ptrs += BK
        b_ptrs += BK * stride_bk
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
