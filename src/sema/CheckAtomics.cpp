// Atomics, barriers and assertions: builtins that act on memory or on
// the program rather than compute a value.
#include "Checker.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>

namespace tritonc::sema {

Result Checker::atomic(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  bool cas = r.builtin == "tl.atomic_cas";
  const SemaValue &pointer = *args[0];
  if (!pointer.isRuntime() || !pointer.type.elem.isPointer()) {
    diags_.error(Diag::NotAPointer, r.args[0]->range, "`" + r.builtin + "`",
                 pointer.isRuntime() ? pointer.type.str() : describe(pointer));
    return std::nullopt;
  }
  static const std::vector<std::string> kSems = {"acq_rel", "acquire", "release", "relaxed"},
                                        kScopes = {"gpu", "cta", "sys"};
  for (size_t i : {size_t(3), size_t(4)}) {
    if (!r.args[i] || isNone(args[i]))
      continue;
    const SemaValue &v = *args[i];
    const std::vector<std::string> &allowed = i == 3 ? kSems : kScopes;
    if (!v.isConstexpr() || v.constant.kind != ConstexprValue::Kind::String) {
      diags_.error(Diag::NotConstexpr, r.args[i]->range, i == 3 ? "`sem`" : "`scope`", "give a string");
      return std::nullopt;
    }
    if (std::find(allowed.begin(), allowed.end(), v.constant.text) == allowed.end()) {
      diags_.error(Diag::TypeMismatch, r.args[i]->range,
                   fmt::format("{} `{}` is not one of `{}`", i == 3 ? "memory semantic" : "scope", v.constant.text,
                               fmt::join(allowed, "`, `")));
      return std::nullopt;
    }
  }
  ScalarKind k = pointer.type.elem.pointee;
  std::string op = r.builtin.substr(std::string("tl.atomic_").size());
  bool bitwise = op == "and" || op == "or" || op == "xor";
  // Triton's rules: 16-bit floats only add (and compare-and-swap); integers
  // narrower than 32 bits only compare-and-swap, at 16 bits; floats take no
  // bitwise operations.
  bool half = k == ScalarKind::F16 || k == ScalarKind::BF16;
  bool supported = cas    ? bitWidth(k) >= 16 && !isFp8(k)
                   : half ? op == "add"
                          : bitWidth(k) >= 32 && !(isFloat(k) && bitwise);
  if (!supported) {
    diags_.error(Diag::UnsupportedOperation, c.range,
                 fmt::format("`{}` does not support `{}`; Triton's atomics take 32- and 64-bit values, 16-bit floats "
                             "for `atomic_add`, and 16-bit values for `atomic_cas`",
                             r.builtin, tritonName(k)));
    return std::nullopt;
  }
  // Pointer, values and mask broadcast together, as in Triton.
  SemaValue shapeSoFar = pointer;
  size_t values = cas ? 2 : 1;
  for (size_t i = 1; i <= values + (cas ? 0 : 1); ++i) {
    if (!r.args[i] || isNone(args[i]))
      continue;
    std::optional<std::vector<int64_t>> s = broadcastShape(r.args[i]->range, shapeSoFar, *args[i]);
    if (!s)
      return std::nullopt;
    shapeSoFar = SemaValue::runtime(Type::tensor(pointer.type.elem, *s));
  }
  const std::vector<int64_t> &shape = shapeSoFar.type.shape;
  coerce(*r.args[0], pointer, Type::tensor(pointer.type.elem, shape));
  for (size_t i = 1; i <= values; ++i) {
    if (!isNumeric(*args[i])) {
      diags_.error(Diag::TypeMismatch, r.args[i]->range, "an atomic cannot take " + describe(*args[i]));
      return std::nullopt;
    }
    coerce(*r.args[i], *args[i], Type::tensor(ElemType::scalar(k), shape));
  }
  if (!cas && r.args[2] && !isNone(args[2]))
    coerce(*r.args[2], *args[2], Type::tensor(ElemType::scalar(ScalarKind::I1), shape));
  return SemaValue::runtime(Type::tensor(ElemType::scalar(k), shape));
}

Result Checker::assertion(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const std::string &n = r.builtin;
  if (n == "tl.debug_barrier")
    return SemaValue::constexprValue(ConstexprValue::none());
  if (n == "tl.static_print") { // at compile time, to stderr: stdout may carry the output (`-o -`)
    auto text = [&](size_t index, const char *byDefault) -> std::string {
      if (!r.args[index] || isNone(args[index]))
        return byDefault;
      return args[index]->isConstexpr() && args[index]->constant.kind == ConstexprValue::Kind::String
                 ? args[index]->constant.text
                 : describePrinted(*args[index]);
    };
    std::string sep = text(1, " "), line;
    for (size_t i = r.args.size(); i < args.size(); ++i)
      line += (i == r.args.size() ? "" : sep) + describePrinted(*args[i]);
    std::cerr << line << text(2, "\n");
    return SemaValue::constexprValue(ConstexprValue::none());
  }
  if (n == "tl.device_print")
    return devicePrint(c, r, args);
  const SemaValue &cond = *args[0];
  if (n == "tl.static_assert") {
    if (!cond.isConstexpr()) {
      diags_.error(Diag::NotConstexpr, r.args[0]->range, "the condition of `tl.static_assert`",
                   "found " + describe(cond));
      return std::nullopt;
    }
    if (!truthy(cond.constant)) {
      std::string message = r.args[1] && args[1]->isConstexpr() ? ": " + args[1]->constant.text : "";
      diags_.error(Diag::UnsupportedOperation, c.range, "static assertion failed" + message);
      return std::nullopt;
    }
    return SemaValue::constexprValue(ConstexprValue::none());
  }
  // tl.device_assert: compiled out, as Triton does outside debug mode; the
  // condition must still be well formed.
  if (!isNumeric(cond)) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range, "`tl.device_assert` needs a condition, found " + describe(cond));
    return std::nullopt;
  }
  return SemaValue::constexprValue(ConstexprValue::none());
}

// What `tl.static_print` shows: a compile-time value as Python prints it,
// anything else by its type.
std::string Checker::describePrinted(const SemaValue &v) {
  if (v.isConstexpr()) {
    const ConstexprValue &k = v.constant;
    switch (k.kind) {
    case ConstexprValue::Kind::String: return k.text;
    case ConstexprValue::Kind::Int: return intText(k.intValue);
    case ConstexprValue::Kind::Bool: return k.boolValue ? "True" : "False";
    case ConstexprValue::Kind::None: return "None";
    default: break;
    }
  }
  if (v.kind == SemaValue::Kind::Tuple) {
    std::string out = "(";
    for (size_t i = 0; i < v.elements.size(); ++i)
      out += (i ? ", " : "") + describePrinted(v.elements[i]);
    return out + (v.elements.size() == 1 ? ",)" : ")");
  }
  return v.isRuntime() ? v.type.str() : describe(v);
}

// `tl.device_print(prefix, *args, hex=False)`: every element of every
// argument, printed by the thread that owns it when the kernel runs.
Result Checker::devicePrint(const ast::CallExpr &, const ResolvedCall &r, const std::vector<Result> &args) {
  if (!args[0]->isConstexpr() || args[0]->constant.kind != ConstexprValue::Kind::String) {
    diags_.error(Diag::NotConstexpr, r.args[0]->range, "the prefix of `tl.device_print`", "give a string");
    return std::nullopt;
  }
  bool hex = false;
  if (!constantBool(r.args[2], args[2], false, hex))
    return std::nullopt;
  for (size_t i = 0; i < r.rest.size(); ++i) {
    const SemaValue &v = *args[r.args.size() + i];
    if (!isNumeric(v)) {
      diags_.error(Diag::TypeMismatch, r.rest[i]->range, "`tl.device_print` prints numbers, found " + describe(v));
      return std::nullopt;
    }
    if (!v.isRuntime()) // a Python number prints as the tensor Triton makes of it
      coerce(*r.rest[i], v, Type::scalar(ElemType::scalar(promotionOperand(v).kind)));
  }
  return SemaValue::constexprValue(ConstexprValue::none());
}

} // namespace tritonc::sema
