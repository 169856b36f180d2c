# Python's integers are unbounded and Triton folds constexpr arithmetic in
# Python: `-1 * 2 ** 63` (FlagGems' int64 minimum) passes through 2^63, and
# 0xD2E7470EE14C6C93 or `2 ** 64 - 1` are uint64 where they meet a tensor.
# Compile-time integers here have 128 bits; a value past them is refused.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/u.npy "<u8" 4 "1"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/i.npy "<i8" 4 "1"
# RUN: %tritonc run %s --kernel wide --signature "*u64, *i64, *u64, *i64" --grid 1 --arg u_ptr=%t/u.npy \
# RUN:   --arg i_ptr=%t/i.npy --arg o_ptr=zeros:4 --arg q_ptr=zeros:4 --out o_ptr=%t/o.npy --out q_ptr=%t/q.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=U64
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/q.npy | FileCheck %s --check-prefix=I64
# RUN: not %tritonc %s --kernel too_wide --signature "*i64" -o %t/w.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: not %tritonc %s --kernel out_of_range --signature "*i64" -o %t/r.ptx 2>&1 | FileCheck %s --check-prefix=RANGE
# (0xD2E7470EE14C6C93 + 2^64 - 1) mod 2^64:
# U64: 0: 15197193596820024466
# I64: 0: -9223372036854775807
import triton
import triton.language as tl


@triton.jit
def wide(u_ptr, i_ptr, o_ptr, q_ptr):
    offs = tl.arange(0, 4)
    tl.store(o_ptr + offs, tl.load(u_ptr + offs) * 0xD2E7470EE14C6C93 + (2**64 - 1))
    lowest: tl.constexpr = -1 * 2 ** 63
    tl.store(q_ptr + offs, tl.full([4], lowest, tl.int64) + tl.load(i_ptr + offs))


@triton.jit
def too_wide(o_ptr):
    # BAD: [[@LINE+1]]:{{[0-9]+}}: error: the result overflows 128-bit integers in a compile-time expression
    huge: tl.constexpr = 2 ** 130
    tl.store(o_ptr, huge)


@triton.jit
def out_of_range(o_ptr):
    offs = tl.arange(0, 4)
    # RANGE: [[@LINE+1]]:{{[0-9]+}}: error: the constant 18446744073709551615 is out of range for `int64`
    tl.store(o_ptr + offs, tl.load(o_ptr + offs) + (2**64 - 1))
