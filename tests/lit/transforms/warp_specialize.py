# warp-specialize (`--warp-specialize`, sm_90a): the matmul sample's
# TMA loop gives its copies to a producer warpgroup. The rings move to the
# function's start with a second mbarrier a slot; the producer repeats the
# scalars the copies need (the full-tile test included) and issues every
# stage's copies, each after acquiring its slot; the consumers wait for their slots as before, release the slot
# the previous iteration read once their dots are done with it, and no
# longer meet at a barrier before copying.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize --print-after warp-specialize -o %t.ptx 2>&1 | FileCheck %s --check-prefix=IR
# IR-LABEL: func @matmul_bias_act
# IR-NEXT: [[B:%[0-9]+]] = local_alloc {barriers = 2} : tensor<3x64x256xf16, #shared>
# IR-NEXT: [[A:%[0-9]+]] = local_alloc {barriers = 2} : tensor<3x128x64xf16, #shared>
# IR-NEXT: warp_specialize {warps = 4}
# IR: if [[WHOLE:%[0-9]+]]
# IR-NOT: tma_copy
# Every stage, the prologue's too: stage j's copies are those iteration
# j - 2 issued (2 stages ahead, the ring's 3 slots but one).
# IR: [[TWO:%[0-9]+]] = constant {value = 2} : i32
# IR-NEXT: [[AHEAD:%[0-9]+]] = muli [[STEP:%[0-9]+]], [[TWO]] : i32
# IR-NEXT: [[S0:%[0-9]+]] = constant {value = 0} : i32
# IR-NEXT: [[P0:%[0-9]+]] = constant {value = 0} : i32
# The stage, the slot it copies into (from the first) and its round's parity.
# IR-NEXT: = for %{{[0-9]+}}, %{{[0-9]+}}, [[STEP]], [[S0]], [[P0]] : i32, i32
# IR-NEXT: ^([[STAGE:%[0-9]+]]: i32, [[SLOT:%[0-9]+]]: i32, [[PHASE:%[0-9]+]]: i32):
# IR-NEXT: = subi [[STAGE]], [[AHEAD]] : i32
# IR-NEXT: ring_acquire [[A]], [[SLOT]], [[PHASE]]
# IR-NEXT: ring_acquire [[B]], [[SLOT]], [[PHASE]]
# IR: tma_copy [[A]], [[SLOT]],
# IR-NEXT: tma_copy [[B]], [[SLOT]],
# IR: [[WRAP:%[0-9]+]] = cmpi [[NEXT:%[0-9]+]], %{{[0-9]+}} {predicate = "eq"} : i1
# IR-NEXT: [[ONE:%[0-9]+]] = constant {value = 1} : i32
# IR-NEXT: [[FLIP:%[0-9]+]] = xori [[PHASE]], [[ONE]] : i32
# IR-NEXT: [[NEXTPHASE:%[0-9]+]] = select [[WRAP]], [[FLIP]], [[PHASE]] : i32
# IR-NEXT: yield [[NEXT]], [[NEXTPHASE]]
# IR-NEXT: }
# IR-NEXT: producer_join
# IR-NEXT: yield
# IR-NEXT: }
# IR-NEXT: {
# IR-NEXT: yield
# IR-NEXT: }
# IR-NEXT: yield
# IR-NEXT: }
# The consumers: the same test, the loop without copies or barrier.
# IR: = if %{{[0-9]+}} : tensor<128x256xf32
# IR-NOT: tma_copy
# IR: = for [[LB:%[0-9]+]],
# IR-NEXT: ^([[IV:%[0-9]+]]: i32, %{{[0-9]+}}: tensor<128x256xf32, {{.*}}, [[READ:%[0-9]+]]: i32, [[PREV:%[0-9]+]]: i32, %{{[0-9]+}}: i32):
# IR-NEXT: tma_wait [[A]], [[READ]],
# IR-NEXT: tma_wait [[B]], [[READ]],
# IR-NOT: barrier
# IR-NOT: tma_copy
# IR: dot %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}} {input_precision = "tf32", pending = 1}
# IR-NEXT: [[LATER:%[0-9]+]] = cmpi [[IV]], [[LB]] {predicate = "sgt"} : i1
# IR-NEXT: ring_release [[A]], [[PREV]], [[LATER]]
# IR-NEXT: ring_release [[B]], [[PREV]], [[LATER]]
# IR-NOT: barrier
# IR-NOT: tma_copy
# IR: yield
# IR-NEXT: }
# The last iteration's slot, after the loop's exit waited for its dots.
# IR-NEXT: [[RAN:%[0-9]+]] = cmpi [[LB]], %{{[0-9]+}} {predicate = "slt"} : i1
# IR-NEXT: ring_release [[A]], [[LAST:%[0-9]+]], [[RAN]]
# IR-NEXT: ring_release [[B]], [[LAST]], [[RAN]]
# IR-NEXT: producer_join
# IR-NEXT: release_barriers [[A]]
# IR-NEXT: release_barriers [[B]]
# Edge tiles take the loop as written, after releasing the mbarriers.
# IR: {
# IR-NEXT: release_barriers [[A]]
# IR-NEXT: release_barriers [[B]]
# IR-NEXT: local_alloc : tensor<3x128x64xf16, #shared>
#
# In the PTX, 384 threads, each starting with its even share of the
# registers (setmaxnreg moves from a count fixed at entry); registers move
# from the producer to the consumers;
# the consumers meet at named barrier 1, both roles at named barrier 2
# (not `.aligned`: the roles run different instructions);
# each consumer warp's first lane releases a slot on its second mbarrier,
# which counts the 8 consumer warps. The metadata's num_warps counts the
# producer's warps.
# RUN: FileCheck %s --check-prefix=PTX < %t.ptx
# PTX: .reqntid 384
# PTX-NEXT: .maxnreg 168
# PTX: mbarrier.init.shared::cta.b64 [%r{{[0-9]+}}], 8;
# PTX: bar.sync 0;
# PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40;
# PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232;
# PTX-DAG: @arrive mbarrier.arrive.shared::cta.b64 _,
# PTX-DAG: barrier.sync 1, 256;
# PTX-DAG: barrier.sync 2, 384;
# The whole CTA meets only where the two rings' mbarriers are set up.
# RUN: grep -c "bar.sync[[:space:]]*0;" %t.ptx | FileCheck %s --check-prefix=FULLCTA
# FULLCTA: {{^2$}}
# RUN: FileCheck %s --check-prefix=META < %t.json
# META: "num_warps": 12,
# META: "threads_per_block": 384,
#
# REQUIRES: ptxas
# RUN: %ptxas -arch=sm_90a %t.ptx -o %t.cubin
#
# Without the flag, on sm_80, or where the loop copies by cp.async
# (`--no-tma`), nothing changes.
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --emit tir-gpu -o - | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_80 --warp-specialize --emit tir-gpu -o - | FileCheck %s --check-prefix=NONE
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --no-tma --warp-specialize --emit tir-gpu -o - | FileCheck %s --check-prefix=NONE
# NONE-NOT: warp_specialize
# NONE-NOT: ring_release
#
# One launch serves every arch's image: sm_80's cannot take the producer.
# RUN: not %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_80,sm_90a --warp-specialize -o %t.both.ptx 2>&1 | FileCheck %s --check-prefix=ARCHS
# ARCHS: error: `--warp-specialize` launches producer warps only on sm_90a, so its images cannot share one launch with another `--arch`; compile each arch on its own [WarpSpecializeArchs]
#
# So does every specialisation's: a ragged one (no TMA, so no producer)
# beside a hinted one is refused; one the compiler would add beside a
# ragged one for aligned arguments is left out.
# RUN: not %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, i32:1, i32:16, i32:1, i32:16, i32:1, 128, 256, 64, 8, 'gelu'" --signature "*fp16, *fp16, *fp16, *fp16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize -o %t.two.ptx 2>&1 | FileCheck %s --check-prefix=SPECS
# SPECS: error: warp-specialised (`--warp-specialize` or `tl.range(..., warp_specialize=True)`), specialisation 2 launches 256 threads and the first 384, but one launch serves them all; compile them separately [WarpSpecializeSpecialisations]
# RUN: %tritonc %samples/matmul.py --kernel matmul_bias_act --signature "*fp16, *fp16, *fp16, *fp16, i32, i32, i32, i32, i32:1, i32, i32:1, i32, i32:1, 128, 256, 64, 8, 'gelu'" --num-warps 8 --num-stages 3 --arch sm_90a --warp-specialize -o %t.ragged.ptx --header %t.ragged.h
# RUN: FileCheck %s --check-prefix=RAGGED < %t.ragged.h
# RAGGED: kThreadsPerBlock = 256;
# RAGGED-NOT: setmaxnreg
