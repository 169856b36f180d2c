// Loads of a pipelined dot loop that the pipeliner left in registers (no
// copy form takes their alignment: 2-byte rows of fp16) are issued one
// iteration ahead: the next iteration's tiles are loaded at the top of the
// body, masked off past the loop's end, and carried into it, so that their
// latency runs beside this iteration's staging and tensor-core products
// instead of before them. The first iteration's are loaded before the loop.
//
// Before: after the pipeliner. Taken only where the loop is two stages deep
// or more, writes no global memory, its step is a positive constant, the
// loads reach a tensor-core dot's operand, and their addresses come from
// pure ops of the induction variable and of carried values advanced by
// such ops.
// After: such a loop has no `load` feeding a tensor-core dot directly; the
// dot reads a carried value, staged in shared memory at the top of the body,
// and the module says it was done (`prefetchedDotLoads`): whether it pays
// depends on the registers ptxas then needs, which the driver checks.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void prefetchDotLoads(tir::Module &module);

} // namespace tritonc
