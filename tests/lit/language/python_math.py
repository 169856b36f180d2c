# Python's `math` in kernel code, as Triton evaluates it while compiling:
# constants and functions of compile-time numbers (FlagGems' angle kernel
# reads `math.pi`; attention kernels scale by `1 / math.sqrt(HEAD_DIM)`).
# RUN: %tritonc %s --signature "*fp32:16, *fp32:16, 64, 16" --emit tir -o - | FileCheck %s
# RUN: not %tritonc %s --signature "*fp32:16, *fp32:16, 64, -4" -o - 2>&1 | FileCheck %s --check-prefix=DOMAIN
# CHECK-DAG: constant {value = 3.141592653589793} : tensor<64xf32>
# CHECK-DAG: constant {value = 0.36067376022224085} : tensor<64xf32>
# CHECK-DAG: constant {value = 8} : tensor<64xi32>
# DOMAIN: python_math.py:[[#@LINE+14]]:23: error: `math.sqrt` of -4 is outside its domain
import math
from math import gcd

import triton
import triton.language as tl


@triton.jit
def kernel(x_ptr, o_ptr, N: tl.constexpr, D: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, N))
    positive = tl.where(x >= 0.0, 0.0, math.pi)
    bucket = (tl.arange(0, N) * math.floor(2.5)) % (gcd(24, 16))
    if math.isinf(math.inf):
        scale = 1.0 / math.sqrt(D) * math.log2(math.e)
    tl.store(o_ptr + tl.arange(0, N), positive + x * scale + bucket)
