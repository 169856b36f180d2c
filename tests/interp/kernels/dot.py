# tl.dot on one tile, for tests/interp/DotArgmaxTest.cpp: c = a @ b + c, in
# the dtypes the signature gives (int8 -> int32; fp16 -> fp32, or fp16 when
# OUT_FP16; fp32 -> fp32 at "ieee" precision).
import triton
import triton.language as tl


@triton.jit
def dot_tile(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, OUT_FP16: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    a = tl.load(a_ptr + m[:, None] * K + k[None, :])
    b = tl.load(b_ptr + k[:, None] * N + n[None, :])
    c_ptrs = c_ptr + m[:, None] * N + n[None, :]
    acc = tl.load(c_ptrs)
    if a.dtype.is_fp32():
        acc = tl.dot(a, b, acc, input_precision="ieee")
    elif a.dtype.is_int8():
        acc = tl.dot(a, b, acc, out_dtype=tl.int32)
    else:
        acc = tl.dot(a, b, acc, out_dtype=tl.float16 if OUT_FP16 else tl.float32)
    tl.store(c_ptrs, acc)
