"""Does the way a kernel is launched change its speed? The matmul sample's
tritonc specialisation launched plainly (cuLaunchKernel, as cupy does), and
by cuLaunchKernelEx with a cluster of one CTA, with and without the
"spread" cluster scheduling policy; Triton's own launch beside them, all in
interleaved rounds. Also prints what Triton's launcher sets.

    python3 launch_attributes.py BUNDLE_DIR [--case mm_f16_sm90a] [--size 4096]
"""
import argparse
import ctypes
import inspect
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from matmul_bench import CONFIG, cdiv, compare_and_time, matmul_args, square_sets, triton_native  # noqa: E402
from samples_bench import TritoncKernel, load_module  # noqa: E402

CLUSTER_DIMENSION, SCHEDULING_POLICY, POLICY_SPREAD = 4, 5, 1


class Attribute(ctypes.Structure):
    _fields_ = [("id", ctypes.c_int), ("pad", ctypes.c_char * 4), ("value", ctypes.c_char * 64)]


class Config(ctypes.Structure):
    _fields_ = [("grid", ctypes.c_uint * 3), ("block", ctypes.c_uint * 3), ("shared", ctypes.c_uint),
                ("stream", ctypes.c_void_p), ("attrs", ctypes.POINTER(Attribute)), ("count", ctypes.c_uint)]


def attribute(kind, *words):
    a = Attribute()
    a.id = kind
    raw = b"".join(int(w).to_bytes(4, "little") for w in words)
    ctypes.memmove(ctypes.addressof(a) + 8, raw, len(raw))
    return a


def ex_launcher(kernel, grid, attrs):
    cuda = ctypes.CDLL("libcuda.so.1")
    function = ctypes.c_void_p(kernel.function.kernel.ptr)  # cupy's RawKernel -> its CUfunction
    array = (Attribute * max(1, len(attrs)))(*attrs) if attrs else None

    def run(s):
        values = []
        for param, value in zip(kernel.meta["params"], matmul_args(*s)):
            kind = param["type"].split(":")[0]
            values.append(ctypes.c_uint64(value.data_ptr()) if kind.startswith("*") else ctypes.c_int32(value))
        pointers = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
        config = Config((grid, 1, 1), (kernel.meta["threads_per_block"], 1, 1), kernel.meta["shared_bytes"],
                        ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), array, len(attrs))
        rc = cuda.cuLaunchKernelEx(ctypes.byref(config), function, pointers, None)
        if rc != 0:
            raise RuntimeError(f"cuLaunchKernelEx: {rc}")
    return run


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bundle")
    parser.add_argument("--case", default="mm_f16_sm90a")
    parser.add_argument("--size", type=int, default=4096)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    try:
        import triton.backends.nvidia.driver as driver
        source = inspect.getsource(driver)
        print("Triton's launcher, lines about launch attributes:")
        lines = source.splitlines()
        for i, line in enumerate(lines):
            if "clusterAttr.id" in line:
                for context in lines[max(0, i - 12):i + 12]:
                    print("   ", context.rstrip())
    except Exception as e:  # noqa: BLE001
        print("Triton's launcher source not found:", e)
    n = args.size
    grid = cdiv(n, CONFIG["BLOCK_M"]) * cdiv(n, CONFIG["BLOCK_N"])
    kernel = TritoncKernel(args.bundle, args.case)
    mod = load_module(os.path.join(args.bundle, "matmul.py"), "matmul_launch_attrs")
    runs = {
        "tritonc cuLaunchKernel": lambda s: kernel((grid, 1, 1), *matmul_args(*s)),
        "tritonc Ex, no attributes": ex_launcher(kernel, grid, []),
        "tritonc Ex, cluster 1": ex_launcher(kernel, grid, [attribute(CLUSTER_DIMENSION, 1, 1, 1)]),
        "tritonc Ex, cluster 1 + spread": ex_launcher(kernel, grid, [attribute(CLUSTER_DIMENSION, 1, 1, 1),
                                                                     attribute(SCHEDULING_POLICY, POLICY_SPREAD)]),
        "Triton": triton_native(mod, grid),
    }
    sets = square_sets(n)
    compare_and_time(runs, sets, n, args.rounds)

if __name__ == "__main__":
    main()
