# Each configuration of an autotuned kernel gets its own aligned
# specialisation, and its signature text reads as the configuration's
# does: the entries the user wrote by position stay positional, the
# configuration's values keep their names.
# RUN: rm -rf %t && mkdir -p %t
# RUN: %tritonc %s -o %t/k.ptx --header %t/k.h --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32" --arch sm_80 --ptxas=
# RUN: FileCheck %s < %t/k.h
# RUN: %tritonc %s -o %t/n.ptx --header %t/n.h --signature "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp16:16, M=i32, N=i32, K=i32, stride_am=i32, stride_bk=i32, stride_cm=i32" --arch sm_80 --ptxas=
# RUN: FileCheck %s --check-prefix=NAMED < %t/n.h
# CHECK: // Specialisation 0: *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, BK=32
# CHECK: // Specialisation 1: *fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32:8, BK=32
# CHECK: if (detail::spec1::fits(
# CHECK: if (detail::spec0::fits(
# CHECK: // Specialisation 0: *fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, BK=64
# CHECK: // Specialisation 1: *fp16:16, *fp16:16, *fp16:16, i32, i32:8, i32:8, i32:8, i32:8, i32:8, BK=64
# NAMED: // Specialisation 1: a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp16:16, M=i32, N=i32:8, K=i32:8, stride_am=i32:8, stride_bk=i32:8, stride_cm=i32:8, BK=32
import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BK": 32}, num_warps=4), triton.Config({"BK": 64}, num_warps=4)], key=["K"])
@triton.jit
def tile_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BK: tl.constexpr):
    rm = tl.program_id(0) * 64 + tl.arange(0, 64)
    rn = tl.program_id(1) * 64 + tl.arange(0, 64)
    rk = tl.arange(0, BK)
    acc = tl.zeros((64, 64), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :], mask=(rm[:, None] < M) & ((k + rk)[None, :] < K),
                    other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :], mask=((k + rk)[:, None] < K) & (rn[None, :] < N),
                    other=0.0)
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(c_ptr.dtype.element_ty),
             mask=(rm[:, None] < M) & (rn[None, :] < N))
