# UBSan: `v += step` overflows past the last tl.static_range value (CheckControlFlow.cpp).
import triton
import triton.language as tl


@triton.jit
def k():
    for i in tl.static_range(9223372036854775806, 9223372036854775807, 2):
        pass
