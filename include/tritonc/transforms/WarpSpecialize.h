// Warp specialisation of a TMA-fed wgmma loop (sm_90a): every such loop
// under `--warp-specialize`, else one the source asks for with
// `tl.range(..., warp_specialize=True)` (on it or on its tile loop).
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
//         for each stage: ring_acquire each ring's slot; its copies
//         producer_join
//       }
//     }
//     ... the kernel as before, with no copies: after the loop's last dot
//     (whose wait finished the previous iteration's), ring_release of the
//     slot the previous iteration read, and after the loop of the last
//     one; producer_join before the rings' release_barriers.
//
// The producer runs ahead of the consumers by as many stages as the ring
// has slots, and the consumers no longer meet at a barrier each iteration.
//
// Applies to a function with one such loop, whose copies are all TMA,
// whose dots are all wgmma left in flight, and whose copies' coordinates
// and conditions are scalar arithmetic on the loop index, kernel
// parameters and program ids. It may stand in the function's body, in the
// first region of an `if` there (the full-tile branch of
// version-tma-windows), or in the body of a loop there that carries
// nothing (a persistent kernel's own loop over its tiles: the producer
// loops over the same tiles, and that loop carries the consumers' ring
// state, as with `--persistent` below).
//
// With `--persistent`, where the loop is behind no guard, the CTAs
// c < min(grid, SMs) (`num_sms`, %nsmid: where SM ids leave gaps, a few
// more than the SMs) loop over the grid's tiles along axis 0
// (tile c, c + ctas, ...; `program_id(0)` reads the tile), both roles
// alike, the ring's slots and phases carried from tile to tile: the
// producer copies the next tile's first stages during the epilogue. The
// other CTAs end at once; the launch is unchanged.
//
// Before: GPU-level IR after the pipeliner. After: the same results; the
// launch has `warps` more warps (the metadata's num_warps counts them).
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void warpSpecializeLoops(tir::Module &module);

} // namespace tritonc
