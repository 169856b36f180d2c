# Triton's computation types (semantic.computation_type_impl): bf16 beside
# any non-bf16 tensor computes in fp32, fp16 wins over bf16, and
# tl.minimum / tl.maximum turn Python numbers into tensors first (so a
# uint8 tile with 2 computes in int32) and widen each bf16 operand to fp32
# before the operands meet, so fp16 with bf16 computes in fp32 there (where
# `*` computes it in fp16): 2^17 in bf16 (bits 0x4800) stays 131072 instead
# of becoming fp16's inf.
# RUN: %tritonc %s --kernel bf16_and_int --signature "*bf16, *i32, *fp32" --emit tir -o - | FileCheck %s --check-prefix=BF16INT
# RUN: %tritonc %s --kernel half_pair --signature "*fp16, *bf16, *fp32" --emit tir -o - | FileCheck %s --check-prefix=HALF
# RUN: %tritonc %s --kernel minimum_with_int --signature "*u8, *i1" --emit tir -o - | FileCheck %s --check-prefix=MIN
# RUN: %tritonc %s --kernel minimum_bf16 --signature "*bf16, *fp32" --emit tir -o - | FileCheck %s --check-prefix=MINBF16
# BF16INT: addf {{.*}} : tensor<8xf32>
# HALF: mulf {{.*}} : tensor<8xf16>
# MIN: minsi {{.*}} : tensor<8xi32>
# MIN: subi {{.*}} : tensor<8xi32>
# MINBF16: minnumf {{.*}} : tensor<8xf32>
# MAXHALF: maxnumf {{.*}} : tensor<8xf32>
# RUN: %tritonc %s --kernel maximum_half_pair --signature "*fp16, *bf16, *fp32" --emit tir -o - | FileCheck %s --check-prefix=MAXHALF
# RUN: rm -rf %t && mkdir -p %t
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/x.npy "<f2" 8 "1.0"
# RUN: python3 %S/../interp/Inputs/npy_tool.py write %t/y.npy "<u2" 8 "0x4800"
# RUN: %tritonc run %s --kernel maximum_half_pair --signature "*fp16, *bf16, *fp32" --grid 1 --arg x_ptr=%t/x.npy --arg y_ptr=%t/y.npy --arg o_ptr=zeros:8 --out o_ptr=%t/o.npy
# RUN: python3 %S/../interp/Inputs/npy_tool.py print %t/o.npy | FileCheck %s --check-prefix=MAXVAL
# MAXVAL: 0: 131072.0
import triton
import triton.language as tl


@triton.jit
def bf16_and_int(x_ptr, y_ptr, o_ptr):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, (tl.load(x_ptr + i) + tl.load(y_ptr + i)).to(tl.float32))


@triton.jit
def half_pair(x_ptr, y_ptr, o_ptr):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, tl.load(x_ptr + i) * tl.load(y_ptr + i))


@triton.jit
def minimum_with_int(u_ptr, o_ptr):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, (tl.minimum(tl.load(u_ptr + i), 2) - 3) < 0)


@triton.jit
def minimum_bf16(x_ptr, o_ptr):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, tl.minimum(tl.load(x_ptr + i), 1.5))


@triton.jit
def maximum_half_pair(x_ptr, y_ptr, o_ptr):
    i = tl.arange(0, 8)
    tl.store(o_ptr + i, tl.maximum(tl.load(x_ptr + i), tl.load(y_ptr + i)))
