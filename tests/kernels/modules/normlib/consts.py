import os

import triton.language as tl

ROW_BLOCK: tl.constexpr = tl.constexpr(1024)
EPS_DEFAULT = 1e-6
PAIR = tl.constexpr(2)

# Host-only settings: never read by a kernel.
DEBUG = os.environ.get("NORMLIB_DEBUG", "0") == "1"
SIZES = [2**k for k in range(4, 12)]
