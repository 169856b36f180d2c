# warp-specialize where the source asks, as Triton spells it:
# `tl.range(..., warp_specialize=True)` on a loop copying by TMA, or on the
# kernel's own loop over its tiles (a persistent kernel). No flag needed;
# sm_90a alone.
#
# A tile loop written by the user: the producer loops over the same tiles,
# its write slot and phase going on from tile to tile; the consumers' tile
# loop carries their read slot, phase and the slot read last; the rings'
# mbarriers are released once, after the tiles, when both roles have met.
# RUN: %tritonc %s --kernel asks_on_tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s
# CHECK-LABEL: func @asks_on_tiles
# CHECK-NEXT: [[B:%[0-9]+]] = local_alloc {barriers = 2}
# CHECK-NEXT: [[A:%[0-9]+]] = local_alloc {barriers = 2}
# CHECK-NEXT: warp_specialize {warps = 4}
# CHECK-NEXT: {
# CHECK-NEXT: [[PID:%[0-9]+]] = program_id {axis = 0} : i32
# CHECK: = for [[PID]], %{{[0-9]+}}, %PROGRAMS, %{{[0-9]+}}, %{{[0-9]+}} : i32, i32
# CHECK-NEXT: ^([[T:%[0-9]+]]: i32, [[WSLOT:%[0-9]+]]: i32, [[WPHASE:%[0-9]+]]: i32):
# CHECK: [[STAGES:%[0-9]+]], [[STAGES2:%[0-9]+]] = for %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, [[WSLOT]], [[WPHASE]] : i32, i32
# CHECK: ring_acquire [[A]],
# CHECK: ring_acquire [[B]],
# CHECK: tma_copy [[A]],
# CHECK: tma_copy [[B]],
# CHECK: yield %{{[0-9]+}}, %{{[0-9]+}}
# CHECK-NEXT: }
# CHECK-NEXT: yield [[STAGES]], [[STAGES2]]
# CHECK-NEXT: }
# CHECK-NEXT: producer_join
# CHECK-NEXT: yield
# CHECK-NEXT: }
# The consumers start with slot 2 as the one read before.
# CHECK: [[PREV0:%[0-9]+]] = constant {value = 2} : i32
# CHECK-NEXT: = for %{{[0-9]+}}, %{{[0-9]+}}, %PROGRAMS, [[READ0:%[0-9]+]], [[PHASE0:%[0-9]+]], [[PREV0]] {warp_specialize = 1} : i32, i32, i32
# CHECK-NEXT: ^({{%[0-9]+}}: i32, [[READ:%[0-9]+]]: i32, [[PHASE:%[0-9]+]]: i32, [[PREV:%[0-9]+]]: i32):
# CHECK-NOT: tma_copy
# CHECK: = for {{.*}}, [[READ]], [[PREV]], [[PHASE]] :
# CHECK-NOT: barrier
# CHECK: ring_release [[A]],
# CHECK: ring_release [[B]],
# CHECK: yield
# CHECK: ring_release [[A]], [[LAST:%[0-9]+]],
# CHECK-NOT: release_barriers
# CHECK: store
# CHECK: yield %{{[0-9]+}}, %{{[0-9]+}}, [[LAST]]
# CHECK-NEXT: }
# CHECK-NEXT: producer_join
# CHECK-NEXT: release_barriers
# CHECK-NEXT: release_barriers
# CHECK-NEXT: return
#
# The consumers start from read slot 0, phase 0, with slot 2 as the one
# read before.
# RUN: %tritonc %s --kernel asks_on_tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | grep -B3 "{warp_specialize = 1} : i32, i32, i32" | FileCheck %s --check-prefix=STATE
# STATE: [[R:%[0-9]+]] = constant {value = 0} : i32
# STATE-NEXT: [[P:%[0-9]+]] = constant {value = 0} : i32
# STATE-NEXT: [[S:%[0-9]+]] = constant {value = 2} : i32
# STATE-NEXT: = for %{{[0-9]+}}, %{{[0-9]+}}, %PROGRAMS, [[R]], [[P]], [[S]] {warp_specialize = 1}
#
# A tile loop counting down (a constant negative step) does so in both
# roles.
# RUN: %tritonc %s --kernel asks_counting_down --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, 4" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=DOWN
# DOWN: warp_specialize {warps = 4}
# DOWN: = for {{.*}} {descending = 1} : i32, i32
# DOWN: producer_join
# DOWN: = for {{.*}} {descending = 1, warp_specialize = 1} : i32, i32, i32
#
# `--warp-specialize` takes the same tile loop without the request; the
# PTX is the request's, and ptxas takes it.
# REQUIRES: ptxas
# RUN: %tritonc %s --kernel asks_on_tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.asked.ptx
# RUN: FileCheck %s --check-prefix=LAUNCH < %t.asked.json
# LAUNCH: "num_warps": 12,
# LAUNCH: "threads_per_block": 384,
# RUN: %ptxas -arch=sm_90a %t.asked.ptx -o %t.asked.cubin
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize -o %t.flag.ptx
# RUN: sed -e 's/asks_on_tiles/KERNEL/g' %t.asked.ptx | grep -v '^\s*\.loc' > %t.asked.body
# RUN: sed -e 's/tiles/KERNEL/g' %t.flag.ptx | grep -v '^\s*\.loc' > %t.flag.body
# RUN: diff %t.asked.body %t.flag.body
#
# Without either, the tile loop is not specialised.
# RUN: %tritonc %s --kernel tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=PLAIN
# PLAIN-LABEL: func @tiles
# PLAIN-NOT: warp_specialize
# PLAIN: return
#
# Other arches share the launch of a request compiled with them, so there
# it is not honoured (as Triton ignores it where it cannot apply).
# RUN: %tritonc %s --kernel asks_on_tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a,sm_80 -o %t.both.ptx
# RUN: FileCheck %s --check-prefix=BOTH < %t.both.json
# BOTH: "threads_per_block": 256,
#
# Nor beside another signature: one launch serves both.
# RUN: %tritonc %s --kernel asks_on_tiles --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --signature "*fp16:16, *fp16:16, *fp16:16, i32, i32, i32, i32, 128, 128, 64" --num-warps 8 --num-stages 3 --arch sm_90a -o %t.two.ptx
# RUN: FileCheck %s --check-prefix=TWO < %t.two.json
# TWO: "threads_per_block": 256,
#
# On the loop copying by TMA itself (1 asks as True does); `False` asks
# for nothing.
# RUN: %tritonc %s --kernel asks_on_steps --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, 1" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.steps.ptx
# RUN: FileCheck %s --check-prefix=STEPS < %t.steps.ptx
# STEPS: .reqntid 256
# STEPS: barrier.sync 2, 256;
# RUN: %ptxas -arch=sm_90a %t.steps.ptx -o %t.steps.cubin
# RUN: %tritonc %s --kernel asks_on_steps --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, 128, 128, 64, False" --num-warps 4 --num-stages 3 --arch sm_90a -o %t.nosteps.ptx
# RUN: FileCheck %s --check-prefix=NOSTEPS < %t.nosteps.ptx
# NOSTEPS: .reqntid 128
#
# The request is a constant, as Triton requires.
# RUN: not %tritonc %s --kernel asks_at_run_time --signature "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32, 128, 128, 64" --num-warps 4 --arch sm_90a -o %t.bad.ptx 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: error: `warp_specialize` must be a compile-time constant
# BAD-NEXT: for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=FLAG > 0):
import triton
import triton.language as tl


@triton.jit
def _one_tile(a_desc, b_desc, c_ptr, M, N, K, pid_m, pid_n, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([pid_m * BM, k * BK]), b_desc.load([k * BK, pid_n * BN]), acc)
    rows = pid_m * BM + tl.arange(0, BM)
    cols = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def asks_on_tiles(a_ptr, b_ptr, c_ptr, M, N, K, PROGRAMS, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    tiles_n = tl.cdiv(N, BN)
    for tile in tl.range(tl.program_id(0), tl.cdiv(M, BM) * tiles_n, PROGRAMS, warp_specialize=True):
        _one_tile(a_desc, b_desc, c_ptr, M, N, K, tile // tiles_n, tile % tiles_n, BM, BN, BK)


@triton.jit
def asks_counting_down(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                       PROGRAMS: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    tiles_n = tl.cdiv(N, BN)
    for tile in tl.range(tl.cdiv(M, BM) * tiles_n - 1 - tl.program_id(0), -1, -PROGRAMS, warp_specialize=True):
        _one_tile(a_desc, b_desc, c_ptr, M, N, K, tile // tiles_n, tile % tiles_n, BM, BN, BK)


@triton.jit
def tiles(a_ptr, b_ptr, c_ptr, M, N, K, PROGRAMS, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    tiles_n = tl.cdiv(N, BN)
    for tile in range(tl.program_id(0), tl.cdiv(M, BM) * tiles_n, PROGRAMS):
        _one_tile(a_desc, b_desc, c_ptr, M, N, K, tile // tiles_n, tile % tiles_n, BM, BN, BK)


@triton.jit
def asks_on_steps(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  SPECIALIZE: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=SPECIALIZE):
        acc = tl.dot(a_desc.load([tl.program_id(0) * BM, k * BK]), b_desc.load([k * BK, tl.program_id(1) * BN]), acc)
    rows = tl.program_id(0) * BM + tl.arange(0, BM)
    cols = tl.program_id(1) * BN + tl.arange(0, BN)
    tl.store(c_ptr + rows[:, None] * N + cols[None, :], acc.to(tl.float16), mask=(rows[:, None] < M) & (cols[None, :] < N))


@triton.jit
def asks_at_run_time(a_ptr, b_ptr, c_ptr, M, N, K, FLAG, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=FLAG > 0):
        acc += 1.0
    tl.store(c_ptr + tl.arange(0, BM)[:, None] * N + tl.arange(0, BN)[None, :], acc.to(tl.float16))
