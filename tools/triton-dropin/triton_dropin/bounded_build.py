"""Triton's build of one launch, done in a child process under a time limit.

The verdict's third run builds the kernel on fp32 copies with exact fp32
dots; over large tiles Triton's build of that can take many minutes (FLA's
path_attn `intra_chunk_preprocess_bwd_kernel`: over 280 s in make_llir,
against 7 s for the launch as the program makes it). A build inside the
program cannot be interrupted, so the child builds it (`warmup`) into
Triton's on-disk cache, where the program's own launch then finds it; a
child past its time is killed and the verdict abandoned.

`build` answers "built", "timeout", or "unavailable" where the child cannot
reach the same kernel (defined in `__main__`, an argument it cannot
describe, source changed at run time); the caller then builds in-process.
"""
import json
import os
import signal
import subprocess
import sys


class _Undescribable(Exception):
    pass


def _describe(x):
    """An argument as the child rebuilds it for Triton's specialisation: a
    tensor by its dtype and its address modulo 16 (the divisibility Triton
    specialises on), anything else by value."""
    if hasattr(x, "data_ptr") and hasattr(x, "dtype") and str(x.dtype).startswith("torch."):
        return {"tensor": str(x.dtype)[len("torch."):], "ptr": 16 + x.data_ptr() % 16}
    if isinstance(x, tuple) and not hasattr(x, "_fields"):
        return {"tuple": [_describe(v) for v in x]}
    if x is None or isinstance(x, (bool, int, float, str)):
        return {"value": x}
    if type(x).__module__.startswith("triton.language") and type(x).__name__ == "dtype":
        return {"tl_dtype": x.name}
    raise _Undescribable(type(x).__name__)


def build(jit_fn, args, kwargs, env, seconds):
    try:
        return _build(jit_fn, args, kwargs, env, seconds)
    except Exception:  # a diagnosis's helper never stops the program: build in-process instead
        return "unavailable"


def _build(jit_fn, args, kwargs, env, seconds):
    module = getattr(jit_fn, "__module__", None)
    if not module or module == "__main__":
        return "unavailable"
    try:
        spec = {"path": sys.path, "module": module, "name": jit_fn.__name__, "cache_key": jit_fn.cache_key,
                "args": [_describe(a) for a in args], "kwargs": {k: _describe(v) for k, v in kwargs.items()}}
    except _Undescribable:
        return "unavailable"
    child = subprocess.Popen([sys.executable, "-m", "triton_dropin.bounded_build"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
                             env=dict(os.environ, PYTHONPATH=os.pathsep.join(
                                 [os.path.dirname(os.path.dirname(os.path.abspath(__file__)))] + sys.path), **env))
    try:
        child.communicate(json.dumps(spec).encode(), timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(child.pid, signal.SIGKILL)  # the build's ptxas too
        child.wait()
        return "timeout"
    return "built" if child.returncode == 0 else "unavailable"


def _child():
    spec = json.load(sys.stdin)
    sys.path[:0] = [p for p in spec["path"] if p not in sys.path]
    import importlib

    import torch
    import triton.language as tl
    from triton.runtime.jit import JITFunction, MockTensor

    class AddressedMock(MockTensor):
        def __init__(self, dtype, ptr):
            super().__init__(dtype)
            self.ptr = ptr

        def data_ptr(self):
            return self.ptr

    def rebuilt(d):
        if "tensor" in d:
            return AddressedMock(getattr(torch, d["tensor"]), d["ptr"])
        if "tuple" in d:
            return tuple(rebuilt(v) for v in d["tuple"])
        if "tl_dtype" in d:
            return tl.dtype(d["tl_dtype"])
        return d["value"]

    fn = getattr(importlib.import_module(spec["module"]), spec["name"])
    while not isinstance(fn, JITFunction) and hasattr(fn, "fn"):  # autotune / heuristics wrappers
        fn = fn.fn
    if not isinstance(fn, JITFunction) or fn.cache_key != spec["cache_key"]:
        sys.exit(3)
    fn.warmup(*[rebuilt(a) for a in spec["args"]], grid=(1,),
              **{k: rebuilt(v) for k, v in spec["kwargs"].items()})


if __name__ == "__main__":
    _child()
