#include "tritonc/transforms/FoldDotAccumulate.h"

#include "tritonc/ir/Walk.h"

#include <unordered_map>

namespace tritonc {

namespace {

using tir::OpKind;

void countUses(const tir::Block &block, std::unordered_map<const tir::Value *, unsigned> &uses) {
  for (const auto &op : block.ops) {
    for (const tir::Value *v : op->operands)
      ++uses[v];
    for (const auto &region : op->regions)
      countUses(*region, uses);
  }
}

// The dot among `add`'s operands that may take the other operand as its
// accumulator, and that operand.
std::pair<tir::Op *, tir::Value *> foldable(const tir::Op &add,
                                            const std::unordered_map<const tir::Value *, unsigned> &uses) {
  for (unsigned side = 0; side < 2; ++side) {
    tir::Value *product = add.operands[side];
    tir::Value *other = add.operands[1 - side];
    tir::Op *dot = product->definingOp();
    if (!dot || dot->kind != OpKind::Dot || dot->operands.size() != 3 || dot->parent != add.parent)
      continue;
    if (uses.at(product) != 1 || !tir::isZeroConstant(dot->operands[2]))
      continue;
    if (!(other->type == product->type) || !(add.result()->type == product->type))
      continue;
    return {dot, other};
  }
  return {nullptr, nullptr};
}

void foldBlock(tir::Block &block, tir::Block &body, std::unordered_map<const tir::Value *, unsigned> &uses) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    tir::Op &op = **it;
    for (auto &region : op.regions)
      foldBlock(*region, body, uses);
    if ((op.kind != OpKind::AddF && op.kind != OpKind::AddI) || op.operands.size() != 2)
      continue;
    auto [dot, accumulator] = foldable(op, uses);
    if (!dot)
      continue;
    // A new dot where the add was: the accumulator may be defined after
    // the old dot.
    tir::Builder b(block, it);
    tir::Value *folded = b.value(OpKind::Dot, {dot->operands[0], dot->operands[1], accumulator}, op.result()->type,
                                 dot->loc, dot->attrs);
    for (tir::Value *v : {dot->operands[0], dot->operands[1], accumulator})
      ++uses[v];
    uses[folded] = uses[op.result()];
    tir::replaceAllUses(body, op.result(), folded);
  }
}

} // namespace

void foldDotAccumulate(tir::Module &module) {
  for (auto &f : module.functions) {
    std::unordered_map<const tir::Value *, unsigned> uses;
    countUses(f->body, uses);
    foldBlock(f->body, f->body, uses);
  }
}

} // namespace tritonc
