# Tensor descriptors read outside loops and written anywhere: on sm_90a
# tritonc moves such tiles by TMA through a slot of shared memory
# (bulk-tensor-accesses). An epilogue's operands loaded after the K loop
# (Liger's SwiGLU backward reads G and U so) come in together and are read
# back in the products' layout; stores leave from the layout they were
# computed in, inside a loop too; a tile a dot reads is read in place.
# Ragged rows and columns check what TMA fills with zeros on the way in
# and clips on the way out: the outputs start poisoned, so a store past the
# tensor's edge would show.
import triton
import triton.language as tl


@triton.jit
def gated_epilogue(x_ptr, w_ptr, g_ptr, u_ptr, dg_ptr, du_ptr, M, N, K, x_batch_stride, y_batch_stride,
                   BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    m0 = tl.program_id(0) * BM
    n0 = tl.program_id(1) * BN
    b = tl.program_id(2)
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[2, M, K], strides=[x_batch_stride, K, 1], block_shape=[1, BM, BK])
    w_desc = tl.make_tensor_descriptor(w_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    g_desc = tl.make_tensor_descriptor(g_ptr, shape=[2, M, N], strides=[y_batch_stride, N, 1], block_shape=[1, BM, BN])
    u_desc = tl.make_tensor_descriptor(u_ptr, shape=[2, M, N], strides=[y_batch_stride, N, 1], block_shape=[1, BM, BN])
    dg_desc = tl.make_tensor_descriptor(dg_ptr, shape=[2, M, N], strides=[y_batch_stride, N, 1],
                                        block_shape=[1, BM, BN])
    du_desc = tl.make_tensor_descriptor(du_ptr, shape=[2, M, N], strides=[y_batch_stride, N, 1],
                                        block_shape=[1, BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.reshape(x_desc.load([b, m0, k]), [BM, BK])
        acc = tl.dot(x, w_desc.load([k, n0]), acc)
    g = tl.reshape(g_desc.load([b, m0, n0]), [BM, BN]).to(tl.float32)
    u = tl.reshape(u_desc.load([b, m0, n0]), [BM, BN]).to(tl.float32)
    sig = tl.sigmoid(g)
    silu = g * sig
    du = acc * silu
    dg = acc * u * (sig + silu - sig * silu)
    du_desc.store([b, m0, n0], tl.reshape(du, [1, BM, BN]).to(tl.bfloat16))
    dg_desc.store([b, m0, n0], tl.reshape(dg, [1, BM, BN]).to(tl.bfloat16))


@triton.jit
def affine_tiles(x_ptr, y_ptr, rows, cols, BR: tl.constexpr, BC: tl.constexpr):
    # No loop and no dot: a tile in, a tile out, both ragged at the edges.
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[rows, cols], strides=[cols, 1], block_shape=[BR, BC])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[rows, cols], strides=[cols, 1], block_shape=[BR, BC])
    r0 = tl.program_id(0) * BR
    c0 = tl.program_id(1) * BC
    x = x_desc.load([r0, c0])
    y_desc.store([r0, c0], x * 2.0 + 1.0)


@triton.jit
def project_blocks(x_ptr, w_ptr, y_ptr, M, N, K: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    # X's tile is loaded once, before the loop, and read by every
    # iteration's dot; each iteration stores its own block of Y.
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, K])
    w_desc = tl.make_tensor_descriptor(w_ptr, shape=[K, N], strides=[N, 1], block_shape=[K, BN])
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    m0 = tl.program_id(0) * BM
    x = x_desc.load([m0, 0])
    for n0 in range(0, N, BN):
        y = tl.dot(x, w_desc.load([0, n0]))
        y_desc.store([m0, n0], tl.maximum(y, 0.0).to(tl.float16))


# CASE {"tol": 0.03, "name": "gated_epilogue_ragged", "kernel": "gated_epilogue", "grid": [2, 2, 2], "warps": 4, "params": [["x_ptr", "*bf16", 16000, "randn:0.25"], ["w_ptr", "*bf16", 10240, "randn:0.25"], ["g_ptr", "*bf16", 25600, "randn:1"], ["u_ptr", "*bf16", 25600, "randn:1"], ["dg_ptr", "*bf16", 25600, "out"], ["du_ptr", "*bf16", 25600, "out"], ["M", "i32", 100], ["N", "i32", 128], ["K", "i32", 80], ["x_batch_stride", "i32", 8000], ["y_batch_stride", "i32", 12800], ["BM", 64], ["BN", 64], ["BK", 32]]}
# CASE {"tol": 0.03, "name": "gated_epilogue_8warps", "kernel": "gated_epilogue", "grid": [1, 1, 2], "warps": 8, "params": [["x_ptr", "*bf16", 32768, "randn:0.25"], ["w_ptr", "*bf16", 16384, "randn:0.25"], ["g_ptr", "*bf16", 32768, "randn:1"], ["u_ptr", "*bf16", 32768, "randn:1"], ["dg_ptr", "*bf16", 32768, "out"], ["du_ptr", "*bf16", 32768, "out"], ["M", "i32", 128], ["N", "i32", 128], ["K", "i32", 128], ["x_batch_stride", "i32", 16384], ["y_batch_stride", "i32", 16384], ["BM", 128], ["BN", 128], ["BK", 64]]}
# CASE {"tol": 0.001, "name": "affine_tiles_fp32", "kernel": "affine_tiles", "grid": [2, 2], "warps": 4, "params": [["x_ptr", "*fp32", 1800, "randn:1"], ["y_ptr", "*fp32", 1800, "out"], ["rows", "i32", 50], ["cols", "i32", 36], ["BR", 32], ["BC", 32]]}
# CASE {"tol": 0.001, "name": "affine_tiles_fp16", "kernel": "affine_tiles", "grid": [3, 1], "warps": 4, "params": [["x_ptr", "*fp16", 4160, "randn:1"], ["y_ptr", "*fp16", 4160, "out"], ["rows", "i32", 40], ["cols", "i32", 104], ["BR", 16], ["BC", 128]]}
# CASE {"tol": 0.02, "name": "project_blocks_ragged", "kernel": "project_blocks", "grid": [2], "warps": 4, "params": [["x_ptr", "*fp16", 6400, "randn:0.5"], ["w_ptr", "*fp16", 6656, "randn:0.5"], ["y_ptr", "*fp16", 10400, "out"], ["M", "i32", 100], ["N", "i32", 104], ["K", 64], ["BM", 64], ["BN", 32]]}
