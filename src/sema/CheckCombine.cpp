// `tl.reduce(input, axis, combine_fn, keep_dims=False)` and
// `tl.associative_scan(input, axis, combine_fn, reverse=False)`: `input` is
// a tensor or a tuple of n tensors of one shape, `combine_fn` a `@jit`
// function taking 2n scalars (all of the left side's parts, then all of the
// right's) and returning n, each in its input's element type, as Triton's
// combine region must. The function is checked once, on scalars, in a
// context of its own; lowering inlines it into the op's `combine` region.
// It only computes: memory access and barriers inside it are rejected.
// A scan keeps the order of its elements, so its combine needs only be
// associative (the linear recurrence); a reduction combines in a tree
// whose order follows the layout, so, as in Triton, its combine must be
// commutative too.
#include "Checker.h"

#include "tritonc/sema/KernelBinding.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace tritonc::sema {

namespace {

std::string partTypes(const std::vector<Type> &inputs) {
  std::string s;
  for (size_t i = 0; i < inputs.size(); ++i)
    s += (i ? ", `" : "`") + Type::scalar(inputs[i].elem).str() + "`";
  return inputs.size() == 1 ? "one " + s + " scalar" : fmt::format("a tuple of {} scalars ({})", inputs.size(), s);
}

} // namespace

std::optional<std::vector<Type>> Checker::combineInputs(const ResolvedCall &r, const SemaValue &input) {
  std::vector<const SemaValue *> parts;
  if (input.kind == SemaValue::Kind::Tuple)
    for (const SemaValue &e : input.elements)
      parts.push_back(&e);
  else
    parts.push_back(&input);
  std::vector<Type> inputs;
  for (const SemaValue *part : parts) {
    if (!part->isRuntime() || !part->type.isTensor() || part->type.elem.isPointer()) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range,
                   fmt::format("`{}` combines numeric tensors, found {}", r.builtin, describe(*part)));
      return std::nullopt;
    }
    if (!inputs.empty() && part->type.shape != inputs[0].shape) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range,
                   fmt::format("the inputs of `{}` must have one shape; found `{}` and `{}`", r.builtin,
                               inputs[0].str(), part->type.str()));
      return std::nullopt;
    }
    inputs.push_back(part->type);
  }
  if (inputs.empty()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range, fmt::format("`{}` needs at least one tensor", r.builtin));
    return std::nullopt;
  }
  return inputs;
}

Result Checker::combine(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  bool isScan = r.builtin == "tl.associative_scan";
  std::optional<std::vector<Type>> inputs = combineInputs(r, *args[0]);
  if (!inputs)
    return std::nullopt;
  const std::vector<int64_t> &shape = (*inputs)[0].shape;
  int64_t rank = int64_t(shape.size());
  std::optional<int64_t> axis;
  if (isScan || !isNone(args[1])) { // a scan needs its axis; a reduction without one reduces everything
    axis = axisArgument(r.args[1], args[1], rank);
    if (!axis)
      return std::nullopt;
  }
  bool flag = false; // keep_dims, or reverse
  if (!constantBool(r.args[3], args[3], false, flag))
    return std::nullopt;
  if (!checkCombineFunction(c, r, *args[2], *inputs))
    return std::nullopt;

  std::vector<int64_t> resultShape;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = !isScan && (!axis || d == *axis);
    if (!reduced)
      resultShape.push_back(shape[size_t(d)]);
    else if (flag)
      resultShape.push_back(1);
  }
  std::vector<SemaValue> results;
  for (const Type &t : *inputs)
    results.push_back(SemaValue::runtime(Type::tensor(t.elem, resultShape)));
  if (args[0]->kind != SemaValue::Kind::Tuple)
    return results[0];
  return SemaValue::tuple(std::move(results));
}

// Checks `fn` as the combine function for `inputs` and records it on `c`;
// false after a diagnostic.
bool Checker::checkCombineFunction(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &fn,
                                   const std::vector<Type> &inputs) {
  const ast::Expr &fnExpr = *r.args[2];
  bool isJit =
      fn.kind == SemaValue::Kind::Function && (fn.def || (fn.name.rfind("tl.", 0) == 0 && !findBuiltin(fn.name)));
  if (!isJit) {
    diags_.error(Diag::CombineNotFunction, fnExpr.range, r.builtin, describe(fn));
    return false;
  }
  const ast::FunctionDef *def = jitFunction(fnExpr.range, fn);
  if (!def)
    return false;
  ModuleId owner = ownerOf(fn);
  bool fromStdlib = owner == kStdlibModule;
  std::string shown = fromStdlib ? fn.name : def->name;
  size_t passed = 2 * inputs.size();
  size_t required = size_t(
      std::count_if(def->params.begin(), def->params.end(), [](const ast::Param &p) { return !p.defaultValue; }));
  if (passed < required || passed > def->params.size()) {
    std::string takes = required == def->params.size() ? std::to_string(required)
                                                       : fmt::format("{} to {}", required, def->params.size());
    diags_.error(Diag::CombineArity, fnExpr.range, shown, takes, r.builtin, passed);
    return false;
  }
  for (size_t i = 0; i < passed; ++i)
    if (isConstexprAnnotation(def->params[i].annotation.get())) {
      diags_.error(Diag::NotConstexpr, fnExpr.range,
                   fmt::format("parameter `{}` of the combine function `{}`", def->params[i].name, shown),
                   "it receives an element of the input");
      return false;
    }
  if (failedHelpers_.count(def))
    return false;

  std::vector<Result> values;
  for (size_t side = 0; side < 2; ++side)
    for (const Type &t : inputs)
      values.push_back(SemaValue::runtime(Type::scalar(t.elem)));
  std::string outerCombining = std::exchange(combiningFor_, r.builtin);
  Result returned = inlineBody(c, *def, shown, values, owner);
  combiningFor_ = std::move(outerCombining);
  if (!returned)
    return false;

  // One value per input, or a tuple of them (of one for one input, as Triton accepts).
  std::vector<const SemaValue *> parts;
  if (returned->kind == SemaValue::Kind::Tuple)
    for (const SemaValue &e : returned->elements)
      parts.push_back(&e);
  else
    parts.push_back(&*returned);
  std::string found;
  if (parts.size() != inputs.size())
    found = describe(*returned);
  for (size_t i = 0; found.empty() && i < parts.size(); ++i)
    if (!parts[i]->isRuntime() || parts[i]->type != Type::scalar(inputs[i].elem))
      found = parts.size() == 1 ? describe(*parts[i]) : fmt::format("{} as part {}", describe(*parts[i]), i);
  if (!found.empty()) {
    diags_.error(Diag::CombineResult, fnExpr.range, shown, partTypes(inputs), found);
    return false;
  }
  out_.combines[key(&c)] = inlinedAt(c, def, {}, owner);
  return true;
}

} // namespace tritonc::sema
