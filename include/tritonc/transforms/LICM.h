// Loop-invariant code motion: an op in the body of a `for` or `while` (either
// region of a `while`) whose operands are all defined outside the loop
// computes the same value on every iteration, so it moves to just before
// the loop and runs once. Inner loops go first, so an invariant of two nested
// loops leaves both.
//
// Moved: pure ops without regions, except integer division and remainder.
// Those are undefined in LLVM for a zero divisor, and a loop that runs no
// iteration must not start to execute them. Not moved: ops with side effects
// (loads included: a store in the loop may change what they read), `if`s and
// nested loops, and ops inside an `if` in the loop body (they may not run at
// all). The pass does not weigh register pressure: a hoisted tensor stays
// live across the whole loop, as with Triton's own LICM.
//
// Before: any tile IR.  After: no op that the rules above let move is left
// in a loop body with only operands from outside the loop.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void hoistLoopInvariants(tir::Module &module);
}
