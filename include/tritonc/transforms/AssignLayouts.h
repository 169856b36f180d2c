// Layout assignment: gives every tensor a layout (DESIGN.md §3).
//
// Tensor-core dots choose first, and this is where each one's instruction
// is decided, once: its accumulator's MMA layout records the version
// (`mma.sync` or, on sm_90a where the dot fits, wgmma) and the shape of one
// instruction, and every later stage reads them from there.
//
// Loads and stores are the anchors: each gets the blocked layout that
// coalesces it, as wide per thread as axis info allows (contiguity,
// alignment, 16 bytes). Preferences then flow backwards from users to
// producers — elementwise operands take their result's layout, the operand
// of `expand_dims` takes the slice of its result's layout, a broadcast's
// operand its result's — so that index arithmetic, broadcasts and
// reductions need no data movement. Values nothing constrains get the
// default blocked layout; a reduction's result is the slice of its
// operand's. Where an operand still disagrees with what its op needs, a
// cheap producer (constant, make_range, splat) is recomputed in the needed
// layout, and anything else goes through `convert_layout`.
//
// Before: tile-level IR (no layouts).  After: GPU-level IR, every tensor
// typed with a layout, every op's operands in the layouts it requires.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void assignLayouts(tir::Module &module);
}
