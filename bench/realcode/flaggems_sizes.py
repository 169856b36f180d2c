"""FlagGems' operators at one size class, for the drop-in's `time` mode
(issue 30's second code base): run once per size class, each in its own
process, like liger_sizes.py.

    TRITON_DROPIN_MODE=time TRITON_DROPIN_REPORT=small.json \\
      PYTHONPATH=tools/triton-dropin:.realcode/flaggems/src \\
      python3 -m triton_dropin bench/realcode/flaggems_sizes.py small [OP...]

The operators are torch's, served by FlagGems' kernels inside
`flag_gems.use_gems()`; autograd reaches FlagGems' backward kernels where
it registers them. `small` is the size of FlagGems' own tests (a few
hundred ragged rows); `large` a training step's activations. Each operator
runs twice, so that autotuned kernels are timed after tuning."""
import importlib
import sys

import torch
import torch.nn.functional as F

DEV = "cuda"
SIZES = {
    "small": dict(rows=246, cols=1023, vocab=4099, mm=(257, 511, 383), channels=48, images=30),
    "large": dict(rows=8192, cols=4096, vocab=32000, mm=(4096, 4096, 4096), channels=256, images=64),
}


def t(*shape, dtype, grad=False):
    x = torch.randn(*shape, device=DEV, dtype=dtype)
    return x.requires_grad_() if grad else x


def backward(out):
    out.backward(torch.randn_like(out))


def pointwise(s, dt):
    x, y = t(s["rows"], s["cols"], dtype=dt), t(s["rows"], s["cols"], dtype=dt)
    x + y
    x * y
    torch.nn.functional.gelu(x)
    torch.nn.functional.silu(x)
    torch.sigmoid(x)
    torch.exp(x)
    torch.abs(x)
    torch.pow(x, 2.5)
    torch.where(x > 0, x, y)
    torch.tanh(x)
    torch.clamp(x, -0.5, 0.5)


def reductions(s, dt):
    x = t(s["rows"], s["cols"], dtype=dt)
    x.sum(dim=-1)
    x.mean(dim=-1)
    x.amax(dim=-1)
    x.argmax(dim=-1)
    x.sum(dim=0)
    torch.var_mean(x, dim=-1)
    torch.linalg.vector_norm(x, dim=-1)
    torch.cumsum(x, dim=-1)


def softmax(s, dt):
    backward(torch.softmax(t(s["rows"], s["cols"], dtype=dt, grad=True), dim=-1))


def log_softmax(s, dt):
    backward(torch.log_softmax(t(s["rows"], s["cols"], dtype=dt, grad=True), dim=-1))


def layer_norm(s, dt):
    x = t(s["rows"], s["cols"], dtype=dt, grad=True)
    w, b = t(s["cols"], dtype=dt, grad=True), t(s["cols"], dtype=dt, grad=True)
    backward(F.layer_norm(x, (s["cols"],), w, b, 1e-5))


def rms_norm(s, dt):
    x, w = t(s["rows"], s["cols"], dtype=dt), t(s["cols"], dtype=dt)
    F.rms_norm(x, (s["cols"],), w, 1e-6)


def group_norm(s, dt):
    x = t(s["images"], s["channels"], 512, dtype=dt, grad=True)
    w, b = t(s["channels"], dtype=dt, grad=True), t(s["channels"], dtype=dt, grad=True)
    backward(F.group_norm(x, 8, w, b, 1e-5))


def cross_entropy(s, dt):
    logits = t(s["rows"], s["vocab"], dtype=dt, grad=True)
    target = torch.randint(0, s["vocab"], (s["rows"],), device=DEV)
    F.cross_entropy(logits, target).backward()


def embedding(s, dt):
    weight = t(s["vocab"], s["cols"] // 4, dtype=dt, grad=True)
    idx = torch.randint(0, s["vocab"], (s["rows"],), device=DEV)
    backward(F.embedding(idx, weight))


def mm(s, dt):
    m, n, k = s["mm"]
    a, b = t(m, k, dtype=dt), t(k, n, dtype=dt)
    torch.mm(a, b)


OPS = [pointwise, reductions, softmax, log_softmax, layer_norm, rms_norm, group_norm, cross_entropy, embedding, mm]


def main():
    size = sys.argv[1] if len(sys.argv) > 1 else "small"
    wanted = set(sys.argv[2:])
    # The same Triton 3.6 relaunch fix as shims/flaggems_triton36.py.
    libentry = importlib.import_module("flag_gems.utils.libentry")
    if libentry.major_version == 3 and libentry.minor_version > 5:
        libentry.minor_version = 5
    import flag_gems
    s = SIZES[size]
    for op in OPS:
        if wanted and op.__name__ not in wanted:
            continue
        for dt in (torch.bfloat16, torch.float32):
            if op is mm and dt is torch.float32:
                dt = torch.float16
            try:
                with flag_gems.use_gems():
                    for _ in range(2):
                        op(s, dt)
                torch.cuda.synchronize()
                print("%s %s %s: ran" % (op.__name__, size, str(dt).split(".")[1]), flush=True)
            except Exception as e:  # an operator this FlagGems lacks, or a size it refuses
                print("%s %s %s: %s: %s" % (op.__name__, size, str(dt).split(".")[1], type(e).__name__,
                                            str(e).splitlines()[0][:200] if str(e) else ""), flush=True)


if __name__ == "__main__":
    main()
