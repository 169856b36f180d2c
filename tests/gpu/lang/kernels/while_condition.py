# `while tl.condition(...)` with `disable_licm`, and a `tl.const` source
# pointer: a per-program running sum whose trip count comes from the data.
import triton
import triton.language as tl


@triton.jit
def counted_sums(src: tl.const, counts, out, scale, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    n = tl.load(counts + pid) % 7
    offsets = pid * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    i = 0
    while tl.condition(i < n, disable_licm=True):
        acc += tl.load(src + offsets) * (scale + i)
        i += 1
    tl.store(out + offsets, acc)

# CASE {"name": "while_condition", "kernel": "counted_sums", "grid": [8], "params": [["src", "*fp32", 1024, "rand"], ["counts", "*i32", 8, "int:0:20"], ["out", "*fp32", 1024, "out"], ["scale", "fp32", 0.5], ["BLOCK", 128]]}
