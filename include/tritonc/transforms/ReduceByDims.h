// Reductions without an axis whose flattening would move data reduce dim
// by dim instead. Lowering flattens such a reduction's input, as Triton
// does (one fold per thread, one butterfly, one warp exchange); where the
// assigned layouts make that reshape a shared-memory round trip (a
// column-major tile, or an MMA accumulator), reducing each dim in place
// costs less (flash-linear-attention's mesa_net backward: 56 bytes of
// spills dim by dim, 208 flattened).
//
// Before: GPU IR (layouts assigned). After: no built-in `reduce` (sum,
// max, min) of every element takes a `reshape` to one dim that does not
// rename registers (tritonc/ir/ReshapeLayout.h); such reduce-reshape pairs
// are replaced by one `reduce` per dim, innermost first, on slices of the
// input's layout, and left for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void reduceUnrenamedFlatteningsByDims(tir::Module &module);
}
