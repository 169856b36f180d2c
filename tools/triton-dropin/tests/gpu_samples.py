"""Launches the repo's sample and test kernels the way a Triton user would
(`kernel[grid](...)`, autotuned, with heuristics-free constexprs, host
TensorDescriptors), at ragged sizes. Run under the drop-in in compare mode
(tests/gpu/dropin_check.sh), which checks every output against Triton's;
this script only makes inputs and launches.

    python -m triton_dropin tools/triton-dropin/tests/gpu_samples.py [CASE...]
"""
import importlib.util
import os
import sys

import torch
import triton

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def load(rel):
    path = os.path.join(ROOT, rel)
    name = "dropin_" + rel.replace("/", "_").replace(".py", "")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def rand(*shape, dtype=torch.float32):
    return torch.randn(*shape, device="cuda", dtype=torch.float32).to(dtype)


def vector_add():
    m = load("samples/vector_add.py")
    for n in (1, 1000, 98432):
        x, y = rand(n), rand(n)
        out = torch.empty_like(x)
        m.add_kernel[lambda meta: (triton.cdiv(n, meta["BLOCK_SIZE"]),)](x, y, out, n, BLOCK_SIZE=1024)
    # A misaligned view: the pointer loses its 16-byte hint.
    x, y = rand(1001)[1:], rand(1001)[1:]
    out = torch.empty_like(x)
    m.add_kernel[(1,)](x, y, out, 1000, BLOCK_SIZE=1024)


def softmax():
    m = load("samples/softmax.py")
    for rows, cols in ((37, 781), (128, 1024)):
        x = rand(rows, cols)
        y = torch.empty_like(x)
        m.softmax_kernel[(min(rows, 64),)](y, x, x.stride(0), y.stride(0), rows, cols,
                                           BLOCK_SIZE=triton.next_power_of_2(cols), STAGES=4, num_warps=8)


def layer_norm():
    m = load("samples/layer_norm.py")
    rows, cols = 61, 3001
    x = rand(rows, cols, dtype=torch.float16)
    w, b = rand(cols, dtype=torch.float16), rand(cols, dtype=torch.float16)
    y = torch.empty_like(x)
    mean = torch.empty(rows, device="cuda")
    rstd = torch.empty(rows, device="cuda")
    m.layer_norm_fwd[(rows,)](x, y, w, b, mean, rstd, x.stride(0), cols, 1e-5, BLOCK_SIZE=4096, num_warps=8)


def rms_norm():
    m = load("samples/rms_norm.py")
    rows, cols = 45, 2000
    x = rand(rows, cols, dtype=torch.float16)
    w = rand(cols, dtype=torch.float16)
    y = torch.empty_like(x)
    rstd = torch.empty(rows, device="cuda")
    m.rms_norm_fwd[(rows,)](x, x.stride(0), y, y.stride(0), w, rstd, cols, 1e-6, BLOCK_SIZE=2048)


def cross_entropy():
    m = load("samples/cross_entropy.py")
    rows, classes = 33, 5000
    logits = rand(rows, classes)
    labels = torch.randint(0, classes, (rows,), device="cuda")
    labels[3] = -100
    loss = torch.empty(rows, device="cuda")
    m.cross_entropy_kernel[(rows,)](logits, logits.stride(0), labels, loss, classes, -100, BLOCK_SIZE=4096,
                                    num_warps=8)


def dropout():
    m = load("samples/dropout.py")
    n = 10007
    x = rand(n)
    out = torch.empty_like(x)
    m.dropout_kernel[(triton.cdiv(n, 1024),)](x, out, n, 0.3, 1234, BLOCK_SIZE=1024)


def matmul_autotuned():
    m = load("samples/matmul.py")
    M, N, K = 300, 260, 136
    a, b = rand(M, K, dtype=torch.float16), rand(K, N, dtype=torch.float16)
    bias = rand(N, dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)
    m.matmul_bias_act[grid](a, b, c, bias, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                            c.stride(0), c.stride(1), ACTIVATION="gelu")


def attention():
    m = load("samples/attention.py")
    B, H, S, D = 2, 3, 200, 64
    q, k, v = (rand(B, H, S, D, dtype=torch.float16) for _ in range(3))
    o = torch.empty_like(q)
    lse = torch.empty(B * H, S, device="cuda")
    m.attention_fwd[(triton.cdiv(S, 128), B * H)](q, k, v, o, lse, D ** -0.5, q.stride(0), q.stride(1),
                                                  q.stride(2), H, S, HEAD_DIM=D, BLOCK_M=128, BLOCK_N=64,
                                                  CAUSAL=True, num_warps=8)


def combine():
    m = load("tests/kernels/combine.py")
    x = rand(7, 1000)
    mx = torch.empty(7, device="cuda")
    idx = torch.empty(7, device="cuda", dtype=torch.int32)
    m.argmax_rows[(7,)](x, mx, idx, 1000, BLOCK=1024)
    a, b = rand(5, 700), rand(5, 700)
    out = torch.empty_like(a)
    m.linear_recurrence[(5,)](a, b, out, 700, BLOCK=1024, num_warps=8)


def fp8():
    m = load("tests/kernels/fp8.py")
    n = 3000
    x = rand(n).to(torch.float8_e4m3fn)
    y = torch.empty(n, device="cuda", dtype=torch.float8_e5m2)
    m.fp8_scale[(triton.cdiv(n, 1024),)](x, y, 0.5, n, BLOCK=1024)


def host_descriptors():
    from triton.tools.tensor_descriptor import TensorDescriptor
    m = load("tests/gpu/kernels/tensor_descriptors.py")
    M, N, K = 384, 256, 200
    a, b = rand(M, K, dtype=torch.float16), rand(K, N, dtype=torch.float16)
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    m.host_desc_matmul[(triton.cdiv(M, 128), triton.cdiv(N, 128))](
        TensorDescriptor.from_tensor(a, [128, 64]), TensorDescriptor.from_tensor(b, [64, 128]),
        TensorDescriptor.from_tensor(c, [128, 128]), K, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=8)


CASES = [vector_add, softmax, layer_norm, rms_norm, cross_entropy, dropout, matmul_autotuned, attention, combine,
         fp8, host_descriptors]


def main(names):
    torch.manual_seed(0)
    failed = 0
    for case in CASES:
        if names and case.__name__ not in names:
            continue
        try:
            case()
            torch.cuda.synchronize()
            print("ran", case.__name__)
        except Exception as e:
            failed += 1
            print("FAILED", case.__name__, type(e).__name__, str(e).splitlines()[0] if str(e) else "")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
