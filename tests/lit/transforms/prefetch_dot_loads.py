# A dot loop whose rows are only 2-byte aligned (unhinted strides): no copy
# form takes its loads, so prefetch-dot-loads issues them an iteration
# ahead. The first iteration's tiles are loaded before the loop, masked
# off unless it runs; the loop carries the tiles in, stores them to shared
# memory for the dot at the top of the body, then loads the next
# iteration's (masked off past the end) into the registers they held.
# RUN: %tritonc %s --kernel masked_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 64, tl.float16" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --emit tir-gpu -o - | FileCheck %s
# With 16-byte rows the pipeliner copies them (TMA) and nothing is prefetched;
# nor in a loop that stores to global memory.
# RUN: %tritonc %s --kernel masked_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32:16, i32:16, i32:16, 128, 128, 64, tl.float16" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=COPIED
# RUN: %tritonc %s --kernel stores_each_step --signature "*fp16:16, *fp16:16, *fp32:16, i32, i32, i32, i32, i32, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --emit tir-gpu -o - | FileCheck %s --check-prefix=STORES
# The PTX: the kernel is compiled both ways and ptxas decides. With fp16
# sums the prefetched form takes fewer registers and is kept: in the loop,
# the stores to shared memory (one barrier before and one after both
# tiles), then the next loads, then the products.
# RUN: %tritonc %s --kernel masked_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 64, tl.float16" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --ptxas %ptxas -o %t16.ptx
# RUN: FileCheck %s --check-prefix=AHEAD < %t16.ptx
# With fp32 sums ptxas needs more registers for it (254 against 220, CUDA
# 13.0), and the loads stay where they were; so they do without ptxas.
# RUN: %tritonc %s --kernel masked_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 64, tl.float32" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --ptxas %ptxas -o %t32.ptx
# RUN: FileCheck %s --check-prefix=INPLACE < %t32.ptx
# RUN: %tritonc %s --kernel masked_matmul --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32, i32, 128, 128, 64, tl.float16" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --ptxas= -o %tnone.ptx
# RUN: FileCheck %s --check-prefix=INPLACE < %tnone.ptx
# The same loop under a grouped tile order (the matmul corpus's
# mm_swizzled): ptxas gives the prefetched form a few registers fewer (210
# against 220 of 255, CUDA 13.0), neither near the ceiling nor a sixth
# fewer, and it ran 7% slower (session 45): the loads stay where they were.
# RUN: %tritonc %S/../../../bench/corpus/matmul_corpus.py --kernel mm_swizzled --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 128, 64, 8" --num-warps 8 --num-stages 3 --arch sm_90a --no-alignment-dispatch --ptxas %ptxas -o %tgrouped.ptx
# RUN: FileCheck %s --check-prefix=INPLACE < %tgrouped.ptx
# REQUIRES: ptxas
import triton
import triton.language as tl


@triton.jit
def masked_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr, BN: tl.constexpr,
                  BK: tl.constexpr, SUMS: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=SUMS)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :],
                    mask=(rm[:, None] < M) & ((k + rk)[None, :] < K), other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :],
                    mask=((k + rk)[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc += tl.dot(a, b, out_dtype=SUMS)
    tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc.to(tl.float16),
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def stores_each_step(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_bk, stride_cm, BM: tl.constexpr,
                     BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * stride_am + (k + rk)[None, :], mask=(k + rk)[None, :] < K, other=0.0)
        b = tl.load(b_ptr + (k + rk)[:, None] * stride_bk + rn[None, :], mask=(k + rk)[:, None] < K, other=0.0)
        acc += tl.dot(a, b)
        tl.store(c_ptr + rm[:, None] * stride_cm + rn[None, :], acc)

# CHECK: [[RUNS:%[0-9]+]] = cmpi %{{[0-9]+}}, %K {predicate = "slt"} : i1
# CHECK: [[A0:%[0-9]+]] = load
# CHECK: [[B0:%[0-9]+]] = load
# CHECK: = for %{{[0-9]+}}, %K, %{{[0-9]+}}, %{{[0-9]+}}, [[A0]], [[B0]] :
# CHECK-NEXT: ^([[IV:%[0-9]+]]: i32, [[ACC:%[0-9]+]]: {{.*}}, [[A:%[0-9]+]]: tensor<128x64xf16, {{.*}}, [[B:%[0-9]+]]: tensor<64x128xf16,
# CHECK: local_store [[ABUF:%[0-9]+]], {{%[0-9]+}}, [[A]] {overwrites = 1}
# CHECK-NEXT: [[AS:%[0-9]+]] = local_slot [[ABUF]]
# CHECK: local_store [[BBUF:%[0-9]+]], {{%[0-9]+}}, [[B]] {overwrites = 1}
# CHECK-NEXT: [[BS:%[0-9]+]] = local_slot [[BBUF]]
# CHECK: [[NEXT:%[0-9]+]] = addi [[IV]],
# CHECK-NEXT: [[MORE:%[0-9]+]] = cmpi [[NEXT]], %K {predicate = "slt"} : i1
# CHECK: splat [[MORE]]
# CHECK: [[A1:%[0-9]+]] = load
# CHECK: splat [[MORE]]
# CHECK: [[B1:%[0-9]+]] = load
# CHECK-NEXT: [[D:%[0-9]+]] = dot [[AS]], [[BS]], [[ACC]]
# CHECK-NEXT: yield [[D]], [[A1]], [[B1]]

# COPIED: = for
# COPIED: {{tma_copy|async_copy}}
# COPIED-NOT: overwrites
# COPIED: yield

# STORES: = for %{{[0-9]+}}, %K, %{{[0-9]+}}, %{{[0-9]+}} : tensor
# STORES-NOT: local_store
# STORES: load
# STORES: load
# STORES: dot
# STORES: store
# STORES-NEXT: yield

# AHEAD: bar.sync 0;
# AHEAD-NOT: bar.sync
# AHEAD: st.shared
# AHEAD-NOT: bar.sync
# AHEAD: fence.proxy.async.shared::cta;
# AHEAD: bar.sync 0;
# AHEAD-NOT: bar.sync
# AHEAD: ld.global.b16
# AHEAD-NOT: bar.sync
# AHEAD: wgmma.mma_async
# AHEAD: wgmma.wait_group.sync.aligned 0;

# INPLACE: ld.global.b16
# INPLACE-NOT: wgmma.mma_async
# INPLACE: bar.sync 0;
# INPLACE-NEXT: st.shared
# INPLACE-NOT: ld.global
# INPLACE: wgmma.mma_async
