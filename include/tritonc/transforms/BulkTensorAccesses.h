// Tensor descriptors' loads and stores that the software pipeliner left,
// moved by the Tensor Memory Accelerator through a one-slot buffer in
// shared memory, as Triton moves them on Hopper: a store writes its tile
// into the slot in the layout it was computed in (no exchange into a
// coalescing layout) and one thread copies the slot out; a load outside
// loops (an epilogue's operand) is copied in by one thread and read back
// in the layout its reader wants. The copies of loads that follow each
// other, with nothing between them that writes memory, are issued
// together, so their latencies overlap.
//
// Holds before: GPU-level IR on sm_90a (wgmma, TMA allowed), after the
// pipeliner. After: each such store is a `tma_store`; each such load is a
// `tma_copy` into a buffer with an mbarrier, a `tma_wait` where the load
// stood, a `local_load`, then the barrier's release.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void moveDescriptorTilesByTma(tir::Module &module);

} // namespace tritonc
