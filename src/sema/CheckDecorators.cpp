// The kernel's `@triton.autotune` and `@triton.heuristics` decorators,
// recorded as written (TypedKernel::decorators). They run on the host in
// Triton, so nothing here is an error: what is not a literal (configs built
// by a function, a module-level list) is recorded with its place, and it is
// the driver that reports it when it needs every configuration.
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
  auto strings = [](const ast::Expr *e) {
    std::vector<std::string> names;
    if (const auto *list = listElements(e))
      for (const ast::ExprPtr &k : *list)
        if (k->kind == ExprKind::String)
          names.push_back(static_cast<const ast::StringExpr &>(*k).value);
    return names;
  };
  KernelDecorators &out = out_.decorators;
  for (const ast::ExprPtr &d : kernel.decorators) {
    if (d->kind != ExprKind::Call)
      continue;
    auto &call = static_cast<const ast::CallExpr &>(*d);
    std::string name = calleeName(call);
    if (name == "heuristics") {
      const ast::Expr *values = argument(call, "values", 0);
      for (const auto &[meta, rule] : dictEntries(values))
        out.heuristics.push_back({meta, rule->kind == ExprKind::Lambda ? rule : nullptr, rule->range});
      continue;
    }
    if (name != "autotune")
      continue;
    out.hasAutotune = true;
    out.autotuneRange = call.range;
    const ast::Expr *key = argument(call, "key", 1);
    out.key = strings(key);
    out.keyRange = key ? key->range : call.range;
    for (const ast::Keyword &k : call.keywords) {
      if (k.name == "configs" || k.name == "key")
        continue;
      AutotuneOption option{k.name, k.range, strings(k.value.get()), std::nullopt};
      if (std::optional<ConstexprValue> v = constant(k.value.get())) {
        if (v->kind == ConstexprValue::Kind::Int)
          option.number = double(v->intValue);
        else if (v->kind == ConstexprValue::Kind::Float)
          option.number = v->floatValue;
      }
      out.options.push_back(std::move(option));
    }
    const ast::Expr *configList = argument(call, "configs", 0);
    const auto *configs = listElements(configList);
    if (!configs) {
      if (configList)
        out.unreadableConfigs = configList->range;
      continue;
    }
    // `triton.Config(kwargs, num_warps=4, num_stages=3, ...)`
    for (const ast::ExprPtr &e : *configs) {
      AutotuneConfig recorded;
      recorded.range = e->range;
      if (e->kind != ExprKind::Call || calleeName(static_cast<const ast::CallExpr &>(*e)) != "Config") {
        recorded.unreadable = {{e->range, "not a `triton.Config(...)`"}};
        out.configs.push_back(std::move(recorded));
        continue;
      }
      auto &config = static_cast<const ast::CallExpr &>(*e);
      auto unreadable = [&](SourceRange r, std::string what) {
        if (!recorded.unreadable)
          recorded.unreadable = {{r, std::move(what)}};
      };
      const ast::Expr *kwargs = argument(config, "kwargs", 0);
      if (kwargs && kwargs->kind != ExprKind::Dict)
        unreadable(kwargs->range, "not a dict written out");
      for (const auto &[meta, value] : dictEntries(kwargs)) {
        if (std::optional<ConstexprValue> v = constant(value))
          recorded.meta.emplace_back(meta, *v);
        else
          unreadable(value->range, "not a compile-time value");
      }
      const ast::Expr *warps = argument(config, "num_warps", 1), *stages = argument(config, "num_stages", 2);
      recorded.numWarps = integer(warps);
      recorded.numStages = integer(stages);
      if (warps && !recorded.numWarps)
        unreadable(warps->range, "not an integer constant");
      if (stages && !recorded.numStages)
        unreadable(stages->range, "not an integer constant");
      // One CTA per program is all tritonc compiles; hooks are host-side
      // Python it does not run.
      for (const ast::Keyword &k : config.keywords) {
        if (k.name == "maxnreg" && k.value->kind != ExprKind::None) {
          recorded.maxRegisters = integer(k.value.get());
          if (!recorded.maxRegisters || *recorded.maxRegisters < 16 || *recorded.maxRegisters > 255)
            unreadable(k.value->range, "a `maxnreg=` that is not an integer from 16 to 255");
          continue;
        }
        bool known = k.name == "kwargs" || k.name == "num_warps" || k.name == "num_stages";
        std::optional<int64_t> ctas = k.name == "num_ctas" ? integer(k.value.get()) : std::nullopt;
        if (!known && !(ctas && *ctas == 1) && !(k.value->kind == ExprKind::None))
          unreadable(k.range, "`" + k.name + "=`, which tritonc does not support");
      }
      if (config.args.size() > 3)
        unreadable(config.args[3]->range, "a positional argument past `num_stages`");
      out.configs.push_back(std::move(recorded));
    }
  }
}

} // namespace tritonc::sema
