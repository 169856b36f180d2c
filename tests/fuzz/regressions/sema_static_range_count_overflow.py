# UBSan: `stop - start` overflows in the TooManyIterations message (CheckControlFlow.cpp).
import triton
import triton.language as tl


@triton.jit
def k():
    for i in tl.static_range(-9223372036854775807, 9223372036854775807):
        pass
