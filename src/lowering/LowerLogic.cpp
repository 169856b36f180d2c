// `and`, `or` and conditional expressions. Sema decided what is known at
// compile time; what is left runs: `and` / `or` combine truth values with
// `andi` / `ori`, and `a if c else b` picks one of two values.
#include "Lowerer.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <algorithm>
#include <utility>

namespace tritonc::lowering {

using tir::OpKind;

// Only the run-time operands are left to combine (the compile-time ones
// decided nothing); sema converted each to its truth value, broadcast.
tir::Value *Lowerer::boolOp(const ast::BoolOpExpr &b, const SemaValue &result) {
  OpKind kind = b.op == ast::BoolOpKind::And ? OpKind::AndI : OpKind::OrI;
  tir::Value *combined = nullptr;
  for (const auto &operand : b.operands) {
    if (!valueOf(operand.get()).isRuntime())
      continue;
    tir::Value *v = use(*operand);
    combined = combined ? builder_->value(kind, {combined, v}, result.type, b.range) : v;
  }
  return combined;
}

tir::Value *Lowerer::lowerDetached(tir::Block &region, const ast::Expr &e) {
  std::unique_ptr<tir::Builder> outer = std::exchange(builder_, std::make_unique<tir::Builder>(region));
  tir::Block *outerBlock = std::exchange(block_, &region);
  tir::Value *v = use(e);
  builder_ = std::move(outer);
  block_ = outerBlock;
  return v;
}

// With a run-time condition both sides are lowered into detached blocks.
// When every op there is pure they move before a `select`: both sides are
// computed and one is kept, as `tl.where` does, which later passes handle
// best. Otherwise (a load, a store, a loop in an inlined helper) they
// become the regions of an `if` that yields the value, as Triton's code
// generator always emits it, so the side not taken never runs.
tir::Value *Lowerer::conditional(const ast::IfExpExpr &e, const SemaValue &result) {
  const SemaValue &c = valueOf(e.cond.get());
  if (c.isConstexpr())
    return lower(truthy(c.constant) ? *e.then : *e.otherwise);
  tir::Value *cond = use(*e.cond);
  auto thenBlock = std::make_unique<tir::Block>(), elseBlock = std::make_unique<tir::Block>();
  tir::Value *a = lowerDetached(*thenBlock, *e.then);
  tir::Value *b = lowerDetached(*elseBlock, *e.otherwise);
  auto pure = [](const tir::Block &block) {
    return std::all_of(block.ops.begin(), block.ops.end(), [](const auto &op) { return tir::isPure(op->kind); });
  };
  if (pure(*thenBlock) && pure(*elseBlock)) {
    // builder_ appends to block_ (every Builder of lowering does), so the
    // ops go at its end, in order.
    for (tir::Block *side : {thenBlock.get(), elseBlock.get()}) {
      for (auto &op : side->ops)
        op->parent = block_;
      block_->ops.splice(block_->ops.end(), side->ops);
    }
    if (result.type.isTensor())
      cond = builder_->value(OpKind::Splat, {cond}, result.type.withElem(ElemType::scalar(ScalarKind::I1)), e.range);
    return builder_->value(OpKind::Select, {cond, a, b}, result.type, e.range);
  }
  tir::Op *op = builder_->create(OpKind::If, {cond}, {result.type}, {}, e.range);
  for (auto [side, value] : {std::pair{&thenBlock, a}, std::pair{&elseBlock, b}}) {
    tir::Builder(**side).create(OpKind::Yield, {value}, {}, {}, e.range);
    op->regions.push_back(std::move(*side));
  }
  return op->result();
}

} // namespace tritonc::lowering
