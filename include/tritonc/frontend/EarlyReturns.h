// Early returns out of run-time `if`s, as Triton allows them outside loops
// (`if row >= n_rows: return` at the top of a kernel).
//
// Before: a parsed function whose `if`s may hold `return` statements in
// one branch while code follows the `if`.
// After: the statements that followed such an `if` are moved to the end
// of the branch that may fall through, or, when both may (a return nested
// deeper, or under a compile-time `if` sema prunes), to one branch with a
// copy in the other; statements after a `return` in the same block (never
// run) are dropped. So every path ends in its own `return` or falls off
// the end of the function. A value-less `return` that now ends a branch is
// dropped too: falling off the end does the same. Returns inside loops are
// left for sema to judge, as are continuations past a copy budget. Copies
// keep their source ranges.
#pragma once

#include "tritonc/frontend/AST.h"

namespace tritonc {

void foldEarlyReturns(ast::FunctionDef &function);
// Every function of the module; sema's inputs go through it (`--emit ast`
// shows the file as written).
void foldEarlyReturns(ast::Module &module);

} // namespace tritonc
