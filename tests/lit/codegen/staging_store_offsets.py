# A tile loaded an element at a time (row strides not known to be multiples
# of 16 bytes, so no cp.async) is staged into the swizzled shared tile the
# wgmma reads. Each thread's stores are addressed from a few bases plus
# constants: the swizzle mixes one register bit with a thread bit here, so
# two bases serve A's 32 stores. Computing every element's address through
# the swizzle kept a register per store live and spilled them inside the
# loop once a persistent loop added its own invariants (mm_persistent,
# bench/RESULTS.md session 22).
# RUN: %tritonc %s --kernel ragged_dot --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 64" --num-warps 8 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: FileCheck %s < %t.ptx
# REQUIRES: ptxas
# CHECK: st.shared.b16 [%r[[A:[0-9]+]]], %rs
# CHECK-NEXT: st.shared.b16 [%r[[B:[0-9]+]]], %rs
# CHECK-NEXT: st.shared.b16 [%r[[A]]+{{[0-9]+}}], %rs
# CHECK-NEXT: st.shared.b16 [%r[[B]]+{{[0-9]+}}], %rs
# CHECK-NEXT: st.shared.b16 [%r[[A]]+{{[0-9]+}}], %rs
# CHECK-NEXT: st.shared.b16 [%r[[B]]+{{[0-9]+}}], %rs
import triton
import triton.language as tl


@triton.jit
def ragged_dot(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm,
               BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16), mask=(rm[:, None] < M) & (rn[None, :] < N))
