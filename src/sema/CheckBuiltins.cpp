// Builtins that create, combine, convert and transform tensors
// elementwise, plus Python's own builtins on compile-time values and
// `libdevice.*` calls.
#include "Checker.h"
#include "Libdevice.h"
#include "TensorConstants.h"

#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/sema/LanguageSurface.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tritonc::sema {

using ast::ExprKind;

namespace {

bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }
} // namespace

std::optional<Type> Checker::unify(SourceRange range,
                                   const std::vector<std::pair<const ast::Expr *, SemaValue>> &operands, bool divOrMod,
                                   const char *what, bool scalarsAsTensors) {
  SemaValue shapeSoFar = SemaValue::constexprValue(ConstexprValue::ofInt(0));
  std::optional<PromotionOperand> common;
  // Pointers unify only with pointers of the same type (`tl.where(c, p, q)`):
  // there is no promotion between a pointer and a number.
  const SemaValue *pointer = nullptr;
  for (const auto &[e, v] : operands)
    if (!pointer && v.isRuntime() && v.type.elem.isPointer())
      pointer = &v;
  if (pointer) {
    std::string name = what;
    if (name != "`tl.where`" && name != "a conditional expression") {
      diags_.error(Diag::TypeMismatch, range,
                   fmt::format("{} cannot take pointers, found {}", what, describe(*pointer)));
      return std::nullopt;
    }
    for (const auto &[e, v] : operands) {
      if (!(v.isRuntime() && v.type.elem == pointer->type.elem)) {
        diags_.error(Diag::TypeMismatch, e->range,
                     fmt::format("{} cannot mix `{}` with {}", what, pointer->type.elem.str(), describe(v)));
        return std::nullopt;
      }
      std::optional<std::vector<int64_t>> shape = broadcastShape(range, shapeSoFar, v);
      if (!shape)
        return std::nullopt;
      shapeSoFar = SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I32), *shape));
    }
    Type t = Type::tensor(pointer->type.elem, shapeSoFar.type.shape);
    for (const auto &[e, v] : operands)
      coerce(*e, v, t);
    return t;
  }
  for (const auto &[e, v] : operands) {
    if (!isNumeric(v)) {
      diags_.error(Diag::TypeMismatch, e->range, fmt::format("{} cannot take {}", what, describe(v)));
      return std::nullopt;
    }
    std::optional<std::vector<int64_t>> shape = broadcastShape(range, shapeSoFar, v);
    if (!shape)
      return std::nullopt;
    shapeSoFar = SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I32), *shape));
    PromotionOperand p = promotionOperand(v);
    p.isPythonScalar = p.isPythonScalar && !scalarsAsTensors;
    if (!common) {
      common = p;
      continue;
    }
    std::string why;
    std::optional<ScalarKind> k = computationType(*common, p, divOrMod, why);
    if (!k) {
      diags_.error(Diag::TypeMismatch, range, why);
      return std::nullopt;
    }
    common = PromotionOperand{*k, common->isPythonScalar && p.isPythonScalar};
  }
  Type t = Type::tensor(ElemType::scalar(common->kind), shapeSoFar.type.shape);
  for (const auto &[e, v] : operands)
    coerce(*e, v, t);
  return t;
}

std::optional<std::vector<int64_t>> Checker::constantShape(const ast::Expr *e, const SemaValue &v) {
  std::vector<int64_t> shape;
  auto dim = [&](const SemaValue &d) {
    if (!d.isConstexpr() || d.constant.kind != ConstexprValue::Kind::Int)
      return false;
    shape.push_back(d.constant.intValue);
    return true;
  };
  bool ok = v.kind == SemaValue::Kind::Tuple ? std::all_of(v.elements.begin(), v.elements.end(), dim) : dim(v);
  if (!ok) {
    diags_.error(Diag::NotConstexpr, e->range, "a shape", "give a tuple of constant integers such as `(BLOCK,)`");
    return std::nullopt;
  }
  int64_t n = 1;
  for (int64_t d : shape) {
    if (!isPowerOfTwo(d)) {
      diags_.error(Diag::TypeMismatch, e->range, fmt::format("shape dimensions must be powers of two, found {}", d));
      return std::nullopt;
    }
    n *= d;
    if (n > kMaxTensorElements) {
      diags_.error(Diag::TensorTooLarge, e->range, n);
      return std::nullopt;
    }
  }
  return shape;
}

std::optional<ScalarKind> Checker::dtypeArgument(const ast::Expr *e, const SemaValue &v) {
  if (v.kind == SemaValue::Kind::DType && v.dtype != ScalarKind::Ptr)
    return v.dtype;
  diags_.error(Diag::TypeMismatch, e->range,
               fmt::format("expected a dtype such as `tl.float32`, found {}", describe(v)));
  return std::nullopt;
}

bool Checker::constantBool(const ast::Expr *e, const Result &v, bool missing, bool &out) {
  if (!e || isNone(v)) {
    out = missing;
    return true;
  }
  if (v->isConstexpr() &&
      (v->constant.kind == ConstexprValue::Kind::Bool || v->constant.kind == ConstexprValue::Kind::Int)) {
    out = truthy(v->constant);
    return true;
  }
  diags_.error(Diag::NotConstexpr, e->range, "this flag", "give `True` or `False`");
  return false;
}

Result Checker::creation(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  bool isFull = r.builtin == "tl.full";
  std::optional<std::vector<int64_t>> shape = constantShape(r.args[0], *args[0]);
  std::optional<ScalarKind> dtype = shape ? dtypeArgument(r.args[isFull ? 2 : 1], *args[isFull ? 2 : 1]) : std::nullopt;
  if (!dtype)
    return std::nullopt;
  if (isFull) {
    const SemaValue &value = *args[1];
    if (!isNumeric(value) || (value.isRuntime() && value.type.isTensor())) {
      diags_.error(Diag::TypeMismatch, r.args[1]->range,
                   "the value of `tl.full` must be a scalar, found " + describe(value));
      return std::nullopt;
    }
    coerce(*r.args[1], value, Type::scalar(ElemType::scalar(*dtype)));
  }
  return SemaValue::runtime(Type::tensor(ElemType::scalar(*dtype), *shape));
}

Result Checker::elementwise(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const std::string &n = r.builtin;
  if (n == "tl.where") {
    std::optional<Type> values = unify(c.range, {{r.args[1], *args[1]}, {r.args[2], *args[2]}}, false, "`tl.where`");
    if (!values)
      return std::nullopt;
    SemaValue valueShape = SemaValue::runtime(*values);
    std::optional<std::vector<int64_t>> shape = broadcastShape(c.range, valueShape, *args[0]);
    if (!shape || !isNumeric(*args[0]))
      return std::nullopt;
    Type result = Type::tensor(values->elem, *shape);
    coerce(*r.args[0], *args[0], Type::tensor(ElemType::scalar(ScalarKind::I1), *shape));
    coerce(*r.args[1], *args[1], result);
    coerce(*r.args[2], *args[2], result);
    return SemaValue::runtime(result);
  }
  if (n == "tl.maximum" || n == "tl.minimum") {
    if (r.args[2] && !isNone(args[2])) {
      const SemaValue &p = *args[2];
      bool known = p.isConstexpr() && p.constant.kind == ConstexprValue::Kind::Int &&
                   (p.constant.intValue == kPropagateNanNone || p.constant.intValue == kPropagateNanAll);
      if (!known) {
        diags_.error(Diag::TypeMismatch, r.args[2]->range,
                     fmt::format("`propagate_nan` is `tl.PropagateNan.NONE` or `.ALL`, found {}", describe(p)));
        return std::nullopt;
      }
    }
    // Triton makes tensors of Python numbers first (so they take part in
    // promotion) and widens each bf16 operand to fp32 before the two meet:
    // fp16 with bf16 computes in fp32, not in fp16 as `+` would.
    SemaValue x = *args[0], y = *args[1];
    bool widened = false;
    for (SemaValue *v : {&x, &y})
      if (v->isRuntime() && v->type.elem.kind == ScalarKind::BF16) {
        v->type = v->type.withElem(ElemType::scalar(ScalarKind::F32));
        widened = true;
      }
    std::optional<Type> t =
        unify(c.range, {{r.args[0], x}, {r.args[1], y}}, false, n.c_str(), /*scalarsAsTensors=*/true);
    if (t && widened) {
      coerce(*r.args[0], *args[0], *t);
      coerce(*r.args[1], *args[1], *t);
    }
    return t ? Result(SemaValue::runtime(*t)) : std::nullopt;
  }
  if (n == "tl.to_tensor") {
    const SemaValue &x = *args[0];
    if (x.isRuntime())
      return x;
    if (!isNumeric(x)) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range,
                   fmt::format("`tl.to_tensor` takes a number or a tensor, found {}", describe(x)));
      return std::nullopt;
    }
    // A Python number becomes the scalar Triton would make of it: int32
    // (int64 when it does not fit), float32, int1.
    Type t = Type::scalar(ElemType::scalar(promotionOperand(x).kind));
    coerce(*r.args[0], x, t);
    return SemaValue::runtime(t);
  }
  // tl.fma and tl.div_rn: floating-point operands of one type.
  std::vector<std::pair<const ast::Expr *, SemaValue>> operands;
  for (size_t i = 0; i < (n == "tl.fma" ? 3u : 2u); ++i)
    operands.emplace_back(r.args[i], *args[i]);
  std::string what = "`" + n + "`";
  std::optional<Type> t = unify(c.range, operands, false, what.c_str());
  if (t && !isFloat(t->elem.kind)) {
    diags_.error(Diag::TypeMismatch, c.range, what + " needs floating-point operands, found " + t->str());
    return std::nullopt;
  }
  return t ? Result(SemaValue::runtime(*t)) : std::nullopt;
}

Result Checker::unaryMath(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0];
  bool isAbs = r.builtin == "tl.abs";
  if (!isNumeric(x)) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range, fmt::format("`{}` cannot take {}", r.builtin, describe(x)));
    return std::nullopt;
  }
  // A Python number becomes fp32, as Triton converts it to a tensor first.
  Type t = x.isRuntime() ? x.type : Type::scalar(ElemType::scalar(isAbs ? promotionOperand(x).kind : ScalarKind::F32));
  if (!isAbs && !isFloat(t.elem.kind)) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("`{}` needs a floating-point tensor, found `{}`; convert it with `.to(tl.float32)`",
                             r.builtin, t.str()));
    return std::nullopt;
  }
  coerce(*r.args[0], x, t);
  return SemaValue::runtime(t);
}

// Triton's pointer casts: a pointer reinterpreted as one to another
// element type, a pointer as its int64 address, and an int64 as a pointer.
Result Checker::pointerCast(const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0], &target = *args[1];
  bool toPointer = target.kind == SemaValue::Kind::DType && target.dtype == ScalarKind::Ptr;
  ElemType to = toPointer ? ElemType::pointerTo(target.pointee) : ElemType::scalar(ScalarKind::I64);
  bool fromPointer = x.isRuntime() && x.type.elem.isPointer();
  bool fromAddress = x.isRuntime() && x.type.elem.kind == ScalarKind::I64;
  bool toAddress = target.kind == SemaValue::Kind::DType && target.dtype == ScalarKind::I64;
  if (!(fromPointer && (toPointer || toAddress)) && !(fromAddress && toPointer)) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("cannot convert {} to {}; pointers convert to pointers and to `int64`, and `int64` "
                             "to pointers",
                             describe(x), describe(target)));
    return std::nullopt;
  }
  return SemaValue::runtime(x.type.withElem(to));
}

Result Checker::cast(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  bool pointerTarget = args[1]->kind == SemaValue::Kind::DType && args[1]->dtype == ScalarKind::Ptr;
  if (pointerTarget || (args[0]->isRuntime() && args[0]->type.elem.isPointer()))
    return pointerCast(r, args);
  std::optional<ScalarKind> dtype = dtypeArgument(r.args[1], *args[1]);
  bool bitcast = false;
  if (!dtype || !constantBool(r.args[3], args[3], false, bitcast))
    return std::nullopt;
  const SemaValue &x = *args[0];
  if (!isNumeric(x)) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range, "cannot convert " + describe(x));
    return std::nullopt;
  }
  Type from = x.isRuntime() ? x.type : Type::scalar(ElemType::scalar(promotionOperand(x).kind));
  if (r.args[2] && !isNone(args[2])) {
    const SemaValue &rounding = *args[2];
    bool nearestEven = rounding.isConstexpr() && rounding.constant.kind == ConstexprValue::Kind::String &&
                       rounding.constant.text == "rtne";
    if (!nearestEven) {
      diags_.error(Diag::UnsupportedOperation, r.args[2]->range,
                   "only `fp_downcast_rounding=\"rtne\"` (round to nearest even, the default) is supported");
      return std::nullopt;
    }
  }
  if (bitcast && bitWidth(from.elem.kind) != bitWidth(*dtype)) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`bitcast=True` needs equal widths; `{}` has {} bits and `{}` has {}", from.elem.str(),
                             bitWidth(from.elem.kind), tritonName(*dtype), bitWidth(*dtype)));
    return std::nullopt;
  }
  coerce(*r.args[0], x, from);
  return SemaValue::runtime(from.withElem(ElemType::scalar(*dtype)));
}

Result Checker::hint(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &x = *args[0];
  if (!x.isRuntime() || !(isInteger(x.type.elem.kind) || x.type.elem.isPointer())) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("`{}` takes an integer or pointer value, found {}", r.builtin, describe(x)));
    return std::nullopt;
  }
  std::vector<SemaValue> values =
      args[1]->kind == SemaValue::Kind::Tuple ? args[1]->elements : std::vector<SemaValue>{*args[1]};
  size_t rank = std::max<size_t>(1, x.type.shape.size());
  bool ok = values.size() == rank;
  for (const SemaValue &v : values)
    ok = ok && v.isConstexpr() && v.constant.kind == ConstexprValue::Kind::Int && v.constant.intValue > 0;
  if (!ok) {
    diags_.error(Diag::NotConstexpr, r.args[1]->range, fmt::format("the values of `{}`", r.builtin),
                 fmt::format("give {} positive constant integer(s), one per dimension", rank));
    return std::nullopt;
  }
  return x;
}

// The `(object, "name")` of `getattr` and `hasattr`: false, diagnosed,
// unless both check and the name is a compile-time string.
bool Checker::objectAndName(const ast::CallExpr &c, const char *function, Result &object, Result &name) {
  if (c.args.size() != 2 || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, function, 2, c.args.size() + c.keywords.size());
    return false;
  }
  object = expr(*c.args[0]);
  name = expr(*c.args[1]);
  if (!object || !name)
    return false;
  if (!name->isConstexpr() || name->constant.kind != ConstexprValue::Kind::String) {
    diags_.error(Diag::NotConstexpr, c.args[1]->range, fmt::format("the name given to `{}`", function),
                 "give a string");
    return false;
  }
  return true;
}

// `getattr(tl, "exp")`, `getattr(x.dtype, NAME)`: the attribute a
// compile-time string names, as `value.name` would give it. Run-time
// results (a tensor's method bound to it) are not values sema can name
// apart from the call that uses them.
Result Checker::getAttr(const ast::CallExpr &c) {
  Result base, name;
  if (!objectAndName(c, "getattr", base, name))
    return std::nullopt;
  if (base->isRuntime()) {
    diags_.error(Diag::UnsupportedOperation, c.range,
                 "`getattr` on a run-time value; write `value." + name->constant.text + "` instead");
    return std::nullopt;
  }
  ast::AttributeExpr named(c.range, nullptr, name->constant.text);
  return attributeOf(named, *base);
}

// `hasattr(triton.language, "gather")`: code bases test at import which
// names their Triton has and define fallbacks for the others. Of Triton's
// own modules the answer is Triton 3.6's: a name of `tl.__all__` tritonc
// refuses is still there (its use is then diagnosed, rather than a
// fallback Triton would not take compiled silently); of anything else only
// Python knows.
Result Checker::hasAttr(const ast::CallExpr &c) {
  Result base, name;
  if (!objectAndName(c, "hasattr", base, name))
    return std::nullopt;
  bool tritonModule = base->kind == SemaValue::Kind::Module && base->moduleId < 0 && isTritonModule(base->name);
  if (!tritonModule) {
    diags_.error(Diag::NotConstexpr, c.range, "`hasattr` of " + describe(*base),
                 "tritonc answers it for Triton's modules; give the result with `--host-value`");
    return std::nullopt;
  }
  if ((base->name == "triton" && isTritonHostName(name->constant.text)) ||
      (base->name == "triton.language" && isTritonLanguageName(name->constant.text)))
    return SemaValue::constexprValue(ConstexprValue::ofBool(true));
  Result found;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    ast::AttributeExpr named(c.range, nullptr, name->constant.text);
    found = attributeOf(named, *base);
  }
  return SemaValue::constexprValue(ConstexprValue::ofBool(found.has_value()));
}

// `os.environ.get(NAME, DEFAULT)`, `os.getenv(NAME, DEFAULT)`: a module's
// switch read from the environment at import (flash-linear-attention's
// FLA_USE_FAST_OPS picks its `exp`), read from tritonc's environment, which
// under the drop-in is the importing process's.
Result Checker::environmentVariable(const ast::CallExpr &c, const std::string &name) {
  if (c.args.empty() || c.args.size() > 2 || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, name, 2, c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  Result key = expr(*c.args[0]);
  if (!key)
    return std::nullopt;
  if (!key->isConstexpr() || key->constant.kind != ConstexprValue::Kind::String) {
    diags_.error(Diag::NotConstexpr, c.args[0]->range, fmt::format("the name given to `{}`", name), "give a string");
    return std::nullopt;
  }
  if (std::optional<std::string> set = modules_.readEnvironment(key->constant.text))
    return SemaValue::constexprValue(ConstexprValue::ofString(*set));
  if (c.args.size() < 2)
    return SemaValue::constexprValue(ConstexprValue::none());
  Result fallback = expr(*c.args[1]);
  if (!fallback)
    return std::nullopt;
  if (!fallback->isConstexpr()) {
    diags_.error(Diag::NotConstexpr, c.args[1]->range, fmt::format("the default given to `{}`", name),
                 "give a constant");
    return std::nullopt;
  }
  return *fallback;
}

// `triton.next_power_of_2(K)`: Triton calls the host helper on a
// compile-time integer inside the kernel.
Result Checker::nextPowerOf2(const ast::CallExpr &c) {
  if (c.args.size() != 1 || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, "triton.next_power_of_2", 1, c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  Result n = expr(*c.args[0]);
  if (!n)
    return std::nullopt;
  if (!n->isConstexpr() || n->constant.kind != ConstexprValue::Kind::Int) {
    diags_.error(Diag::NotConstexpr, c.args[0]->range, "the argument of `triton.next_power_of_2`",
                 "it is a host helper; give it a compile-time integer");
    return std::nullopt;
  }
  ConstInt v = n->constant.intValue, p = 1;
  if (v > (ConstInt(1) << 62)) {
    diags_.error(Diag::TypeMismatch, c.args[0]->range, "`triton.next_power_of_2` of a number above 2**62");
    return std::nullopt;
  }
  while (p < v)
    p <<= 1;
  return SemaValue::constexprValue(ConstexprValue::ofInt(v <= 0 ? 0 : p)); // Triton's bit trick gives 0 there
}

// `min`, `max` and `abs` of numbers Triton holds as tensors are Triton's
// tl.minimum, tl.maximum and tl.abs: a tensor of the operands' common type.
Result Checker::heldResult(const std::vector<Result> &args, const ConstexprValue &value) const {
  std::optional<ScalarKind> common;
  bool held = false;
  for (const Result &a : args) {
    held = held || a->heldAs;
    std::optional<ScalarKind> k = a->heldAs ? a->heldAs : tensorTypeOf(a->constant);
    std::string why;
    common = !k || !common ? k : computationType({*common, false}, {*k, false}, false, why);
    if (!common)
      return SemaValue::constexprValue(value);
  }
  if (!held)
    return SemaValue::constexprValue(value);
  std::optional<ConstexprValue> converted = convertTo(value, *common);
  SemaValue v = SemaValue::constexprValue(converted ? *converted : value);
  v.heldAs = common;
  return v;
}

Result Checker::pythonBuiltin(const ast::CallExpr &c, const std::string &name) {
  std::vector<Result> evaluated;
  for (const auto &a : c.args) {
    evaluated.push_back(expr(*a));
    if (!evaluated.back())
      return std::nullopt;
  }
  // On tensors, Triton's `min`, `max` and `abs` are `tl.minimum`,
  // `tl.maximum` and `tl.abs`.
  bool anyRuntime = std::any_of(evaluated.begin(), evaluated.end(), [](const Result &v) { return v->isRuntime(); });
  if (anyRuntime && c.keywords.empty() &&
      (((name == "min" || name == "max") && c.args.size() == 2) || (name == "abs" && c.args.size() == 1))) {
    ResolvedCall r{name == "abs" ? "tl.abs" : name == "min" ? "tl.minimum" : "tl.maximum", {}};
    for (const auto &a : c.args)
      r.args.push_back(a.get());
    if (name != "abs")
      r.args.push_back(nullptr); // propagate_nan
    out_.calls[key(&c)] = r;
    return name == "abs" ? unaryMath(c, r, evaluated) : elementwise(c, r, evaluated);
  }
  std::vector<ConstexprValue> values;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const auto &a = c.args[i];
    const Result &v = evaluated[i];
    if (!v->isConstexpr() && !(name == "len" && v->kind == SemaValue::Kind::Tuple)) {
      diags_.error(Diag::NotConstexpr, a->range, fmt::format("the argument of `{}`", name),
                   "Python's builtins work on compile-time values; use `tl.maximum`, `tl.abs`, `.to()` on tensors");
      return std::nullopt;
    }
    if (v->kind == SemaValue::Kind::Tuple)
      values.push_back(ConstexprValue::ofInt(int64_t(v->elements.size())));
    else
      values.push_back(v->constant);
  }
  if (!c.keywords.empty()) {
    diags_.error(Diag::UnknownKeyword, c.keywords[0].range, name, c.keywords[0].name);
    return std::nullopt;
  }
  bool unary = name == "float" || name == "int" || name == "bool" || name == "abs" || name == "len";
  if ((unary && values.size() != 1) || (!unary && values.size() < 2)) {
    diags_.error(Diag::WrongArgCount, c.range, name, unary ? "1" : "2 or more", values.size());
    return std::nullopt;
  }
  const ConstexprValue &v = values[0];
  using K = ConstexprValue::Kind;
  auto number = [](const ConstexprValue &x) {
    return x.kind == K::Float ? x.floatValue : x.kind == K::Bool ? double(x.boolValue) : double(x.intValue);
  };
  if (name == "len")
    return SemaValue::constexprValue(v);
  if (name == "float") {
    if (v.kind == K::String) {
      std::string s = v.text;
      for (char &ch : s)
        ch = char(std::tolower((unsigned char)ch));
      if (s == "inf" || s == "+inf" || s == "infinity")
        return SemaValue::constexprValue(ConstexprValue::ofFloat(std::numeric_limits<double>::infinity()));
      if (s == "-inf" || s == "-infinity")
        return SemaValue::constexprValue(ConstexprValue::ofFloat(-std::numeric_limits<double>::infinity()));
      if (s == "nan")
        return SemaValue::constexprValue(ConstexprValue::ofFloat(std::numeric_limits<double>::quiet_NaN()));
      char *end = nullptr;
      double d = std::strtod(v.text.c_str(), &end);
      if (end && *end == '\0' && !v.text.empty())
        return SemaValue::constexprValue(ConstexprValue::ofFloat(d));
      diags_.error(Diag::TypeMismatch, c.args[0]->range,
                   fmt::format("could not convert string to float: '{}'", v.text));
      return std::nullopt;
    }
    if (v.kind == K::Int || v.kind == K::Bool || v.kind == K::Float)
      return SemaValue::constexprValue(ConstexprValue::ofFloat(number(v)));
  } else if (name == "int") {
    if (v.kind == K::Int || v.kind == K::Bool || v.kind == K::Float)
      return SemaValue::constexprValue(ConstexprValue::ofInt(int64_t(std::trunc(number(v)))));
  } else if (name == "bool") {
    return SemaValue::constexprValue(ConstexprValue::ofBool(truthy(v)));
  } else if (name == "abs") {
    if (v.kind == K::Float)
      return heldResult(evaluated, ConstexprValue::ofFloat(std::fabs(v.floatValue)));
    if (v.kind == K::Int || v.kind == K::Bool)
      return heldResult(evaluated, ConstexprValue::ofInt(std::llabs(int64_t(number(v)))));
  } else { // min, max
    ConstexprValue best = values[0];
    for (size_t i = 1; i < values.size(); ++i) {
      std::string why;
      std::optional<ConstexprValue> less = foldCompare(ast::CompareOp::Lt, values[i], best, why);
      if (!less) {
        diags_.error(Diag::TypeMismatch, c.range, why);
        return std::nullopt;
      }
      if (less->boolValue == (name == "min"))
        best = values[i];
    }
    return heldResult(evaluated, best);
  }
  diags_.error(Diag::TypeMismatch, c.args[0]->range, fmt::format("`{}` cannot take `{}`", name, v.repr()));
  return std::nullopt;
}

Result Checker::externCall(const ast::CallExpr &c, const std::string &name) {
  if (!c.keywords.empty()) {
    diags_.error(Diag::UnknownKeyword, c.keywords[0].range, name, c.keywords[0].name);
    return std::nullopt;
  }
  std::vector<std::pair<const ast::Expr *, SemaValue>> operands;
  ResolvedCall r{name, {}};
  for (const auto &a : c.args) {
    Result v = expr(*a);
    if (!v)
      return std::nullopt;
    operands.emplace_back(a.get(), *v);
    r.args.push_back(a.get());
  }
  if (operands.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, name, "1 or more", 0);
    return std::nullopt;
  }
  std::optional<Type> t = unify(c.range, operands, false, ("`" + name + "`").c_str());
  if (!t)
    return std::nullopt;
  std::string_view function = std::string_view(name).substr(std::string_view("libdevice.").size());
  const LibdeviceFunction *f = resolveLibdevice(function, t->elem.kind, operands.size());
  if (!f) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("libdevice has no `{}` taking {} {} operand{}", function, operands.size(),
                             tritonName(t->elem.kind), operands.size() == 1 ? "" : "s"));
    return std::nullopt;
  }
  // libdevice has no unsigned types: an unsigned operand or result keeps
  // its kind where libdevice has the signed one of the same width.
  bool isUnsigned = t->elem.kind == ScalarKind::U32 || t->elem.kind == ScalarKind::U64;
  auto kindFor = [&](ScalarKind libdeviceKind) {
    if (isUnsigned && bitWidth(libdeviceKind) == bitWidth(t->elem.kind) && isInteger(libdeviceKind))
      return t->elem.kind;
    return libdeviceKind;
  };
  // Each operand to its parameter's kind, replacing unify's common one
  // (`ldexp(x, n)` keeps n an int).
  for (size_t i = 0; i < operands.size(); ++i) {
    out_.coercions.erase(key(operands[i].first));
    coerce(*operands[i].first, operands[i].second, t->withElem(ElemType::scalar(kindFor(f->params[i]))));
  }
  r.builtin = std::string("libdevice.") + f->symbol;
  out_.calls[key(&c)] = r;
  return SemaValue::runtime(t->withElem(ElemType::scalar(kindFor(f->result))));
}

} // namespace tritonc::sema
