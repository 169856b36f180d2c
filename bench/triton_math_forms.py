"""Which PTX Triton emits for each fp32 math function: compiles a one-line
kernel per function with Triton on the GPU machine and prints the
instructions that do the work (ex2/lg2/sqrt/rsqrt/sin/cos/div and any
libdevice call left in the PTX), so tritonc's MathOps.cpp can follow the
same forms.

    python3 triton_math_forms.py
"""

import importlib.util
import os
import re
import tempfile

import torch

EXPRESSIONS = ["tl.exp(x)", "tl.exp2(x)", "tl.math.exp2(x)", "tl.log(x)", "tl.log2(x)", "tl.sqrt(x)",
               "tl.sqrt_rn(x)", "tl.rsqrt(x)", "tl.sin(x)", "tl.cos(x)", "tl.erf(x)", "tl.sigmoid(x)", "x / y",
               "tl.div_rn(x, y)"]

INTERESTING = re.compile(r"\b(ex2|lg2|sqrt|rsqrt|sin|cos|div|rcp|tanh)\.[a-z0-9.]+|__nv_\w+")


def main():
    lines = ["import triton", "import triton.language as tl"]
    for i, expression in enumerate(EXPRESSIONS):
        lines += ["@triton.jit", f"def probe{i}(x_ptr, y_ptr, out_ptr):", "    offs = tl.arange(0, 128)",
                  "    x = tl.load(x_ptr + offs)", "    y = tl.load(y_ptr + offs)",
                  f"    tl.store(out_ptr + offs, {expression})", ""]
    path = os.path.join(tempfile.mkdtemp(), "probes.py")
    with open(path, "w") as f:
        f.write("\n".join(lines))
    spec = importlib.util.spec_from_file_location("probes", path)
    probes = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(probes)
    x = torch.rand(128, device="cuda") + 0.5
    y = torch.rand(128, device="cuda") + 0.5
    out = torch.empty_like(x)
    for i, expression in enumerate(EXPRESSIONS):
        compiled = getattr(probes, f"probe{i}")[(1,)](x, y, out)
        found = sorted(set(m.group(0) for m in INTERESTING.finditer(compiled.asm["ptx"])))
        reflect = re.findall(r'"nvvm-reflect-ftz", i32 \d', compiled.asm.get("llir", ""))
        print(f"{expression:42s} {' '.join(found)}   {reflect}")


if __name__ == "__main__":
    main()
