"""normlib: a small kernel library of our own, split over modules the way
real ones are, to test that tritonc compiles such packages unchanged.
Constants live in `consts`, @triton.jit helpers in `math_utils`, and this
file re-exports a few of each."""
from .consts import EPS_DEFAULT, ROW_BLOCK
from .math_utils import rms_scale, silu

__all__ = ["EPS_DEFAULT", "ROW_BLOCK", "rms_scale", "silu"]
__version__ = "0.1"
