# Reshapes that only add or drop size-1 dims around dots (issue 27): a 3-D
# descriptor's [1, BM, BK] tile reshaped for the dot, the products reshaped
# to [1, BM, BN] (or [BM, 1, BN]) before a 3-D store, with casts and
# elementwise steps between. tritonc moves such reshapes onto the
# addresses (sink-unit-reshapes), so the products keep their MMA layout
# until the store; the values must not change. Ragged M and K exercise the
# masks the reshaped pointers carry (and, for the descriptors, TMA's
# bounds: rows 100..127 of the last block read as zeros).
import triton
import triton.language as tl


@triton.jit
def batched_descriptors(a_ptr, w_ptr, c_ptr, M, N, K, a_batch_stride, c_batch_stride, BM: tl.constexpr,
                        BN: tl.constexpr, BK: tl.constexpr):
    m0 = tl.program_id(0) * BM
    b = tl.program_id(1)
    # Strides the host passes: the [1, BM, BK] tiles of A are copied by 3-D
    # TMA (sm_90a), the batch one index a box.
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[4, M, K], strides=[a_batch_stride, K, 1],
                                       block_shape=[1, BM, BK])
    w_desc = tl.make_tensor_descriptor(w_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[4, M, N], strides=[c_batch_stride, N, 1],
                                       block_shape=[1, BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.reshape(a_desc.load([b, m0, k]), [BM, BK])
        w = w_desc.load([0, k])
        acc = tl.dot(a, tl.trans(w), acc)
    gated = acc * tl.sigmoid(acc)
    c_desc.store([b, m0, 0], tl.reshape(gated, [1, BM, BN]).to(tl.float16))


@triton.jit
def pointer_stores(a_ptr, b_ptr, o_ptr, p_ptr, M, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    a = tl.load(a_ptr + rm[:, None] * BK + rk[None, :], mask=rm[:, None] < M, other=0.0)
    b = tl.load(b_ptr + rk[:, None] * BN + rn[None, :])
    acc = tl.dot(a, b)
    # [1, BM, BN], a leaky ReLU on the reshaped products, then fp16.
    x = tl.reshape(acc, [1, BM, BN])
    y = tl.where(x > 0, x, 0.125 * x).to(tl.float16)
    z = tl.arange(0, 1)[:, None, None]
    tl.store(o_ptr + z + rm[None, :, None] * BN + rn[None, None, :], y, mask=rm[None, :, None] < M)
    # [BM, 1, BN]: the unit dim in the middle.
    q = tl.reshape(acc * 2.0, [BM, 1, BN])
    tl.store(p_ptr + rm[:, None, None] * BN + tl.arange(0, 1)[None, :, None] + rn[None, None, :], q,
             mask=rm[:, None, None] < M)


# CASE {"tol": 0.02, "name": "descriptors_ragged", "kernel": "batched_descriptors", "grid": [2, 4], "warps": 4, "params": [["a_ptr", "*fp16", 32000, "randn:0.25"], ["w_ptr", "*fp16", 5120, "randn:0.25"], ["c_ptr", "*fp16", 25600, "out"], ["M", "i32", 100], ["N", "i32", 64], ["K", "i32", 80], ["a_batch_stride", "i32", 8000], ["c_batch_stride", "i32", 6400], ["BM", 64], ["BN", 64], ["BK", 32]]}
# CASE {"tol": 0.02, "name": "descriptors_8warps", "kernel": "batched_descriptors", "grid": [1, 4], "warps": 8, "params": [["a_ptr", "*fp16", 65536, "randn:0.25"], ["w_ptr", "*fp16", 16384, "randn:0.25"], ["c_ptr", "*fp16", 65536, "out"], ["M", "i32", 128], ["N", "i32", 128], ["K", "i32", 128], ["a_batch_stride", "i32", 16384], ["c_batch_stride", "i32", 16384], ["BM", 128], ["BN", 128], ["BK", 64]]}
# CASE {"tol": 0.02, "name": "pointers_ragged", "kernel": "pointer_stores", "grid": [2], "warps": 4, "params": [["a_ptr", "*fp16", 2400, "randn:0.25"], ["b_ptr", "*fp16", 1024, "randn:0.25"], ["o_ptr", "*fp16", 2400, "out"], ["p_ptr", "*fp32", 2400, "out"], ["M", "i32", 75], ["BM", 64], ["BN", 32], ["BK", 32]]}
