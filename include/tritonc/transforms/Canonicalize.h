// Canonicalize: folds integer arithmetic on known constants and removes
// identities (x + 0, x * 1, x / 1) and annihilators (x * 0, x % 1), so
// later analyses see the simplest form; a float narrowing of an integer's
// conversion becomes one conversion (as Triton's canonicalization makes
// it: one rounding, not two). A
// kernel parameter promised equal to 1 (`i32:1`) becomes the constant 1
// in the body (it keeps its place among the parameters).
//
// Before: any tile IR.  After: no pure integer op has only constant
// operands; no `addi x, 0`, `muli x, 0|1`, `divsi x, 1` or `remsi x, 1`
// remains; no `equal_to_one` parameter is used; no `truncf` (but to fp8)
// reads a `sitofp`/`uitofp`.
// Dead constants and conversions are left for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void canonicalize(tir::Module &module);
}
