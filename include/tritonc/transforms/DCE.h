// Dead code elimination: removes pure ops none of whose results are used,
// loads (not volatile) whose value nothing reads, and the values a `for`
// carries that nothing reads but their own next value (with the ops that
// computed it).
//
// Before: any tile IR.  After: every remaining pure op and non-volatile
// load has a used result; every carried value is read after the loop or by
// something in it besides its own update.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void eliminateDeadCode(tir::Module &module);
}
