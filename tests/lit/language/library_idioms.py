# Idioms of real Triton code bases that Triton accepts (seen in FlagGems,
# flash-linear-attention and Triton's tutorials): `.value` of a compile-time
# value, `is` between dtypes, a run-time `assert` (compiled out, as
# `tl.device_assert`), `[None]` on a full reduction, a tensor passed to a
# helper's `tl.constexpr` parameter, 64-bit random bits to a uniform float,
# a `None` kept across a loop whose only assignment to it is in a branch
# that a constant rules out, and a name defined before such a loop still
# defined after it (FlagGems' cumsum).
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f4" 16 "float(i - 4)"
# RUN: %tritonc run %s --kernel idioms --signature "*fp32, *fp32, i32, i32, False" --grid 1 \
# RUN:   --arg x_ptr=%t/x.npy --arg o_ptr=zeros:16 --arg n=3 --arg steps=2 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s
# RUN: %tritonc %s --kernel idioms --signature "*bf16, *fp32, i32, i32, True" -o %t/i.ptx
# RUN: %tritonc %s --kernel wide_uniform --signature "*fp32:16, i32" -o %t/w.ptx
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/r.npy "<f4" 32 "float(i)"
# RUN: %tritonc run %s --kernel rows_twice --signature "*fp32, *fp32, i32, i32, i32, False" --grid 1 \
# RUN:   --arg x_ptr=%t/r.npy --arg o_ptr=zeros:32 --arg R=2 --arg t=1 --arg r_stride=16 --out o_ptr=%t/ro.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/ro.npy | FileCheck %s --check-prefix=ROWS
# RUN: %tritonc %s --kernel rows_twice --signature "*fp32, *fp32, i32, i32, i32, True" -o %t/rt.ptx
# ROWS: 17: 34.0
# x = i - 4; lowest(fp32) = -inf, so m = max(-inf, x) = x; total = sum(x) = 56;
# y = x + offs; with TRACK false `state` stays None and adds nothing.
# CHECK: 0: 52.0
# CHECK-NEXT: 1: 54.0
# CHECK: 15: 82.0
import triton
import triton.language as tl


@triton.jit
def lowest(dtype):
    d = dtype.value
    if d.is_floating():
        v: tl.constexpr = float("-inf")
        return v
    return 0


@triton.jit
def shifted(x, OFFS: tl.constexpr):
    return x + OFFS


@triton.jit
def idioms(x_ptr, o_ptr, n, steps, TRACK: tl.constexpr):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs).to(tl.float32)
    dtype = tl.load(x_ptr).dtype
    acc_type = tl.float32 if dtype is tl.bfloat16 else dtype
    m = tl.maximum(tl.full([16], lowest(tl.float32), dtype=acc_type), x)
    assert n > 0
    total = tl.sum(m, 0)[None]
    state = tl.zeros([16], dtype=tl.float32) if TRACK else None
    for _ in range(steps):
        if TRACK:
            state += x
    y = shifted(m, offs.to(tl.float32)) + total
    if TRACK:
        y += state
    tl.store(o_ptr + offs, y)


@triton.jit
def wide_uniform(o_ptr, seed):
    offs = tl.arange(0, 128)
    a, b, c, d = tl.randint4x(seed, offs)
    bits = (a.to(tl.uint64) << 32) | b.to(tl.uint64)
    tl.store(o_ptr + offs, tl.uint_to_uniform_float(bits))


@triton.jit
def rows_twice(x_ptr, o_ptr, R, t, r_stride, OTHER_LAYOUT: tl.constexpr):
    for row in range(0, R):
        row_offset = row * r_stride
        cols = tl.arange(0, 16)
        for _ in range(0, t):
            if OTHER_LAYOUT:
                row_offset = row * 2
            tl.store(o_ptr + row_offset + cols, tl.load(x_ptr + row_offset + cols))
        for _ in range(0, t):
            tl.store(o_ptr + row_offset + cols, tl.load(o_ptr + row_offset + cols) * 2)
