# A loaded tile that several dots read is pipelined once: attention
# backward's Q is one dot's A and, through a transpose, another's B; a gated
# MLP's A tile feeds both products. Each dot reads the same ring slot, a
# transposed reader in the transposed view of its bytes.
# RUN: %tritonc %s --kernel two_readers --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s
# RUN: %tritonc %s --kernel two_readers --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# RUN: %tritonc %s --kernel two_readers --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_80 -o %t80.ptx
# RUN: FileCheck %s --check-prefix=SM80 < %t80.ptx
# RUN: %ptxas -arch=sm_80 %t80.ptx -o %t80.cubin
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def two_readers(q_ptr, k_ptr, w_ptr, out_ptr, n):
    r = tl.arange(0, 64)
    offs = r[:, None] * 64 + r[None, :]
    k = tl.load(k_ptr + offs)
    w = tl.load(w_ptr + offs)
    acc = tl.zeros((64, 64), tl.float32)
    for i in range(0, n, 64):
        q = tl.load(q_ptr + i * 64 + offs)
        s = tl.dot(q, tl.trans(k))
        acc = tl.dot(tl.trans(q), w, acc) + tl.dot(s.to(tl.float16), q)
    tl.store(out_ptr + offs, acc)

# CHECK: %[[RING:[0-9]+]] = local_alloc : tensor<3x64x64xf16, #shared>
# CHECK: async_copy %[[RING]]
# CHECK: = for
# CHECK-NOT: = load
# CHECK-DAG: %[[VIEW:[0-9]+]] = local_slot %[[RING]], %{{[0-9]+}} : tensor<64x64xf16, #shared>{{$}}
# CHECK-DAG: %[[TVIEW:[0-9]+]] = local_slot %[[RING]], %{{[0-9]+}} : tensor<64x64xf16, #shared<colmajor>>
# CHECK-DAG: dot %[[VIEW]], %{{[0-9]+}}
# CHECK-DAG: dot %[[TVIEW]], %{{[0-9]+}}
# CHECK-DAG: dot %{{[0-9]+}}, %[[VIEW]]
# CHECK: yield
# SM80: cp.async.cg.shared.global
