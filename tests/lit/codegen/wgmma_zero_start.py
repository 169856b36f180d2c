# A product into zeros (attention's scores, `tl.dot(q, tl.trans(k))` with
# no accumulator) starts its chain with scale-d 0, as Triton's does: the
# first K step's instructions only write their accumulators, so nothing
# zeroes 32 registers a thread before the fence, and the later steps
# accumulate (scale-d from a register).
# RUN: %tritonc %s --kernel scores --signature "*fp16:16, *fp16:16, *fp32:16" --num-warps 4 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK-NOT: mov.b32 %r{{[0-9]+}}, 0;
# CHECK: wgmma.fence.sync.aligned;
# CHECK-NOT: setp.ne.b32 p
# CHECK: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, 0, 1, 1, 0, 0;
# CHECK-NEXT: // end inline asm
# CHECK: setp.ne.b32 p, %r{{[0-9]+}}, 0; wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 0; }
# CHECK: wgmma.commit_group.sync.aligned;
import triton
import triton.language as tl


@triton.jit
def scores(q_ptr, k_ptr, s_ptr):
    rows = tl.arange(0, 64)
    d = tl.arange(0, 64)
    q = tl.load(q_ptr + rows[:, None] * 64 + d[None, :])
    k = tl.load(k_ptr + rows[:, None] * 64 + d[None, :])
    s = tl.dot(q, tl.trans(k))
    tl.store(s_ptr + rows[:, None] * 64 + rows[None, :], s)
