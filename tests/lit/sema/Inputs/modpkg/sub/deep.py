import triton
from ..core import SCALE


@triton.jit
def scaled(x):
    return x * SCALE
