// Python's `math` module in kernel code. Triton reads `math.pi` as a
// global and calls `math.sqrt(HEAD_DIM)` in Python on compile-time values
// (FlagGems' angle, softmax scales), so both are compile-time values here.
#include "Checker.h"

#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <utility>

namespace tritonc::sema {

namespace {

using K = ConstexprValue::Kind;

std::optional<double> number(const ConstexprValue &v) {
  switch (v.kind) {
  case K::Float: return v.floatValue;
  case K::Int: return double(v.intValue);
  case K::Bool: return double(v.boolValue);
  default: return std::nullopt;
  }
}

// Functions of one number, as Python's `math` computes them in doubles.
std::optional<double (*)(double)> unaryFunction(const std::string &name) {
  if (name == "sqrt") return [](double x) { return std::sqrt(x); };
  if (name == "exp") return [](double x) { return std::exp(x); };
  if (name == "log") return [](double x) { return std::log(x); };
  if (name == "log2") return [](double x) { return std::log2(x); };
  if (name == "log10") return [](double x) { return std::log10(x); };
  if (name == "fabs") return [](double x) { return std::fabs(x); };
  if (name == "sin") return [](double x) { return std::sin(x); };
  if (name == "cos") return [](double x) { return std::cos(x); };
  if (name == "tan") return [](double x) { return std::tan(x); };
  if (name == "atan") return [](double x) { return std::atan(x); };
  if (name == "tanh") return [](double x) { return std::tanh(x); };
  return std::nullopt;
}

bool isFunction(const std::string &name) {
  return unaryFunction(name) || name == "ceil" || name == "floor" || name == "trunc" || name == "pow" ||
         name == "gcd" || name == "isinf" || name == "isnan" || name == "isfinite";
}

} // namespace

std::optional<SemaValue> Checker::pythonMathAttribute(const std::string &attr) {
  if (attr == "pi")
    return SemaValue::constexprValue(ConstexprValue::ofFloat(M_PI));
  if (attr == "e")
    return SemaValue::constexprValue(ConstexprValue::ofFloat(M_E));
  if (attr == "tau")
    return SemaValue::constexprValue(ConstexprValue::ofFloat(2 * M_PI));
  if (attr == "inf")
    return SemaValue::constexprValue(ConstexprValue::ofFloat(std::numeric_limits<double>::infinity()));
  if (attr == "nan")
    return SemaValue::constexprValue(ConstexprValue::ofFloat(std::numeric_limits<double>::quiet_NaN()));
  if (isFunction(attr))
    return SemaValue::function("math." + attr);
  return std::nullopt;
}

Result Checker::pythonMath(const ast::CallExpr &c, const std::string &name) {
  std::string fn = name.substr(5);
  size_t arity = fn == "pow" || fn == "gcd" ? 2 : 1;
  if (c.args.size() != arity || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, name, arity, c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  std::vector<ConstexprValue> args;
  for (const auto &a : c.args) {
    Result v = expr(*a);
    if (!v)
      return std::nullopt;
    if (!v->isConstexpr() || !number(v->constant)) {
      diags_.error(Diag::NotConstexpr, a->range, fmt::format("the argument of `{}`", name),
                   "Python's `math` works on compile-time numbers; use `tl.sqrt`, `tl.exp`, ... on tensors");
      return std::nullopt;
    }
    args.push_back(v->constant);
  }
  double x = *number(args[0]);
  auto result = [](ConstexprValue v) { return SemaValue::constexprValue(v); };
  if (auto f = unaryFunction(fn)) {
    double y = (*f)(x);
    if (std::isnan(y) && !std::isnan(x)) {
      diags_.error(Diag::TypeMismatch, c.range, fmt::format("`{}` of {} is outside its domain", name, x));
      return std::nullopt;
    }
    return result(ConstexprValue::ofFloat(y));
  }
  if (fn == "isinf" || fn == "isnan" || fn == "isfinite")
    return result(ConstexprValue::ofBool(fn == "isinf" ? std::isinf(x) : fn == "isnan" ? std::isnan(x) : std::isfinite(x)));
  if (fn == "ceil" || fn == "floor" || fn == "trunc") {
    double r = fn == "ceil" ? std::ceil(x) : fn == "floor" ? std::floor(x) : std::trunc(x);
    if (!std::isfinite(r)) {
      diags_.error(Diag::TypeMismatch, c.range, fmt::format("`{}` of {} has no integer value", name, x));
      return std::nullopt;
    }
    return result(ConstexprValue::ofInt(ConstInt(r)));
  }
  if (fn == "pow")
    return result(ConstexprValue::ofFloat(std::pow(x, *number(args[1]))));
  // gcd
  if (args[0].kind == K::Float || args[1].kind == K::Float) {
    diags_.error(Diag::TypeMismatch, c.range, "`math.gcd` takes integers");
    return std::nullopt;
  }
  ConstInt a = args[0].kind == K::Bool ? ConstInt(args[0].boolValue) : args[0].intValue;
  ConstInt b = args[1].kind == K::Bool ? ConstInt(args[1].boolValue) : args[1].intValue;
  a = a < 0 ? -a : a;
  b = b < 0 ? -b : b;
  while (b != 0)
    a = std::exchange(b, a % b);
  return result(ConstexprValue::ofInt(a));
}

} // namespace tritonc::sema
