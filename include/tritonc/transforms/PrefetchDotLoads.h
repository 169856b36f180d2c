// Loads of a dot loop that the pipeliner left in registers (no copy form
// takes their alignment: rows of fp16 only 2-byte aligned) are issued one
// iteration ahead. The first iteration's tiles are loaded before the loop
// (masked off unless it runs) and the loop carries them; at the top of the
// body they are stored to one-slot buffers its dots read, then the next
// iteration's tiles (masked off past the end) are loaded into the
// registers they held, so that their latency runs beside the products.
//
// Before: after the pipeliner. Taken only where the loop is two stages deep
// or more, writes no global memory, its step is a positive constant, its
// 16-bit loads feed wgmma dots (directly or transposed; mma.sync loops
// were not measured and stay as they are), and their addresses come from
// pure ops of the induction variable and of carried values advanced by
// such ops.
// After: such a loop has no `load` feeding a dot; its dots read the slots,
// and the module says it was done (`prefetchedDotLoads`): whether it pays
// depends on the registers ptxas then needs, which the driver checks.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void prefetchDotLoads(tir::Module &module);

} // namespace tritonc
