# Attention backward's key side: Pᵀ·dO and dSᵀ·Q take the transpose of a
# product still in registers. Each is written once as it is held (a
# one-slot buffer, `local_store` with a barrier first, since the last
# iteration's dot read the slot) and read by wgmma as the slot's transposed
# view, instead of a conversion through shared memory, a transpose and a
# second staging. dV += Pᵀ·dO and dP = dO·Vᵀ, adjacent and sharing nothing,
# run as one batch: the first leaves its group in flight (wait_group 1), the
# second waits for both. ptxas serialises nothing.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel key_side --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16" --num-warps 4 --num-stages 2 --arch sm_90a --emit tir-gpu -o - | FileCheck %s
# RUN: %tritonc %s --kernel key_side --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16" --num-warps 4 --num-stages 2 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# On sm_80 (mma.sync) nothing changes.
# RUN: %tritonc %s --kernel key_side --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16" --num-warps 4 --num-stages 2 --arch sm_80 --emit tir-gpu -o - | FileCheck %s --check-prefix=SM80
import triton
import triton.language as tl


@triton.jit
def key_side(q_ptr, k_ptr, v_ptr, do_ptr, dv_ptr, S):
    r = tl.arange(0, 64)
    offs = r[:, None] * 64 + r[None, :]
    k = tl.load(k_ptr + offs)
    v = tl.load(v_ptr + offs)
    dv = tl.zeros((64, 64), tl.float32)
    dk = tl.zeros((64, 64), tl.float32)
    for start in range(0, S, 64):
        q = tl.load(q_ptr + start * 64 + offs)
        do = tl.load(do_ptr + start * 64 + offs)
        p = tl.exp(tl.dot(q, tl.trans(k)))
        dv += tl.dot(tl.trans(p.to(tl.float16)), do)
        ds = p * tl.dot(do, tl.trans(v))
        dk += tl.dot(tl.trans(ds.to(tl.float16)), q)
    tl.store(dv_ptr + offs, (dv + dk).to(tl.float16))

# CHECK: = for
# CHECK-NOT: trans
# CHECK: %[[PBUF:[0-9]+]] = local_alloc : tensor<1x64x64xf16, #shared>
# CHECK-NEXT: local_store %[[PBUF]], %{{[0-9]+}}, %{{[0-9]+}} {overwrites = 1}
# CHECK-NEXT: %[[PT:[0-9]+]] = local_slot %[[PBUF]], %{{[0-9]+}} : tensor<64x64xf16, #shared<colmajor>>
# CHECK-NEXT: = dot %[[PT]], {{.*}}pending = 1}
# CHECK-NEXT: = dot {{.*}}completes_previous = 1}
# CHECK: local_store {{.*}} {overwrites = 1}
# CHECK: yield
# PTX: wgmma.wait_group.sync.aligned 1;
# PTXAS-NOT: C75
# SM80-NOT: overwrites
# SM80-NOT: pending = 1
