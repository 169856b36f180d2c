#include "tritonc/transforms/RematerializeConversions.h"

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
    return true;
  default:
    return false;
  }
}

// The ops computing the 1-D tensor `v`, operands before users, when all
// are recomputable and few; empty otherwise. Scalar operands (splats'
// sources, the tile index) are read where they are.
std::vector<const Op *> chainOf(const Value *v) {
  std::vector<const Op *> order;
  std::map<const Op *, bool> seen;
  bool ok = true;
  std::function<void(const Value *)> visit = [&](const Value *value) {
    if (!ok || !value->type.isTensor())
      return;
    const Op *def = value->definingOp();
    if (!def || !recomputable(def->kind) || def->result()->type.shape.size() != 1) {
      ok = false;
      return;
    }
    if (seen[def])
      return;
    seen[def] = true;
    for (const Value *operand : def->operands)
      visit(operand);
    order.push_back(def);
    ok = ok && order.size() <= kMaxOps;
  };
  visit(v);
  return ok ? order : std::vector<const Op *>{};
}

void rematerializeIn(Block &block) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    Op &op = **it;
    for (auto &region : op.regions)
      rematerializeIn(*region);
    if (op.kind != OpKind::ConvertLayout || op.result()->type.shape.size() != 1)
      continue;
    std::vector<const Op *> chain = chainOf(op.operands[0]);
    if (chain.empty())
      continue;
    const Layout &target = *op.result()->type.layout;
    tir::Builder b(block, it);
    std::map<const Value *, Value *> copies;
    for (const Op *original : chain) {
      std::vector<Value *> operands;
      for (Value *operand : original->operands)
        operands.push_back(copies.count(operand) ? copies.at(operand) : operand);
      Type type = original->result()->type;
      type.layout = target;
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
