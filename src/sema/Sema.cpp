// Sema entry point and the module level: imports, module constants, the
// kernel and its signature.
#include "Checker.h"

#include "tritonc/frontend/Decorators.h"
#include "tritonc/sema/KernelBinding.h"
#include "tritonc/sema/Sema.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

std::string describe(const SemaValue &v) {
  switch (v.kind) {
  case SemaValue::Kind::Runtime: return "`" + v.type.str() + "`";
  case SemaValue::Kind::Constexpr: return "the constant `" + v.constant.repr() + "`";
  case SemaValue::Kind::Module: return "the module `" + v.name + "`";
  case SemaValue::Kind::Function:
    return "the function `" + (v.name.rfind("jit:", 0) == 0 ? v.name.substr(4) : v.name) + "`";
  case SemaValue::Kind::DType: return std::string("the dtype `tl.") + tritonName(v.dtype) + "`";
  case SemaValue::Kind::Tuple: return fmt::format("a tuple of {} values", v.elements.size());
  case SemaValue::Kind::BlockPtr:
    return std::string(v.descriptorPadding.empty() ? "a block pointer" : "a tensor descriptor") + " to `" +
           Type::tensor(ElemType::scalar(v.elements[0].type.elem.pointee), v.blockShape).str() + "` tiles";
  }
  return "";
}

std::optional<TypedKernel> Checker::run(const std::string &kernelName, const Signature &signature) {
  ensureDeclared(kMainModule);
  const ast::FunctionDef *kernel = selectKernel(module_, kernelName, diags_);
  if (!kernel)
    return std::nullopt;
  out_.def = kernel;
  recordDecorators(*kernel);
  frames_.push_back({kernel, kernel->name, true});
  auto evalDefault = [&](const ast::Expr &e) -> std::optional<ConstexprValue> {
    Result v = expr(e);
    if (!v)
      return std::nullopt;
    if (v->kind == SemaValue::Kind::DType)
      return ConstexprValue::ofDType(tritonName(v->dtype));
    if (!v->isConstexpr()) {
      diags_.error(Diag::NotConstexpr, e.range, "a `tl.constexpr` default", "use a literal or a module constant");
      return std::nullopt;
    }
    return v->constant;
  };
  std::optional<std::vector<BoundParam>> params = bindSignature(*kernel, signature, evalDefault, diags_);
  if (!params)
    return std::nullopt;
  out_.params = std::move(*params);
  auto valueOf = [](const BoundParam &p) {
    if (!p.isConstexpr)
      return SemaValue::runtime(Type::scalar(p.type));
    if (p.value.kind == ConstexprValue::Kind::DType) // `tl.float16` given in the signature
      return SemaValue::dtypeValue(*scalarFromTritonName(p.value.text));
    return SemaValue::constexprValue(p.value);
  };
  for (const BoundParam &p : out_.params) {
    if (!p.descriptor.empty()) {
      if (!p.descriptorBlock.empty())
        locals_[p.descriptor] = hostDescriptor(p);
      continue;
    }
    if (!p.tuple.empty()) { // elements arrive in order
      if (p.tupleIndex == 0)
        locals_[p.tuple] = SemaValue::tuple({});
      locals_[p.tuple].elements.push_back(valueOf(p));
      continue;
    }
    locals_[p.name] = valueOf(p);
  }
  block(kernel->body);
  if (diags_.hasErrors())
    return std::nullopt;
  return std::move(out_);
}

std::optional<DecoratedKernel> Checker::decorators(const std::string &kernelName) {
  ensureDeclared(kMainModule);
  const ast::FunctionDef *kernel = selectKernel(module_, kernelName, diags_);
  if (!kernel)
    return std::nullopt;
  recordDecorators(*kernel);
  return DecoratedKernel{kernel, std::move(out_.decorators)};
}

void Checker::declareGlobals(const ast::Block &body, const std::string &functionPrefix) {
  for (const auto &s : body) {
    switch (s->kind) {
    case StmtKind::Import: declareImport(static_cast<const ast::ImportStmt &>(*s)); break;
    case StmtKind::FunctionDef: {
      auto &f = static_cast<const ast::FunctionDef &>(*s);
      SemaValue fn = SemaValue::function(functionPrefix + f.name);
      fn.def = &f;
      fn.moduleId = currentModule_;
      // A decorator outside `@triton.jit` decides at import what the name
      // is: the function itself, a wrapper of it, or something else
      // entirely (FlagGems' `@use_tl_extra` swaps in libdevice's function
      // of that name). Only Python knows, so the name is host-bound until
      // `--host-value` says which.
      if (!f.decorators.empty() && isJitFunction(f) && !ast::isTritonDecorator(*f.decorators.front())) {
        uint32_t line = diags_.source() ? diags_.source()->lineColumn(f.decorators.front()->range.begin).line : 0;
        std::string head = ast::decoratorHead(*f.decorators.front());
        bindGlobal(f.name, {GlobalCandidate{std::nullopt, std::nullopt,
                                            "`@" + head + "` around a `@triton.jit` function", line, fn}});
        break;
      }
      bindGlobal(f.name, {GlobalCandidate{fn, std::nullopt, "", 0}});
      break;
    }
    case StmtKind::Assign:
    case StmtKind::AnnAssign: declareModuleConstant(*s); break;
    case StmtKind::Host: {
      auto &h = static_cast<const ast::HostStmt &>(*s);
      uint32_t line = diags_.source() ? diags_.source()->lineColumn(s->range.begin).line : 0;
      for (const std::string &name : h.names)
        bindGlobal(name, {GlobalCandidate{std::nullopt, std::nullopt, "a " + h.what, line}});
      break;
    }
    case StmtKind::If: {
      // `if CONSTANT:` picks its branch; a host condition (a version
      // check) keeps both as alternatives, the `if` branch first.
      auto &i = static_cast<const ast::IfStmt &>(*s);
      std::optional<GlobalCandidate> assumption;
      Result cond = i.cond->kind == ExprKind::Host ? std::nullopt : quietModuleValue(*i.cond, assumption);
      if (cond && cond->isConstexpr() &&
          (cond->constant.kind == ConstexprValue::Kind::Bool || cond->constant.kind == ConstexprValue::Kind::Int)) {
        bool taken =
            cond->constant.kind == ConstexprValue::Kind::Bool ? cond->constant.boolValue : cond->constant.intValue != 0;
        // A condition computed from an assumed branch (`if BLOCK > 64:`)
        // decides on that assumption: what either branch binds says so
        // when used (a name the untaken branch would have rebound keeps its
        // earlier value only on that assumption).
        std::vector<std::string> untaken;
        if (assumption) {
          const ModuleScope before = scope();
          untaken = namesDeclaredBy({taken ? &i.orelse : &i.body}, functionPrefix);
          scope() = before;
        }
        std::vector<std::string> log = namesDeclaredBy({taken ? &i.body : &i.orelse}, functionPrefix);
        for (const std::string &name : log) {
          if (boundLog_)
            boundLog_->push_back(name);
          if (assumption)
            inheritAssumption(name, *assumption);
        }
        for (const std::string &name : untaken)
          if (std::find(log.begin(), log.end(), name) == log.end() && !candidatesOf(name).empty())
            inheritAssumption(name, *assumption);
      } else {
        declareAlternatives(i.cond.get(), {{&i.body}, {&i.orelse}}, functionPrefix);
      }
      break;
    }
    case StmtKind::Try: {
      auto &t = static_cast<const ast::TryStmt &>(*s);
      // The body runs with its `else` when nothing raises.
      std::vector<std::vector<const ast::Block *>> branches{{&t.body, &t.orelse}};
      for (const ast::Block &h : t.handlers)
        branches.push_back({&h});
      declareAlternatives(nullptr, branches, functionPrefix);
      declareGlobals(t.finalbody, functionPrefix);
      break;
    }
    default: break;
    }
  }
}

std::vector<GlobalCandidate> Checker::candidatesOf(const std::string &name) {
  ModuleScope &sc = scope();
  if (auto it = sc.globals.find(name); it != sc.globals.end())
    return {GlobalCandidate{it->second, std::nullopt, "", 0}};
  if (auto it = sc.pending.find(name); it != sc.pending.end())
    return it->second;
  if (auto it = sc.hostOnly.find(name); it != sc.hostOnly.end())
    return {it->second};
  return {};
}

void Checker::bindGlobal(const std::string &name, std::vector<GlobalCandidate> candidates) {
  if (boundLog_)
    boundLog_->push_back(name);
  ModuleScope &sc = scope();
  sc.globals.erase(name);
  sc.pending.erase(name);
  sc.hostOnly.erase(name);
  // Under a condition only Python decides, every binding stays a candidate
  // (host code too, which resolution skips), so that taking one warns.
  bool underHostCondition = std::any_of(candidates.begin(), candidates.end(),
                                        [](const GlobalCandidate &c) { return c.conditionFile != nullptr; });
  std::vector<GlobalCandidate> usable;
  for (GlobalCandidate &c : candidates)
    if (c.value || c.import || underHostCondition)
      usable.push_back(c);
  bool anyUsable = std::any_of(usable.begin(), usable.end(), [](const GlobalCandidate &c) { return c.value || c.import; });
  if (!anyUsable) {
    if (!candidates.empty())
      sc.hostOnly[name] = candidates.front();
    return;
  }
  if (usable.size() == 1 && usable.front().value && !underHostCondition)
    sc.globals[name] = *usable.front().value;
  else
    sc.pending[name] = std::move(usable);
}

namespace {

// The plain names a module-level condition reads (`not IS_HOPPER and
// VERSION >= 3`), which `--host-value` can give.
void collectNames(const ast::Expr &e, std::vector<std::string> &out) {
  switch (e.kind) {
  case ExprKind::Name: {
    const std::string &id = static_cast<const ast::NameExpr &>(e).id;
    if (std::find(out.begin(), out.end(), id) == out.end())
      out.push_back(id);
    return;
  }
  case ExprKind::Unary: collectNames(*static_cast<const ast::UnaryExpr &>(e).operand, out); return;
  case ExprKind::Binary: {
    auto &b = static_cast<const ast::BinaryExpr &>(e);
    collectNames(*b.lhs, out);
    collectNames(*b.rhs, out);
    return;
  }
  case ExprKind::Compare:
    for (const auto &o : static_cast<const ast::CompareExpr &>(e).operands)
      collectNames(*o, out);
    return;
  case ExprKind::BoolOp:
    for (const auto &o : static_cast<const ast::BoolOpExpr &>(e).operands)
      collectNames(*o, out);
    return;
  default: return;
  }
}

} // namespace

void Checker::declareAlternatives(const ast::Expr *hostCondition,
                                  const std::vector<std::vector<const ast::Block *>> &branches,
                                  const std::string &functionPrefix) {
  const ModuleScope before = scope();
  std::vector<std::string> order;
  std::unordered_map<std::string, std::vector<std::vector<GlobalCandidate>>> perBranch;
  for (size_t b = 0; b < branches.size(); ++b) {
    for (const std::string &name : namesDeclaredBy(branches[b], functionPrefix)) {
      auto &slots = perBranch[name];
      if (slots.empty()) {
        order.push_back(name);
        slots.resize(branches.size());
      }
      slots[b] = candidatesOf(name);
      if (hostCondition)
        for (GlobalCandidate &c : slots[b])
          markCondition(c, *hostCondition, b == 0);
    }
    scope() = before;
  }
  for (const std::string &name : order) {
    std::vector<GlobalCandidate> merged;
    bool everyBranch = true;
    for (auto &slot : perBranch[name]) {
      everyBranch = everyBranch && !slot.empty();
      for (GlobalCandidate &c : slot)
        merged.push_back(std::move(c));
    }
    if (!everyBranch) // a branch that leaves the name alone keeps what was there
      for (GlobalCandidate &c : candidatesOf(name)) {
        if (hostCondition)
          markCondition(c, *hostCondition, false);
        merged.push_back(std::move(c));
      }
    bindGlobal(name, std::move(merged));
  }
}

// Nested conditions (`elif`) all decide the binding: the warning points at
// the innermost and names what every level reads, so one round of
// `--host-value`s decides it.
void Checker::markCondition(GlobalCandidate &c, const ast::Expr &condition, bool inIfBranch) {
  if (!c.conditionFile) {
    c.conditionFile = diags_.source();
    c.condition = condition.range;
    c.inIfBranch = inIfBranch;
  }
  collectNames(condition, c.conditionNames);
}

std::vector<std::string> Checker::namesDeclaredBy(const std::vector<const ast::Block *> &blocks,
                                                  const std::string &functionPrefix) {
  std::vector<std::string> log;
  std::vector<std::string> *outerLog = std::exchange(boundLog_, &log);
  for (const ast::Block *block : blocks)
    declareGlobals(*block, functionPrefix);
  boundLog_ = outerLog;
  return log;
}

Result Checker::quietModuleValue(const ast::Expr &e, std::optional<GlobalCandidate> &assumption) {
  std::optional<GlobalCandidate> outer = std::exchange(quietAssumption_, std::nullopt);
  Result v;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    ++moduleLevel_;
    v = expr(e);
    --moduleLevel_;
  }
  assumption = std::exchange(quietAssumption_, outer);
  return v;
}

void Checker::noteQuietAssumption(GlobalCandidate made) {
  std::vector<GlobalCandidate> further = std::exchange(made.alsoAssumed, {});
  further.insert(further.begin(), std::move(made));
  for (GlobalCandidate &assumption : further) {
    if (!quietAssumption_) {
      quietAssumption_ = std::move(assumption);
      continue;
    }
    auto sameName = [&](const GlobalCandidate &c) { return c.assumedName == assumption.assumedName; };
    if (!sameName(*quietAssumption_) &&
        std::none_of(quietAssumption_->alsoAssumed.begin(), quietAssumption_->alsoAssumed.end(), sameName))
      quietAssumption_->alsoAssumed.push_back(std::move(assumption));
  }
}

void Checker::inheritAssumption(const std::string &name, const GlobalCandidate &assumption) {
  std::vector<GlobalCandidate> candidates = candidatesOf(name);
  for (GlobalCandidate &c : candidates)
    if (!c.conditionFile) {
      c.conditionFile = assumption.conditionFile;
      c.condition = assumption.condition;
      c.conditionNames = assumption.conditionNames;
      c.inIfBranch = assumption.inIfBranch;
      c.assumedName = assumption.assumedName;
      c.alsoAssumed = assumption.alsoAssumed;
    }
  std::vector<std::string> *log = std::exchange(boundLog_, nullptr); // already logged by its binding
  bindGlobal(name, std::move(candidates));
  boundLog_ = log;
}

void Checker::declareImport(const ast::ImportStmt &imp) {
  int level = 0;
  while (level < int(imp.fromModule.size()) && imp.fromModule[size_t(level)] == '.')
    ++level;
  std::string from = imp.fromModule.substr(size_t(level));
  for (const auto &alias : imp.names) {
    ImportRef ref;
    ref.from = currentModule_;
    ref.level = level;
    std::string bound;
    if (imp.fromModule.empty()) {
      // `import a.b.c` binds `a`; `import a.b.c as z` binds z to a.b.c.
      bound = alias.asName.empty() ? alias.name.substr(0, alias.name.find('.')) : alias.asName;
      ref.module = alias.asName.empty() ? bound : alias.name;
    } else {
      bound = alias.asName.empty() ? alias.name : alias.asName;
      ref.module = from;
      ref.attr = alias.name;
    }
    // A module tritonc knows binds now: the name, or why it cannot be used.
    auto bindKnown = [&](const std::optional<SemaValue> &v, const char *whose) {
      if (v)
        bindGlobal(bound, {GlobalCandidate{*v, std::nullopt, "", 0}});
      else
        bindGlobal(bound, {GlobalCandidate{std::nullopt, std::nullopt,
                                           fmt::format("an import of a part of {} tritonc does not know", whose),
                                           diags_.source() ? diags_.source()->lineColumn(imp.range.begin).line : 0}});
    };
    // Python's `math`: its constants and functions are compile-time.
    if (level == 0 && ref.module == "math") {
      bindKnown(ref.attr.empty() ? std::optional<SemaValue>(SemaValue::module("math")) : pythonMathAttribute(ref.attr),
                "Python's `math`");
      continue;
    }
    // Python's `os`, for the environment a module reads at import
    // (`os.environ.get("FAST_OPS", "0") == "1"`): read here as the
    // process importing the module would.
    if (level == 0 && ref.module == "os") {
      bindKnown(ref.attr.empty()         ? std::optional<SemaValue>(SemaValue::module("os"))
                : ref.attr == "environ" ? std::optional<SemaValue>(SemaValue::module("os.environ"))
                : ref.attr == "getenv"  ? std::optional<SemaValue>(SemaValue::function("os.getenv"))
                                        : std::nullopt,
                "Python's `os`");
      continue;
    }
    // Triton's modules are known now; the user's are found on first use.
    if (level == 0 && isTritonModule(ref.module)) {
      SemaValue m = SemaValue::module(canonicalModule(ref.module));
      bindKnown(ref.attr.empty() ? std::optional<SemaValue>(m) : tritonModuleAttribute(m, ref.attr), "Triton");
      continue;
    }
    bindGlobal(bound, {GlobalCandidate{std::nullopt, ref, "", 0}});
  }
}

std::string canonicalModule(const std::string &name) {
  if (name == "triton.language.extra.libdevice" || name == "triton.language.extra.cuda.libdevice" ||
      name == "triton.language.math")
    return "libdevice";
  // Where triton.language's functions are defined: a helper imported from
  // its defining module (`from triton.language.random import
  // uint_to_uniform_float`, as a code base whose Python fallback rebinds
  // Triton's does) is the same function.
  if (name == "triton.language.random" || name == "triton.language.standard" || name == "triton.language.core")
    return "triton.language";
  return name;
}

void Checker::declareModuleConstant(const ast::Stmt &s) {
  const ast::Expr *target = nullptr;
  const ast::Expr *value = nullptr;
  if (s.kind == StmtKind::Assign) {
    auto &a = static_cast<const ast::AssignStmt &>(s);
    if (a.targets.size() == 1)
      target = a.targets[0].get();
    value = a.value.get();
  } else {
    auto &a = static_cast<const ast::AnnAssignStmt &>(s);
    target = a.target.get();
    value = a.value.get();
  }
  if (!target || !value || target->kind != ExprKind::Name)
    return;
  // A module constant that is not a compile-time value (host code such as
  // `DEVICE = triton.runtime.driver...`) is only an error if a kernel uses
  // it; remember it as host-only.
  const std::string &name = static_cast<const ast::NameExpr *>(target)->id;
  std::optional<GlobalCandidate> assumption;
  Result v = quietModuleValue(*value, assumption);
  if (v && !v->isRuntime()) {
    bindGlobal(name, {GlobalCandidate{*v, std::nullopt, "", 0}});
    if (assumption)
      inheritAssumption(name, *assumption);
  } else
    bindGlobal(name, {GlobalCandidate{std::nullopt, std::nullopt, "", // "" : a value that is not a constant
                                      diags_.source() ? diags_.source()->lineColumn(s.range.begin).line : 0}});
}

} // namespace tritonc::sema

namespace tritonc {

std::optional<TypedKernel> analyzeKernel(ModuleSet &modules, const std::string &kernelName, const Signature &signature,
                                         DiagnosticEngine &diags) {
  return sema::Checker(modules, diags).run(kernelName, signature);
}

std::optional<DecoratedKernel> readDecorators(ModuleSet &modules, const std::string &kernelName,
                                              DiagnosticEngine &diags) {
  return sema::Checker(modules, diags).decorators(kernelName);
}

std::optional<TypedKernel> analyzeKernel(const ast::Module &module, const std::string &kernelName,
                                         const Signature &signature, DiagnosticEngine &diags) {
  // Typed kernels point into the module set's ASTs: it lives as long as
  // the kernel does.
  auto modules = std::make_shared<ModuleSet>(diags.source(), module, std::vector<std::string>{});
  std::optional<TypedKernel> kernel = analyzeKernel(*modules, kernelName, signature, diags);
  if (kernel)
    kernel->keepAlive = modules;
  return kernel;
}

} // namespace tritonc
