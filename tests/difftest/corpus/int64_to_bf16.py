# Session 15's campaign (dt_402892): an int64 converted to fp32 and stored
# through a bf16 pointer is one conversion in Triton (one rounding), not
# two; with every 64-bit pattern some values sit on a bf16 tie in fp32.
import triton
import triton.language as tl


@triton.jit
def int64_to_bf16(x_ptr, o_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs).to(tl.float32))

# CASE {"name": "int64_to_bf16", "kernel": "int64_to_bf16", "grid": [8], "params": [["x_ptr", "*i64", 4096, "bits"], ["o_ptr", "*bf16", 4096, "out"], ["BLOCK", 512]]}
