// `tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack)`:
// PTX of the user's own applied elementwise. The arguments are written as
// a list or tuple in the call (sema must see each one to broadcast it);
// they broadcast together, and the result has their shape and `dtype`; a
// tuple of dtypes gives a tuple of results, whose registers come first in
// the constraints, result by result.
#include "Checker.h"

#include "tritonc/ir/InlineAsmRegisters.h"
#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

#include <algorithm>

namespace tritonc::sema {

Result Checker::inlineAsm(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  for (size_t i : {size_t(0), size_t(1)})
    if (!args[i]->isConstexpr() || args[i]->constant.kind != ConstexprValue::Kind::String) {
      diags_.error(Diag::NotConstexpr, r.args[i]->range, i == 0 ? "the assembly" : "the constraints", "give a string");
      return std::nullopt;
    }
  const ast::Expr *list = r.args[2];
  const std::vector<ast::ExprPtr> *elements =
      list->kind == ast::ExprKind::List    ? &static_cast<const ast::ListExpr *>(list)->elements
      : list->kind == ast::ExprKind::Tuple ? &static_cast<const ast::TupleExpr *>(list)->elements
                                           : nullptr;
  if (!elements || elements->empty()) {
    diags_.error(Diag::UnsupportedOperation, list->range,
                 "the arguments of `tl.inline_asm_elementwise` must be written as a list or tuple of values");
    return std::nullopt;
  }
  // One dtype, or a tuple of them for as many results (a tuple back).
  std::vector<ScalarKind> dtypes;
  bool several = args[3]->kind == SemaValue::Kind::Tuple;
  for (const SemaValue &d : several ? args[3]->elements : std::vector<SemaValue>{*args[3]}) {
    std::optional<ScalarKind> dtype = dtypeArgument(r.args[3], d);
    if (!dtype)
      return std::nullopt;
    dtypes.push_back(*dtype);
  }
  if (dtypes.empty()) {
    diags_.error(Diag::TypeMismatch, r.args[3]->range, "`dtype` names no result type");
    return std::nullopt;
  }
  std::optional<int64_t> pack = constantInt(r.args[5], args[5], "`pack`");
  if (!pack)
    return std::nullopt;
  if (*pack < 1 || (*pack & (*pack - 1)) != 0) {
    diags_.error(Diag::TypeMismatch, r.args[5]->range, fmt::format("`pack` must be a power of two, found {}", *pack));
    return std::nullopt;
  }
  if (!args[4]->isConstexpr()) {
    diags_.error(Diag::NotConstexpr, r.args[4]->range, "`is_pure`", "give `True` or `False`");
    return std::nullopt;
  }
  // Each result becomes a call of its own, which a pure asm makes one.
  if (several && !truthy(args[4]->constant)) {
    diags_.error(Diag::UnsupportedOperation, r.args[4]->range,
                 "`tl.inline_asm_elementwise` with several results needs `is_pure=True`");
    return std::nullopt;
  }
  std::vector<Result> values;
  SemaValue shapeSoFar = SemaValue::runtime(Type::scalar(ElemType::scalar(dtypes[0])));
  for (const ast::ExprPtr &e : *elements) {
    values.push_back(expr(*e));
    if (!values.back())
      return std::nullopt;
    if (!values.back()->isRuntime() || values.back()->type.elem.isPointer()) {
      diags_.error(Diag::TypeMismatch, e->range,
                   "inline assembly takes run-time numbers, found " + describe(*values.back()));
      return std::nullopt;
    }
    std::optional<std::vector<int64_t>> s = broadcastShape(e->range, shapeSoFar, *values.back());
    if (!s)
      return std::nullopt;
    shapeSoFar = SemaValue::runtime(Type::tensor(ElemType::scalar(dtypes[0]), *s));
  }
  const std::vector<int64_t> &shape = shapeSoFar.type.shape;
  int64_t numel = 1;
  for (int64_t d : shape)
    numel *= d;
  if (numel % *pack != 0) {
    diags_.error(Diag::TypeMismatch, r.args[5]->range,
                 fmt::format("`pack` {} does not divide the {} elements of the arguments", *pack, numel));
    return std::nullopt;
  }
  // One constraint per register: each result's, then each argument's.
  const std::string &constraints = args[1]->constant.text;
  size_t given = size_t(std::count(constraints.begin(), constraints.end(), ',')) + 1;
  size_t wanted = 0;
  for (ScalarKind dtype : dtypes)
    wanted += asmRegisters(bitWidth(dtype), unsigned(*pack));
  for (const Result &v : values)
    wanted += asmRegisters(bitWidth(v->type.elem.kind), unsigned(*pack));
  if (given != wanted) {
    diags_.error(Diag::TypeMismatch, r.args[1]->range,
                 fmt::format("{} constraints for {} registers (the {}, then each argument's, with `pack` {})", given,
                             wanted, several ? "results'" : "result's", *pack));
    return std::nullopt;
  }
  for (size_t i = 0; i < values.size(); ++i)
    coerce(*(*elements)[i], *values[i], shape.empty() ? values[i]->type : Type::tensor(values[i]->type.elem, shape));
  std::vector<SemaValue> results;
  for (ScalarKind dtype : dtypes)
    results.push_back(SemaValue::runtime(shape.empty() ? Type::scalar(ElemType::scalar(dtype))
                                                       : Type::tensor(ElemType::scalar(dtype), shape)));
  return several ? SemaValue::tuple(std::move(results)) : results[0];
}

} // namespace tritonc::sema
