// Software pipelining of the loads that feed dots (DESIGN.md §4,
// `num_stages`). In a `for` loop whose body loads a 2-D tile and hands it
// only to dots (on tensor cores or on CUDA cores), the load becomes an
// asynchronous copy (`cp.async`) into a ring buffer of `num_stages` slots
// in shared memory, issued `num_stages - 1` iterations ahead of its use:
//
//   prologue   copies for iterations 0 .. S-2, one commit group each
//   iteration  async_wait(S-2): this iteration's slot has landed and every
//              thread is done with the slot about to be overwritten;
//              dot reads its slot; copy for iteration k+S-1 into the slot
//              read one iteration ago (two, with a spare slot: below); commit
//   after      async_wait(0): no copy is in flight when the ring's bytes
//              are reused
//
// The ops that compute a pipelined load's pointers and mask (and the loop-
// carried values they advance, such as `a_ptrs += BLOCK_K * stride`) are
// cloned for the later iteration; copies for iterations past the end are
// masked off entirely (they read nothing). A loop is left alone when those
// ops have side effects, sit in nested regions, or feed anything but the
// loads and their own loop-carried values; when the step is not a positive
// constant; when `other` is not zero; or when a thread's run of elements
// along a row is narrower than the 4 bytes `cp.async` moves.
//
// On sm_90a a load through a block pointer or tensor descriptor
// (`window_pointers`) whose tensor the host knows (base, shape and row
// stride kernel parameters or constants, base and rows 16-byte aligned by
// the signature's hints, columns contiguous) is copied with TMA instead:
// the ring buffer gets an mbarrier per slot, one thread issues `tma_copy`
// for the slot, every thread waits with `tma_wait` on the phase (a carried
// bit that flips each time the read slot wraps) instead of `async_wait`
// (whose barrier, where no cp.async is left, becomes a plain `barrier`
// unless the dots run asynchronously), and `release_barriers` ends the
// mbarriers after the loop. Where the dots wait for their products
// (anything but accumulating wgmma), only tiles cp.async cannot take (a
// block pointer's, whose advanced offsets axis info cannot prove aligned)
// use TMA: it measured slower there. Loads of other kinds in the same loop
// keep cp.async. `Module::allowTma` (`--no-tma`) turns this off.
//
// The wgmma dots' waits: where every dot accumulates into itself (a
// matmul; chains of dots into one accumulator, or several accumulators),
// each leaves up to an iteration's worth of groups in flight (`pending` =
// the body's wgmma dots) and the copies follow the dots and a barrier; a
// TMA slot first read by a dot right after another dot is then waited for
// between the two. Otherwise, a later dot
// whose products only the next iteration reads, after its first dot
// (attention's P·V, rescaled after the next Q·Kᵀ), gets `pending = 1` too:
// the first dot's wait completes it (that dot carries `completes_carried`,
// the index of those products among the loop's values, so codegen keeps
// their reads below the wait). Where it accumulates into itself or runs in
// a one-warpgroup loop, the copies follow that first dot and a barrier, as
// the slot it read is then free. With several warpgroups each ring has
// S+1 slots instead and the copies stay at the top: they fill the slot
// read two iterations before, whose deferred dot the previous iteration's
// first wait completed (PipelineSchedule.h, `DeferredDot::spareSlot`).
//
// A load that reaches its dot through a transpose (`k.T`) is pipelined
// too: the dot reads the slot as the transposed view of the same bytes
// (`local_slot` typed with the other dim contiguous). A tile several dots
// read (attention backward's Q, one dot's A and another's B through a
// transpose) is one ring that each reads in its own view.
//
// A 2-D tile that reaches a dot's A or B only through other ops (int8
// weights converted and scaled, microscaled fp8 upcast) is copied ahead
// all the same (cp.async, never TMA) and read
// back into registers in its load's layout (`local_load`) where the load
// stood, provided every ring and the dots' staged operands fit the
// target's shared memory (`Module::target`).
//
// Before: after assign-layouts.  After: every qualifying loop is pipelined;
// the original loads are gone (run dce next for their address arithmetic).
//
// Two steps: tritonc/analysis/PipelineSchedule.h decides all of the above
// for a loop without changing it; this pass carries each schedule out.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void pipelineDotLoads(tir::Module &module);

} // namespace tritonc
