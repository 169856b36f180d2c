#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <iterator>

namespace tritonc::tir {

bool isZeroConstant(const Value *v) {
  const Op *def = v->definingOp();
  if (!def || def->kind != OpKind::Constant)
    return false;
  const Attribute *value = def->attr("value");
  if (const int64_t *i = std::get_if<int64_t>(value))
    return *i == 0;
  const double *d = std::get_if<double>(value);
  return d && *d == 0.0;
}

std::optional<int64_t> integerConstant(const Value *v) {
  const Op *def = v->definingOp();
  if (!def || def->kind != OpKind::Constant)
    return std::nullopt;
  if (const int64_t *i = std::get_if<int64_t>(def->attr("value")))
    return *i;
  return std::nullopt;
}

bool isElementwise(const Op &op) {
  if (!hasTrait(op.kind, kSameLayout) || !hasTrait(op.kind, kPure) || op.results.size() != 1)
    return false;
  switch (op.kind) {
  case OpKind::Scan:       // runs along an axis
  case OpKind::MultipleOf: // hints per dim
  case OpKind::MaxContiguous:
  case OpKind::WindowPointers: // names the window's dims
  case OpKind::InlineAsm:      // packs elements by its own rule
    return false;
  default: return true;
  }
}

bool isUnitReshape(const Op &op) {
  if (op.kind != OpKind::Reshape || !op.operands[0]->type.isTensor())
    return false;
  auto withoutUnitDims = [](const std::vector<int64_t> &shape) {
    std::vector<int64_t> out;
    std::copy_if(shape.begin(), shape.end(), std::back_inserter(out), [](int64_t d) { return d != 1; });
    return out;
  };
  return withoutUnitDims(op.operands[0]->type.shape) == withoutUnitDims(op.result()->type.shape);
}

void collectUsers(Block &block, Users &users) {
  for (auto &op : block.ops) {
    for (Value *v : op->operands)
      users[v].push_back(op.get());
    for (auto &region : op->regions)
      collectUsers(*region, users);
  }
}

bool reachesDotOperand(const Value *v, const Users &users, const Block *within) {
  std::vector<const Value *> work{v};
  std::unordered_set<const Value *> seen{v};
  while (!work.empty()) {
    const Value *value = work.back();
    work.pop_back();
    auto it = users.find(value);
    if (it == users.end())
      continue;
    for (const Op *user : it->second) {
      if (within && user->parent != within)
        continue;
      if (user->kind == OpKind::Dot && (user->operands[0] == value || user->operands[1] == value))
        return true;
      for (const auto &r : user->results)
        if (seen.insert(r.get()).second)
          work.push_back(r.get());
    }
  }
  return false;
}

void collectDefinitions(const Block &block, std::unordered_set<const Value *> &defined) {
  for (const auto &arg : block.args)
    defined.insert(arg.get());
  for (const auto &op : block.ops) {
    for (const auto &r : op->results)
      defined.insert(r.get());
    for (const auto &region : op->regions)
      collectDefinitions(*region, defined);
  }
}

bool opReads(const Op &op, const Value *v) {
  if (std::find(op.operands.begin(), op.operands.end(), v) != op.operands.end())
    return true;
  for (const auto &region : op.regions)
    for (const auto &inner : region->ops)
      if (opReads(*inner, v))
        return true;
  return false;
}

void collectUses(const Block &block, std::unordered_set<const Value *> &used) {
  for (const auto &op : block.ops) {
    for (const Value *v : op->operands)
      used.insert(v);
    for (const auto &region : op->regions)
      collectUses(*region, used);
  }
}

OpPosition positionOf(Block &block, const Op *op) {
  return std::find_if(block.ops.begin(), block.ops.end(), [&](const auto &owned) { return owned.get() == op; });
}

void moveOp(Block &from, OpPosition pos, Block &to, OpPosition at) {
  (*pos)->parent = &to;
  to.ops.splice(at, from.ops, pos);
}

void forEachOp(Block &block, const std::function<void(Op &)> &visit) {
  for (auto &op : block.ops) {
    visit(*op);
    for (auto &region : op->regions)
      forEachOp(*region, visit);
  }
}

void forEachOp(const Block &block, const std::function<void(const Op &)> &visit) {
  for (const auto &op : block.ops) {
    visit(*op);
    for (const auto &region : op->regions)
      forEachOp(static_cast<const Block &>(*region), visit); // a region's Block& would fit both overloads
  }
}

unsigned producerWarps(const Function &function) {
  for (const auto &op : function.body.ops)
    if (op->kind == OpKind::WarpSpecialize)
      return unsigned(op->intAttr("warps"));
  return 0;
}

void forEachLoopInnermostFirst(Block &block, std::initializer_list<OpKind> kinds,
                               const std::function<void(Block &, OpPosition)> &visit) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    for (auto &region : (*it)->regions)
      forEachLoopInnermostFirst(*region, kinds, visit);
    if (std::find(kinds.begin(), kinds.end(), (*it)->kind) != kinds.end())
      visit(block, it);
  }
}

} // namespace tritonc::tir
