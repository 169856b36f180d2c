// Layout assignment: gives every tensor a blocked layout (DESIGN.md §3).
// Loads and stores are the anchors: each tensor shape gets the widest
// per-thread vector that a memory access of that shape can use (axis info:
// contiguity, alignment, 16 bytes), never more than the tensor has per
// thread. All tensors of one shape share one layout, so elementwise ops
// need no conversions; an access that cannot use the full width is split
// into narrower instructions by codegen.
//
// Before: tile-level IR (no layouts).  After: GPU-level IR, every tensor
// typed with a layout.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void assignLayouts(tir::Module &module);
}
