# Shapes from the session-20 difftest campaign where Triton 3.6's own PTX
# gave wrong values on an H200 and tritonc's were right (bench/RESULTS.md):
# a value minus itself is 0 even when it is a rounded product (Triton
# contracted `x * -7.0 - v` into an FMA across the bf16 rounding of v:
# dt_1018891); a reverse int16 cumsum down the rows, masked rows counting
# -128 (Triton's differed from the exact sums on every element:
# dt_1017253); an int32 bit pattern that is a NaN as fp32 is not above -1
# (Triton answered True: dt_1017557). From session 21's campaign: a bf16
# tile loaded down its columns, rounded through fp8e5 and stored through a
# block pointer keeps its values (Triton stored groups of four repeated
# garbage values on 152 of 171 elements: dt_2103665); and an int16
# accumulator of 0 minus -32768 (-inf clamped) wraps to -32768, so -128
# is not below it (Triton answered True: dt_2403650). From session 22's
# descriptor campaign: an int16 divided by itself where it is neither 0 nor
# -1 (else by 5) gives 1 for 1 (Triton's PTX picks the divisor with a
# packed `add.s16x2` compare and reads right, but its output was what a
# divisor of 5 gives, on 1 to 3 elements a program: dt_2714490,
# dt_2713832). Values from the
# interpreter, checked here against sums worked by hand; the PTX goes
# through ptxas.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/bf.npy "<u2" 16 "16256 + 37 * i"
# RUN: %tritonc run %s --kernel self_difference --signature "*bf16, *bf16" --grid 1 --arg x_ptr=%t/bf.npy --arg o_ptr=zeros:16 --out o_ptr=%t/o1.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o1.npy | FileCheck %s --check-prefix=ZERO
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/i16.npy "<i2" 200 "(i * 37) % 200 - 100"
# RUN: %tritonc run %s --kernel reverse_rows --signature "*i16, *i32, i32" --grid 1 --arg x_ptr=%t/i16.npy --arg o_ptr=zeros:200 --arg M=100 --out o_ptr=%t/o2.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o2.npy | FileCheck %s --check-prefix=SCAN
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/i32.npy "<i4" 64 "i - 30"
# RUN: %tritonc run %s --kernel nan_above --signature "*i32, *u32" --grid 1 --arg x_ptr=%t/i32.npy --arg o_ptr=zeros:16 --out o_ptr=%t/o3.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o3.npy | FileCheck %s --check-prefix=NAN
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/ones.npy "<u2" 171 "16256 + 128 * (i % 3)"
# RUN: %tritonc run %s --kernel fp8_round_trip_block_store --signature "*bf16, *bf16, i32, i32, 32, 16" --grid 1 --arg x_ptr=%t/ones.npy --arg o_ptr=zeros:171 --arg M=19 --arg N=9 --out o_ptr=%t/o4.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o4.npy | FileCheck %s --check-prefix=FP8
# RUN: %tritonc %s --kernel fp8_round_trip_block_store --signature "*bf16:16, *bf16:16, i32, i32, 32, 16" --arch sm_90a -o %t/d.ptx
# RUN: %ptxas -arch=sm_90a %t/d.ptx -o %t/d.cubin
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/f.npy "<f4" 4 "[float('-inf'), -2.0, 5.0, 40000.0][i]"
# RUN: %tritonc run %s --kernel int16_wrap --signature "*fp32, *i16, *i1, i32" --grid 1 --arg x_ptr=%t/f.npy --arg o_ptr=zeros:4 --arg b_ptr=zeros:4 --arg n=1 --out o_ptr=%t/o5.npy --out b_ptr=%t/b5.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o5.npy | FileCheck %s --check-prefix=WRAP
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/b5.npy | FileCheck %s --check-prefix=BELOW
# RUN: %tritonc %s --kernel int16_wrap --signature "*fp32:16, *i16:16, *i1:16, i32" --arch sm_80 -o %t/e.ptx
# RUN: %ptxas -arch=sm_80 %t/e.ptx -o %t/e.cubin
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/q.npy "<i2" 64 "i % 4 - 1"
# RUN: %tritonc run %s --kernel divide_by_chosen_int16 --signature "*i16, *i16" --grid 1 --arg x_ptr=%t/q.npy --arg o_ptr=zeros:64 --out o_ptr=%t/o6.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o6.npy | FileCheck %s --check-prefix=QUOT
# RUN: %tritonc %s --kernel divide_by_chosen_int16 --signature "*i16:16, *i16:16" --arch sm_90a -o %t/f.ptx
# RUN: %ptxas -arch=sm_90a %t/f.ptx -o %t/f.cubin
# RUN: %tritonc %s --kernel self_difference --signature "*bf16:16, *bf16:16" --arch sm_90a -o %t/a.ptx
# RUN: %tritonc %s --kernel reverse_rows --signature "*i16:16, *i32:16, i32" --arch sm_80 -o %t/b.ptx
# RUN: %tritonc %s --kernel nan_above --signature "*i32:16, *u32:16" --arch sm_90a -o %t/c.ptx
# RUN: %ptxas -arch=sm_90a %t/a.ptx -o %t/a.cubin
# RUN: %ptxas -arch=sm_80 %t/b.ptx -o %t/b.cubin
# RUN: %ptxas -arch=sm_90a %t/c.ptx -o %t/c.cubin
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def self_difference(x_ptr, o_ptr):
    r = tl.arange(0, 16)
    v = tl.load(x_ptr + r) * -7.0
    tl.store(o_ptr + r, v - v)


@triton.jit
def reverse_rows(x_ptr, o_ptr, M):
    rows = tl.arange(0, 128)
    cols = tl.arange(0, 2)
    v = tl.load(x_ptr + cols[None, :] * M + rows[:, None], mask=rows[:, None] < M, other=-128)
    tl.store(o_ptr + rows[:, None] * 2 + cols[None, :], tl.cumsum(v, axis=0, reverse=True), mask=rows[:, None] < M)


@triton.jit
def nan_above(x_ptr, o_ptr):
    r = tl.arange(0, 16)
    s = tl.sum(tl.load(x_ptr + r[:, None] * 4 + tl.arange(0, 4)[None, :]), axis=1)
    f = s.to(tl.float32, bitcast=True)
    tl.store(o_ptr + r, (f > -1).to(tl.uint32))

@triton.jit
def fp8_round_trip_block_store(x_ptr, o_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rows = tl.arange(0, BM)
    cols = tl.arange(0, BN)
    mask = (rows[:, None] < M) & (cols[None, :] < N)
    v = tl.load(x_ptr + cols[None, :] * M + rows[:, None], mask=mask, other=1.0).to(tl.float8e5).to(tl.bfloat16)
    out = tl.make_block_ptr(o_ptr, shape=(M, N), strides=(N, 1), offsets=(0, 0), block_shape=(BM, BN), order=(1, 0))
    tl.store(out, v.to(tl.bfloat16), boundary_check=(0, 1))

@triton.jit
def int16_wrap(x_ptr, o_ptr, b_ptr, n):
    r = tl.arange(0, 4)
    x = tl.load(x_ptr + r)
    acc = tl.zeros((4,), tl.int16)
    for i in tl.range(0, n):
        acc = (acc - tl.minimum(tl.maximum(x, -32768.0), 32767.0).to(tl.int16)).to(tl.int16)
    tl.store(o_ptr + r, acc)
    tl.store(b_ptr + r, tl.full((4,), -128, tl.int16) < acc)

@triton.jit
def divide_by_chosen_int16(x_ptr, o_ptr):
    r = tl.arange(0, 64)
    v = tl.load(x_ptr + r)
    tl.store(o_ptr + r, v // tl.where((v == 0) | (v == -1), 5, v).to(tl.int16))

# ZERO-NOT: {{[0-9]+}}: {{[1-9-]}}
# Row 0 sums all 100 rows and the 28 masked ones; row 99 is its own value
# plus the masked rows.
# SCAN: 0: -3634
# SCAN: 1: -3634
# SCAN: 198: -3621
# SCAN: 199: -3521
# Rows 0-7 sum to -114 ... -2 (NaN bit patterns), rows 8-15 to 14 ... 126
# (subnormals above -1).
# NAN: 7: 0
# NAN-NEXT: 8: 1
# NAN: 15: 1
# Element (r, c) is x[c * 19 + r]: 1.0, 2.0, 4.0 (bf16 16256, 16384,
# 16512) by that index modulo 3, each exact in fp8e5.
# FP8: 0: 16256
# FP8-NEXT: 1: 16384
# FP8-NEXT: 2: 16512
# FP8: 9: 16384
# FP8: 170: 16512
# 0 - (-32768) wraps to -32768; the others negate in range.
# WRAP: 0: -32768
# WRAP-NEXT: 1: 2
# WRAP-NEXT: 2: -5
# WRAP-NEXT: 3: -32767
# BELOW: 0: False
# BELOW-NEXT: 1: True
# BELOW-NEXT: 2: True
# BELOW-NEXT: 3: False
# -1 and 0 are divided by 5 (0, truncating), 1 and 2 by themselves.
# QUOT: 0: 0
# QUOT-NEXT: 1: 0
# QUOT-NEXT: 2: 1
# QUOT-NEXT: 3: 1
# QUOT: 62: 1
# QUOT-NEXT: 63: 1
