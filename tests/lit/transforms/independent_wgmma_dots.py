# Two wgmma dots on separate accumulators in one pipelined loop (Liger's
# SwiGLU forward: the gate and up projections of one input tile). Each dot
# waits only for the previous iteration's groups (`pending = 2`, the
# groups an iteration commits), so the gate product still runs when the up
# dot is issued and both run while the copies into the slot the previous
# iteration read are issued. Waiting for all but one group after each dot
# made the gate product finish before the copies started.
# With tensor descriptors (TMA rings), the up projection's slot is waited
# for between the two dots, which nothing else separates, so the gate dot
# starts while those weights are still landing; the others at the top.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel gate_up --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel gate_up --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: %tritonc %s --kernel gate_up_descriptors --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TMA
# RUN: %tritonc %s --kernel gate_up_descriptors --signature "*bf16:16, *bf16:16, *bf16:16, *fp32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.tma.ptx
# RUN: %ptxas -arch=sm_90a %t.tma.ptx -o %t.tma.cubin
import triton
import triton.language as tl


@triton.jit
def gate_up(x_ptr, wg_ptr, wu_ptr, out_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = tl.load(x_ptr + rm[:, None] * K + (k + rk)[None, :])
        wg = tl.load(wg_ptr + (k + rk)[:, None] * BN + rn[None, :])
        wu = tl.load(wu_ptr + (k + rk)[:, None] * BN + rn[None, :])
        gate = tl.dot(x, wg, gate)
        up = tl.dot(x, wu, up)
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], gate * tl.sigmoid(gate) * up)


@triton.jit
def gate_up_descriptors(x_ptr, wg_ptr, wu_ptr, out_ptr, M, K, BM: tl.constexpr, BN: tl.constexpr,
                        BK: tl.constexpr):
    x_desc = tl.make_tensor_descriptor(x_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    wg_desc = tl.make_tensor_descriptor(wg_ptr, shape=[BN, K], strides=[K, 1], block_shape=[BN, BK])
    wu_desc = tl.make_tensor_descriptor(wu_ptr, shape=[BN, K], strides=[K, 1], block_shape=[BN, BK])
    row0 = tl.program_id(0) * BM
    gate = tl.zeros((BM, BN), dtype=tl.float32)
    up = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        x = x_desc.load([row0, k])
        gate = tl.dot(x, tl.trans(wg_desc.load([0, k])), gate)
        up = tl.dot(x, tl.trans(wu_desc.load([0, k])), up)
    rm = row0 + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], gate * tl.sigmoid(gate) * up, mask=rm[:, None] < M)


# TIR: = for
# TIR: [[GATE:%[0-9]+]] = dot {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} {{{.*}}pending = 2}
# TIR-NEXT: [[UP:%[0-9]+]] = dot {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} {{{.*}}pending = 2}
# TIR: barrier
# TIR: async_copy
# TIR: yield [[GATE]], [[UP]],

# PTX: wgmma.commit_group.sync.aligned;
# PTX-NEXT: // end inline asm
# PTX-NEXT: // begin inline asm
# PTX-NEXT: wgmma.wait_group.sync.aligned 2;
# PTX: wgmma.commit_group.sync.aligned;
# PTX-NEXT: // end inline asm
# PTX-NEXT: // begin inline asm
# PTX-NEXT: wgmma.wait_group.sync.aligned 2;
# PTX-NOT: wgmma.wait_group.sync.aligned 1;
# PTX: cp.async.cg.shared.global
# PTX: bra
# PTX: wgmma.wait_group.sync.aligned 0;

# TMA: [[X:%[0-9]+]] = local_alloc {barriers = 1}
# TMA: [[WG:%[0-9]+]] = local_alloc {barriers = 1}
# TMA: [[WU:%[0-9]+]] = local_alloc {barriers = 1}
# TMA: = for
# TMA-NOT: tma_wait
# TMA: tma_wait [[X]],
# TMA-NEXT: tma_wait [[WG]],
# TMA-NOT: tma_wait
# TMA: = dot {{.*}}pending = 2}
# TMA-NEXT: tma_wait [[WU]],
# TMA-NEXT: = dot {{.*}}pending = 2}
# TMA: barrier
# TMA-NEXT: tma_copy [[X]]
