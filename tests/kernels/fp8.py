"""fp8 conversions as Triton users write them: quantize fp32, fp16 and bf16
to both fp8 formats, read fp8 back, and scale fp8 data through fp32.
`fp8_arithmetic` computes on fp8 directly: tritonc does each op in fp32
and rounds the result to fp8 once."""
import triton
import triton.language as tl


@triton.jit
def fp8_convert(x_ptr, h_ptr, b_ptr, e4_ptr, e5_ptr, e4h_ptr, e5h_ptr, e4b_ptr, e5b_ptr,
                back32_ptr, back16_ptr, backbf_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    h = tl.load(h_ptr + offsets, mask=mask)
    b = tl.load(b_ptr + offsets, mask=mask)
    e4 = x.to(tl.float8e4nv)
    e5 = x.to(tl.float8e5)
    tl.store(e4_ptr + offsets, e4, mask=mask)
    tl.store(e5_ptr + offsets, e5, mask=mask)
    tl.store(e4h_ptr + offsets, h.to(tl.float8e4nv), mask=mask)
    tl.store(e5h_ptr + offsets, h.to(tl.float8e5), mask=mask)
    tl.store(e4b_ptr + offsets, b.to(tl.float8e4nv), mask=mask)
    tl.store(e5b_ptr + offsets, b.to(tl.float8e5), mask=mask)
    tl.store(back32_ptr + offsets, e4.to(tl.float32), mask=mask)
    tl.store(back16_ptr + offsets, e5.to(tl.float16), mask=mask)
    tl.store(backbf_ptr + offsets, e4.to(tl.bfloat16), mask=mask)


@triton.jit
def fp8_scale(x_ptr, y_ptr, scale, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask).to(tl.float32)
    tl.store(y_ptr + offsets, (x * scale).to(tl.float8e5), mask=mask)


@triton.jit
def fp8_arithmetic(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    x = tl.load(x_ptr + offsets, mask=mask)
    tl.store(y_ptr + offsets, x * 2 + x, mask=mask)
