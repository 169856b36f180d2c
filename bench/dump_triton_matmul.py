"""Writes Triton's own PTX of the matmul sample (native target, the
benchmark's configuration) to $OUT/triton_native.ptx, for comparison with
tritonc's on the GPU machine:

    python3 dump_triton_matmul.py BUNDLE_DIR      (BUNDLE_DIR holds matmul.py)
    ptxas -arch=sm_90a $OUT/triton_native.ptx -o t.cubin && cuobjdump -sass t.cubin
"""
import importlib.util
import os
import sys

import torch

bundle = sys.argv[1]
spec = importlib.util.spec_from_file_location("matmul_sample", os.path.join(bundle, "matmul.py"))
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
M = N = K = 4096
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
c = torch.empty(M, N, device="cuda", dtype=torch.float16)
bias = torch.randn(N, device="cuda", dtype=torch.float16)
# `.fn`: the kernel without its autotuner, which takes one configuration.
compiled = mod.matmul_bias_act.fn[(32 * 32,)](a, b, c, bias, M, N, K, a.stride(0), a.stride(1), b.stride(0),
                                              b.stride(1), c.stride(0), c.stride(1), ACTIVATION="gelu", num_warps=8,
                                              num_stages=3, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, GROUP_M=8)
with open(os.path.join(os.environ.get("OUT", "."), "triton_native.ptx"), "w") as f:
    f.write(compiled.asm["ptx"])
print(f"shared memory {compiled.metadata.shared} bytes")
