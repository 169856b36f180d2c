// Canonicalize: folds integer arithmetic on known constants and removes
// identities (x + 0, x * 1), so later analyses see the simplest form.
//
// Before: any tile IR.  After: no pure integer op has only constant
// operands; no `addi x, 0` or `muli x, 1` remains. Dead constants are left
// for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void canonicalize(tir::Module &module);
}
