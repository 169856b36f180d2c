# Two wgmma dots in a pipelined loop, the second's products read only by
# the next iteration after its first dot (attention: P·V, rescaled after
# the next Q·Kᵀ). The second dot does not wait (`pending = 1`): the first
# dot's `wgmma.wait_group 0` in the next iteration completes it
# (`completes_carried` names the loop-carried products that wait ties), and
# the loop's exit waits for the last one. The copies into the slot it read
# follow that wait and a barrier. ptxas serialises nothing.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 64, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 64, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# RUN: %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# At 8 warps (two warpgroups) and head_dim 128 each ring takes a spare slot
# instead: the copies stay at the top, before the first dot, and fill the
# slot read two iterations before, which the first dot's wait of the
# iteration before completed; the slots wrap at 4 for 3 stages.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=SPARE
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t8.ptx
# RUN: FileCheck %s --check-prefix=SPAREPTX < %t8.ptx
# RUN: %ptxas -arch=sm_90a -v %t8.ptx -o %t8.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
# At head_dim 64 the rings keep their 3 slots and the copies wait for the
# first dot, as at 4 warps.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 64, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=NARROW
# Two stages: rings of 3 slots, one copy group ahead.
# RUN: %tritonc %S/../../gpu/kernels/tensor_descriptors.py --kernel desc_attention_fwd --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, fp32, i32:16, 128, 128, 64" --num-warps 8 --num-stages 2 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=SPARE2
# A first dot that itself reads the carried products (as its accumulator)
# is issued before its wait: the second dot then waits for its own.
# RUN: %tritonc %s --kernel chained --signature "*fp16:16, *fp16:16, *fp16:16, *fp32:16, i32:16" --num-warps 4 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=CHAINED
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def chained(a_ptr, b_ptr, c_ptr, out_ptr, n):
    r = tl.arange(0, 64)
    offs = r[:, None] * 64 + r[None, :]
    acc = tl.zeros((64, 64), tl.float32)
    c = tl.load(c_ptr + offs)
    for i in range(0, n, 64):
        x = tl.dot(tl.load(a_ptr + i * 64 + offs), tl.load(b_ptr + i * 64 + offs), acc)
        acc = tl.dot(x.to(tl.float16), c)
    tl.store(out_ptr + offs, acc)

# CHAINED: = for
# CHAINED-NOT: completes_carried
# CHAINED-NOT: pending = {{.*}}#mma<v3
# CHAINED: yield

# CHECK: = for
# CHECK: async_wait {pending = 1}
# CHECK-NOT: async_copy
# CHECK: = dot {{.*}}completes_carried = 1} : {{.*}}#mma<v3
# CHECK-NEXT: barrier
# CHECK-NEXT: async_copy
# CHECK-NEXT: async_copy
# CHECK: [[PV:%[0-9]+]] = dot {{.*}}pending = 1} : {{.*}}#mma<v3
# CHECK: yield %{{[0-9]+}}, [[PV]],
# CHECK: async_wait {pending = 0}

# PTX: wgmma.commit_group.sync.aligned;
# PTX-NOT: wgmma.mma_async
# PTX: wgmma.wait_group.sync.aligned 0;
# PTX: bar.sync 0;
# PTX: cp.async.cg.shared.global
# PTX: wgmma.commit_group.sync.aligned;
# PTX-NOT: wgmma.mma_async
# PTX: wgmma.wait_group.sync.aligned 1;
# PTX: bra
# PTX: wgmma.wait_group.sync.aligned 0;

# SPARE: local_alloc : tensor<4x64x128xf16
# SPARE: local_alloc : tensor<4x64x128xf16
# SPARE: = for
# SPARE: async_wait {pending = 1}
# SPARE-NOT: = dot
# SPARE: async_copy
# SPARE-NEXT: async_copy
# SPARE-NEXT: async_commit
# SPARE-NOT: barrier
# SPARE: = dot {{.*}}completes_carried = 1} : {{.*}}#mma<v3
# SPARE-NOT: barrier
# SPARE: = dot {{.*}}pending = 1} : {{.*}}#mma<v3
# SPARE: [[FOUR:%[0-9]+]] = constant {value = 4} : i32
# SPARE-NEXT: cmpi %{{[0-9]+}}, [[FOUR]] {predicate = "eq"}
# SPARE: yield
# SPARE: async_wait {pending = 0}

# NARROW: local_alloc : tensor<3x64x64xf16
# NARROW: local_alloc : tensor<3x64x64xf16
# NARROW: = for
# NARROW: async_wait {pending = 1}
# NARROW-NOT: async_copy
# NARROW: = dot {{.*}}completes_carried = 1} : {{.*}}#mma<v3
# NARROW-NEXT: barrier
# NARROW-NEXT: async_copy
# NARROW-NEXT: async_copy
# NARROW: = dot {{.*}}pending = 1} : {{.*}}#mma<v3
# NARROW-NOT: constant {value = 4}
# NARROW: yield

# SPARE2: local_alloc : tensor<3x64x128xf16
# SPARE2: local_alloc : tensor<3x64x128xf16
# SPARE2: = for
# SPARE2: async_wait {pending = 0}
# SPARE2-NOT: = dot
# SPARE2: async_copy
# SPARE2: = dot {{.*}}completes_carried = 1}
# SPARE2: = dot {{.*}}pending = 1}
# SPARE2: [[THREE:%[0-9]+]] = constant {value = 3} : i32
# SPARE2-NEXT: cmpi %{{[0-9]+}}, [[THREE]] {predicate = "eq"}
# SPARE2: yield

# SPAREPTX: cp.async.wait_group 1;
# SPAREPTX: bar.sync 0;
# SPAREPTX-NOT: wgmma.mma_async
# SPAREPTX: cp.async.commit_group;
# SPAREPTX: wgmma.wait_group.sync.aligned 0;
# SPAREPTX-NOT: bar.sync
# SPAREPTX: wgmma.wait_group.sync.aligned 1;
# SPAREPTX: bra

# PTXAS-NOT: C75
# PTXAS: Used {{[0-9]+}} registers
# PTXAS-NOT: C75
