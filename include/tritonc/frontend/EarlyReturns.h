// Early returns out of run-time `if`s, as Triton allows them outside loops
// (`if row >= n_rows: return` at the top of a kernel).
//
// Before: a parsed function whose `if`s may hold `return` statements in
// one branch while code follows the `if`.
// After: wherever one branch of such an `if` always returns, the
// statements that followed the `if` are moved to the end of the other
// branch, and statements after a `return` in the same block (never run)
// are dropped; so every path ends in its own `return` or falls off the end
// of the function. A value-less `return` that now ends a branch is dropped
// too: falling off the end does the same. Returns inside loops, and `if`s
// where neither branch always returns while code follows, are left as they
// are for sema to judge. Only statement order changes: nodes keep their
// source ranges.
#pragma once

#include "tritonc/frontend/AST.h"

namespace tritonc {

void foldEarlyReturns(ast::FunctionDef &function);

} // namespace tritonc
