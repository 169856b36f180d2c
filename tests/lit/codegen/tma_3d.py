# A 3-D tensor descriptor read one batch at a time (`desc.load([b, m, k])`,
# a [1, BM, BK] tile reshaped to [BM, BK] for the dot, as Liger's mlp.py
# writes it) is copied by TMA on sm_90a like a 2-D one: tma_copy carries the
# batch dim's size, stride and index after the row and column, the PTX
# copies with cp.async.bulk.tensor.3d (coordinates innermost first: column,
# row, batch), the tensor map is 3-D with a box of one along the batch, and
# the header encodes it with encodeTensorMapOfRank. The products, reshaped
# to [1, BM, BN] for the 3-D store, stay in their MMA layout until the
# store's one conversion.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel batched_gate --signature "tensordesc<fp16[1, 128, 64]>, tensordesc<fp16[128, 64]>, tensordesc<fp16[1, 128, 128]>, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel batched_gate --signature "tensordesc<fp16[1, 128, 64]>, tensordesc<fp16[128, 64]>, tensordesc<fp16[1, 128, 128]>, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.ptx --metadata %t.json --header %t.h
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: FileCheck %s --check-prefix=HEADER < %t.h
# One matrix for every batch (a batch stride of 0) makes no tensor map: its
# tiles stay off TMA.
# RUN: %tritonc %s --kernel shared_matrix --signature "*fp16:16, *fp16:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ZERO
import triton
import triton.language as tl


@triton.jit
def batched_gate(x_desc, w_desc, out_desc, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    b = tl.program_id(1)
    m0 = tl.program_id(0) * BM
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.reshape(x_desc.load([b, m0, k]), [BM, BK])
        acc = tl.dot(x, tl.trans(w_desc.load([0, k])), acc)
    out_desc.store([b, m0, 0], tl.reshape(acc * tl.sigmoid(acc), [1, BM, BN]).to(tl.float16))


@triton.jit
def shared_matrix(x_ptr, w_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    b = tl.program_id(1)
    m0 = tl.program_id(0) * BM
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[4, M, K], strides=[0, K, 1], block_shape=[1, BM, BK])
    w_desc = tl.make_tensor_descriptor(w_ptr, shape=[BN, K], strides=[K, 1], block_shape=[BN, BK])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.reshape(x_desc.load([b, m0, k]), [BM, BK])
        acc = tl.dot(x, tl.trans(w_desc.load([0, k])), acc)
    tl.store(x_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], acc.to(tl.float16))


# ZERO-NOT: tma_copy {{.*}}%x_ptr
# ZERO: tma_copy {{.*}}%w_ptr
# ZERO-NOT: tma_copy {{.*}}%x_ptr

# TIR: for
# TIR: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %x_desc_base, %x_desc_shape1, %x_desc_shape2, %x_desc_stride1, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %x_desc_shape0, %x_desc_stride0, {{%[0-9]+}}
# TIR: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %w_desc_base, %w_desc_shape0, %w_desc_shape1, %w_desc_stride0, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}{{$}}
# TIR-NOT: local_store
# TIR: yield
# TIR-NOT: reshape {{%[0-9]+}} : tensor<1x128x128xf32
# TIR: truncf {{%[0-9]+}} : tensor<128x128xf16, #mma

# PTX: cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}]
# PTX: cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes
# PTXAS: 0 bytes spill stores

# JSON: "global_address": "x_desc_base"
# JSON-SAME: "global_dims": ["x_desc_shape2", "x_desc_shape1", "x_desc_shape0"], "global_strides_elements": ["x_desc_stride1", "x_desc_stride0"], "box_dims": [64, 128, 1]

# HEADER: ::tritonc_kernels::runtime::encodeTensorMapOfRank(
# HEADER-NEXT: &maps[0], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, x_desc_base, 3, {x_desc_shape2, x_desc_shape1, x_desc_shape0}, {x_desc_stride1, x_desc_stride0}, {64, 128, 1}, CU_TENSOR_MAP_SWIZZLE_128B);
