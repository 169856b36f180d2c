// Common subexpression elimination: of two pure ops with the same kind,
// operands, attributes and result types in one block, the later one's uses
// read the earlier one's result. Ops with regions are never merged.
//
// Before: any tile IR.  After: no two equivalent pure ops in a block.
// Replaced ops stay (unused) for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void eliminateCommonSubexpressions(tir::Module &module);
}
