# UBSan: `end - start` overflows in the tl.arange check (CheckCalls.cpp).
import triton
import triton.language as tl


@triton.jit
def k():
    tl.arange(-9223372036854775807, 9223372036854775807)
