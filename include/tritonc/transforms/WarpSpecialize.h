// Warp specialisation of a TMA-fed wgmma loop (sm_90a, `--warp-specialize`).
//
// The pipeliner leaves a loop whose warps both compute and copy: each
// iteration waits for its slots, runs its wgmma dots (left in flight), then
// meets at a barrier and starts the next stage's bulk copies into the slot
// the previous iteration read. Here the copies move to a producer
// warpgroup launched beside the num_warps consumer warps:
//
//     rings (local_alloc {barriers = 2}, hoisted to the function's start)
//     warp_specialize {warps = 4} {
//       the scalars the copies need; `if` the loop's guard {
//         the prologue's copies
//         for k: ring_acquire each ring's slot; its copies
//         producer_join
//       }
//     }
//     ... the kernel as before, with no copies: after the loop's last dot
//     (whose wait finished the previous iteration's), ring_release of the
//     slot the previous iteration read; producer_join before the rings'
//     release_barriers.
//
// The producer runs ahead of the consumers by as many stages as the ring
// has slots, and the consumers no longer meet at a barrier each iteration.
//
// Applies to a function with one such loop: in the function's body or in
// the first region of an `if` there (the full-tile branch of
// version-tma-windows), whose copies are all TMA, whose dots are all wgmma
// left in flight, and whose copies' coordinates and conditions are scalar
// arithmetic on the loop index, kernel parameters and program ids.
//
// Before: GPU-level IR after the pipeliner. After: the same results; the
// launch has `warps` more warps (the metadata's num_warps counts them).
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void warpSpecializeLoops(tir::Module &module);

} // namespace tritonc
