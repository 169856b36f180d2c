// Loops and branches: pruned `if`s and unrolled `tl.static_range` loops
// replay sema's choices; run-time ones become `if`, `for` and `while` ops
// whose results are the variables sema found carried.
#include "Lowerer.h"

#include "tritonc/support/Diagnostics.h"

#include <utility>

namespace tritonc::lowering {

using tir::OpKind;

tir::Value *Lowerer::materialize(const std::string &name, const Type &type, SourceRange loc) {
  size_t hash = name.rfind('#');
  const Binding &b = hash == std::string::npos ? env_.at(name) : slot(name);
  if (b.value)
    return hash == std::string::npos ? b.value : convert(b.value, type, loc);
  TRITONC_CHECK(b.constant.has_value(), "a carried variable has neither a value nor a constant");
  return constant(*b.constant, type, loc);
}

void Lowerer::lowerRegion(tir::Block &region, std::span<const ast::StmtPtr> body,
                          const std::vector<std::string> &yielded, const std::vector<Type> &types, SourceRange loc) {
  std::unique_ptr<tir::Builder> outer = std::move(builder_);
  tir::Block *outerBlock = std::exchange(block_, &region);
  builder_ = std::make_unique<tir::Builder>(region);
  block(body);
  std::vector<tir::Value *> values;
  for (size_t k = 0; k < yielded.size(); ++k)
    values.push_back(materialize(yielded[k], types[k], loc));
  builder_->create(OpKind::Yield, values, {}, {}, loc);
  builder_ = std::move(outer);
  block_ = outerBlock;
}

void Lowerer::ifStmt(const ast::IfStmt &i) {
  if (auto s = kernel_.staticIfs.find(key(&i)); s != kernel_.staticIfs.end()) {
    block(s->second ? i.body : i.orelse);
    return;
  }
  const BranchInfo &info = kernel_.branches.at(key(&i));
  tir::Value *cond = use(*i.cond);
  tir::Op *op = builder_->create(OpKind::If, {cond}, info.resultTypes, {}, i.range);
  auto before = env_;
  // Sema allows a `return` (in an inlined function) only in both branches
  // or in neither; its value is one of the results.
  bool bothReturned = true;
  decltype(env_) afterThen;
  for (const ast::Block *body : {&i.body, &i.orelse}) {
    op->regions.push_back(std::make_unique<tir::Block>());
    env_ = before;
    lowerRegion(*op->regions.back(), *body, info.results, info.resultTypes, i.range);
    bothReturned = std::exchange(returned_, false) && bothReturned;
    if (body == &i.body)
      afterThen = env_;
  }
  returned_ = bothReturned;
  env_ = std::move(before);
  // A block pointer some of whose fields are results: the others are the
  // same on both paths.
  for (const std::string &n : info.results)
    if (size_t hash = n.rfind('#'); hash != std::string::npos) {
      std::string name = n.substr(0, hash);
      env_[name] = afterThen.at(name);
    }
  for (size_t k = 0; k < info.results.size(); ++k)
    slot(info.results[k]) = Binding{op->result(unsigned(k)), std::nullopt};
}

void Lowerer::forStmt(const ast::ForStmt &f) {
  if (auto u = kernel_.unrolled.find(key(&f)); u != kernel_.unrolled.end()) {
    ContextId outer = context_;
    for (size_t k = 0; k < u->second.values.size() && !returned_; ++k) {
      context_ = kernel_.contexts.existing(outer, &f, int64_t(k));
      block(f.body);
    }
    context_ = outer;
    return;
  }
  const LoopInfo &info = kernel_.loops.at(key(&f));
  auto bound = [&](const ast::Expr *e, int64_t missing) {
    return e ? use(*e) : constant(ConstexprValue::ofInt(missing), info.inductionType, f.range);
  };
  std::vector<tir::Value *> operands{bound(info.start, 0), bound(info.stop, 0), bound(info.step, 1)};
  for (size_t k = 0; k < info.carried.size(); ++k)
    operands.push_back(materialize(info.carried[k], info.carriedTypes[k], f.range));
  std::vector<tir::NamedAttribute> attrs;
  if (info.numStages)
    attrs.push_back({"num_stages", *info.numStages});
  if (info.descending)
    attrs.push_back({"descending", int64_t(1)});
  if (info.disableLicm)
    attrs.push_back({"disable_licm", int64_t(1)});
  if (info.warpSpecialize)
    attrs.push_back({"warp_specialize", int64_t(1)});
  tir::Op *op = builder_->create(OpKind::For, operands, info.carriedTypes, attrs, f.range);
  op->regions.push_back(std::make_unique<tir::Block>());
  tir::Block &region = *op->regions.back();

  auto before = env_;
  const std::string &iv = static_cast<const ast::NameExpr &>(*f.target).id;
  env_[iv] = Binding{region.addArgument(info.inductionType, iv), std::nullopt};
  for (size_t k = 0; k < info.carried.size(); ++k)
    slot(info.carried[k]) = Binding{region.addArgument(info.carriedTypes[k], info.carried[k]), std::nullopt};
  lowerRegion(region, f.body, info.carried, info.carriedTypes, f.range);
  env_ = std::move(before);
  for (size_t k = 0; k < info.carried.size(); ++k)
    slot(info.carried[k]) = Binding{op->result(unsigned(k)), std::nullopt};
}

void Lowerer::whileStmt(const ast::WhileStmt &w) {
  const LoopInfo &info = kernel_.loops.at(key(&w));
  std::vector<tir::Value *> inits;
  for (size_t k = 0; k < info.carried.size(); ++k)
    inits.push_back(materialize(info.carried[k], info.carriedTypes[k], w.range));
  std::vector<tir::NamedAttribute> attrs;
  if (info.disableLicm)
    attrs.push_back({"disable_licm", int64_t(1)});
  tir::Op *op = builder_->create(OpKind::While, inits, info.carriedTypes, attrs, w.range);
  auto before = env_;

  // Before: evaluate the condition on the carried values and forward them.
  op->regions.push_back(std::make_unique<tir::Block>());
  tir::Block &head = *op->regions.back();
  std::vector<tir::Value *> forwarded;
  for (size_t k = 0; k < info.carried.size(); ++k) {
    forwarded.push_back(head.addArgument(info.carriedTypes[k], info.carried[k]));
    slot(info.carried[k]) = Binding{forwarded.back(), std::nullopt};
  }
  std::unique_ptr<tir::Builder> outer = std::move(builder_);
  tir::Block *outerBlock = std::exchange(block_, &head);
  builder_ = std::make_unique<tir::Builder>(head);
  std::vector<tir::Value *> conditionOperands{use(*w.cond)};
  conditionOperands.insert(conditionOperands.end(), forwarded.begin(), forwarded.end());
  builder_->create(OpKind::Condition, conditionOperands, {}, {}, w.cond->range);
  builder_ = std::move(outer);
  block_ = outerBlock;

  // After: the body, yielding the next carried values.
  op->regions.push_back(std::make_unique<tir::Block>());
  tir::Block &loopBody = *op->regions.back();
  env_ = before;
  for (size_t k = 0; k < info.carried.size(); ++k)
    slot(info.carried[k]) = Binding{loopBody.addArgument(info.carriedTypes[k], info.carried[k]), std::nullopt};
  lowerRegion(loopBody, w.body, info.carried, info.carriedTypes, w.range);
  env_ = std::move(before);
  for (size_t k = 0; k < info.carried.size(); ++k)
    slot(info.carried[k]) = Binding{op->result(unsigned(k)), std::nullopt};
}

} // namespace tritonc::lowering
