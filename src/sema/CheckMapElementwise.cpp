// `tl.map_elementwise(fn, *args, pack=1)`: `fn`, written for one element,
// inlined once on the broadcast arguments in its elementwise form
// (ElementwiseForm.h).
#include "Checker.h"
#include "ElementwiseForm.h"

#include <fmt/format.h>

namespace tritonc::sema {

Result Checker::mapElementwise(const ast::CallExpr &c) {
  const std::string shown = "tl.map_elementwise";
  if (c.args.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, shown, "at least 1", 0);
    return std::nullopt;
  }
  for (const ast::Keyword &k : c.keywords) {
    if (k.name != "pack") {
      diags_.error(Diag::UnknownKeyword, k.range, shown, k.name);
      return std::nullopt;
    }
    Result pack = expr(*k.value);
    if (!pack)
      return std::nullopt;
    if (!pack->isConstexpr() || pack->constant.kind != ConstexprValue::Kind::Int || pack->constant.intValue != 1) {
      // Which elements share a call with `pack` > 1 follows Triton's
      // register layout; a function that mixes them has no layout-free
      // meaning here.
      diags_.error(Diag::UnsupportedOperation, k.range,
                   "`tl.map_elementwise` with `pack` other than 1 (several elements per call)");
      return std::nullopt;
    }
  }
  Result fn = expr(*c.args[0]);
  if (!fn)
    return std::nullopt;
  if (fn->kind != SemaValue::Kind::Function) {
    diags_.error(Diag::TypeMismatch, c.args[0]->range, describe(*fn) + " is not a function to map");
    return std::nullopt;
  }
  const ast::FunctionDef *def = jitFunction(c.args[0]->range, *fn);
  if (!def)
    return std::nullopt;
  size_t given = c.args.size() - 1;
  if (given > def->params.size()) {
    diags_.error(Diag::WrongArgCount, c.range, def->name, def->params.size(), given);
    return std::nullopt;
  }
  std::vector<const ast::Expr *> args(def->params.size(), nullptr);
  std::vector<Result> values(def->params.size());
  SemaValue shape = SemaValue::constexprValue(ConstexprValue::none());
  for (size_t i = 0; i < given; ++i) {
    args[i] = c.args[i + 1].get();
    values[i] = expr(*args[i]);
    if (!values[i])
      return std::nullopt;
    // Triton maps tensors only: it takes each argument's element type, so a
    // Python number or constexpr is refused there, and so here.
    if (!values[i]->isRuntime()) {
      diags_.error(Diag::TypeMismatch, args[i]->range,
                   fmt::format("`tl.map_elementwise` maps tensors, and this is {}; make it one (e.g. `tl.full`)",
                               describe(*values[i])));
      return std::nullopt;
    }
    if (values[i]->type.isTensor()) {
      std::optional<std::vector<int64_t>> joined = broadcastShape(args[i]->range, shape, *values[i]);
      if (!joined)
        return std::nullopt;
      shape = SemaValue::runtime(Type::tensor(values[i]->type.elem, *joined));
    }
  }
  if (!shape.isRuntime()) { // Triton's op takes ranked tensors: scalars alone have no shape to map over
    diags_.error(Diag::TypeMismatch, c.range, "`tl.map_elementwise` needs at least one block (not scalar) argument");
    return std::nullopt;
  }
  for (size_t i = given; i < def->params.size(); ++i)
    if (!def->params[i].defaultValue) {
      diags_.error(Diag::WrongArgCount, c.range, def->name, def->params.size(), given);
      return std::nullopt;
    }
  std::unique_ptr<ast::FunctionDef> form = elementwiseForm(*def, shape.type.shape, diags_);
  if (!form)
    return std::nullopt;
  const ast::FunctionDef &mapped = *form;
  out_.elementwiseForms.push_back(std::move(form));
  ModuleId owner = ownerOf(*fn);
  Result value = inlineBody(c, mapped, def->name, values, owner);
  if (value)
    out_.inlined[key(&c)] = inlinedAt(c, &mapped, args, owner);
  return value;
}

} // namespace tritonc::sema
