# Online-softmax attention with 16-wide heads and 16 keys a step, one
# warpgroup: ptxas gives it 72 registers, and the occupancy step's 64 (one
# more CTA an SM) would make ptxas issue the wgmma instructions one at a
# time, short of registers (its C7512 note). tritonc keeps ptxas's own
# count then.
# REQUIRES: ptxas
# RUN: %tritonc %s --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, 128, 16, 16" --num-warps 4 --num-stages 4 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS --allow-empty

# CHECK: wgmma.mma_async.sync.aligned.m64n16k16
# CHECK-NOT: .maxnreg
# PTXAS-NOT: serialized
import triton
import triton.language as tl


@triton.jit
def narrow_heads(q_ptr, k_ptr, v_ptr, o_ptr, S, qk_scale, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    head = tl.program_id(1) * S * D
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + head + rm[:, None] * D + rd[None, :], mask=rm[:, None] < S, other=0.0)
    m_i = tl.full((BM,), float("-inf"), tl.float32)
    l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for start in range(0, S, BN):
        rn = start + tl.arange(0, BN)
        k = tl.load(k_ptr + head + rn[:, None] * D + rd[None, :], mask=rn[:, None] < S, other=0.0)
        s = tl.dot(q, tl.trans(k)) * qk_scale
        s = tl.where(rn[None, :] < S, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.math.exp2(s - m_new[:, None])
        alpha = tl.math.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + head + rn[:, None] * D + rd[None, :], mask=rn[:, None] < S, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    acc = acc / l_i[:, None]
    tl.store(o_ptr + head + rm[:, None] * D + rd[None, :], acc.to(tl.float16), mask=rm[:, None] < S)
