"""Liger-Kernel's operators, forward and backward, at one size class, for
the drop-in's `time` mode (issue 30): run once per size class, each in its
own process so that every specialisation's first launches are at that
size.

    TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT=small.json \\
      PYTHONPATH=tools/triton-dropin:.realcode/liger/src \\
      python3 -m triton_dropin bench/realcode/liger_sizes.py small [OP...]

`small` is the size of Liger's own tests (a few hundred rows, ragged
widths); `large` is a training step's (4-8 k rows, 4-32 k columns). Each
operator runs twice, so that autotuned kernels are timed after tuning."""
import sys

import torch

from liger_kernel.transformers import functional as F
from liger_kernel.ops.experimental.embedding import LigerEmbeddingFunction

DEV = "cuda"
SIZES = {
    # rows (batch x tokens), hidden, vocabulary, heads, head_dim
    "small": dict(rows=2 * 123, hidden=1023, vocab=4099, heads=8, head_dim=64, seq=123, groups=8, channels=48),
    "large": dict(rows=8192, hidden=4096, vocab=32000, heads=32, head_dim=128, seq=2048, groups=32, channels=256),
}


def leaf(*shape, dtype=torch.bfloat16, scale=1.0):
    return (torch.randn(*shape, device=DEV, dtype=dtype) * scale).requires_grad_()


def backward(out):
    out.backward(torch.randn_like(out)) if out.dim() else out.backward()


def rms_norm(s, dt):
    x, w = leaf(s["rows"], s["hidden"], dtype=dt), leaf(s["hidden"], dtype=dt)
    backward(F.liger_rms_norm(x, w, 1e-6))


def layer_norm(s, dt):
    x, w, b = leaf(s["rows"], s["hidden"], dtype=dt), leaf(s["hidden"], dtype=dt), leaf(s["hidden"], dtype=dt)
    backward(F.liger_layer_norm(x, w, b, 1e-6))


def fused_add_rms_norm(s, dt):
    x, r, w = leaf(s["rows"], s["hidden"], dtype=dt), leaf(s["rows"], s["hidden"], dtype=dt), leaf(s["hidden"], dtype=dt)
    y, res = F.liger_fused_add_rms_norm(x, r, w, 1e-6)
    backward(y + res)


def poly_norm(s, dt):
    x = leaf(s["rows"], s["hidden"], dtype=dt)
    w, b = leaf(3, dtype=dt), torch.randn((), device=DEV, dtype=dt).requires_grad_()
    backward(F.liger_poly_norm(x, w, b))


def cross_entropy(s, dt):
    logits = leaf(s["rows"], s["vocab"], dtype=dt)
    target = torch.randint(0, s["vocab"], (s["rows"],), device=DEV)
    target[::7] = -100
    backward(F.liger_cross_entropy(logits, target, label_smoothing=0.1, lse_square_scale=1e-4))


def swiglu(s, dt):
    a, b = leaf(s["rows"], 2 * s["hidden"], dtype=dt), leaf(s["rows"], 2 * s["hidden"], dtype=dt)
    backward(F.liger_swiglu(a, b))


def geglu(s, dt):
    a, b = leaf(s["rows"], 2 * s["hidden"], dtype=dt), leaf(s["rows"], 2 * s["hidden"], dtype=dt)
    backward(F.liger_geglu(a, b))


def rope(s, dt):
    bsz, seq = max(1, s["rows"] // s["seq"]), s["seq"]
    q = leaf(bsz, s["heads"], seq, s["head_dim"], dtype=dt)
    k = leaf(bsz, s["heads"] // 4, seq, s["head_dim"], dtype=dt)
    cos, sin = torch.randn(1, seq, s["head_dim"], device=DEV, dtype=dt), torch.randn(1, seq, s["head_dim"], device=DEV, dtype=dt)
    qo, ko = F.liger_rope(q, k, cos, sin)
    backward(qo.sum() + ko.sum())


def softmax(s, dt):
    backward(F.liger_softmax(leaf(s["rows"], s["hidden"], dtype=dt)))


def kl_div(s, dt):
    x = torch.log_softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1).requires_grad_()
    y = torch.log_softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1)
    backward(F.liger_kl_div(x, y, reduction="batchmean", log_target=True))


def jsd(s, dt):
    x = torch.log_softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1).requires_grad_()
    y = torch.log_softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1)
    backward(F.liger_jsd(x, y))


def tvd(s, dt):
    p = torch.softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1).requires_grad_()
    q = torch.softmax(torch.randn(s["rows"], s["vocab"] // 4, device=DEV, dtype=dt), -1)
    backward(F.liger_tvd(p, q))


def dyt(s, dt):
    x = leaf(s["rows"], s["hidden"], dtype=dt)
    alpha, gamma, beta = leaf(1, dtype=dt), leaf(s["hidden"], dtype=dt), leaf(s["hidden"], dtype=dt)
    backward(F.liger_dyt(x, alpha, gamma, beta))


def group_norm(s, dt):
    x = leaf(s["rows"] // 8, s["channels"], 512, dtype=dt)
    w, b = leaf(s["channels"], dtype=dt), leaf(s["channels"], dtype=dt)
    backward(F.liger_group_norm(x, w, b, s["channels"], s["groups"], 1e-6))


def embedding(s, dt):
    weight = leaf(s["vocab"], s["hidden"] // 4, dtype=dt)
    idx = torch.randint(0, s["vocab"], (s["rows"],), device=DEV)
    backward(LigerEmbeddingFunction.apply(weight, idx))


def relu_squared(s, dt):
    backward(F.liger_relu_squared(leaf(s["rows"], s["hidden"], dtype=dt)))


def sparsemax(s, dt):
    backward(F.liger_sparsemax(leaf(s["rows"], s["hidden"] // 8, dtype=dt), -1))


OPS = [rms_norm, layer_norm, fused_add_rms_norm, poly_norm, cross_entropy, swiglu, geglu, rope, softmax,
       kl_div, jsd, tvd, dyt, group_norm, embedding, relu_squared, sparsemax]


def main():
    size = sys.argv[1] if len(sys.argv) > 1 else "small"
    wanted = set(sys.argv[2:])
    s = SIZES[size]
    for op in OPS:
        if wanted and op.__name__ not in wanted:
            continue
        for dt in (torch.bfloat16, torch.float32):
            try:
                for _ in range(2):
                    op(s, dt)
                torch.cuda.synchronize()
                print("%s %s %s: ran" % (op.__name__, size, str(dt).split(".")[1]), flush=True)
            except Exception as e:  # an operator the installed Liger lacks, or a size it refuses
                print("%s %s %s: %s: %s" % (op.__name__, size, str(dt).split(".")[1], type(e).__name__,
                                            str(e).splitlines()[0][:200] if str(e) else ""), flush=True)


if __name__ == "__main__":
    main()
