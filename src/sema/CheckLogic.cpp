// `and`, `or` and conditional expressions, as Triton's code generator treats
// them (visit_BoolOp, visit_IfExp): compile-time operands decide at compile
// time with Python's short-circuit rules, so what comes after a deciding
// operand is never checked; run-time operands are combined or chosen
// between at run time.
#include "Checker.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

namespace tritonc::sema {

namespace {

// Python's truth value of a compile-time value; nullopt for run-time ones.
std::optional<bool> compileTimeTruth(const SemaValue &v) {
  switch (v.kind) {
  case SemaValue::Kind::Runtime: return std::nullopt;
  case SemaValue::Kind::Constexpr: return truthy(v.constant);
  case SemaValue::Kind::Tuple: return !v.elements.empty();
  default: return true; // modules, functions and dtypes
  }
}

} // namespace

// Operands are checked in order. A compile-time one that decides the result
// (false for `and`, true for `or`) is the result, whatever came before; one
// that does not is dropped; the run-time operands left are combined with a
// logical and/or, broadcast together. With only compile-time operands and
// none deciding, the result is the last one, as in Python.
//
// Triton bitcasts a run-time operand to int1, which only int1 survives;
// tritonc takes any number's truth value (`x != 0`), as `if x:` does.
Result Checker::boolOp(const ast::BoolOpExpr &b) {
  bool isAnd = b.op == ast::BoolOpKind::And;
  std::vector<std::pair<const ast::Expr *, SemaValue>> runtime;
  Result last;
  for (const auto &operand : b.operands) {
    last = expr(*operand);
    if (!last)
      return std::nullopt;
    if (std::optional<bool> truth = compileTimeTruth(*last)) {
      if (*truth != isAnd)
        return last;
      continue;
    }
    if (last->type.elem.isPointer()) {
      diags_.error(Diag::TypeMismatch, operand->range,
                   fmt::format("`{}` cannot take {}; compare the pointer first", ast::spelling(b.op), describe(*last)));
      return std::nullopt;
    }
    runtime.emplace_back(operand.get(), *last);
  }
  if (runtime.empty())
    return last;
  SemaValue shapeSoFar = runtime.front().second;
  for (const auto &[e, v] : runtime) {
    std::optional<std::vector<int64_t>> shape = broadcastShape(b.range, shapeSoFar, v);
    if (!shape)
      return std::nullopt;
    shapeSoFar = SemaValue::runtime(Type::tensor(v.type.elem, *shape));
  }
  Type t = Type::tensor(ElemType::scalar(ScalarKind::I1), shapeSoFar.type.shape);
  for (const auto &[e, v] : runtime)
    coerce(*e, v, t);
  return SemaValue::runtime(t);
}

// A compile-time condition picks one side; the other is never checked, as
// in Python. A run-time condition must be a scalar: both sides are checked
// and the result is one value (lowering emits a `select`, or an `if` when a
// side has effects). Triton asks for sides of one type after turning Python
// numbers into tensors; tritonc unifies them as `tl.where` does, which
// accepts a few more programs and agrees on those Triton accepts.
Result Checker::ifExp(const ast::IfExpExpr &e) {
  Result c = expr(*e.cond);
  if (!c)
    return std::nullopt;
  if (c->isConstexpr())
    return expr(truthy(c->constant) ? *e.then : *e.otherwise);
  if (!c->isRuntime() || c->type.isTensor()) {
    diags_.error(Diag::ConditionNotScalar, e.cond->range, "the condition of a conditional expression", describe(*c));
    return std::nullopt;
  }
  coerce(*e.cond, *c, Type::scalar(ElemType::scalar(ScalarKind::I1)));
  Result a = expr(*e.then);
  Result b = expr(*e.otherwise);
  if (!a || !b)
    return std::nullopt;
  if (a->isRuntime() && b->isRuntime() && a->type == b->type)
    return a;
  bool pointers = (a->isRuntime() && a->type.elem.isPointer()) || (b->isRuntime() && b->type.elem.isPointer());
  if (pointers) {
    diags_.error(Diag::TypeMismatch, e.range,
                 fmt::format("the sides of a conditional expression differ: {} and {}", describe(*a), describe(*b)));
    return std::nullopt;
  }
  std::optional<Type> t =
      unify(e.range, {{e.then.get(), *a}, {e.otherwise.get(), *b}}, false, "a conditional expression");
  return t ? Result(SemaValue::runtime(*t)) : std::nullopt;
}

} // namespace tritonc::sema
