# A per-group scale widened over its 32 columns (`tl.reshape` of a
# broadcast [rows, groups, 32] to [rows, groups * 32]), as microscaled
# operands are. Each thread's 16 columns lie in one group, so the
# [rows, groups, 32] tensor is laid out to give every thread the elements
# it holds after the reshape: the reshape renames registers. Before, every
# reshape went through shared memory one element at a time. Only the
# scales' own conversion (into the groups' slice layout) touches shared
# memory, and nothing the size of the tile does.
# RUN: %tritonc %s --kernel scale_by_groups --signature "*bf16:16, *bf16:16, *bf16:16" --num-warps 8 --arch sm_90a --emit tir-gpu -o %t.tir
# RUN: FileCheck %s --check-prefix=TIR < %t.tir
# RUN: %tritonc %s --kernel scale_by_groups --signature "*bf16:16, *bf16:16, *bf16:16" --num-warps 8 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# REQUIRES: ptxas
# TIR: broadcast {{.*}} : tensor<128x4x32xbf16, #blocked<spt=[1,1,8], tpw=[2,4,4], wpc=[8,1,1], order=[2,1,0]>>
# TIR-NEXT: reshape {{.*}} : tensor<128x128xbf16, #blocked<spt=[1,8], tpw=[2,16], wpc=[8,1], order=[1,0]>>
# PTX-COUNT-1: bar.sync
# PTX-NOT: bar.sync
import triton
import triton.language as tl


@triton.jit
def scale_by_groups(x_ptr, s_ptr, out_ptr):
    rows = tl.arange(0, 128)
    cols = tl.arange(0, 128)
    x = tl.load(x_ptr + rows[:, None] * 128 + cols[None, :])
    s = tl.load(s_ptr + rows[:, None] * 4 + tl.arange(0, 4)[None, :])
    wide = tl.reshape(tl.broadcast_to(s[:, :, None], (128, 4, 32)), (128, 128))
    tl.store(out_ptr + rows[:, None] * 128 + cols[None, :], x * wide)
