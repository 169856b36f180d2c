# Tiles 16 elements wide (fp16: 32-byte lines, 32-byte swizzle) are whole
# 256-byte swizzle patterns, so wgmma takes them even though the key tile
# (16 x 16, 512 bytes) is less than one 128-byte-swizzle pattern: small
# heads' attention (head_dim 16, 16 keys a step) runs on wgmma, not mma.sync.
# RUN: %tritonc %s --kernel narrow_scores --signature "*fp16:16, *fp16:16, *fp32:16" --num-warps 4 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK-NOT: mma.sync
# CHECK: wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16
# CHECK-NOT: mma.sync
import triton
import triton.language as tl


@triton.jit
def narrow_scores(q_ptr, k_ptr, s_ptr):
    rows = tl.arange(0, 64)
    keys = tl.arange(0, 16)
    d = tl.arange(0, 16)
    q = tl.load(q_ptr + rows[:, None] * 16 + d[None, :])
    k = tl.load(k_ptr + keys[:, None] * 16 + d[None, :])
    s = tl.dot(q, tl.trans(k))
    tl.store(s_ptr + rows[:, None] * 16 + keys[None, :], s)
