# `acc += tl.dot(a, b)`, `acc = tl.dot(a, b) + acc` and the integer form
# accumulate in the dot, as Triton folds them; a dot whose product is used
# otherwise keeps its add. On sm_90a the folded loop keeps one wgmma group
# in flight (wait_group 1 inside the loop) instead of waiting for each.
# RUN: %tritonc %s --kernel k --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 64, 64, 32" --emit tir -o - | FileCheck %s
# RUN: %tritonc %s --kernel k8 --signature "*i8:16, *i8:16, *i32:16, i32:16, 64, 64, 32" --emit tir -o - | FileCheck %s --check-prefix=INT
# RUN: %tritonc %s --kernel kept --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 64, 64, 32" --emit tir -o - | FileCheck %s --check-prefix=KEPT
# RUN: %tritonc %s --kernel single --signature "*fp16:16, *fp16:16, *fp32:16, i32:16, 128, 128, 64" --num-warps 8 -o - | FileCheck %s --check-prefix=PTX
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    other = tl.zeros((BM, BN), dtype=tl.float32)
    # CHECK: for
    # CHECK-NEXT: ^({{%[0-9]+}}: i32, [[ACC:%[0-9]+]]: tensor<{{.*}}>, [[OTHER:%[0-9]+]]: tensor<{{.*}}>):
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        # CHECK-NOT: addf
        # CHECK: dot {{%[0-9]+}}, {{%[0-9]+}}, [[ACC]]
        acc += tl.dot(a, b)
        # CHECK-NOT: addf
        # CHECK: dot {{%[0-9]+}}, {{%[0-9]+}}, [[OTHER]]
        other = tl.dot(a, b) + other
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc + other)


@triton.jit
def k8(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.int32)
    # INT: ^({{%[0-9]+}}: i32, [[ACC:%[0-9]+]]: tensor<64x64xi32>):
    # INT-NOT: addi {{.*}}tensor<64x64xi32>
    # INT: dot {{%[0-9]+}}, {{%[0-9]+}}, [[ACC]]
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b, out_dtype=tl.int32)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)


@triton.jit
def kept(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    # KEPT: [[P:%[0-9]+]] = dot
    # KEPT: mulf [[P]]
    # KEPT: addf
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b) * 0.5
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)

@triton.jit
def single(a_ptr, b_ptr, c_ptr, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * BN + rn[None, :])
        acc += tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * BN + rn[None, :], acc)

# PTX: wgmma.mma_async
# PTX: wgmma.wait_group.sync.aligned 1;
# PTX: wgmma.wait_group.sync.aligned 0;
