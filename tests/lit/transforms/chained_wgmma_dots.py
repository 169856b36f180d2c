# Two wgmma dots chained through one accumulator (`acc = tl.dot(a, b, acc);
# acc = tl.dot(c, d, acc)`, Liger's SwiGLU backward dI): wgmma accumulates
# in order on registers still in flight, so the pipeliner leaves both
# groups running like a lone accumulating dot: each dot waits only for the
# previous iteration's two groups (`pending = 2`), and the copies follow
# the second dot; before, each dot waited for its own products (wait_group
# 0 twice an iteration). ptxas takes the chain.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel chained --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, 128, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu --passes=canonicalize,cse,licm,dce,assign-layouts,cse-gpu --print-analysis=pipeline-schedule -o %t.unchanged.tir 2>&1 | FileCheck %s --check-prefix=SCHEDULE
# RUN: %tritonc %s --kernel chained --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, 128, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel chained --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, 128, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
import triton
import triton.language as tl


@triton.jit
def chained(a_ptr, b_ptr, c_ptr, d_ptr, out_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc = tl.dot(a, b, acc)
        c = tl.load(c_ptr + rm[:, None] * K + (k + rk)[None, :])
        d = tl.load(d_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc = tl.dot(c, d, acc)
    tl.store(out_ptr + rm[:, None] * BN + rn[None, :], acc.to(tl.float16))


# SCHEDULE: pipeline schedule of @chained, loop 1 (innermost first): step 64, 3 stages
# SCHEDULE-COUNT-4: cp.async, read as loaded
# SCHEDULE: waits: every wgmma dot leaves its group in flight; copies after [[SECOND:%[0-9]+]]

# TIR: = for
# TIR: [[FIRST:%[0-9]+]] = dot {{%[0-9]+}}, {{%[0-9]+}}, {{%[0-9]+}} {{{.*}}pending = 2}
# TIR-NEXT: [[SECOND:%[0-9]+]] = dot {{%[0-9]+}}, {{%[0-9]+}}, [[FIRST]] {{{.*}}pending = 2}
# TIR: barrier
# TIR: async_copy
# TIR: yield [[SECOND]],

# PTX: wgmma.commit_group.sync.aligned;
# PTX-NEXT: // end inline asm
# PTX-NEXT: // begin inline asm
# PTX-NEXT: wgmma.wait_group.sync.aligned 2;
# PTX: wgmma.commit_group.sync.aligned;
# PTX-NEXT: // end inline asm
# PTX-NEXT: // begin inline asm
# PTX-NEXT: wgmma.wait_group.sync.aligned 2;
# PTX: bra
# PTX: wgmma.wait_group.sync.aligned 0;
