// Copies of ops with their nested regions, for transforms that run the
// same code twice (loop versioning).
#pragma once

#include "tritonc/ir/IR.h"

#include <unordered_map>

namespace tritonc::tir {

// Old value -> its copy.
using ValueMapping = std::unordered_map<const Value *, Value *>;

// Inserts at `b` a copy of `op`, its regions included. The copy reads
// mapping[v] for each operand v the mapping holds and v itself otherwise;
// each result and block argument of the copy is recorded in `mapping`.
Op *cloneOp(Builder &b, const Op &op, ValueMapping &mapping);

} // namespace tritonc::tir
