# Every fp8 byte widened to bf16, fp16 and fp32, and special values
# (signed zeros, infinities, NaN, subnormals, ties) narrowed back from each:
# Triton's conversions are the reference, including e5m2 -> bf16, which
# turns infinities and NaN into finite values.
import triton
import triton.language as tl


@triton.jit
def fp8_widen(x_ptr, b_ptr, h_ptr, f_ptr, E5: tl.constexpr):
    r = tl.arange(0, 256)
    bits = tl.load(x_ptr + r)
    x = bits.to(tl.float8e5, bitcast=True) if E5 else bits.to(tl.float8e4nv, bitcast=True)
    tl.store(b_ptr + r, x.to(tl.bfloat16))
    tl.store(h_ptr + r, x.to(tl.float16))
    tl.store(f_ptr + r, x.to(tl.float32))


@triton.jit
def fp8_narrow(b_ptr, h_ptr, f_ptr, ob_ptr, oh_ptr, of_ptr, E5: tl.constexpr):
    r = tl.arange(0, 1024)
    dtype: tl.constexpr = tl.float8e5 if E5 else tl.float8e4nv
    tl.store(ob_ptr + r, tl.load(b_ptr + r).to(dtype).to(tl.uint8, bitcast=True))
    tl.store(oh_ptr + r, tl.load(h_ptr + r).to(dtype).to(tl.uint8, bitcast=True))
    tl.store(of_ptr + r, tl.load(f_ptr + r).to(dtype).to(tl.uint8, bitcast=True))

# CASE {"name": "widen_e5m2", "kernel": "fp8_widen", "grid": [1], "params": [["x_ptr", "*u8", 256, "bits"], ["b_ptr", "*bf16", 256, "out"], ["h_ptr", "*fp16", 256, "out"], ["f_ptr", "*fp32", 256, "out"], ["E5", true]]}
# CASE {"name": "widen_e4m3", "kernel": "fp8_widen", "grid": [1], "params": [["x_ptr", "*u8", 256, "bits"], ["b_ptr", "*bf16", 256, "out"], ["h_ptr", "*fp16", 256, "out"], ["f_ptr", "*fp32", 256, "out"], ["E5", false]]}
# CASE {"name": "narrow_e5m2", "kernel": "fp8_narrow", "grid": [1], "params": [["b_ptr", "*bf16", 1024, "special:300"], ["h_ptr", "*fp16", 1024, "special:300"], ["f_ptr", "*fp32", 1024, "special:300"], ["ob_ptr", "*u8", 1024, "out"], ["oh_ptr", "*u8", 1024, "out"], ["of_ptr", "*u8", 1024, "out"], ["E5", true]]}
# CASE {"name": "narrow_e4m3", "kernel": "fp8_narrow", "grid": [1], "params": [["b_ptr", "*bf16", 1024, "special:3"], ["h_ptr", "*fp16", 1024, "special:3"], ["f_ptr", "*fp32", 1024, "special:3"], ["ob_ptr", "*u8", 1024, "out"], ["oh_ptr", "*u8", 1024, "out"], ["of_ptr", "*u8", 1024, "out"], ["E5", false]]}
