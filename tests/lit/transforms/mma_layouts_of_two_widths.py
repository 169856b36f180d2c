# Two wgmma dots of different widths in one loop (attention with head_dim
# 128 and 64 keys a step): each accumulator's layout records its own
# instruction shape, so the row statistics computed on S = QK^T convert to
# the layout of O = PV. Both layouts place every row in the same four lanes
# of the same warp, so those conversions only rename registers: no shuffle,
# no shared memory (the one `shfl.sync.idx` broadcasts the warp id).
# RUN: %tritonc %s --kernel attend --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, 64, 64, 128" --num-warps 4 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=TIR
# RUN: %tritonc %s --kernel attend --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, 64, 64, 128" --num-warps 4 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
import triton
import triton.language as tl


@triton.jit
def attend(q_ptr, k_ptr, v_ptr, o_ptr, n, BM: tl.constexpr, BN: tl.constexpr, D: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rd = tl.arange(0, D)
    q = tl.load(q_ptr + rm[:, None] * D + rd[None, :])
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    for start in range(0, n, BN):
        kt = tl.load(k_ptr + (start + rn)[None, :] * D + rd[:, None])
        s = tl.dot(q, kt)
        m_new = tl.maximum(m_i, tl.max(s, 1))
        p = tl.exp2(s - m_new[:, None])
        alpha = tl.exp2(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(v_ptr + (start + rn)[:, None] * D + rd[None, :])
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(o_ptr + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))

# TIR: = for
# TIR: = dot {{.*}} : tensor<64x64xf32, #mma<v3, instr=[64,64,16], wpc=[4,1]>>
# TIR: = convert_layout {{.*}} : tensor<64xf32, #slice<dims=[1], #mma<v3, instr=[64,128,16], wpc=[4,1]>>>
# TIR: = dot {{.*}} : tensor<64x128xf32, #mma<v3, instr=[64,128,16], wpc=[4,1]>>
# PTX: shfl.sync.idx.b32 {{.*}}, 0, 31, -1;
# PTX-NOT: shfl.sync.idx
# PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16
# PTX-NOT: shfl.sync.idx
# PTX: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
# PTX-NOT: shfl.sync.idx
