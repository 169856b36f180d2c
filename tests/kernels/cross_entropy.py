"""Cross-entropy kernels in two common shapes.

`smoothed_cross_entropy_kernel` handles vocabularies wider than a block:
one program per row, a first sweep for logsumexp (a running maximum, the
running sum rescaled when the maximum grows) and, when label smoothing is
on, the sum of the logits; a second sweep writes the gradient over the
logits. A row labelled `ignore_index` clears its gradient and returns
early. REDUCTION ("mean" or "sum") decides whether the loss and gradient
are divided by the number of rows that count.

With eps = smoothing and V classes, the target distribution puts
1 - eps + eps / V on the label and eps / V elsewhere, so
  loss = (1 - eps) * (lse - z[label]) + eps * (lse - sum(z) / V),
  d loss / d z[i] = softmax(z)[i] - eps / V - (1 - eps) * [i == label].

`cross_entropy_one_block` holds the whole vocabulary in one block and only
computes the loss and the logsumexp; a label of -100 gives a zero loss
through a run-time if/else.

Suggested signatures:
  smoothed_cross_entropy_kernel: "*fp32:16, i32:16, *i64:16, i32, *fp32:16, i32, i32, i32, i32, fp32, 'mean', 4096"
  cross_entropy_one_block:       "*fp32:16, i32, *fp32:16, *fp32:16, *i64:16, i32, 4096"
"""
import triton
import triton.language as tl


@triton.jit
def smoothed_cross_entropy_kernel(z_ptr, z_stride, label_ptr, label_stride, loss_ptr, loss_stride, n_classes,
                                  n_counted, ignore_index, smoothing, REDUCTION: tl.constexpr,
                                  BLOCK_SIZE: tl.constexpr):
    # Row offsets in 64 bits: a [tokens, vocabulary] buffer easily passes 2^31 elements.
    i = tl.program_id(0).to(tl.int64)
    label = tl.load(label_ptr + i * label_stride)
    z_ptr += i * z_stride
    if label == ignore_index:
        for c0 in range(0, n_classes, BLOCK_SIZE):
            c = c0 + tl.arange(0, BLOCK_SIZE)
            tl.store(z_ptr + c, 0.0, mask=c < n_classes)
        return

    z_label = tl.load(z_ptr + label)
    hi = float("-inf")
    acc = 0.0
    z_sum = 0.0
    for c0 in range(0, n_classes, BLOCK_SIZE):
        c = c0 + tl.arange(0, BLOCK_SIZE)
        z = tl.load(z_ptr + c, mask=c < n_classes, other=float("-inf"))
        if smoothing > 0:
            z_sum += tl.sum(tl.where(c < n_classes, z, 0.0))
        new_hi = tl.maximum(hi, tl.max(z))
        acc = acc * tl.exp(hi - new_hi) + tl.sum(tl.exp(z - new_hi))
        hi = new_hi
    lse = hi + tl.log(acc)

    off_label = smoothing / n_classes
    for c0 in range(0, n_classes, BLOCK_SIZE):
        c = c0 + tl.arange(0, BLOCK_SIZE)
        z = tl.load(z_ptr + c, mask=c < n_classes, other=float("-inf"))
        grad = tl.exp(z - lse) - off_label
        grad = tl.where(c == label, grad - (1 - smoothing), grad)
        if REDUCTION == "mean":
            grad = grad / n_counted
        tl.store(z_ptr + c, grad, mask=c < n_classes)

    loss = lse - z_label
    if smoothing > 0:
        loss = (1 - smoothing) * loss + smoothing * (lse - z_sum / n_classes)
    if REDUCTION == "mean":
        loss = loss / n_counted
    tl.store(loss_ptr + i * loss_stride, loss)


@triton.jit
def cross_entropy_one_block(z_ptr, z_stride, loss_ptr, lse_ptr, label_ptr, n_classes, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    z_ptr += row * z_stride.to(tl.int64)
    c = tl.arange(0, BLOCK_SIZE)
    label = tl.load(label_ptr + row).to(tl.int32)
    z = tl.load(z_ptr + c, mask=c < n_classes, other=-float("inf")).to(tl.float32)
    top = tl.max(z, 0)
    lse = top + tl.log(tl.sum(tl.exp(z - top), 0))
    if label != -100:
        loss = lse - tl.load(z_ptr + label).to(tl.float32)
    else:
        loss = 0.0
    tl.store(lse_ptr + row, lse)
    tl.store(loss_ptr + row, loss)
