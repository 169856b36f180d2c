# A dot of a dot: an fp32 (tf32) product is staged through shared memory,
# and the allocation makes room for it; a 16-bit product stays in registers.
# RUN: %tritonc %s -o %t.ptx --signature "*fp32, *fp32, *fp32, *fp32, 64, 64, 64, 64" --print-analysis shared-memory 2>&1 | FileCheck %s --check-prefix=F32
# RUN: %tritonc %s -o %t.sm80.ptx --arch sm_80 --signature "*fp32, *fp32, *fp32, *fp32, 128, 64, 32, 64"
# RUN: %tritonc %s -o %t.h.ptx --signature "*fp16, *fp16, *fp16, *fp32, 64, 64, 64, 64" --print-analysis shared-memory 2>&1 | FileCheck %s --check-prefix=F16
# F32: = dot: [0, 32768) 32768 bytes
# F32-NEXT: = dot: [0, 32768) 32768 bytes
# F16: = dot: [0, 16384) 16384 bytes
# F16-NEXT: = dot: [0, 8192) 8192 bytes
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, o_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, P: tl.constexpr):
    rm = tl.arange(0, M)[:, None]
    rk = tl.arange(0, K)
    rn = tl.arange(0, N)
    rp = tl.arange(0, P)[None, :]
    a = tl.load(a_ptr + rm * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.load(c_ptr + rn[:, None] * P + rp)
    ab = tl.dot(a, b)
    if a_ptr.dtype.element_ty == tl.float16:
        ab = ab.to(tl.float16)
    tl.store(o_ptr + rm * P + rp, tl.dot(ab, c))
