// A tensor-core dot in a loop whose operand does not change across
// iterations (attention's query tile) reads it from shared memory written
// once before the loop, instead of staging it from registers every
// iteration: one `local_alloc` slot and a `local_store` before the loop,
// a `local_slot` read in it. The registers that held the operand are free
// for the loop.
//
// Before: after assign-layouts (and the pipeliner, whose operands are in
// shared memory already).  After: no tensor-core dot directly in a `for`
// body takes a 16-bit operand in registers that is defined outside it.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void hoistInvariantDotOperands(tir::Module &module);

} // namespace tritonc
