// A 16-bit register tile that several tensor-core dots of one block read
// (a gated MLP's activations, multiplied by the gate and by the up
// projection) is written to shared memory once, before the first of them,
// and every one of them reads that slot. Without it each dot stages the
// tile into its own scratch again: twice the shared-memory stores and
// barriers for the same data.
//
// Before: after the pipeliner, hoist-dot-operands and
// stage-transposed-operands (what they put in shared memory is no longer a
// register operand), and before overlap-wgmma. Only dots that wait for
// their own result are rewritten (none left in flight by the pipeliner
// reads the slot the next iteration overwrites).  After: no two
// tensor-core dots of a block both stage the same 16-bit register tile; an
// A the dot takes straight from an accumulator's registers is left there.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void stageSharedDotOperands(tir::Module &module);

} // namespace tritonc
