# `tl.make_tensor_descriptor` requires a 16-byte aligned base and leading
# strides that are multiples of 16 bytes, so a descriptor's tiles are
# copied with TMA even when the signature hints nothing about its shape and
# strides (the window carries {descriptor}); a block pointer promises no
# such thing and, unhinted, keeps its loads. The tensor map's encoding on the
# host refuses a stride that breaks the promise, as Triton's does.
# RUN: %tritonc %s --kernel from_descriptor --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=DESC
# RUN: %tritonc %s --kernel from_descriptor --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, 128, 128, 64" --emit tir -o - | FileCheck %s --check-prefix=WINDOW
# RUN: %tritonc %s --kernel from_block_pointer --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=BLOCK
import triton
import triton.language as tl


@triton.jit
def from_descriptor(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([tl.program_id(0) * BM, k * BK]), b_desc.load([k * BK, tl.program_id(1) * BN]), acc)
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def from_block_pointer(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a = tl.make_block_ptr(a_ptr, (M, K), (K, 1), (tl.program_id(0) * BM, 0), (BM, BK), (1, 0))
    b = tl.make_block_ptr(b_ptr, (K, N), (N, 1), (0, tl.program_id(1) * BN), (BK, BN), (1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(tl.load(a, boundary_check=(0, 1)), tl.load(b, boundary_check=(0, 1)), acc)
        a = tl.advance(a, (0, BK))
        b = tl.advance(b, (BK, 0))
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))

# WINDOW-COUNT-2: window_pointers {{.*}}{descriptor = 1}
# DESC: = for
# DESC: tma_wait
# DESC: tma_copy
# DESC-NOT: async_copy
# DESC: yield
# BLOCK-NOT: tma_copy
# BLOCK: = for
# BLOCK: = load
