"""Cross-entropy loss with an online logsumexp, in the style of
Liger-Kernel: one program per row, two passes over the logits in blocks
(running max and rescaled sum, then the gradient softmax - onehot written
in place of the logits). Rows whose label is `ignore_index` return early
with a zero loss and a zero gradient."""
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(X_ptr, X_stride, Y_ptr, loss_ptr, n_cols, ignore_index, BLOCK_SIZE: tl.constexpr):
    program_id = tl.program_id(0).to(tl.int64)
    y = tl.load(Y_ptr + program_id)
    X_ptr += program_id * X_stride
    loss_ptr += program_id
    if y == ignore_index:
        for i in range(0, n_cols, BLOCK_SIZE):
            X_offsets = i + tl.arange(0, BLOCK_SIZE)
            tl.store(X_ptr + X_offsets, 0.0, mask=X_offsets < n_cols)
        tl.store(loss_ptr, 0.0)
        return

    # Online logsumexp: m is the running max, d the sum of exp(x - m).
    m = float("-inf")
    d = 0.0
    ori_X_y = tl.load(X_ptr + y).cast(tl.float32)
    for i in range(0, n_cols, BLOCK_SIZE):
        X_offsets = i + tl.arange(0, BLOCK_SIZE)
        X_block = tl.load(X_ptr + X_offsets, mask=X_offsets < n_cols, other=float("-inf")).cast(tl.float32)
        block_max = tl.max(X_block)
        m_new = tl.maximum(m, block_max)
        d = d * tl.exp(m - m_new) + tl.sum(tl.exp(X_block - m_new))
        m = m_new
    lse = m + tl.log(d)

    # The gradient of the loss with respect to the logits: softmax - onehot.
    for i in range(0, n_cols, BLOCK_SIZE):
        X_offsets = i + tl.arange(0, BLOCK_SIZE)
        X_block = tl.load(X_ptr + X_offsets, mask=X_offsets < n_cols, other=float("-inf")).cast(tl.float32)
        X_block = tl.exp(X_block - m) / d
        X_block = tl.where(X_offsets == y, X_block - 1.0, X_block)
        tl.store(X_ptr + X_offsets, X_block.to(X_ptr.dtype.element_ty), mask=X_offsets < n_cols)

    tl.store(loss_ptr, lse - ori_X_y)
