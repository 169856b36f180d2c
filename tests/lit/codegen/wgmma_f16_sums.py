# `tl.dot(a, b, out_dtype=tl.float16)` on fp16 (and fp8) operands keeps its
# sums in f16 on sm_90a as on sm_80: wgmma's `.f16` form, two sums per 32-bit
# register (N/4 registers per instruction, not N/2). The pairs are packed
# before `wgmma.fence` and unpacked after the wait, so no ordinary
# instruction touches a register wgmma owns: ptxas injects no
# warpgroup.arrive or warpgroup.wait (C7519/C7517), which would serialise
# the chain. In a pipelined loop such a dot waits for its own products.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel half_sums --signature "*fp16:16, *fp16:16, *fp16:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# RUN: %tritonc %s --kernel half_sums --signature "*fp16, *fp16, *fp16, i32" --num-warps 4 --num-stages 3 --arch sm_90a -o %t2.ptx
# RUN: FileCheck %s < %t2.ptx
# RUN: %ptxas -arch=sm_90a -v %t2.ptx -o %t2.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
import triton
import triton.language as tl


@triton.jit
def half_sums(a_ptr, b_ptr, c_ptr, K):
    r = tl.arange(0, 64)
    n = tl.arange(0, 128)
    acc = tl.zeros((64, 128), dtype=tl.float16)
    for k in range(0, K, 64):
        a = tl.load(a_ptr + r[:, None] * K + (k + r)[None, :])
        b = tl.load(b_ptr + (k + r)[:, None] * 128 + n[None, :])
        acc += tl.dot(a, b, out_dtype=tl.float16)
    tl.store(c_ptr + r[:, None] * 128 + n[None, :], acc)

# CHECK-NOT: mma.sync
# CHECK: wgmma.fence.sync.aligned
# CHECK: { .reg .pred p; setp.ne.b32 p, {{.*}}; wgmma.mma_async.sync.aligned.m64n128k16.f16.f16.f16 {{[{]}}{{(%r[0-9]+, ){31}%r[0-9]+}}}, {{.*}}, p, 1, 1, 0, 1; }
# CHECK: wgmma.commit_group.sync.aligned
# CHECK: wgmma.wait_group.sync.aligned 0;
# PTXAS-NOT: C75
# PTXAS: Used
# PTXAS-NOT: C75
