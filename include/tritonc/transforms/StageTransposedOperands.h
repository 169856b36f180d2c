// A wgmma dot whose 16-bit operand is the transpose of an earlier product
// in registers (attention backward's Pᵀ·dO and dSᵀ·Q) reads it from shared memory
// written in the tile's own layout: a one-slot `local_alloc`, a
// `local_store` of the untransposed tile (a barrier first: an earlier
// iteration's dot may still read the slot), and the slot's transposed view
// (`local_slot` with the other dim contiguous) as the operand. Without it
// the tile goes to a blocked layout through shared memory, is transposed
// there, and is staged through shared memory again for the dot, a 16-bit
// element at a time.
//
// Before: after the pipeliner (which counts such an operand as staged, so
// no dot reading it was left running).  After: no wgmma dot reads a 16-bit
// `trans` of an MMA-layout tile; the transposes and conversions left
// unused are for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void stageTransposedOperands(tir::Module &module);

} // namespace tritonc
