// Dead code elimination: removes pure ops none of whose results are used.
//
// Before: any tile IR.  After: every remaining pure op has a used result.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void eliminateDeadCode(tir::Module &module);
}
