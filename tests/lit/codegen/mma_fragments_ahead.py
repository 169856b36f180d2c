# mma.sync dots read their operand fragments step by step along K (each
# step's ldmatrix just before its mma.sync), except a dot whose fragments
# all fit in 64 registers a thread: it reads them all first, so that a
# latency-bound loop (a decode-shaped 16-row tile on 4 warps) has every
# load in flight before its first product.
# RUN: %tritonc %s --kernel skinny --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 16, 64, 128" --num-warps 4 --num-stages 3 --arch sm_80 -o %t.small.ptx
# RUN: FileCheck %s --check-prefix=SMALL < %t.small.ptx
# 16x64 on 4 warps, K 128: 8 steps of one A fragment (4 registers) and
# two B fragments (2 each) make 64 registers.
# SMALL: {{^\$L__BB0_[0-9]+:}}
# SMALL-COUNT-16: ldmatrix.sync.aligned.m8n8.x4
# SMALL-NOT: ldmatrix
# SMALL-COUNT-16: mma.sync.aligned.m16n8k16
# SMALL-NOT: ldmatrix
# SMALL: bra
# RUN: %tritonc %s --kernel skinny --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 16, 64, 256" --num-warps 4 --num-stages 3 --arch sm_80 -o %t.wide.ptx
# RUN: FileCheck %s --check-prefix=WIDE < %t.wide.ptx
# K 256 would take 128: step by step, loads between the products.
# WIDE: {{^\$L__BB0_[0-9]+:}}
# WIDE: ldmatrix.sync.aligned.m8n8.x4.shared
# WIDE: mma.sync.aligned.m16n8k16
# WIDE: ldmatrix.sync.aligned.m8n8.x4.shared
# WIDE: mma.sync.aligned.m16n8k16
# WIDE: bra
# RUN: %tritonc %s --kernel two_products --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 16, 64, 128" --num-warps 4 --num-stages 3 --arch sm_80 -o %t.two.ptx
# Beside another dot (flash-linear-attention's many-dot kernels spilled
# more with it): step by step.
# RUN: awk '/ldmatrix/ { run = 0 } /mma.sync/ { run++; if (run > most) most = run } END { print "longest run of mma.sync:", most }' %t.two.ptx | FileCheck %s --check-prefix=TWO
# TWO: longest run of mma.sync: 2{{$}}
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_80 %t.small.ptx -o %t.small.cubin
import triton
import triton.language as tl


@triton.jit
def skinny(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    rm = tl.arange(0, BM)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def two_products(a_ptr, b_ptr, d_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rn = tl.program_id(0) * BN + tl.arange(0, BN)
    rm = tl.arange(0, BM)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :], mask=rm[:, None] < M, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        d = tl.load(d_ptr + (k + rk)[:, None] * N + rn[None, :], mask=rn[None, :] < N, other=0.0)
        acc = tl.dot(a, b, acc)
        acc = tl.dot(a, d, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))
