// Dot-accumulate folding: `acc + tl.dot(a, b)` (either order, `acc +=`,
// floats or integers) becomes `tl.dot(a, b, acc)` when the dot starts from
// zero and the add is its only use, as Triton's combine step folds it: the
// tensor cores then accumulate in place (and round as Triton's do), and a
// pipelined loop keeps its wgmma group in flight as for the three-argument
// form.
//
// Before: tile IR.  After: no `addf`/`addi` takes a dot whose accumulator
// is a zero constant and which has no other use; the replaced add and dot
// are left for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void foldDotAccumulate(tir::Module &module);
}
