// Reductions (`tl.sum`, `tl.max`, `tl.min`) with Triton's accumulation
// types: integers narrower than 32 bits sum in 32 bits; max and min of
// narrow types compute in fp32 / int32. With `return_indices=True`, max and
// min also give the index of the value along the axis (`tl.argmax` and
// `tl.argmin` in the standard library are built on it).
#include "Checker.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

namespace tritonc::sema {

Result Checker::reduce(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0];
  bool isSum = r.builtin == "tl.sum";
  if (!x.isRuntime() || !x.type.isTensor() || x.type.elem.isPointer()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("`{}` reduces a numeric tensor, found {}", r.builtin, describe(x)));
    return std::nullopt;
  }
  bool returnIndices = false;
  if (!isSum && !constantBool(r.args[2], args[2], false, returnIndices))
    return std::nullopt;
  if (returnIndices)
    return reduceWithIndices(c, r, args);
  bool keepDims = false;
  size_t keepIndex = isSum ? 2 : 4;
  if (!constantBool(r.args[keepIndex], args[keepIndex], false, keepDims))
    return std::nullopt;
  int64_t rank = int64_t(x.type.shape.size());
  std::optional<int64_t> axis;
  if (r.args[1] && !isNone(args[1])) {
    axis = axisArgument(r.args[1], args[1], rank);
    if (!axis)
      return std::nullopt;
  }

  ScalarKind k = x.type.elem.kind;
  ScalarKind acc = k;
  if (isSum && r.args[3] && !isNone(args[3])) {
    std::optional<ScalarKind> d = dtypeArgument(r.args[3], *args[3]);
    if (!d)
      return std::nullopt;
    acc = *d;
  } else if (isInteger(k) && bitWidth(k) < 32) {
    acc = isSigned(k) || (!isSum) ? ScalarKind::I32 : ScalarKind::U32;
  } else if (!isSum && isFloat(k) && bitWidth(k) < 32) {
    acc = ScalarKind::F32;
  }
  coerce(*r.args[0], x, x.type.withElem(ElemType::scalar(acc)));

  std::vector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = !axis || d == *axis;
    if (!reduced)
      shape.push_back(x.type.shape[d]);
    else if (keepDims)
      shape.push_back(1);
  }
  return SemaValue::runtime(Type::tensor(ElemType::scalar(acc), shape));
}

// Triton's _reduce_with_indices: the values reduce in their own type (only
// bf16 is widened, to fp32) along with an int32 index; `axis` is required.
// `return_indices_tie_break_left=False` lets Triton return any index among
// equal values, so the leftmost one, which the IR always gives, is right
// for both settings.
Result Checker::reduceWithIndices(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0];
  bool tieBreakLeft = true, keepDims = false; // tie_break_left is only checked, as said above
  if (!constantBool(r.args[3], args[3], true, tieBreakLeft) || !constantBool(r.args[4], args[4], false, keepDims))
    return std::nullopt;
  if (!r.args[1] || isNone(args[1])) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`{}` with `return_indices=True` needs an `axis`", r.builtin));
    return std::nullopt;
  }
  std::optional<int64_t> axis = axisArgument(r.args[1], args[1], int64_t(x.type.shape.size()));
  if (!axis)
    return std::nullopt;
  int64_t reduced = *axis;
  ScalarKind k = x.type.elem.kind == ScalarKind::BF16 ? ScalarKind::F32 : x.type.elem.kind;
  coerce(*r.args[0], x, x.type.withElem(ElemType::scalar(k)));
  std::vector<int64_t> shape = x.type.shape;
  if (keepDims)
    shape[size_t(reduced)] = 1;
  else
    shape.erase(shape.begin() + reduced);
  return SemaValue::tuple({SemaValue::runtime(Type::tensor(ElemType::scalar(k), shape)),
                           SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I32), shape))});
}

} // namespace tritonc::sema

namespace tritonc::sema {

// `tl.cumsum`: an inclusive sum along `axis`, accumulating narrow integers
// in 32 bits like `tl.sum`, and bf16 in fp32.
Result Checker::scan(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0];
  if (!x.isRuntime() || !x.type.isTensor() || x.type.elem.isPointer()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range, "`tl.cumsum` scans a numeric tensor, found " + describe(x));
    return std::nullopt;
  }
  bool reverse = false; // lowering reads it again
  if (!constantBool(r.args[2], args[2], false, reverse))
    return std::nullopt;
  // Lowering reads the axis again; here it is only checked.
  if (r.args[1] && !isNone(args[1]) && !axisArgument(r.args[1], args[1], int64_t(x.type.shape.size())))
    return std::nullopt;
  // Triton scans bf16 in fp32 (and returns fp32), then widens narrow integers.
  ScalarKind k = x.type.elem.kind == ScalarKind::BF16 ? ScalarKind::F32 : x.type.elem.kind;
  ScalarKind acc = k;
  if (r.args[3] && !isNone(args[3])) {
    std::optional<ScalarKind> d = dtypeArgument(r.args[3], *args[3]);
    if (!d)
      return std::nullopt;
    acc = *d;
  } else if (isInteger(k) && bitWidth(k) < 32) {
    acc = isSigned(k) ? ScalarKind::I32 : ScalarKind::U32;
  }
  Type t = x.type.withElem(ElemType::scalar(acc));
  coerce(*r.args[0], x, t);
  return SemaValue::runtime(t);
}

} // namespace tritonc::sema

namespace tritonc::sema {

std::optional<int64_t> Checker::axisArgument(const ast::Expr *e, const Result &v, int64_t rank) {
  std::optional<int64_t> axis = constantInt(e, v, "`axis`");
  if (!axis)
    return std::nullopt;
  if (*axis < -rank || *axis >= rank) {
    diags_.error(Diag::TypeMismatch, e->range,
                 fmt::format("`axis` {} is out of range for a tensor of rank {}", *axis, rank));
    return std::nullopt;
  }
  return *axis < 0 ? *axis + rank : *axis;
}

} // namespace tritonc::sema
