# Bool memory is bytes, as Triton reads and writes it: a value stored
# through an `*i1` pointer that is not already bool converts to int8 (int8
# -2 is the byte 0xfe, fp32 0.5 the byte 0), a load's `other` likewise, and
# a load compares the bytes with 0. A block pointer over bool memory is one
# over int8: its loads give int8, and what it stores must be int8.
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "|i1" 16 "i % 3 - 1"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/f.npy "<f4" 16 "0.5 * i - 2"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/b.npy "|b1" 16 "i % 2 == 1"
# RUN: %tritonc run %s --kernel bytes --signature "*i8, *fp32, *i1, *i1, *i1" --grid 1 --arg x_ptr=%t/x.npy \
# RUN:   --arg f_ptr=%t/f.npy --arg o_ptr=zeros:16 --arg p_ptr=zeros:16 --arg q_ptr=zeros:16 \
# RUN:   --out o_ptr=%t/o.npy --out p_ptr=%t/p.npy --out q_ptr=%t/q.npy
# RUN: od -A n -t u1 -j 128 -v %t/o.npy | FileCheck %s --check-prefix=NOT
# RUN: od -A n -t u1 -j 128 -v %t/p.npy | FileCheck %s --check-prefix=TRUNC
# RUN: od -A n -t u1 -j 128 -v %t/q.npy | FileCheck %s --check-prefix=LOADED
# RUN: %tritonc run %s --kernel block_bytes --signature "*i1, *i1, 4, 4" --grid 1 --arg x_ptr=%t/b.npy \
# RUN:   --arg o_ptr=zeros:16 --out o_ptr=%t/nb.npy
# RUN: od -A n -t u1 -j 128 -v %t/nb.npy | FileCheck %s --check-prefix=BLOCK
# RUN: %tritonc %s --kernel bytes --signature "*i8:16, *fp32:16, *i1:16, *i1:16, *i1:16" -o %t/k.ptx --arch sm_90a
# RUN: not %tritonc %s --kernel block_bool_store --signature "*i1, *fp32, 4, 4" -o %t/s.ptx 2>&1 | FileCheck %s --check-prefix=STORE
# ~x of int8 x = -1, 0, 1, ...: 0, 0xff, 0xfe.
# NOT: 0 255 254 0 255 254
# fp32 -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2 truncated to int8.
# TRUNC: 254 255 255 0 0 0 1 1 2 2
# The bytes of o != 0 for the first 8; `other=0.5` is int8 0: False.
# LOADED: 0 1 1 0 1 1 0 1 0 0 0 0 0 0 0 0
# Bool bytes 0, 1, ... read through a block pointer are int8: ~ gives 0xff, 0xfe.
# BLOCK: 255 254 255 254 255 254
# STORE: bool_memory.py:[[@LINE+27]]:47: error: the value stored through {{.*}} must have its element type `i8`, found tensor<4x4xi1>
import triton
import triton.language as tl


@triton.jit
def bytes(x_ptr, f_ptr, o_ptr, p_ptr, q_ptr):
    offs = tl.arange(0, 16)
    w = tl.load(x_ptr + offs)
    tl.store(o_ptr + offs, ~w)
    tl.store(p_ptr + offs, tl.load(f_ptr + offs))
    tl.store(q_ptr + offs, tl.load(o_ptr + offs, mask=offs < 8, other=0.5))


@triton.jit
def block_bytes(x_ptr, o_ptr, BM: tl.constexpr, BN: tl.constexpr):
    v = tl.load(tl.make_block_ptr(x_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0), block_shape=(BM, BN),
                                  order=(1, 0)))
    tl.store(tl.make_block_ptr(o_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0), block_shape=(BM, BN),
                               order=(1, 0)), ~v)


@triton.jit
def block_bool_store(o_ptr, f_ptr, BM: tl.constexpr, BN: tl.constexpr):
    offs = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    v = tl.load(f_ptr + offs) > 0
    tl.store(tl.make_block_ptr(o_ptr, shape=(BM, BN), strides=(BN, 1), offsets=(0, 0), block_shape=(BM, BN),
                               order=(1, 0)), v)
