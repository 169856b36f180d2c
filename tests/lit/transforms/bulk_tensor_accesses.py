# bulk-tensor-accesses (sm_90a): descriptor stores become `tma_store`s
# from a one-slot buffer, written in the layout the value was computed in
# (the products' #mma, no convert_layout), a run of them waiting once
# (`tma_store_wait` of every buffer, before the op that ends the run);
# descriptor loads outside loops become `tma_copy`s into a slot with an
# mbarrier, the copies of adjacent loads issued together before the first
# wait, each read back where it stood in the layout of the reshape that
# was its only reader. A tile only dots read stays in its slot for them.
# REQUIRES: ptxas
# RUN: %tritonc %S/../../gpu/lang/kernels/descriptor_epilogues.py --kernel gated_epilogue --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=EPI
# RUN: %tritonc %S/../../gpu/lang/kernels/descriptor_epilogues.py --kernel gated_epilogue --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_90a -o %t.ptx --metadata %t.json
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: %tritonc %S/../../gpu/lang/kernels/descriptor_epilogues.py --kernel project_blocks --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=LOOP
# On sm_80, or with --no-tma, the loads and stores stay.
# RUN: %tritonc %S/../../gpu/lang/kernels/descriptor_epilogues.py --kernel gated_epilogue --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_80 --emit tir-gpu -o - | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %S/../../gpu/lang/kernels/descriptor_epilogues.py --kernel gated_epilogue --signature "*bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, *bf16:16, i32, i32, i32, i32, i32, 64, 64, 32" --num-warps 4 --arch sm_90a --no-tma --emit tir-gpu -o - | FileCheck %s --check-prefix=NONE
# A load padded with NaN, a load in a loop that feeds no dot, and a block
# pointer's store (its boundary check may leave edges to write that TMA
# would clip) stay; the descriptor store in the loop waits before the
# loop's next iteration.
# RUN: %tritonc %s --kernel stays --signature "*fp32:16, *fp32:16, *fp32:16, i32, i32:4, 32, 32" --num-warps 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=STAYS
import triton
import triton.language as tl


@triton.jit
def stays(x_ptr, y_ptr, z_ptr, rows, cols, BR: tl.constexpr, BC: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[rows, cols], strides=[cols, 1], block_shape=[BR, BC],
                                       padding_option="nan")
    y_desc = tl.make_tensor_descriptor(y_ptr, shape=[rows, cols], strides=[cols, 1], block_shape=[BR, BC])
    r0 = tl.program_id(0) * BR
    total = tl.zeros((BR, BC), dtype=tl.float32)
    for c in range(0, cols, BC):
        total += y_desc.load([r0, c])
        y_desc.store([r0, c], total)
    z_blocks = tl.make_block_ptr(z_ptr, (rows, cols), (cols, 1), (r0, 0), (BR, BC), (1, 0))
    tl.store(z_blocks, total + x_desc.load([r0, 0]), boundary_check=(0, ))


# EPI: = for
# EPI: yield
# EPI: [[G:%[0-9]+]] = local_alloc {barriers = 1} : tensor<1x64x64xbf16, #shared>
# EPI: tma_copy [[G]], {{%[0-9]+}}, {{%[0-9]+}}, %g_ptr,
# EPI-NEXT: [[U:%[0-9]+]] = local_alloc {barriers = 1} : tensor<1x64x64xbf16, #shared>
# EPI: tma_copy [[U]], {{%[0-9]+}}, {{%[0-9]+}}, %u_ptr,
# EPI-NEXT: tma_wait [[G]],
# EPI-NEXT: [[GS:%[0-9]+]] = local_slot [[G]], {{%[0-9]+}} : tensor<64x64xbf16, #shared>
# EPI-NEXT: = local_load [[GS]] : tensor<64x64xbf16, #mma<v3, instr=[64,64,16], wpc=[4,1]>>
# EPI-NEXT: barrier
# EPI-NEXT: release_barriers [[G]]
# EPI: tma_wait [[U]],
# EPI: = local_load {{%[0-9]+}} : tensor<64x64xbf16, #mma<v3, instr=[64,64,16], wpc=[4,1]>>
# EPI-NOT: = load
# EPI-NOT: convert_layout
# EPI: [[DU:%[0-9]+]] = local_alloc : tensor<1x64x64xbf16, #shared>
# EPI: tma_store [[DU]], {{%[0-9]+}}, {{%[0-9]+}}, %du_ptr,
# EPI: [[DG:%[0-9]+]] = local_alloc : tensor<1x64x64xbf16, #shared>
# EPI: tma_store [[DG]], {{%[0-9]+}}, {{%[0-9]+}}, %dg_ptr,
# EPI-NEXT: tma_store_wait [[DU]], [[DG]]
# EPI-NEXT: return

# PTX-COUNT-2: @issue mbarrier.arrive.expect_tx.shared::cta.b64 _, [{{%r[0-9]+}}], 8192;
# PTX-NOT: ld.global
# PTX: mbarrier.try_wait.parity.shared::cta.b64
# PTX-NOT: ld.global
# PTX-NOT: st.global
# PTX: cp.async.bulk.tensor.3d.global.shared::cta.bulk_group
# PTX: cp.async.bulk.tensor.3d.global.shared::cta.bulk_group
# PTX: cp.async.bulk.wait_group.read 0;
# PTX-NOT: st.global

# PTXAS: 0 bytes spill stores, 0 bytes spill loads

# LOOP: [[X:%[0-9]+]] = local_alloc {barriers = 1} : tensor<1x64x64xf16, #shared>
# LOOP: tma_copy [[X]], {{%[0-9]+}}, {{%[0-9]+}}, %x_ptr,
# LOOP-NEXT: tma_wait [[X]],
# LOOP-NEXT: [[XS:%[0-9]+]] = local_slot [[X]], {{%[0-9]+}} : tensor<64x64xf16, #shared>
# LOOP-NEXT: barrier
# LOOP-NEXT: release_barriers [[X]]
# LOOP: = for
# LOOP: dot [[XS]],
# LOOP: [[Y:%[0-9]+]] = local_alloc : tensor<1x64x32xf16, #shared>
# LOOP: tma_store [[Y]], {{%[0-9]+}}, {{%[0-9]+}}, %y_ptr,
# LOOP: tma_store_wait [[Y]]
# LOOP-NEXT: yield

# NONE-NOT: tma_
# NONE-NOT: local_alloc {barriers

# STAYS: = for
# STAYS: = load
# STAYS: tma_store
# STAYS-NEXT: tma_store_wait
# STAYS-NEXT: yield
# STAYS: = load
# STAYS: store
# STAYS-NOT: tma_
