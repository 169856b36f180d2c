"""Layer normalisation, backward, in two kernels.

`layer_norm_bwd_dx` runs one program per row. It writes that row's dx and
folds the row's contribution to dw and db into one of N_GROUPS partial rows,
the one of group `row % N_GROUPS`. Programs of one group take turns through
a spin lock made of an atomic compare-and-swap; `locks_ptr` holds N_GROUPS
lock words, then N_GROUPS flags saying whether the group's partial row holds
data yet (so the partial buffers need no clearing). `layer_norm_bwd_dwdb`
then adds the N_GROUPS partial rows up, BLOCK_N columns per program.

With xhat = (x - mean) * rstd and g = w * dy, the row's gradient is
dx = rstd * (g - mean(g) - xhat * mean(g * xhat)); dw += dy * xhat and
db += dy, summed over the rows."""
import triton
import triton.language as tl


@triton.jit
def layer_norm_bwd_dx(dx_ptr, dy_ptr, dw_partial_ptr, db_partial_ptr, x_ptr, w_ptr, mean_ptr, rstd_ptr,
                      locks_ptr, row_stride, n_cols, N_GROUPS: tl.constexpr, BLOCK_N: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_N)
    inside = cols < n_cols
    offs = row * row_stride + cols

    x = tl.load(x_ptr + offs, mask=inside, other=0).to(tl.float32)
    dy = tl.load(dy_ptr + offs, mask=inside, other=0).to(tl.float32)
    w = tl.load(w_ptr + cols, mask=inside).to(tl.float32)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)

    xhat = (x - mean) * rstd
    g = w * dy
    # Padding lanes must not reach the two row sums.
    xhat_in = tl.where(inside, xhat, 0.0)
    g_in = tl.where(inside, g, 0.0)
    mean_gx = tl.sum(xhat_in * g_in, axis=0) / n_cols
    mean_g = tl.sum(g_in, axis=0) / n_cols
    dx = (g_in - (xhat_in * mean_gx + mean_g)) * rstd
    tl.store(dx_ptr + offs, dx, mask=inside)

    # This row's share of dw and db, added to its group's partial row.
    group = row % N_GROUPS
    lock = locks_ptr + group
    filled = locks_ptr + N_GROUPS + group
    dw_slot = dw_partial_ptr + group * n_cols + cols
    db_slot = db_partial_ptr + group * n_cols + cols
    dw_acc = dy * xhat_in
    db_acc = dy
    while tl.atomic_cas(lock, 0, 1) == 1:
        pass
    if tl.load(filled) == 0:
        # The group's first visitor: what the slot holds is not a sum yet.
        tl.atomic_xchg(filled, 1)
    else:
        dw_acc += tl.load(dw_slot, mask=inside)
        db_acc += tl.load(db_slot, mask=inside)
    tl.store(dw_slot, dw_acc, mask=inside)
    tl.store(db_slot, db_acc, mask=inside)
    # All the program's stores must be done before another program can see
    # the lock free.
    tl.debug_barrier()
    tl.atomic_xchg(lock, 0)


@triton.jit
def layer_norm_bwd_dwdb(dw_partial_ptr, db_partial_ptr, dw_ptr, db_ptr, n_groups, n_cols,
                        BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    cols = tl.program_id(0) * BLOCK_N + tl.arange(0, BLOCK_N)
    col_ok = cols < n_cols
    # A [BLOCK_M, BLOCK_N] tile of running sums, reduced over its rows once
    # all the groups have been added in.
    dw_tile = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    db_tile = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for first in range(0, n_groups, BLOCK_M):
        groups = first + tl.arange(0, BLOCK_M)
        ok = (groups[:, None] < n_groups) & (cols[None, :] < n_cols)
        tile = groups[:, None] * n_cols + cols[None, :]
        dw_tile += tl.load(dw_partial_ptr + tile, mask=ok, other=0.0)
        db_tile += tl.load(db_partial_ptr + tile, mask=ok, other=0.0)
    tl.store(dw_ptr + cols, tl.sum(dw_tile, axis=0), mask=col_ok)
    tl.store(db_ptr + cols, tl.sum(db_tile, axis=0), mask=col_ok)
