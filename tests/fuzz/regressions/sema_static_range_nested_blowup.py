# Hang: nested tl.static_range loops unroll 4096^3 bodies; the limit is per loop, not in total.
import triton
import triton.language as tl


@triton.jit
def k():
    for i in tl.static_range(4096):
        for j in tl.static_range(4096):
            for k in tl.static_range(4096):
                pass
