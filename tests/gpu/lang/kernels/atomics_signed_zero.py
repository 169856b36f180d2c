# fp32 atomic max/min where the stored and the new value are zeros of
# different sign, and NaN-free mixes around them.
import triton
import triton.language as tl


@triton.jit
def atomic_extremes(o_max_ptr, o_min_ptr, x_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    tl.atomic_max(o_max_ptr + offs, x)
    tl.atomic_min(o_min_ptr + offs, x)

# CASE {"name": "zeros", "kernel": "atomic_extremes", "grid": [1], "params": [["o_max_ptr", "*fp32", 256, "list:0.0,-0.0,0.0,-0.0,1.0,-1.0,-0.0,0.0"], ["o_min_ptr", "*fp32", 256, "list:0.0,-0.0,0.0,-0.0,1.0,-1.0,-0.0,0.0"], ["x_ptr", "*fp32", 256, "list:-0.0,0.0,0.0,-0.0,-0.0,0.0,-1.0,2.0"], ["N", 256]]}
# CASE {"name": "negative_stored", "kernel": "atomic_extremes", "grid": [1], "params": [["o_max_ptr", "*fp32", 256, "list:-1.0,-2.0,-0.0,-3.0,1.0,-1.0,-0.5,0.0"], ["o_min_ptr", "*fp32", 256, "list:-1.0,-2.0,-0.0,-3.0,1.0,-1.0,-0.5,0.0"], ["x_ptr", "*fp32", 256, "list:-0.0,-0.0,-1.0,-0.0,-0.0,-0.0,-0.25,-0.0"], ["N", 256]]}
