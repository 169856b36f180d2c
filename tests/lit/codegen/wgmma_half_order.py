# A 128-row wgmma product in one warpgroup is two 64-row halves: each half
# runs all four steps of K (k16) before the other starts, as Triton's do, so
# the second half's operands are not live during the first (alternating
# them made the two-loop causal attention spill inside its loop).
# RUN: %tritonc %s --kernel halves --signature "*fp16:16, *fp16:16, *fp32:16" --num-warps 4 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK: m64n64k16.f32.f16.f16 {[[FIRST:%r[0-9]+]],
# CHECK-NOT: m64n64k16
# CHECK: m64n64k16.f32.f16.f16 {[[FIRST]],
# CHECK-NOT: m64n64k16
# CHECK: m64n64k16.f32.f16.f16 {[[FIRST]],
# CHECK-NOT: m64n64k16
# CHECK: m64n64k16.f32.f16.f16 {[[FIRST]],
# CHECK-NOT: m64n64k16
# CHECK: m64n64k16.f32.f16.f16 {[[SECOND:%r[0-9]+]],
# CHECK-NOT: {[[FIRST]],
# CHECK: wgmma.commit_group
import triton
import triton.language as tl


@triton.jit
def halves(a_ptr, b_ptr, c_ptr):
    rm = tl.arange(0, 128)
    rn = tl.arange(0, 64)
    rk = tl.arange(0, 64)
    a = tl.load(a_ptr + rm[:, None] * 64 + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * 64 + rn[None, :])
    tl.store(c_ptr + rm[:, None] * 64 + rn[None, :], tl.dot(a, b))
