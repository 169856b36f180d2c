# warp-specialize with --persistent (sm_90a): a descriptor matmul's CTAs
# (the first min(grid, SMs) of them) loop over the grid's tiles along axis
# 0, both roles alike; the ring's state goes on from tile to tile: the
# producer's write slot and phase, the consumers' read slot, phase and the
# slot read last, which the next tile releases. The others end at once.
# The rings' mbarriers are released once, after the tiles.
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --persistent --emit tir-gpu -o - | FileCheck %s
# CHECK-LABEL: func @tiles
# CHECK-NEXT: [[B:%[0-9]+]] = local_alloc {barriers = 2}
# CHECK-NEXT: [[A:%[0-9]+]] = local_alloc {barriers = 2}
# CHECK-NEXT: [[GRID:%[0-9]+]] = num_programs {axis = 0} : i32
# CHECK-NEXT: [[SMS:%[0-9]+]] = num_sms : i32
# CHECK-NEXT: [[CTAS:%[0-9]+]] = minsi [[GRID]], [[SMS]] : i32
# CHECK-NEXT: [[CTA:%[0-9]+]] = program_id {axis = 0} : i32
# CHECK-NEXT: [[WORKS:%[0-9]+]] = cmpi [[CTA]], [[CTAS]] {predicate = "slt"} : i1
# CHECK-NEXT: [[FIRST:%[0-9]+]] = select [[WORKS]], [[CTA]], [[GRID]] : i32
# The consumers' ring state for their first tile: read slot 0, phase 0,
# and slot 2 as the one read before.
# CHECK-NEXT: [[READ0:%[0-9]+]] = constant {value = 0} : i32
# CHECK-NEXT: [[PHASE0:%[0-9]+]] = constant {value = 0} : i32
# CHECK-NEXT: [[PREV0:%[0-9]+]] = constant {value = 2} : i32
# CHECK-NEXT: warp_specialize {warps = 4}
# CHECK-NEXT: {
# CHECK-NEXT: [[ZERO:%[0-9]+]] = constant {value = 0} : i32
# CHECK-NEXT: = for [[FIRST]], [[GRID]], [[CTAS]], [[ZERO]], [[ZERO]] : i32, i32
# CHECK-NEXT: ^([[T:%[0-9]+]]: i32, [[WSLOT:%[0-9]+]]: i32, [[WPHASE:%[0-9]+]]: i32):
# CHECK-NOT: program_id
# CHECK: = divsi [[T]], %{{[0-9]+}} : i32
# CHECK: [[STAGES:%[0-9]+]], [[STAGES2:%[0-9]+]] = for %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, [[WSLOT]], [[WPHASE]] : i32, i32
# CHECK: ring_acquire [[A]],
# CHECK: tma_copy [[A]],
# CHECK: yield [[STAGES]], [[STAGES2]]
# CHECK-NEXT: }
# CHECK-NEXT: producer_join
# CHECK-NEXT: yield
# CHECK-NEXT: }
# CHECK: = for [[FIRST]], [[GRID]], [[CTAS]], [[READ0]], [[PHASE0]], [[PREV0]] : i32, i32, i32
# CHECK-NEXT: ^([[T2:%[0-9]+]]: i32, [[READ:%[0-9]+]]: i32, [[PHASE:%[0-9]+]]: i32, [[PREV:%[0-9]+]]: i32):
# CHECK-NOT: program_id
# CHECK: = for {{.*}}, [[READ]], [[PREV]], [[PHASE]] :
# CHECK: ring_release [[A]],
# CHECK: yield
# CHECK: ring_release [[A]], [[LAST:%[0-9]+]],
# CHECK: store
# CHECK: yield %{{[0-9]+}}, %{{[0-9]+}}, [[LAST]]
# CHECK-NEXT: }
# CHECK-NEXT: producer_join
# CHECK-NEXT: release_barriers
# CHECK-NEXT: release_barriers
# CHECK-NEXT: return
#
# In the PTX, the SM count comes from %nsmid; ptxas takes it.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --persistent -o %t.ptx
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: %nsmid
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
# The printed IR reads back: the producer's region, its ops and the
# launch it asks for.
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --persistent --emit tir-gpu -o %t.tir
# RUN: %tritonc %t.tir --num-warps 8 --arch sm_90a -o %t.again.ptx
# RUN: FileCheck %s --check-prefix=AGAIN < %t.again.json
# AGAIN: "threads_per_block": 384,
# RUN: %ptxas -arch=sm_90a %t.again.ptx -o %t.again.cubin
#
# Registers at entry are the even share (or the cap asked for), and the
# consumers get what the producer gives up; with 4 consumer warps each
# thread starts near the 255 limit and nothing moves.
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --maxnreg 128 -o %t.capped.ptx
# RUN: FileCheck %s --check-prefix=CAPPED < %t.capped.ptx
# CAPPED: .maxnreg 128
# CAPPED-DAG: setmaxnreg.dec.sync.aligned.u32 40;
# CAPPED-DAG: setmaxnreg.inc.sync.aligned.u32 168;
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --num-warps 4 --num-stages 3 --arch sm_90a --warp-specialize -o %t.four.ptx
# RUN: FileCheck %s --check-prefix=FOUR --implicit-check-not=setmaxnreg < %t.four.ptx
# FOUR: .reqntid 256
# FOUR-NEXT: .maxnreg 248
#
# A kernel whose programs may end early is left alone: lowering puts the
# rest of the kernel, loop included, in the second region of an `if`, and
# only the function's body and the first regions of its `if`s (the
# full-tile branch) are searched.
# RUN: %tritonc %s --kernel early_exit --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --emit tir-gpu -o - | FileCheck %s --check-prefix=EARLY
# EARLY: tma_copy
# EARLY-NOT: warp_specialize
#
# `--persistent` shapes what `--warp-specialize` makes.
# RUN: not %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64" --arch sm_90a --persistent -o %t.alone.ptx 2>&1 | FileCheck %s --check-prefix=ALONE
# ALONE: error: --persistent requires --warp-specialize [BadOption]
#
# A loop behind the full-tile test of version-tma-windows (the matmul
# sample) is warp-specialised but not made persistent: its edge tiles'
# loop as written would take the ring's bytes the producer fills ahead.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --persistent --emit tir-gpu -o - | FileCheck %s --check-prefix=GUARDED --implicit-check-not=num_sms
# GUARDED: warp_specialize
import triton
import triton.language as tl


@triton.jit
def tiles(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # One output tile a program, tiles numbered along N first.
    tiles_n = tl.cdiv(N, BN)
    tile_m = tl.program_id(0) // tiles_n
    tile_n = tl.program_id(0) % tiles_n
    a = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a.load([tile_m * BM, k * BK]), b.load([k * BK, tile_n * BN]), acc)
    c.store([tile_m * BM, tile_n * BN], acc.to(tl.float16))


@triton.jit
def early_exit(a_ptr, b_ptr, c_ptr, M, N, K, tiles_used, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Programs past `tiles_used` have nothing to do.
    if tl.program_id(0) >= tiles_used:
        return
    tiles_n = tl.cdiv(N, BN)
    tile_m = tl.program_id(0) // tiles_n
    tile_n = tl.program_id(0) % tiles_n
    a = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a.load([tile_m * BM, k * BK]), b.load([k * BK, tile_n * BN]), acc)
    c.store([tile_m * BM, tile_n * BN], acc.to(tl.float16))
