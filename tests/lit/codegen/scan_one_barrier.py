# A 1024-element cumsum over 4 warps with scalar loads (an unhinted row
# length, as FlagGems' root scan of a 1023-column row): each thread holds 8
# repetitions of the CTA tile along the axis. Their warp totals go through
# shared memory in one round, each repetition in its own slots: one barrier
# for the scan (eight rounds took 15), with the same additions in the same
# order as before.
# RUN: %tritonc %s --kernel row_cumsum --signature "*fp32:16, *fp32:16, i32, 1024" --num-warps 4 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK-COUNT-8: shfl.sync.idx.b32
# CHECK: bar.sync 0;
# CHECK-NOT: bar.sync
# CHECK: ret;
import triton
import triton.language as tl


@triton.jit
def row_cumsum(in_ptr, out_ptr, N, TILE: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offsets = tl.arange(0, TILE)
    mask = offsets < N
    x = tl.load(in_ptr + row * N + offsets, mask=mask, other=0.0)
    tl.store(out_ptr + row * N + offsets, tl.cumsum(x, 0), mask=mask)
