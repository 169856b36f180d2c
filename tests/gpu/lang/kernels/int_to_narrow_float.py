# Integers converted to fp32 and narrowed to bf16/fp16 round once, as in
# Triton (its canonicalization makes the two conversions one): every bit
# pattern of int64, int32 and uint32.
import triton
import triton.language as tl


@triton.jit
def narrowed_ints(x_ptr, b_ptr, h_ptr, N: tl.constexpr):
    offs = tl.arange(0, N)
    f = tl.load(x_ptr + offs).to(tl.float32)
    tl.store(b_ptr + offs, f)
    tl.store(h_ptr + offs, f.to(tl.float16))

# CASE {"name": "i64", "kernel": "narrowed_ints", "grid": [1], "params": [["x_ptr", "*i64", 4096, "bits"], ["b_ptr", "*bf16", 4096, "out"], ["h_ptr", "*fp16", 4096, "out"], ["N", 4096]]}
# CASE {"name": "i32", "kernel": "narrowed_ints", "grid": [1], "params": [["x_ptr", "*i32", 4096, "bits"], ["b_ptr", "*bf16", 4096, "out"], ["h_ptr", "*fp16", 4096, "out"], ["N", 4096]]}
# CASE {"name": "u32", "kernel": "narrowed_ints", "grid": [1], "params": [["x_ptr", "*u32", 4096, "bits"], ["b_ptr", "*bf16", 4096, "out"], ["h_ptr", "*fp16", 4096, "out"], ["N", 4096]]}
