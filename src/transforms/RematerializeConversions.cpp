#include "tritonc/transforms/RematerializeConversions.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// Beyond this many ops, recomputing stops being obviously cheaper.
constexpr size_t kMaxOps = 8;

bool recomputable(OpKind kind) {
  switch (kind) {
  case OpKind::MakeRange: case OpKind::Splat: case OpKind::Constant:
  case OpKind::AddI: case OpKind::SubI: case OpKind::MulI: case OpKind::DivSI: case OpKind::DivUI:
  case OpKind::RemSI: case OpKind::RemUI: case OpKind::AndI: case OpKind::OrI: case OpKind::XorI:
  case OpKind::ShlI: case OpKind::ShrSI: case OpKind::ShrUI: case OpKind::MaxSI: case OpKind::MinSI:
  case OpKind::CmpI: // a bounds mask from the indices
    return true;
  default:
    return false;
  }
}

// A tensor with at most one dim longer than 1: an index vector, or one
// made a row or column of a tile.
bool vectorLike(const Type &t) {
  return std::count_if(t.shape.begin(), t.shape.end(), [](int64_t n) { return n > 1; }) <= 1;
}

// The ops computing `v` in layout `l`, operands before users, each with
// the layout its copy takes, when all are recomputable (or expand an
// index vector into a row or column) and few; empty otherwise. Scalar
// operands (splats' sources, the tile index) are read where they are.
std::vector<std::pair<const Op *, Layout>> chainOf(const Value *v, const Layout &l) {
  std::vector<std::pair<const Op *, Layout>> order;
  bool ok = true;
  std::function<void(const Value *, const Layout &)> visit = [&](const Value *value, const Layout &layout) {
    if (!ok || !value->type.isTensor())
      return;
    const Op *def = value->definingOp();
    bool expands = def && def->kind == OpKind::ExpandDims;
    if (!def || !(recomputable(def->kind) || expands) || !vectorLike(def->result()->type)) {
      ok = false;
      return;
    }
    for (const auto &[done, doneLayout] : order)
      if (done == def) {
        ok = ok && doneLayout == layout; // one copy per op: a second layout is not worth it
        return;
      }
    for (const Value *operand : def->operands)
      visit(operand, expands ? layout.sliced(unsigned(def->intAttr("axis"))) : layout);
    order.emplace_back(def, layout);
    ok = ok && order.size() <= kMaxOps;
  };
  visit(v, l);
  return ok ? order : std::vector<std::pair<const Op *, Layout>>{};
}

void rematerializeIn(Block &block) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    Op &op = **it;
    for (auto &region : op.regions)
      rematerializeIn(*region);
    if (op.kind != OpKind::ConvertLayout || !vectorLike(op.result()->type))
      continue;
    std::vector<std::pair<const Op *, Layout>> chain = chainOf(op.operands[0], *op.result()->type.layout);
    if (chain.empty())
      continue;
    tir::Builder b(block, it);
    std::map<const Value *, Value *> copies;
    for (const auto &[original, layout] : chain) {
      std::vector<Value *> operands;
      for (Value *operand : original->operands)
        operands.push_back(copies.count(operand) ? copies.at(operand) : operand);
      Type type = original->result()->type;
      type.layout = layout;
      copies[original->result()] = b.value(original->kind, operands, type, original->loc, original->attrs);
    }
    op.operands[0] = copies.at(op.operands[0]);
    // What remains converts a value to its own layout: use it directly.
    tir::replaceAllUses(block, op.result(), op.operands[0]);
  }
}

} // namespace

void rematerializeConversions(tir::Module &module) {
  for (auto &f : module.functions)
    rematerializeIn(f->body);
}

} // namespace tritonc
