# A tensor descriptor made on the host (Triton's TensorDescriptor), given
# in the signature as `tensordesc<DTYPE[BLOCK, ...]>`, arrives as its base
# (16-byte aligned), shape, and row strides (multiples of 16 bytes, the last
# stride being 1): the metadata and the launcher list those scalars in its
# place (the metadata's `tensor_descriptors` groups them), the launcher
# checks their hints, and the pipeliner copies its tiles with TMA from
# tensor maps built of them.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s --kernel mm -o %t/k.ptx --header %t/k.h --num-warps 8 --ptxas= --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32, 128, 128, 64"
# RUN: FileCheck %s --check-prefix=META < %t/k.json
# RUN: FileCheck %s --check-prefix=HEADER < %t/k.h
# RUN: %tritonc %s --kernel mm --emit tir-gpu -o - --num-warps 8 --signature "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32, 128, 128, 64" | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel shapes -o - --emit tir --signature "tensordesc<fp32[16, 32]>, *fp32" | FileCheck %s --check-prefix=SHAPES
# RUN: not %tritonc %s --kernel constexpr_desc -o - --signature "tensordesc<fp16[64, 64]>" 2>&1 | FileCheck %s --check-prefix=CONSTEXPR
# RUN: not %tritonc %s --kernel clash -o - --signature "tensordesc<fp16[64, 64]>, *fp16" 2>&1 | FileCheck %s --check-prefix=CLASH
import triton
import triton.language as tl


@triton.jit
def mm(a_desc, b_desc, c_desc, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    row0 = tl.program_id(0) * BLOCK_M
    col0 = tl.program_id(1) * BLOCK_N
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        acc = tl.dot(a_desc.load([row0, k * BLOCK_K]), b_desc.load([k * BLOCK_K, col0]), acc)
    c_desc.store([row0, col0], acc.to(c_desc.dtype))


@triton.jit
def shapes(x_desc, out_ptr):
    # The block shape and dtype come with the descriptor.
    tl.static_assert(x_desc.block_shape[0] == 16 and x_desc.block_shape[1] == 32)
    tl.static_assert(x_desc.dtype == tl.float32)
    tl.static_assert(isinstance(x_desc, tl.tensor_descriptor))
    x = x_desc.load([16, 0])
    offs = tl.arange(0, 16)[:, None] * 32 + tl.arange(0, 32)[None, :]
    tl.store(out_ptr + offs, x)


@triton.jit
def constexpr_desc(d: tl.constexpr):
    pass


@triton.jit
def clash(x, x_base):
    pass

# META:      "params": [
# META-NEXT:   {"name": "a_desc_base", "type": "*fp16:16"},
# META-NEXT:   {"name": "a_desc_shape0", "type": "i32"},
# META-NEXT:   {"name": "a_desc_shape1", "type": "i32"},
# META-NEXT:   {"name": "a_desc_stride0", "type": "i64:8"},
# META-NEXT:   {"name": "b_desc_base", "type": "*fp16:16"},
# META:        {"name": "c_desc_stride0", "type": "i64:8"},
# META-NEXT:   {"name": "K", "type": "i32"}
# META-NEXT: ],
# META:      "signature": "tensordesc<fp16[128, 64]>, tensordesc<fp16[64, 128]>, tensordesc<fp16[128, 128]>, i32, 128, 128, 64",
# META-NEXT: "tensor_descriptors": [
# META-NEXT:   {"name": "a_desc", "dtype": "fp16", "block_shape": [128, 64], "params": ["a_desc_base", "a_desc_shape0", "a_desc_shape1", "a_desc_stride0"]},
# META-NEXT:   {"name": "b_desc", "dtype": "fp16", "block_shape": [64, 128], "params": ["b_desc_base", "b_desc_shape0", "b_desc_shape1", "b_desc_stride0"]},
# META-NEXT:   {"name": "c_desc", "dtype": "fp16", "block_shape": [128, 128], "params": ["c_desc_base", "c_desc_shape0", "c_desc_shape1", "c_desc_stride0"]}
# META-NEXT: ],
# META:      "tensor_maps": [
# META-NEXT:   {"global_address": "a_desc_base", "dtype": "fp16", "element_bytes": 2, "global_dims": ["a_desc_shape1", "a_desc_shape0"], "global_strides_elements": ["a_desc_stride0"], "box_dims": [64, 128],
# META-NEXT:   {"global_address": "b_desc_base", "dtype": "fp16", "element_bytes": 2, "global_dims": ["b_desc_shape1", "b_desc_shape0"], "global_strides_elements": ["b_desc_stride0"], "box_dims": [64, 64],

# HEADER: inline CUresult launch(CUstream stream, Grid grid, CUdeviceptr a_desc_base, int32_t a_desc_shape0, int32_t a_desc_shape1, int64_t a_desc_stride0, CUdeviceptr b_desc_base, int32_t b_desc_shape0, int32_t b_desc_shape1, int64_t b_desc_stride0, CUdeviceptr c_desc_base, int32_t c_desc_shape0, int32_t c_desc_shape1, int64_t c_desc_stride0, int32_t K) {
# HEADER: a_desc_base % 16 != 0
# HEADER: a_desc_stride0 % 8 != 0

# TIR: func @mm(%a_desc_base: ptr<f16> {divisibility = 16}, %a_desc_shape0: i32, %a_desc_shape1: i32, %a_desc_stride0: i64 {divisibility = 8},
# TIR: tma_copy
# TIR: tma_copy

# SHAPES: func @shapes(%x_desc_base: ptr<f32> {divisibility = 16}, %x_desc_shape0: i32, %x_desc_shape1: i32, %x_desc_stride0: i64 {divisibility = 4}, %out_ptr: ptr<f32>)
# SHAPES: load

# CONSTEXPR: error: parameter `d` is a `tl.constexpr` but the signature gives the type `tensordesc<fp16[64, 64]>`

# CLASH: error: a tensor descriptor arrives as `x_base`, the name of another parameter; rename that one
