"""Cross-entropy loss and its gradient, one program per row of logits.

loss = logsumexp(z) - z[target], and d loss / d z = softmax(z) -
one_hot(target), written over the logits, so the logits buffer comes back
holding the gradient. Rows can be wider than one block: a first sweep
computes logsumexp with a running maximum (when a block raises the
maximum, the sum so far is rescaled by exp(old - new)), a second sweep
writes the gradient. A row whose target is `ignore_index` gets a zero loss
and a zero gradient and ends early."""
import triton
import triton.language as tl


@triton.jit
def cross_entropy_kernel(logits_ptr, logits_row_stride, labels_ptr, loss_ptr, n_classes, ignore_index,
                         BLOCK_SIZE: tl.constexpr):
    # 64-bit row offsets: rows * n_classes can pass 2^31.
    row = tl.program_id(0).to(tl.int64)
    z_row = logits_ptr + row * logits_row_stride
    target = tl.load(labels_ptr + row)

    if target == ignore_index:
        for start in range(0, n_classes, BLOCK_SIZE):
            cls = start + tl.arange(0, BLOCK_SIZE)
            tl.store(z_row + cls, 0.0, mask=cls < n_classes)
        tl.store(loss_ptr + row, 0.0)
        return

    # Read before the second sweep overwrites it.
    z_target = tl.load(z_row + target).cast(tl.float32)
    run_max = float("-inf")
    run_sum = 0.0
    for start in range(0, n_classes, BLOCK_SIZE):
        cls = start + tl.arange(0, BLOCK_SIZE)
        z = tl.load(z_row + cls, mask=cls < n_classes, other=float("-inf")).cast(tl.float32)
        new_max = tl.maximum(run_max, tl.max(z))
        run_sum = run_sum * tl.exp(run_max - new_max) + tl.sum(tl.exp(z - new_max))
        run_max = new_max

    for start in range(0, n_classes, BLOCK_SIZE):
        cls = start + tl.arange(0, BLOCK_SIZE)
        inside = cls < n_classes
        z = tl.load(z_row + cls, mask=inside, other=float("-inf")).cast(tl.float32)
        prob = tl.exp(z - run_max) / run_sum
        grad = tl.where(cls == target, prob - 1.0, prob)
        tl.store(z_row + cls, grad.to(logits_ptr.dtype.element_ty), mask=inside)

    tl.store(loss_ptr + row, run_max + tl.log(run_sum) - z_target)
