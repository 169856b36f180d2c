#include "tritonc/ir/CloneOps.h"

#include <memory>

namespace tritonc::tir {

Value *mapped(const ValueMapping &mapping, Value *v) {
  auto it = mapping.find(v);
  return it == mapping.end() ? v : it->second;
}

Value *iterationRuns(Builder &b, const Op &loop, Value *iv) {
  return b.value(OpKind::CmpI, {iv, loop.operands[1]}, Type::scalar(ElemType::scalar(ScalarKind::I1)), loop.loc,
                 {{"predicate", std::string("slt")}});
}

Value *maskForIteration(Builder &b, const Op &load, const ValueMapping &mapping, Value *runs) {
  Type maskType = mapped(mapping, load.operands[0])->type.withElem(ElemType::scalar(ScalarKind::I1));
  Value *mask = b.value(OpKind::Splat, {runs}, maskType, load.loc);
  if (load.operands.size() > 1)
    mask = b.value(OpKind::AndI, {mapped(mapping, load.operands[1]), mask}, maskType, load.loc);
  return mask;
}

Op *cloneOp(Builder &b, const Op &op, ValueMapping &mapping) {
  std::vector<Value *> operands;
  for (Value *v : op.operands)
    operands.push_back(mapped(mapping, v));
  std::vector<Type> types;
  for (const auto &r : op.results)
    types.push_back(r->type);
  Op *copy = b.create(op.kind, std::move(operands), std::move(types), op.attrs, op.loc);
  for (size_t i = 0; i < op.results.size(); ++i) {
    copy->result(unsigned(i))->nameHint = op.results[i]->nameHint;
    mapping[op.results[i].get()] = copy->result(unsigned(i));
  }
  for (const auto &region : op.regions) {
    auto block = std::make_unique<Block>();
    for (const auto &arg : region->args)
      mapping[arg.get()] = block->addArgument(arg->type, arg->nameHint);
    Builder inner(*block);
    for (const auto &child : region->ops)
      cloneOp(inner, *child, mapping);
    copy->regions.push_back(std::move(block));
  }
  return copy;
}

} // namespace tritonc::tir
