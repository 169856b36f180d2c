// Statements: assignments, expression statements, and dispatch to the
// control-flow checks.
#include "Checker.h"

#include "TensorConstants.h"

#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/sema/KernelBinding.h"

#include <algorithm>

#include <fmt/format.h>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

void Checker::block(std::span<const ast::StmtPtr> stmts) {
  for (size_t k = 0; k < stmts.size(); ++k) {
    if (returned_)
      return; // never reached; lowering skips it too
    stmt(*stmts[k]);
  }
}

void Checker::stmt(const ast::Stmt &s) {
  switch (s.kind) {
  case StmtKind::Expr: {
    auto &e = static_cast<const ast::ExprStmt &>(s);
    if (e.value->kind != ExprKind::String) // docstrings
      expr(*e.value);
    return;
  }
  case StmtKind::Assign: {
    auto &a = static_cast<const ast::AssignStmt &>(s);
    Result v = assignedValue(expr(*a.value));
    for (const auto &t : a.targets)
      assign(*t, v);
    return;
  }
  case StmtKind::AnnAssign: {
    auto &a = static_cast<const ast::AnnAssignStmt &>(s);
    if (a.value) {
      Result v = expr(*a.value);
      assign(*a.target, isConstexprAnnotation(a.annotation.get()) ? v : assignedValue(v));
    }
    return;
  }
  case StmtKind::AugAssign: {
    auto &a = static_cast<const ast::AugAssignStmt &>(s);
    // The result has no node of its own; it is recorded on the statement.
    Result v = assignedValue(binary(s.range, a.op, *a.target, *a.value));
    if (v)
      out_.values[key(&s)] = *v;
    assign(*a.target, v);
    return;
  }
  case StmtKind::If: ifStmt(static_cast<const ast::IfStmt &>(s)); return;
  case StmtKind::For: forStmt(static_cast<const ast::ForStmt &>(s)); return;
  case StmtKind::While: whileStmt(static_cast<const ast::WhileStmt &>(s)); return;
  case StmtKind::Return: returnStmt(static_cast<const ast::ReturnStmt &>(s)); return;
  case StmtKind::Pass: return;
  case StmtKind::Raise:
    diags_.error(Diag::UnsupportedConstruct, s.range, "raise",
                 "; this one is reached (no compile-time condition rules it out): check run-time conditions with "
                 "`tl.device_assert`");
    return;
  case StmtKind::Assert: {
    auto &a = static_cast<const ast::AssertStmt &>(s);
    Result c = expr(*a.test);
    // On a run-time value `assert` is Triton's `tl.device_assert`, which
    // outside debug mode is compiled out: only its type is checked.
    if (c && c->isConstexpr() && !truthy(c->constant))
      diags_.error(Diag::UnsupportedOperation, a.test->range, "static assertion failed");
    else if (c && !c->isConstexpr() && !isNumeric(*c))
      diags_.error(Diag::TypeMismatch, a.test->range, "`assert` needs a condition, found " + describe(*c));
    return;
  }
  case StmtKind::Break:
  case StmtKind::Continue:
    diags_.error(Diag::UnsupportedConstruct, s.range, s.kind == StmtKind::Break ? "break" : "continue",
                 " in a Triton loop; guard the loop body with an `if` instead");
    return;
  case StmtKind::FunctionDef:
    diags_.error(Diag::UnsupportedConstruct, s.range, "def", " inside a kernel; define helpers at module level");
    return;
  case StmtKind::Import:
    diags_.error(Diag::UnsupportedConstruct, s.range, "import", " inside a kernel; import at module level");
    return;
  case StmtKind::Host:
  case StmtKind::Try: internalError("the parser put a module-level statement inside a function");
  }
}

bool Checker::inPythonFunction() const {
  if (frames_.empty())
    return false;
  const ast::FunctionDef &def = *frames_.back().def;
  if (!isJitFunction(def))
    return true;
  return std::any_of(def.decorators.begin(), def.decorators.end(),
                     [](const ast::ExprPtr &d) { return isConstexprAnnotation(d.get()); });
}

Result Checker::assignedValue(Result value) const {
  if (!value || inPythonFunction())
    return value;
  if (value->kind == SemaValue::Kind::Tuple) {
    for (SemaValue &e : value->elements)
      e = *assignedValue(e);
    return value;
  }
  if (value->isConstexpr() && !value->heldAs)
    value->heldAs = tensorTypeOf(value->constant);
  return value;
}

void Checker::assign(const ast::Expr &target, const Result &value) {
  if (target.kind == ExprKind::Tuple || target.kind == ExprKind::List) {
    // `a, b = f(...)`: one name per element of a tuple.
    const auto &names = target.kind == ExprKind::Tuple ? static_cast<const ast::TupleExpr &>(target).elements
                                                       : static_cast<const ast::ListExpr &>(target).elements;
    bool unpacks = value && value->kind == SemaValue::Kind::Tuple && value->elements.size() == names.size();
    if (value && !unpacks)
      diags_.error(Diag::TypeMismatch, target.range,
                   fmt::format("cannot unpack {} into {} names", describe(*value), names.size()));
    for (size_t i = 0; i < names.size(); ++i)
      assign(*names[i], unpacks ? Result(value->elements[i]) : std::nullopt);
    return;
  }
  if (target.kind != ExprKind::Name) {
    diags_.error(Diag::UnsupportedOperation, target.range,
                 "only plain names can be assigned in this version of tritonc");
    return;
  }
  if (value)
    locals_[static_cast<const ast::NameExpr &>(target).id] = *value;
  else { // keep later uses quiet: the error was reported already
    locals_.erase(static_cast<const ast::NameExpr &>(target).id);
    poisoned_.insert(static_cast<const ast::NameExpr &>(target).id);
  }
}

} // namespace tritonc::sema
