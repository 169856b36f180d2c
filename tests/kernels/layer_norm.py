"""Layer normalisation kernels written the ways Triton code commonly does it:

`ln_fwd_blocked`          forward, one program per row, three sweeps over the
                          row in blocks (mean, centred variance, output),
                          statistics accumulated in fp32 vectors;
`ln_bwd_dx_locked`        backward dx of one row, whose dw/db terms are added
                          to one of GROUPS shared partial rows under a spin lock
                          (atomic_cas to take it, atomic_xchg to free it);
`ln_bwd_reduce_partials`  sums the partial rows as a 2-D tile;
`ln_bwd_rows`             lock-free backward: each program takes ROWS rows in
                          turn, keeps its dw/db sums in registers and writes one
                          partial row of each.

Suggested signatures:
  ln_fwd_blocked:         "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, i32, i32, fp32, 1024"
  ln_bwd_dx_locked:       "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *i32:16, i32, i32, 64, 1024"
  ln_bwd_reduce_partials: "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, 32, 128"
  ln_bwd_rows:            "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32, i32, i32, 4, 1024"
"""
import triton
import triton.language as tl


@triton.jit
def ln_fwd_blocked(x_ptr, y_ptr, gamma_ptr, beta_ptr, mu_ptr, inv_std_ptr, stride, width, eps,
                   BLOCK: tl.constexpr):
    r = tl.program_id(0)
    x_ptr += r * stride
    y_ptr += r * stride

    s = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, width, BLOCK):
        c = c0 + tl.arange(0, BLOCK)
        s += tl.load(x_ptr + c, mask=c < width, other=0.0).to(tl.float32)
    mu = tl.sum(s, axis=0) / width

    ss = tl.zeros([BLOCK], dtype=tl.float32)
    for c0 in range(0, width, BLOCK):
        c = c0 + tl.arange(0, BLOCK)
        v = tl.load(x_ptr + c, mask=c < width, other=0.0).to(tl.float32)
        d = tl.where(c < width, v - mu, 0.0)
        ss += d * d
    inv_std = 1 / tl.sqrt(tl.sum(ss, axis=0) / width + eps)
    tl.store(mu_ptr + r, mu)
    tl.store(inv_std_ptr + r, inv_std)

    for c0 in range(0, width, BLOCK):
        c = c0 + tl.arange(0, BLOCK)
        m = c < width
        v = tl.load(x_ptr + c, mask=m, other=0.0).to(tl.float32)
        gamma = tl.load(gamma_ptr + c, mask=m)
        beta = tl.load(beta_ptr + c, mask=m)
        tl.store(y_ptr + c, (v - mu) * inv_std * gamma + beta, mask=m)


@triton.jit
def ln_bwd_dx_locked(dx_ptr, dy_ptr, dgamma_part_ptr, dbeta_part_ptr, x_ptr, gamma_ptr, mu_ptr, inv_std_ptr,
                     sync_ptr, stride, width, GROUPS: tl.constexpr, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    c = tl.arange(0, BLOCK)
    m = c < width
    v = tl.load(x_ptr + r * stride + c, mask=m, other=0).to(tl.float32)
    dy = tl.load(dy_ptr + r * stride + c, mask=m, other=0).to(tl.float32)
    gamma = tl.load(gamma_ptr + c, mask=m).to(tl.float32)
    mu = tl.load(mu_ptr + r)
    inv_std = tl.load(inv_std_ptr + r)

    xn = tl.where(m, (v - mu) * inv_std, 0.0)
    gdy = tl.where(m, gamma * dy, 0.0)
    a = tl.sum(xn * gdy, axis=0) / width
    b = tl.sum(gdy, axis=0) / width
    tl.store(dx_ptr + r * stride + c, (gdy - (xn * a + b)) * inv_std, mask=m)

    # sync_ptr[0:GROUPS] are the locks, sync_ptr[GROUPS:2*GROUPS] say
    # whether each group's partial row has been written once.
    slot = r % GROUPS
    mutex = sync_ptr + slot
    seen = sync_ptr + GROUPS + slot
    part = slot * width + c
    dgamma = dy * xn
    dbeta = dy
    while tl.atomic_cas(mutex, 0, 1) == 1:
        pass
    first_visit = tl.load(seen) == 0
    if first_visit:
        tl.atomic_xchg(seen, 1)
    else:
        dgamma += tl.load(dgamma_part_ptr + part, mask=m)
        dbeta += tl.load(dbeta_part_ptr + part, mask=m)
    tl.store(dgamma_part_ptr + part, dgamma, mask=m)
    tl.store(dbeta_part_ptr + part, dbeta, mask=m)
    tl.debug_barrier()
    tl.atomic_xchg(mutex, 0)


@triton.jit
def ln_bwd_reduce_partials(dgamma_part_ptr, dbeta_part_ptr, dgamma_ptr, dbeta_ptr, n_parts, width,
                           BLOCK_P: tl.constexpr, BLOCK_C: tl.constexpr):
    c = tl.program_id(0) * BLOCK_C + tl.arange(0, BLOCK_C)
    acc_g = tl.zeros((BLOCK_P, BLOCK_C), dtype=tl.float32)
    acc_b = tl.zeros((BLOCK_P, BLOCK_C), dtype=tl.float32)
    for p0 in range(0, n_parts, BLOCK_P):
        p = p0 + tl.arange(0, BLOCK_P)
        at = p[:, None] * width + c[None, :]
        ok = (p[:, None] < n_parts) & (c[None, :] < width)
        acc_g += tl.load(dgamma_part_ptr + at, mask=ok, other=0.0)
        acc_b += tl.load(dbeta_part_ptr + at, mask=ok, other=0.0)
    tl.store(dgamma_ptr + c, tl.sum(acc_g, axis=0), mask=c < width)
    tl.store(dbeta_ptr + c, tl.sum(acc_b, axis=0), mask=c < width)


@triton.jit
def ln_bwd_rows(x_ptr, gamma_ptr, dy_ptr, dx_ptr, mu_ptr, inv_std_ptr, dgamma_part_ptr, dbeta_part_ptr,
                stride, n_rows, width, ROWS: tl.constexpr, BLOCK: tl.constexpr):
    prog = tl.program_id(0)
    first = prog * ROWS
    last = min(first + ROWS, n_rows)
    c = tl.arange(0, BLOCK)
    m = c < width
    gamma = tl.load(gamma_ptr + c, mask=m, other=0.0).to(tl.float32)
    dgamma = tl.zeros((BLOCK,), dtype=tl.float32)
    dbeta = tl.zeros((BLOCK,), dtype=tl.float32)

    # Walk the rows by moving the row pointers along.
    x_ptr += first * stride
    dy_ptr += first * stride
    dx_ptr += first * stride
    mu_ptr += first
    inv_std_ptr += first
    for _ in range(first, last):
        v = tl.load(x_ptr + c, mask=m, other=0.0).to(tl.float32)
        dy = tl.load(dy_ptr + c, mask=m, other=0.0).to(tl.float32)
        inv_std = tl.load(inv_std_ptr)
        xn = (v - tl.load(mu_ptr)) * inv_std
        gdy = gamma * dy
        a = tl.sum(xn * gdy, axis=0) / width
        b = tl.sum(gdy, axis=0) / width
        dx = (gdy - (xn * a + b)) * inv_std
        tl.store(dx_ptr + c, dx.to(dx_ptr.dtype.element_ty), mask=m)
        dgamma += dy * xn
        dbeta += dy
        x_ptr += stride
        dy_ptr += stride
        dx_ptr += stride
        mu_ptr += 1
        inv_std_ptr += 1

    tl.store(dgamma_part_ptr + prog * width + c, dgamma, mask=m)
    tl.store(dbeta_part_ptr + prog * width + c, dbeta, mask=m)
