"""The drop-in's specialisation of a launch against Triton's own binder
(`JITFunction.device_caches[device][-1]`, what `JITFunction.run` calls), on a
table of argument kinds. Needs torch, Triton and a GPU (the binder asks the
driver for the target); compiles nothing.

    pytest tools/triton-dropin/tests/test_signature.py
"""
import pytest
import torch
import triton
import triton.language as tl
from triton.runtime.driver import driver

from triton_dropin.signature import derive, entry_text, params_of


@triton.jit
def plain(a, b, c, d):
    pass


@triton.jit(do_not_specialize=["n"], do_not_specialize_on_alignment=["p"])
def hinted(p, q, n, m):
    pass


@triton.jit
def annotated(x: tl.int64, y: tl.float32, z: "i32", w, K: tl.constexpr, S: tl.constexpr = "relu", T: tl.constexpr = 4):
    pass


def cuda(*shape, dtype=torch.float32):
    return torch.zeros(*shape, device="cuda", dtype=dtype)


def tensors():
    base = cuda(64)
    return {
        "fp32 aligned": base,
        "fp32 offset 4 (16 bytes)": base[4:],
        "fp32 offset 1": base[1:],
        "fp16": cuda(8, dtype=torch.float16),
        "bf16 offset 3": cuda(8, dtype=torch.bfloat16)[3:],
        "fp8e4nv": cuda(8, dtype=torch.float8_e4m3fn),
        "fp8e5": cuda(8, dtype=torch.float8_e5m2),
        "int8": cuda(8, dtype=torch.int8),
        "uint8": cuda(8, dtype=torch.uint8),
        "bool": cuda(8, dtype=torch.bool),
        "int64": cuda(8, dtype=torch.int64),
        "fp64": cuda(8, dtype=torch.float64),
        "uint32": cuda(8, dtype=torch.uint32),
    }


SCALARS = {"0": 0, "1": 1, "16": 16, "17": 17, "-16": -16, "-1": -1, "2^31-1": 2 ** 31 - 1, "2^31": 2 ** 31,
           "2^32": 2 ** 32, "2^63": 2 ** 63, "True": True, "False": False, "0.5": 0.5, "None": None}


def cases():
    out = []
    t = tensors()
    names = list(t)
    for i in range(0, len(names), 2):
        a, b = names[i], names[(i + 1) % len(names)]
        out.append(("plain", "%s, %s" % (a, b), (t[a], t[b], 3, 2.0), {}))
    for name, value in SCALARS.items():
        out.append(("plain", "scalar %s" % name, (t["fp32 aligned"], value, value, t["fp16"]), {}))
    for name, value in (("16", 16), ("1", 1), ("17", 17)):
        out.append(("hinted", "do_not_specialize n=%s" % name, (t["fp32 aligned"], t["fp32 offset 1"], value, value), {}))
    out.append(("hinted", "do_not_specialize_on_alignment", (t["fp32 offset 4 (16 bytes)"], t["fp32 aligned"], 32, 32), {}))
    out.append(("hinted", "options", (t["fp32 aligned"], t["fp16"], 1, 1), {"num_warps": 8, "num_stages": 2}))
    for value in (1, 32, 7):
        out.append(("annotated", "annotations, x=%d" % value, (value, 1.0, value, value), {"K": 128}))
    out.append(("annotated", "constexpr values", (2, 1.0, 2, None), {"K": tl.float16, "S": "gelu", "T": True}))
    return out


KERNELS = {"plain": plain, "hinted": hinted, "annotated": annotated}


def _triton_specialisation(kernel, args, kwargs):
    device = driver.active.get_current_device()
    # Triton 3.6: device_caches[device] ends in the binder, which returns
    # (bound arguments, specialisation, options).
    binder = kernel.device_caches[device][-1]
    return binder(*args, **kwargs)[1]


def _comparable(kind):
    ty, hint = kind
    if ty == "constexpr":
        hint = getattr(hint, "value", hint)
        return (ty, repr(hint))
    return (ty, hint)


@pytest.mark.parametrize("kernel,label,args,kwargs", cases(), ids=[c[1] for c in cases()])
def test_matches_triton_binder(kernel, label, args, kwargs):
    fn = KERNELS[kernel]
    ours = derive(fn, args, kwargs)
    theirs = _triton_specialisation(fn, args, kwargs)
    assert not ours.unsupported, ours.unsupported
    assert [_comparable(k) for k in ours.kinds] == [_comparable(tuple(k)) for k in theirs]
    # Every entry is one tritonc takes (None aside, which it may not yet).
    for k, p in zip(ours.kinds, params_of(fn)):
        assert entry_text(k, p.is_constexpr)
    if "num_warps" in kwargs:
        assert (ours.num_warps, ours.num_stages) == (kwargs["num_warps"], kwargs["num_stages"])


def test_host_tensor_descriptor():
    from triton.tools.tensor_descriptor import TensorDescriptor
    desc = TensorDescriptor.from_tensor(cuda(256, 128, dtype=torch.float16), [128, 64])
    ours = derive(plain, (desc, desc, 16, 1.0), {})
    theirs = _triton_specialisation(plain, (desc, desc, 16, 1.0), {})
    assert [_comparable(k) for k in ours.kinds] == [_comparable(tuple(k)) for k in theirs]
    assert ours.signature.startswith("tensordesc<fp16[128, 64]>, tensordesc<fp16[128, 64]>, i32:16, fp32")


if __name__ == "__main__":
    # Without pytest: the same checks, one line per case.
    failures = 0
    for kernel, label, args, kwargs in cases():
        try:
            test_matches_triton_binder(kernel, label, args, kwargs)
            print("PASS", label)
        except AssertionError as e:
            failures += 1
            print("FAIL", label, e)
    try:
        test_host_tensor_descriptor()
        print("PASS host tensor descriptor")
    except AssertionError as e:
        failures += 1
        print("FAIL host tensor descriptor", e)
    raise SystemExit(1 if failures else 0)
