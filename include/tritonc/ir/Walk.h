// Walks over tile IR that several transforms share: the values a block
// defines and reads, and its loops visited innermost first.
#pragma once

#include "tritonc/ir/IR.h"

#include <functional>
#include <unordered_set>

namespace tritonc::tir {

// Every value defined in `block`: its arguments, its ops' results, and those
// of the regions nested in it.
void collectDefinitions(const Block &block, std::unordered_set<const Value *> &defined);

// Every value some op of `block` (or of a region nested in it) reads.
void collectUses(const Block &block, std::unordered_set<const Value *> &used);

// Whether `v` is a `constant` zero, integer or float (-0.0 too).
bool isZeroConstant(const Value *v);

// Calls `visit(parent, position)` for each op of `kinds` in `block` and the
// regions nested in it, an op's nested loops before the op itself.
using OpPosition = std::list<std::unique_ptr<Op>>::iterator;
void forEachLoopInnermostFirst(Block &block, std::initializer_list<OpKind> kinds,
                               const std::function<void(Block &, OpPosition)> &visit);

} // namespace tritonc::tir
