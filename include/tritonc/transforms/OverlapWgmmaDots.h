// Two wgmma dots in a row, the second not reading the first's products and
// neither staging an operand through scratch shared memory (every operand
// a ring slot or a staged slot already): the first leaves its group in
// flight (`pending = 1`) and the second, which waits for every group,
// completes both (`completes_previous`: codegen keeps reads of the first
// one's products below that wait). The tensor cores then run the two
// products back to back instead of draining between them (attention
// backward's dV += Pᵀ·dO, then dP = dO·Vᵀ).
//
// Before: after the pipeliner and stage-transposed-operands.  After: no
// wgmma dot without `pending` is followed directly by such a second dot.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void overlapWgmmaDots(tir::Module &module);

} // namespace tritonc
