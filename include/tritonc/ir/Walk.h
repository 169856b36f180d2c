// Walks over tile IR that several transforms share: the values a block
// defines and reads, and its loops visited innermost first.
#pragma once

#include "tritonc/ir/IR.h"

#include <functional>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tritonc::tir {

// Every value defined in `block`: its arguments, its ops' results, and those
// of the regions nested in it.
void collectDefinitions(const Block &block, std::unordered_set<const Value *> &defined);

// Every value some op of `block` (or of a region nested in it) reads.
void collectUses(const Block &block, std::unordered_set<const Value *> &used);

// Whether `op` or an op nested in it reads `v`.
bool opReads(const Op &op, const Value *v);

// The ops that read each value, in `block` and the regions nested in it.
using Users = std::unordered_map<const Value *, std::vector<Op *>>;
void collectUsers(Block &block, Users &users);

// Whether `v` reaches a dot's A or B operand through any chain of ops (a
// tile that is staged for a dot, converted or scaled on the way); with
// `within`, only through ops of that block.
bool reachesDotOperand(const Value *v, const Users &users, const Block *within = nullptr);

// Whether every element `op` computes comes from the elements at the same
// index of its operands, whatever the shape and layout.
bool isElementwise(const Op &op);

// Whether `op` is a reshape that only adds or drops dims of size 1: the
// other dims are the operand's, in order.
bool isUnitReshape(const Op &op);

// Whether `v` is a `constant` zero, integer or float (-0.0 too).
bool isZeroConstant(const Value *v);

// The value of an integer `constant` (a scalar, or every element of a
// tensor); nothing for anything else.
std::optional<int64_t> integerConstant(const Value *v);

using OpPosition = std::list<std::unique_ptr<Op>>::iterator;

// Where `op` stands in `block`, which holds it.
OpPosition positionOf(Block &block, const Op *op);

// Moves the op at `pos` of `from` to stand before `at` in `to`.
void moveOp(Block &from, OpPosition pos, Block &to, OpPosition at);

// Calls `visit` on every op of `block`, each before the ops of its regions.
void forEachOp(Block &block, const std::function<void(Op &)> &visit);
void forEachOp(const Block &block, const std::function<void(const Op &)> &visit);

// The warps a function's `warp_specialize` launches beside num_warps; 0
// where it has none.
unsigned producerWarps(const Function &function);

// Calls `visit(parent, position)` for each op of `kinds` in `block` and the
// regions nested in it, an op's nested loops before the op itself.
void forEachLoopInnermostFirst(Block &block, std::initializer_list<OpKind> kinds,
                               const std::function<void(Block &, OpPosition)> &visit);

} // namespace tritonc::tir
