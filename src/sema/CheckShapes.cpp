// Shape builtins with the checks of Triton's semantic.py: `tl.trans` /
// `tl.permute` / `x.T`, `tl.reshape` / `tl.view`, `tl.expand_dims` and
// `tl.broadcast_to`. Dims and shapes come as `*args` (`tl.trans(x, 1, 0)`)
// or as one tuple (`tl.trans(x, (1, 0))`); all are compile-time, so each
// result type is known here. (`tl.ravel` is in the standard library.)
#include "Checker.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

namespace tritonc::sema {

namespace {

// What the `*args` parameter took, a single tuple unpacked.
SemaValue restAsTuple(const ResolvedCall &r, const std::vector<Result> &args) {
  std::vector<SemaValue> values;
  for (size_t i = r.args.size(); i < args.size(); ++i)
    values.push_back(*args[i]);
  if (values.size() == 1 && values[0].kind == SemaValue::Kind::Tuple)
    return values[0];
  return SemaValue::tuple(std::move(values));
}

} // namespace

Result Checker::transposed(const ast::AttributeExpr &a, const SemaValue &x) {
  if (x.type.shape.size() != 2) {
    diags_.error(Diag::TypeMismatch, a.range,
                 fmt::format("`.T` transposes a 2-D tensor, found {}; use `tl.permute` for other ranks", describe(x)));
    return std::nullopt;
  }
  return SemaValue::runtime(Type::tensor(x.type.elem, {x.type.shape[1], x.type.shape[0]}));
}

Result Checker::shapeBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const std::string &n = r.builtin;
  const SemaValue &x = *args[0];
  const ast::Expr *where = r.rest.empty() ? &c : r.rest.front(); // for messages about the dims
  bool scalarAllowed = n == "tl.expand_dims" || n == "tl.broadcast_to";
  if (!isNumeric(x) || (!x.isRuntime() && n != "tl.expand_dims") || (!scalarAllowed && !x.type.isTensor())) {
    const char *wanted = scalarAllowed ? "tensor or a scalar" : "tensor";
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("`{}` takes a {}, found {}", n, wanted, describe(x)));
    return std::nullopt;
  }
  // A Python number becomes a tensor first, as Triton's to_tensor makes it.
  Type t = x.isRuntime() ? x.type : Type::scalar(ElemType::scalar(promotionOperand(x).kind));
  int64_t rank = int64_t(t.shape.size());

  if (n == "tl.trans" || n == "tl.permute") {
    SemaValue dims = restAsTuple(r, args);
    if (n == "tl.trans" && dims.elements.empty()) // Triton's default: swap a 2-D tensor's dims
      dims = SemaValue::tuple(
          {SemaValue::constexprValue(ConstexprValue::ofInt(1)), SemaValue::constexprValue(ConstexprValue::ofInt(0))});
    std::vector<int64_t> order;
    for (const SemaValue &d : dims.elements) {
      if (!d.isConstexpr() || d.constant.kind != ConstexprValue::Kind::Int) {
        diags_.error(Diag::NotConstexpr, where->range, fmt::format("the dims of `{}`", n),
                     "give constant integers such as `(1, 0)`");
        return std::nullopt;
      }
      order.push_back(d.constant.intValue);
    }
    std::vector<int64_t> sorted = order, identity(static_cast<size_t>(rank));
    std::sort(sorted.begin(), sorted.end());
    std::iota(identity.begin(), identity.end(), 0);
    if (sorted != identity) {
      diags_.error(Diag::TypeMismatch, where->range,
                   fmt::format("the dims of `{}` must be a permutation of 0..{} for {}, found ({})", n, rank - 1,
                               describe(x), fmt::join(order, ", ")));
      return std::nullopt;
    }
    std::vector<int64_t> shape;
    for (int64_t d : order)
      shape.push_back(t.shape[size_t(d)]);
    return SemaValue::runtime(Type::tensor(t.elem, shape));
  }

  if (n == "tl.expand_dims") {
    const SemaValue &axisValue = *args[1];
    std::vector<SemaValue> given =
        axisValue.kind == SemaValue::Kind::Tuple ? axisValue.elements : std::vector<SemaValue>{axisValue};
    int64_t newRank = rank + int64_t(given.size());
    std::vector<int64_t> axes;
    for (const SemaValue &a : given) {
      std::optional<int64_t> axis = constantInt(r.args[1], a, "`axis`");
      if (!axis)
        return std::nullopt;
      if (*axis < -newRank || *axis >= newRank) {
        diags_.error(Diag::TypeMismatch, r.args[1]->range,
                     fmt::format("`axis` {} is out of range for a result of rank {}", *axis, newRank));
        return std::nullopt;
      }
      axes.push_back(*axis < 0 ? *axis + newRank : *axis);
    }
    std::sort(axes.begin(), axes.end());
    if (std::adjacent_find(axes.begin(), axes.end()) != axes.end()) {
      diags_.error(Diag::TypeMismatch, r.args[1]->range,
                   fmt::format("`tl.expand_dims` received duplicate axes, normalised ({})", fmt::join(axes, ", ")));
      return std::nullopt;
    }
    std::vector<int64_t> shape = t.shape;
    for (int64_t a : axes)
      shape.insert(shape.begin() + a, 1);
    Type result = Type::tensor(t.elem, shape);
    if (!t.isTensor()) // a scalar is splat to the all-ones shape
      coerce(*r.args[0], x, result);
    return SemaValue::runtime(result);
  }

  std::optional<std::vector<int64_t>> shape = constantShape(where, restAsTuple(r, args));
  if (!shape)
    return std::nullopt;
  if (shape->empty()) {
    diags_.error(Diag::TypeMismatch, where->range, fmt::format("`{}` needs a shape with one or more dims", n));
    return std::nullopt;
  }
  Type result = Type::tensor(t.elem, *shape);

  if (n == "tl.broadcast_to") {
    bool ok = !t.isTensor() || t.shape.size() == shape->size();
    for (size_t d = 0; ok && d < t.shape.size(); ++d)
      ok = t.shape[d] == (*shape)[d] || t.shape[d] == 1;
    if (!ok) {
      diags_.error(Diag::ShapeMismatch, c.range, t.str(), result.str());
      return std::nullopt;
    }
    coerce(*r.args[0], x, result);
    return SemaValue::runtime(result);
  }

  // tl.reshape, tl.view: elements keep their row-major order, which is one
  // of the orders `can_reorder=True` allows.
  bool canReorder = false;
  if (n == "tl.reshape" && !constantBool(r.args[2], args[2], false, canReorder))
    return std::nullopt;
  if (result.numElements() != t.numElements()) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`{}` must keep the number of elements: {} has {}, the shape ({}) has {}", n, describe(x),
                             t.numElements(), fmt::join(*shape, ", "), result.numElements()));
    return std::nullopt;
  }
  return SemaValue::runtime(result);
}

// `tl.join(a, b)`: a and b broadcast and promote together, then stack
// along a new last dim of 2. `tl.interleave(a, b)` is the join with its
// last two dims merged. `tl.split(a)` undoes a join: a's last dim must be 2,
// and the two halves come back as a tuple (scalars for a 1-D `a`).
Result Checker::joinSplit(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const std::string &n = r.builtin;
  if (n == "tl.split") {
    const SemaValue &a = *args[0];
    if (!a.isRuntime() || a.type.shape.empty() || a.type.shape.back() != 2) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range,
                   fmt::format("`tl.split` needs a tensor whose last dim is 2, found {}", describe(a)));
      return std::nullopt;
    }
    if (a.type.elem.isPointer()) {
      diags_.error(Diag::UnsupportedOperation, r.args[0]->range, "`tl.split` of pointers is not supported yet");
      return std::nullopt;
    }
    std::vector<int64_t> shape(a.type.shape.begin(), a.type.shape.end() - 1);
    SemaValue half = SemaValue::runtime(shape.empty() ? Type::scalar(a.type.elem) : Type::tensor(a.type.elem, shape));
    return SemaValue::tuple({half, half});
  }
  for (size_t i = 0; i < 2; ++i)
    if (!isNumeric(*args[i])) {
      diags_.error(Diag::TypeMismatch, r.args[i]->range, fmt::format("`{}` cannot take {}", n, describe(*args[i])));
      return std::nullopt;
    }
  std::optional<Type> t = unify(c.range, {{r.args[0], *args[0]}, {r.args[1], *args[1]}}, false,
                                n == "tl.join" ? "`tl.join`" : "`tl.interleave`");
  if (!t)
    return std::nullopt;
  if (t->elem.isPointer()) {
    diags_.error(Diag::UnsupportedOperation, c.range, fmt::format("`{}` of pointers is not supported yet", n));
    return std::nullopt;
  }
  std::vector<int64_t> shape = t->shape;
  if (t->numElements() * 2 > kMaxTensorElements) {
    diags_.error(Diag::TensorTooLarge, c.range, t->numElements() * 2);
    return std::nullopt;
  }
  if (n == "tl.interleave" && !shape.empty())
    shape.back() *= 2;
  else
    shape.push_back(2);
  return SemaValue::runtime(Type::tensor(t->elem, shape));
}

} // namespace tritonc::sema

namespace tritonc::sema {

// `tl.gather(src, index, axis)`: Triton's rules: tensors of one rank, an
// integer index, equal sizes off the axis; the result has the index's
// shape and the source's dtype.
Result Checker::gather(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &src = *args[0], &index = *args[1];
  for (size_t i : {size_t(0), size_t(1)})
    if (!args[i]->isRuntime() || !args[i]->type.isTensor() || args[i]->type.elem.isPointer()) {
      diags_.error(Diag::TypeMismatch, r.args[i]->range, "`tl.gather` takes tensors, found " + describe(*args[i]));
      return std::nullopt;
    }
  if (!isInteger(index.type.elem.kind)) {
    diags_.error(Diag::TypeMismatch, r.args[1]->range,
                 "the index of `tl.gather` must be integers, found " + index.type.str());
    return std::nullopt;
  }
  int64_t rank = int64_t(src.type.shape.size());
  if (int64_t(index.type.shape.size()) != rank) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`tl.gather` needs a source and an index of one rank, found {} and {}", src.type.str(),
                             index.type.str()));
    return std::nullopt;
  }
  std::optional<int64_t> axis = axisArgument(r.args[2], args[2], rank);
  if (!axis)
    return std::nullopt;
  for (int64_t d = 0; d < rank; ++d)
    if (d != *axis && src.type.shape[size_t(d)] != index.type.shape[size_t(d)]) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("`tl.gather` needs equal sizes off the axis, found {} and {} along dim {}",
                               src.type.shape[size_t(d)], index.type.shape[size_t(d)], d));
      return std::nullopt;
    }
  return SemaValue::runtime(Type::tensor(src.type.elem, index.type.shape));
}

} // namespace tritonc::sema
