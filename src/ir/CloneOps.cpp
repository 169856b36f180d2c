#include "tritonc/ir/CloneOps.h"

#include <memory>

namespace tritonc::tir {

Op *cloneOp(Builder &b, const Op &op, ValueMapping &mapping) {
  std::vector<Value *> operands;
  for (Value *v : op.operands) {
    auto it = mapping.find(v);
    operands.push_back(it == mapping.end() ? v : it->second);
  }
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
