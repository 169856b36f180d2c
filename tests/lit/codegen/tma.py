# Tensor descriptors and block pointers feeding wgmma on sm_90a are copied
# with TMA. The pipeliner gives each ring buffer an mbarrier per slot
# ({barriers = 1}); the prologue and the loop issue `tma_copy` with the
# window's coordinates (the tensor as kernel parameters: base, rows, cols,
# row stride, and the constant unit column stride); each iteration waits on
# the read slot's phase, a carried bit flipped when the slot wraps; copies
# follow the barrier after the dots; the mbarriers are released after the
# loop, and nothing is drained with cp.async. In PTX the tensor maps are
# 128-byte grid-constant parameters after the source ones, one per tensor
# (the loads of A share one), read through their generic address; one
# thread inits the mbarriers, announces each slot's bytes and issues one
# copy per 64-column block of the slot (B's 128 columns take two); every
# thread spins on try_wait.parity. The descriptor store of C is a TMA
# store (bulk-tensor-accesses): the threads write the tile into shared
# memory as the accumulator holds it, fence the async proxy, and one
# thread copies it out, two boxes, with no st.global, then waits until
# they have been read. ptxas takes it
# without spills. The metadata says how to build each map, and the header
# builds them.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.ptx --metadata %t.json --header %t.h
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: FileCheck %s --check-prefix=JSON < %t.json
# RUN: FileCheck %s --check-prefix=HEADER < %t.h
# The GPU-level IR compiles again as it is (the default passes keep its
# ring buffers), to the same tensor maps.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o %t.tir
# RUN: %tritonc %t.tir --num-warps 8 --arch sm_90a -o %t.again.ptx --metadata %t.again.json
# RUN: FileCheck %s --check-prefix=PTX < %t.again.ptx
# RUN: FileCheck %s --check-prefix=JSON < %t.again.json
# Block pointers advanced in the loop qualify too, though axis info knows
# nothing of their offsets' alignment (cp.async would not take them).
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel bp_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:8, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=BLOCKPTR
# A descriptor's rows are 16-byte aligned by the language's contract
# (`tl.make_tensor_descriptor`), so B takes TMA even where the signature
# hints nothing about N, its row stride; the tensor map's encoding on the
# host refuses a row stride that breaks the contract.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ROWS
# With --no-tma, or on sm_80 (mma.sync), the tiles stay on cp.async.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --no-tma --emit tir-gpu -o - | FileCheck %s --check-prefix=CPASYNC
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_80 --emit tir-gpu -o - | FileCheck %s --check-prefix=CPASYNC
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --no-tma --metadata %t.notma.json -o %t.notma.ptx
# RUN: FileCheck %s --check-prefix=NOMAPS < %t.notma.json
# fp8 and tf32 take wgmma and TMA with B given [N, K] and transposed in the
# product (`b.T`): both tiles run along K. tf32 rows are 32 elements (128
# bytes) per box, fp8 rows 128.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul_bt --signature "*fp8e4nv:16, *fp8e4nv:16, *fp16:16, i32, i32:8, i32:16, 128, 128, 128" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.e4m3.ptx --metadata %t.e4m3.json
# RUN: FileCheck %s --check-prefix=E4M3 < %t.e4m3.ptx
# RUN: FileCheck %s --check-prefix=E4M3JSON < %t.e4m3.json
# RUN: %ptxas -arch=sm_90a %t.e4m3.ptx -o %t.e4m3.cubin
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_matmul_bt --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32:4, i32:4, 128, 128, 32" --num-warps 8 --num-stages 3 --arch sm_90a --metadata %t.tf32.json -o - | FileCheck %s --check-prefix=TF32
# RUN: FileCheck %s --check-prefix=TF32JSON < %t.tf32.json
# Where the dots wait for their products (attention: the scores feed the
# softmax) cp.async stays, as it measured faster; a tile reaching its dot
# through `k.T` is pipelined too, read from the slot with the other dim
# contiguous (on sm_80 as well, where ptxas takes it). Outside the loop
# (bulk-tensor-accesses), Q comes by TMA into a slot the dots read in
# place, and O leaves by a TMA store.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 64, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=ATTN
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 64, 128, 64" --num-warps 4 --num-stages 3 --arch sm_80 -o %t.attn80.ptx
# RUN: %ptxas -arch=sm_80 %t.attn80.ptx -o %t.attn80.cubin
# ... except tiles cp.async cannot take: block pointers bounded by a K of
# unknown alignment (rows `stride` apart), under a dot whose product is
# scaled before it is summed (so the sum stays outside it), still take TMA, and a barrier at the top of the loop ends
# the reads of the slot it overwrites. A window whose first column is not
# known 16-byte aligned takes no TMA (the copy would trap).
# RUN: %tritonc %s --kernel bp_sum --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:8, i32:8, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=SYNC
# RUN: %tritonc %s --kernel bp_sum --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32:8, i32, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=UNALIGNED
import triton
import triton.language as tl


@triton.jit
def bp_sum(a_ptr, b_ptr, c_ptr, M, K, stride, k0, BLOCK: tl.constexpr, BLOCK_K: tl.constexpr):
    a_blocks = tl.make_block_ptr(a_ptr, (M, K), (stride, 1), (tl.program_id(0) * BLOCK, k0), (BLOCK, BLOCK_K), (1, 0))
    b_blocks = tl.make_block_ptr(b_ptr, (M, K), (stride, 1), (0, k0), (BLOCK, BLOCK_K), (1, 0))
    acc = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for _ in range(0, tl.cdiv(K, BLOCK_K)):
        acc += tl.dot(tl.load(a_blocks, boundary_check=(0, 1)), tl.load(b_blocks, boundary_check=(0, 1)).T) * 0.5
        a_blocks = tl.advance(a_blocks, (0, BLOCK_K))
        b_blocks = tl.advance(b_blocks, (0, BLOCK_K))
    offs = tl.arange(0, BLOCK)
    tl.store(c_ptr + offs[:, None] * BLOCK + offs[None, :], acc)


# TIR: [[A:%[0-9]+]] = local_alloc {barriers = 1} : tensor<3x128x64xf16, #shared>
# TIR: [[B:%[0-9]+]] = local_alloc {barriers = 1} : tensor<3x64x128xf16, #shared>
# TIR: tma_copy [[A]], {{%[0-9]+}}, {{%[0-9]+}}, %a_ptr, %M, %K, %K, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}
# TIR-NEXT: tma_copy [[B]], {{%[0-9]+}}, {{%[0-9]+}}, %b_ptr, %K, %N, %N, {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}
# TIR: tma_copy [[A]]
# TIR: = for
# TIR-NEXT: ^({{%[0-9]+}}: i32, {{%[0-9]+}}: tensor<128x128xf32, #mma<v3, instr=[64,128,16], wpc=[8,1]>>, [[READ:%[0-9]+]]: i32, [[WRITE:%[0-9]+]]: i32, [[PHASE:%[0-9]+]]: i32):
# TIR-NEXT: tma_wait [[A]], [[READ]], [[PHASE]]
# TIR-NEXT: tma_wait [[B]], [[READ]], [[PHASE]]
# TIR-NOT: async_wait
# TIR: dot {{.*}}pending = 1
# TIR-NOT: tma_copy
# TIR: barrier
# TIR-NEXT: tma_copy [[A]], [[WRITE]],
# TIR-NEXT: tma_copy [[B]], [[WRITE]],
# TIR-NOT: async_commit
# TIR: [[WRAPS:%[0-9]+]] = cmpi {{%[0-9]+}}, {{%[0-9]+}} {predicate = "eq"} : i1
# TIR: [[FLIPPED:%[0-9]+]] = xori [[PHASE]], {{%[0-9]+}} : i32
# TIR-NEXT: [[NEXT:%[0-9]+]] = select [[WRAPS]], [[FLIPPED]], [[PHASE]] : i32
# TIR-NEXT: yield {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, [[NEXT]]
# TIR-NEXT: }
# TIR-NEXT: release_barriers [[A]]
# TIR-NEXT: release_barriers [[B]]
# TIR-NOT: async_

# PTX: .param .u32 desc_matmul_param_5,
# PTX-NEXT: .param .align 64 .b8 desc_matmul_param_6[128],
# PTX-NEXT: .param .align 64 .b8 desc_matmul_param_7[128],
# PTX-NEXT: .param .align 64 .b8 desc_matmul_param_8[128]
# PTX: cvta.param.u64 [[MAPC:%rd[0-9]+]],
# PTX: cvta.param.u64 [[MAPB:%rd[0-9]+]],
# PTX: cvta.param.u64 [[MAPA:%rd[0-9]+]],
# PTX: @leader mbarrier.init.shared::cta.b64 [{{%r[0-9]+}}], 1;
# PTX: fence.mbarrier_init.release.cluster;
# PTX-NEXT: // end inline asm
# PTX-NEXT: bar.sync 0;
# PTX: @issue mbarrier.arrive.expect_tx.shared::cta.b64 _, [[[BARA:%r[0-9]+]]], 16384;
# PTX-NEXT: @issue cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[MAPA]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[BARA]]];
# PTX: @issue mbarrier.arrive.expect_tx.shared::cta.b64 _, [[[BARB:%r[0-9]+]]], 16384;
# PTX-NEXT: @issue cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[MAPB]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[BARB]]];
# PTX-NEXT: @issue cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [{{%r[0-9]+}}], [[[MAPB]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [[[BARB]]];
# PTX: mbarrier.try_wait.parity.shared::cta.b64 landed,
# PTX-NEXT: @!landed bra tritonc_tma_wait;
# PTX: wgmma.mma_async
# PTX: @leader mbarrier.inval.shared::cta.b64
# PTX-NOT: cp.async.wait_group
# PTX-NOT: cp.async.cg
# PTX-NOT: st.global
# PTX: fence.proxy.async.shared::cta;
# PTX: bar.sync 0;
# PTX: @issue cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [[[MAPC]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%r[0-9]+}}];
# PTX-NEXT: @issue cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [[[MAPC]], {{{%r[0-9]+}}, {{%r[0-9]+}}}], [{{%r[0-9]+}}];
# PTX-NEXT: @issue cp.async.bulk.commit_group;
# PTX: @issuer cp.async.bulk.wait_group.read 0;
# PTX: bar.sync 0;
# PTX-NOT: st.global

# PTXAS: 0 bytes spill stores, 0 bytes spill loads

# JSON: "tensor_maps": [
# JSON-NEXT: {"global_address": "a_ptr", "dtype": "fp16", "element_bytes": 2, "global_dims": ["K", "M"], "global_strides_elements": ["K"], "box_dims": [64, 128], "element_strides": [1, 1], "interleave": "none", "swizzle": "128B", "l2_promotion": "256B", "oob_fill": "zero"},
# JSON-NEXT: {"global_address": "b_ptr", "dtype": "fp16", "element_bytes": 2, "global_dims": ["N", "K"], "global_strides_elements": ["N"], "box_dims": [64, 64], "element_strides": [1, 1], "interleave": "none", "swizzle": "128B", "l2_promotion": "256B", "oob_fill": "zero"},
# JSON-NEXT: {"global_address": "c_ptr", "dtype": "fp16", "element_bytes": 2, "global_dims": ["N", "M"], "global_strides_elements": ["N"], "box_dims": [64, 128], "element_strides": [1, 1], "interleave": "none", "swizzle": "128B", "l2_promotion": "256B", "oob_fill": "zero"}
# JSON-NEXT: ]

# HEADER: #ifndef TRITONC_LAUNCHER_TENSOR_MAPS_V1
# HEADER: inline CUresult encodeTensorMap(
# HEADER: if (K % 8 != 0)
# HEADER: CUtensorMap maps[3];
# HEADER-NEXT: if (CUresult status = ::tritonc_kernels::runtime::encodeTensorMap(
# HEADER-NEXT: &maps[0], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, a_ptr, M, K, K, 128, 64, CU_TENSOR_MAP_SWIZZLE_128B);
# HEADER: &maps[1], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, b_ptr, K, N, N, 64, 64, CU_TENSOR_MAP_SWIZZLE_128B);
# HEADER: &maps[2], CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, c_ptr, M, N, N, 128, 64, CU_TENSOR_MAP_SWIZZLE_128B);
# HEADER: void *params[] = {&a_ptr, &b_ptr, &c_ptr, &M, &N, &K, &maps[0], &maps[1], &maps[2]};

# BLOCKPTR: local_alloc {barriers = 1}
# BLOCKPTR: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %a_ptr, %M, %K, %stride_am,
# BLOCKPTR: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %b_ptr, %K, %N, %stride_bk,
# BLOCKPTR-NOT: async_copy

# ROWS: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %a_ptr, %M, %K, %K,
# ROWS: tma_copy {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}}, %b_ptr, %K, %N, %N,
# ROWS: = for
# ROWS-NOT: = load
# ROWS: yield
# ROWS-NOT: async_copy

# CPASYNC-NOT: tma_
# CPASYNC-NOT: barriers = 1
# CPASYNC: async_copy
# CPASYNC-NOT: tma_

# NOMAPS-NOT: tensor_maps

# ATTN: [[Q:%[0-9]+]] = local_alloc {barriers = 1} : tensor<1x128x64xf16, #shared>
# ATTN: tma_copy [[Q]], {{%[0-9]+}}, {{%[0-9]+}}, %q_ptr,
# ATTN-NEXT: tma_wait [[Q]],
# ATTN-NEXT: [[QSLOT:%[0-9]+]] = local_slot [[Q]], {{%[0-9]+}} : tensor<128x64xf16, #shared>
# ATTN-NEXT: barrier
# ATTN-NEXT: release_barriers [[Q]]
# ATTN: [[K:%[0-9]+]] = local_alloc : tensor<3x64x64xf16, #shared>
# ATTN-NEXT: [[V:%[0-9]+]] = local_alloc : tensor<3x64x64xf16, #shared>
# ATTN: = for
# ATTN-NEXT: ^({{.*}}[[READ:%[0-9]+]]: i32, {{%[0-9]+}}: i32):
# ATTN: async_wait {pending = 1}
# ATTN-NOT: trans
# ATTN: [[KT:%[0-9]+]] = local_slot [[K]], [[READ]] : tensor<64x64xf16, #shared<colmajor>>
# ATTN-NEXT: local_slot [[V]], [[READ]] : tensor<64x64xf16, #shared>
# ATTN-NEXT: dot [[QSLOT]], [[KT]],
# ATTN-NOT: tma_
# ATTN: yield
# ATTN-NOT: tma_copy
# ATTN: [[O:%[0-9]+]] = local_alloc : tensor<1x128x64xf16, #shared>
# ATTN: tma_store [[O]], {{%[0-9]+}}, {{%[0-9]+}}, %o_ptr, %rows,
# ATTN-NEXT: tma_store_wait [[O]]
# ATTN-NEXT: return

# SYNC: local_alloc {barriers = 1} : tensor<3x128x64xf16, #shared>
# SYNC: = for
# SYNC-NEXT: ^(
# SYNC-NEXT: tma_wait
# SYNC-NEXT: tma_wait
# SYNC-NEXT: barrier
# SYNC: tma_copy
# SYNC-NEXT: tma_copy
# SYNC: local_slot {{.*}} : tensor<64x128xf16, #shared<colmajor>>
# SYNC-NOT: pending
# SYNC: release_barriers

# UNALIGNED-NOT: tma_

# E4M3: cp.async.bulk.tensor.2d
# E4M3: wgmma.mma_async.sync.aligned.m64n128k32.f32.e4m3.e4m3
# E4M3JSON: {"global_address": "a_ptr", "dtype": "fp8e4nv", "element_bytes": 1, "global_dims": ["K", "M"], "global_strides_elements": ["K"], "box_dims": [128, 128],
# E4M3JSON: {"global_address": "b_ptr", "dtype": "fp8e4nv", "element_bytes": 1, "global_dims": ["K", "N"], "global_strides_elements": ["K"], "box_dims": [128, 128],

# TF32: cp.async.bulk.tensor.2d
# TF32: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
# TF32JSON: "box_dims": [32, 128], "element_strides": [1, 1], "interleave": "none", "swizzle": "128B"
