// The kernel's `@triton.autotune` and `@triton.heuristics` decorators,
// recorded as written (TypedKernel::decorators). They run on the host in
// Triton, so nothing here is an error: what is not a literal (configs built
// by a function, a module-level list) is left out, and the signature stays
// the source of the meta-parameters' values.
#include "Checker.h"

namespace tritonc::sema {

using ast::ExprKind;

namespace {

// The callee's last name: `autotune` for `triton.autotune(...)` and `autotune(...)`.
std::string calleeName(const ast::CallExpr &c) {
  if (c.callee->kind == ExprKind::Attribute)
    return static_cast<const ast::AttributeExpr &>(*c.callee).attr;
  if (c.callee->kind == ExprKind::Name)
    return static_cast<const ast::NameExpr &>(*c.callee).id;
  return "";
}

// The argument for parameter `name` at `position`, by keyword or position; null when absent.
const ast::Expr *argument(const ast::CallExpr &c, const char *name, size_t position) {
  for (const ast::Keyword &k : c.keywords)
    if (k.name == name)
      return k.value.get();
  return position < c.args.size() ? c.args[position].get() : nullptr;
}

const std::vector<ast::ExprPtr> *listElements(const ast::Expr *e) {
  if (e && e->kind == ExprKind::List)
    return &static_cast<const ast::ListExpr *>(e)->elements;
  if (e && e->kind == ExprKind::Tuple)
    return &static_cast<const ast::TupleExpr *>(e)->elements;
  return nullptr;
}

// The string keys of a dict literal, each with its value.
std::vector<std::pair<std::string, const ast::Expr *>> dictEntries(const ast::Expr *e) {
  std::vector<std::pair<std::string, const ast::Expr *>> entries;
  if (!e || e->kind != ExprKind::Dict)
    return entries;
  auto &d = static_cast<const ast::DictExpr &>(*e);
  for (size_t i = 0; i < d.keys.size(); ++i)
    if (d.keys[i]->kind == ExprKind::String)
      entries.emplace_back(static_cast<const ast::StringExpr &>(*d.keys[i]).value, d.values[i].get());
  return entries;
}

} // namespace

void Checker::recordDecorators(const ast::FunctionDef &kernel) {
  DiagnosticEngine::Quiet quiet(diags_);
  auto constant = [&](const ast::Expr *e) -> std::optional<ConstexprValue> {
    Result v = e ? expr(*e) : std::nullopt;
    return v && v->isConstexpr() ? std::optional<ConstexprValue>(v->constant) : std::nullopt;
  };
  auto integer = [&](const ast::Expr *e) -> std::optional<int64_t> {
    std::optional<ConstexprValue> v = constant(e);
    return v && v->kind == ConstexprValue::Kind::Int ? std::optional<int64_t>(v->intValue) : std::nullopt;
  };
  KernelDecorators &out = out_.decorators;
  for (const ast::ExprPtr &d : kernel.decorators) {
    if (d->kind != ExprKind::Call)
      continue;
    auto &call = static_cast<const ast::CallExpr &>(*d);
    std::string name = calleeName(call);
    if (name == "heuristics") {
      for (const auto &entry : dictEntries(argument(call, "values", 0)))
        out.heuristics.push_back(entry.first);
      continue;
    }
    if (name != "autotune")
      continue;
    if (const auto *keys = listElements(argument(call, "key", 1)))
      for (const ast::ExprPtr &k : *keys)
        if (k->kind == ExprKind::String)
          out.key.push_back(static_cast<const ast::StringExpr &>(*k).value);
    const auto *configs = listElements(argument(call, "configs", 0));
    if (!configs)
      continue;
    // `triton.Config(kwargs, num_warps=4, num_stages=3, ...)`
    for (const ast::ExprPtr &e : *configs) {
      if (e->kind != ExprKind::Call || calleeName(static_cast<const ast::CallExpr &>(*e)) != "Config")
        continue;
      auto &config = static_cast<const ast::CallExpr &>(*e);
      AutotuneConfig recorded;
      for (const auto &[meta, value] : dictEntries(argument(config, "kwargs", 0)))
        if (std::optional<ConstexprValue> v = constant(value))
          recorded.meta.emplace_back(meta, *v);
      recorded.numWarps = integer(argument(config, "num_warps", 1));
      recorded.numStages = integer(argument(config, "num_stages", 2));
      out.configs.push_back(std::move(recorded));
    }
  }
}

} // namespace tritonc::sema
