# Block pointers on the interpreter (tests/interp/BlockPointerTest.cpp).
import triton
import triton.language as tl


@triton.jit
def transpose_tiles(x_ptr, y_ptr, M, N, stride_xm, stride_xn, stride_ym, stride_yn,
                    BM: tl.constexpr, BN: tl.constexpr):
    # y[n, m] = x[m, n] for an M x N matrix x, one BM x BN tile per program.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(base=x_ptr, shape=(M, N), strides=(stride_xm, stride_xn),
                            offsets=(pid_m * BM, pid_n * BN), block_shape=(BM, BN), order=(1, 0))
    dst = tl.make_block_ptr(y_ptr, (N, M), (stride_ym, stride_yn), (pid_n * BN, pid_m * BM), (BN, BM), (0, 1))
    tile = tl.load(src, boundary_check=(0, 1), padding_option="zero")
    tl.store(dst, tl.trans(tile), boundary_check=(1, 0))


@triton.jit
def row_sums(a_ptr, out_ptr, M, K, stride_am, stride_ak, BM: tl.constexpr, BK: tl.constexpr):
    # out[m] = sum over k of a[m, k], the K dim walked by advancing.
    pid = tl.program_id(0)
    a_bp = tl.make_block_ptr(a_ptr, (M, K), (stride_am, stride_ak), (pid * BM, 0), (BM, BK), (1, 0))
    acc = tl.zeros((BM,), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_bp, boundary_check=(0, 1))
        acc += tl.sum(a, axis=1)
        a_bp = tl.advance(a_bp, (0, BK))
    out_bp = tl.make_block_ptr(out_ptr, (M,), (1,), (pid * BM,), (BM,), (0,))
    tl.store(out_bp, acc, boundary_check=(0,))


@triton.jit
def pad_with_nan(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    # y[i] = x[i] for i < n, NaN after: the last tile reads past n.
    pid = tl.program_id(0)
    src = tl.make_block_ptr(x_ptr, (n,), (1,), (pid * BLOCK,), (BLOCK,), (0,))
    dst = tl.make_block_ptr(y_ptr, (pid * BLOCK + BLOCK,), (1,), (pid * BLOCK,), (BLOCK,), (0,))
    tl.store(dst, tl.load(src, boundary_check=0, padding_option="nan"))


@triton.jit
def walk_back_and_forth(x_ptr, y_ptr, M, N, stride_m, BM: tl.constexpr, BN: tl.constexpr):
    # Column sums of an M x N matrix, rows walked in blocks from the end
    # backwards inside a `while`, a branch choosing how to advance; the
    # last block starts above row 0, so dim 0 is checked below 0 as well
    # as past M.
    pid = tl.program_id(0)
    start = M - BM
    bp = tl.make_block_ptr(x_ptr, (M, N), (stride_m, 1), (start, pid * BN), (BM, BN), (1, 0))
    acc = tl.zeros((BN,), dtype=tl.float32)
    row = start
    while row > -BM:
        acc += tl.sum(tl.load(bp, boundary_check=(0, 1)), axis=0)
        if (row // BM) % 2 == 0:
            bp = tl.advance(bp, (-BM, 0))
        else:
            bp = tl.advance(bp, [-BM, 0])
        row -= BM
    tl.store(tl.make_block_ptr(y_ptr, (N,), (1,), (pid * BN,), (BN,), (0,)), acc, boundary_check=(0,))


@triton.jit
def _shifted(bp, twice, BN: tl.constexpr):
    if twice > 0:
        return tl.advance(bp, (0, 2 * BN))
    else:
        return tl.advance(bp, [0, BN])


@triton.jit
def copy_shifted(x_ptr, y_ptr, M, N, twice, BM: tl.constexpr, BN: tl.constexpr):
    # y[m, n] = x[m, n + BN * (2 if twice else 1)], 0 past the end: a block
    # pointer passed to a helper and returned from both of its branches.
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    src = tl.make_block_ptr(x_ptr, (M, N), (N, 1), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    dst = tl.make_block_ptr(y_ptr, (M, N), (N, 1), (pid_m * BM, pid_n * BN), (BM, BN), (1, 0))
    src = _shifted(src, twice, BN)
    tl.store(dst, tl.load(src, boundary_check=(0, 1)), boundary_check=(0, 1))
