// Copies of ops with their nested regions, for transforms that run the
// same code twice (loop versioning) or a loop's code for another iteration
// (the pipeliner's copies ahead, prefetch-dot-loads).
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

// mapping[v] where the mapping holds v, else v itself.
Value *mapped(const ValueMapping &mapping, Value *v);

// At `b`: whether the iteration of the `for` op `loop` at induction value
// `iv` runs (an i1: iv below the loop's upper bound).
Value *iterationRuns(Builder &b, const Op &loop, Value *iv);

// At `b`: the mask of `load` (a load or anything taking its pointers and
// mask) copied for another iteration through `mapping`, and off wherever
// the i1 `runs` is false.
Value *maskForIteration(Builder &b, const Op &load, const ValueMapping &mapping, Value *runs);

} // namespace tritonc::tir
