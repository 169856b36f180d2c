// Lowering entry point and statements.
#include "tritonc/lowering/Lowering.h"

#include "Lowerer.h"
#include "tritonc/support/Diagnostics.h"

namespace tritonc::lowering {

using ast::ExprKind;
using ast::StmtKind;
using tir::OpKind;

std::unique_ptr<tir::Module> Lowerer::run() {
  auto module = std::make_unique<tir::Module>();
  auto function = std::make_unique<tir::Function>();
  function->name = kernel_.def->name;
  function->loc = kernel_.def->range;
  for (const BoundParam &p : kernel_.params) {
    Binding b;
    if (p.isConstexpr) {
      b = Binding{nullptr, p.value};
    } else {
      tir::Value *arg = function->body.addArgument(Type::scalar(p.type), p.name);
      tir::ParamHint hint;
      hint.divisibility = p.hint > 1 ? p.hint : 1;
      hint.equalToOne = p.hint == 1;
      function->paramHints.push_back(hint);
      b = Binding{arg, std::nullopt};
    }
    if (p.tuple.empty())
      env_[p.name] = std::move(b);
    else // a tuple parameter's elements, in order
      env_[p.tuple].elements.push_back(std::move(b));
  }
  // A host-side descriptor is the block pointer its scalars make (sema's
  // hostDescriptor): they follow its base in order (BoundParam::descriptor);
  // offsets 0 and a last stride of 1 are constants.
  const std::vector<BoundParam> &params = kernel_.params;
  for (size_t i = 0; i < params.size(); ++i) {
    if (params[i].descriptorBlock.empty())
      continue;
    BlockPointerFields f{params[i].descriptorBlock.size()};
    auto scalar = [&](size_t k) { return env_.at(params[i + k].name); };
    Binding descriptor;
    descriptor.elements.resize(f.count());
    descriptor.elements[f.base()] = scalar(0);
    for (size_t d = 0; d < f.rank; ++d) {
      descriptor.elements[f.offset(d)] = Binding{nullptr, ConstexprValue::ofInt(0)};
      descriptor.elements[f.shape(d)] = scalar(1 + d);
      descriptor.elements[f.stride(d)] =
          d + 1 < f.rank ? scalar(1 + f.rank + d) : Binding{nullptr, ConstexprValue::ofInt(1)};
    }
    env_[params[i].descriptor] = descriptor;
  }
  builder_ = std::make_unique<tir::Builder>(function->body);
  block_ = &function->body;
  block(kernel_.def->body);
  if (!returned_)
    builder_->create(OpKind::Return, {}, {}, {}, kernel_.def->range);
  widenFp8Arithmetic(*function);
  module->functions.push_back(std::move(function));
  return module;
}

void Lowerer::block(std::span<const ast::StmtPtr> stmts) {
  for (size_t k = 0; k < stmts.size(); ++k) {
    if (returned_)
      return; // code after `return` never runs
    stmt(*stmts[k]);
  }
}

void Lowerer::stmt(const ast::Stmt &s) {
  switch (s.kind) {
  case StmtKind::Expr: {
    auto &e = static_cast<const ast::ExprStmt &>(s);
    if (e.value->kind != ExprKind::String)
      lower(*e.value);
    return;
  }
  case StmtKind::Assign: {
    auto &a = static_cast<const ast::AssignStmt &>(s);
    Binding b = evaluate(*a.value);
    for (const auto &t : a.targets)
      bind(*t, b);
    return;
  }
  case StmtKind::AnnAssign: {
    auto &a = static_cast<const ast::AnnAssignStmt &>(s);
    if (a.value)
      bind(*a.target, evaluate(*a.value));
    return;
  }
  case StmtKind::AugAssign: {
    auto &a = static_cast<const ast::AugAssignStmt &>(s);
    const SemaValue &result = valueOf(&s);
    tir::Value *v = binary(s.range, a.op, *a.target, *a.value, result);
    bind(*a.target, v ? Binding{v, std::nullopt} : Binding{nullptr, result.constant});
    return;
  }
  case StmtKind::If: ifStmt(static_cast<const ast::IfStmt &>(s)); return;
  case StmtKind::For: forStmt(static_cast<const ast::ForStmt &>(s)); return;
  case StmtKind::While: whileStmt(static_cast<const ast::WhileStmt &>(s)); return;
  case StmtKind::Return: returnStmt(static_cast<const ast::ReturnStmt &>(s)); return;
  case StmtKind::Pass:
  case StmtKind::Assert: // compile-time asserts were checked by sema
    return;
  default: internalError("lowering reached a statement sema rejects");
  }
}

Binding Lowerer::bindingOf(const ast::Expr &e, tir::Value *v) {
  if (v)
    return {v, std::nullopt};
  return constantBinding(valueOf(&e));
}

void Lowerer::bind(const ast::Expr &target, Binding binding) {
  if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List) {
    const auto &names = target.kind == ExprKind::Tuple ? static_cast<const ast::TupleExpr &>(target).elements
                                                       : static_cast<const ast::ListExpr &>(target).elements;
    for (size_t i = 0; i < names.size(); ++i)
      bind(*names[i], binding.elements[i]);
    return;
  }
  env_[static_cast<const ast::NameExpr &>(target).id] = std::move(binding);
}

void Lowerer::returnStmt(const ast::ReturnStmt &r) {
  if (inlineDepth_ == 0)
    builder_->create(OpKind::Return, {}, {}, {}, r.range);
  else // the value of the inlined call; a run-time `if` yields it like a variable
    env_[kReturnSlot] =
        r.value ? evaluate(*r.value) : constantBinding(SemaValue::constexprValue(ConstexprValue::none()));
  returned_ = true;
}

} // namespace tritonc::lowering

namespace tritonc {

std::unique_ptr<tir::Module> lowerKernel(const TypedKernel &kernel) { return lowering::Lowerer(kernel).run(); }

} // namespace tritonc
