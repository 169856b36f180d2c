// Calls of `@jit` functions — the user's helpers and the standard library's
// (Stdlib.h) — inlined, as Triton specialises them: the arguments bind to
// the parameters in a fresh scope, constexpr arguments stay compile-time
// values, and the body is checked in a context of its own (one per call),
// so two calls with different constants get different facts. The call's
// value is what the body returns.
//
// Returns: anywhere outside run-time control flow (code after a `return`
// is never reached, also through compile-time `if`s and unrolled loops),
// and in both branches of a run-time `if` when the values agree in type —
// the returned value merges like a variable both branches assign
// (kReturnSlot). A `return` inside a run-time loop is rejected, as Triton
// rejects it. Recursion is rejected: inlining it would never end.
#include "Checker.h"

#include "tritonc/sema/KernelBinding.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace tritonc::sema {

using ast::StmtKind;

const ast::FunctionDef *Checker::stdlibFunction(const std::string &name) {
  if (!stdlib_) {
    stdlib_ = standardLibrary(diags_);
    if (!stdlib_)
      return nullptr;
    // The library's own names (`tl`, its functions) live in its scope.
    ModuleId previous = enterModule(kStdlibModule, /*keepSource=*/true);
    scopes_[kStdlibModule].declared = true;
    declareGlobals(stdlib_->module->body, "tl.");
    enterModule(previous, true);
  }
  return stdlib_->find(name);
}

namespace {

void plainFunctionCalled(DiagnosticEngine &diags, SourceRange use, const ast::FunctionDef &def, bool onTensors) {
  diags.error(Diag::UnsupportedOperation, use,
              fmt::format("`{}` is a plain Python function; kernels can call only `@triton.jit` functions{}", def.name,
                          onTensors ? " (plain ones on compile-time values alone)" : ""));
}

} // namespace

const ast::FunctionDef *Checker::jitFunction(SourceRange use, const SemaValue &fn, bool allowPlain) {
  if (fn.name.rfind("tl.", 0) == 0)
    if (const ast::FunctionDef *def = stdlibFunction(fn.name.substr(3)))
      return def;
  if (fn.def) {
    if (allowPlain || isJitFunction(*fn.def))
      return fn.def;
    plainFunctionCalled(diags_, use, *fn.def, false);
    return nullptr;
  }
  diags_.error(Diag::UnknownBuiltin, use, fn.name);
  return nullptr;
}

Result Checker::jitCall(const ast::CallExpr &c, const SemaValue &fn, std::vector<const ast::Expr *> positional) {
  const ast::FunctionDef *def = jitFunction(c.callee->range, fn, /*allowPlain=*/true);
  if (!def)
    return std::nullopt;
  ModuleId owner = ownerOf(fn);
  bool fromStdlib = owner == kStdlibModule;
  // Triton calls a plain Python function from kernel code in Python, so
  // it works on compile-time values (FlagGems' `unwrap_if_constexpr`) and
  // fails on tensors; inlining it gives the same value.
  bool plain = !fromStdlib && !isJitFunction(*def);
  std::string shown = fromStdlib ? fn.name : def->name;
  for (const auto &a : c.args)
    positional.push_back(a.get());
  std::optional<std::vector<const ast::Expr *>> args = bindArguments(c, *def, shown, positional);
  if (!args || isRecursive(c, *def, shown))
    return std::nullopt;
  // Arguments are values of the caller, in parameter order (lowering
  // evaluates them in the same order).
  std::vector<Result> values(def->params.size());
  bool ok = true;
  for (size_t i = 0; i < values.size(); ++i) {
    if (!(*args)[i])
      continue;
    values[i] = expr(*(*args)[i]);
    if (!values[i]) {
      ok = false;
      continue;
    }
    // A helper's `tl.constexpr` annotation binds nothing: Triton
    // specialises a helper on what its arguments are, so a tensor passed
    // there stays a tensor (the tutorials' attention passes `offs_m` so).
  }
  if (!ok || failedHelpers_.count(def))
    return std::nullopt;
  if (plain && std::any_of(values.begin(), values.end(), [](const Result &v) { return v && v->isRuntime(); })) {
    plainFunctionCalled(diags_, c.callee->range, *def, true);
    return std::nullopt;
  }
  Result value = inlineBody(c, *def, shown, values, owner);
  if (plain && value && value->isRuntime()) {
    plainFunctionCalled(diags_, c.callee->range, *def, true);
    return std::nullopt;
  }
  if (value)
    out_.inlined[key(&c)] = inlinedAt(c, def, *args, owner);
  return value;
}

InlinedCall Checker::inlinedAt(const ast::CallExpr &c, const ast::FunctionDef *def, std::vector<const ast::Expr *> args,
                               ModuleId owner) {
  InlinedCall call{def, out_.contexts.child(context_, &c, 0), std::move(args), owner == kStdlibModule};
  call.otherFile = owner > kMainModule;
  return call;
}

// Positional then keyword arguments, per parameter; null where the
// parameter's default applies.
std::optional<std::vector<const ast::Expr *>> Checker::bindArguments(const ast::CallExpr &c,
                                                                     const ast::FunctionDef &def,
                                                                     const std::string &shown,
                                                                     const std::vector<const ast::Expr *> &positional) {
  const size_t n = def.params.size();
  size_t required = 0;
  for (const ast::Param &p : def.params)
    required += !p.defaultValue;
  std::string expected = required == n ? std::to_string(n) : fmt::format("{} to {}", required, n);
  size_t given = positional.size() + c.keywords.size();
  if (positional.size() > n) {
    diags_.error(Diag::WrongArgCount, c.range, shown, expected, given);
    return std::nullopt;
  }
  std::vector<const ast::Expr *> args(n, nullptr);
  for (size_t i = 0; i < positional.size(); ++i)
    args[i] = positional[i];
  for (const ast::Keyword &k : c.keywords) {
    auto p = std::find_if(def.params.begin(), def.params.end(), [&](const ast::Param &p) { return p.name == k.name; });
    if (p == def.params.end()) {
      diags_.error(Diag::UnknownKeyword, k.range, shown, k.name);
      return std::nullopt;
    }
    const ast::Expr *&slot = args[size_t(p - def.params.begin())];
    if (slot) {
      diags_.error(Diag::DuplicateArgument, k.range, k.name, shown);
      return std::nullopt;
    }
    slot = k.value.get();
  }
  for (size_t i = 0; i < n; ++i)
    if (!args[i] && !def.params[i].defaultValue) {
      diags_.error(Diag::WrongArgCount, c.range, shown, expected, given);
      return std::nullopt;
    }
  return args;
}

bool Checker::isRecursive(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown) {
  auto entered = std::find_if(frames_.begin(), frames_.end(), [&](const Frame &f) { return f.def == &def; });
  if (entered == frames_.end())
    return false;
  std::string through;
  for (auto f = entered + 1; f != frames_.end(); ++f)
    through += (through.empty() ? " through `" : ", `") + f->name + "`";
  // The calls that led here follow as notes, one per inlined function
  // left with an error (inlineBody).
  diags_.error(Diag::Recursion, c.callee->range, shown, through);
  return true;
}

Result Checker::inlineBody(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown,
                           const std::vector<Result> &values, ModuleId owner) {
  bool fromStdlib = owner == kStdlibModule;
  // The callee sees only its parameters and its own module's globals.
  Environment callerLocals = std::move(locals_);
  std::unordered_set<std::string> callerPoisoned = std::move(poisoned_);
  ContextId caller = context_;
  int callerRuntimeNesting = runtimeNesting_, callerLoopNesting = loopNesting_;
  bool callerReturned = std::exchange(returned_, false);
  locals_.clear();
  poisoned_.clear();
  ContextId callee = out_.contexts.child(caller, &c, 0);
  context_ = callee;
  runtimeNesting_ = loopNesting_ = 0;
  bool entersStdlib = fromStdlib && !inStdlib_;
  if (entersStdlib)
    inStdlib_ = true;
  // The callee's names are its own module's; an imported module's code
  // reports its mistakes in its own file.
  ModuleId callerModule = currentModule_;
  const SourceFile *callerSource = diags_.source();
  if (owner != kNoModule && !(fromStdlib && !entersStdlib))
    enterModule(owner, /*keepSource=*/fromStdlib);
  std::optional<DiagnosticEngine::Redirect> redirect;
  if (entersStdlib) // mistakes in library code are shown at the user's call
    redirect.emplace(diags_, c.range, stdlib_->source.get(), "`" + shown + "` of tritonc's standard library");
  unsigned errorsBefore = diags_.errorCount();
  // Evaluated quietly (a module-level constant), a mistake is not counted
  // but still means there is no value: not `None`, which Python would not
  // have bound either.
  unsigned suppressedBefore = diags_.suppressedCount();

  // Defaults are compile-time values of the callee's module, as Python
  // evaluates them where the function is defined.
  for (size_t i = 0; i < def.params.size(); ++i) {
    const ast::Param &p = def.params[i];
    bool given = i < values.size() && values[i];
    Result v = given ? values[i] : expr(*p.defaultValue);
    if (v && !given && v->isRuntime()) {
      diags_.error(Diag::NotConstexpr, p.defaultValue->range, fmt::format("the default of `{}`", p.name),
                   "use a literal or a module constant");
      v = std::nullopt;
    }
    if (v)
      locals_[p.name] = *v;
    else
      poisoned_.insert(p.name);
  }
  frames_.push_back({&def, shown});
  block(def.body);
  frames_.pop_back();
  Result value = SemaValue::constexprValue(ConstexprValue::none()); // no `return`: None
  if (returned_) {
    auto it = locals_.find(kReturnSlot);
    value = it != locals_.end() ? Result(it->second) : std::nullopt;
  }

  if (entersStdlib)
    inStdlib_ = false;
  enterModule(callerModule, true);
  diags_.setSource(callerSource);
  redirect.reset();
  locals_ = std::move(callerLocals);
  poisoned_ = std::move(callerPoisoned);
  context_ = caller;
  runtimeNesting_ = callerRuntimeNesting;
  loopNesting_ = callerLoopNesting;
  returned_ = callerReturned;
  if (diags_.isQuiet() && diags_.suppressedCount() > suppressedBefore)
    return std::nullopt; // said again, and counted, where a kernel uses the value
  if (diags_.errorCount() > errorsBefore) {
    if (!fromStdlib) { // the library's errors already point here
      diags_.note(c.range, fmt::format("in `{}`, called here", shown));
      failedHelpers_.insert(&def);
    }
    return std::nullopt;
  }
  return value;
}

void Checker::returnStmt(const ast::ReturnStmt &r) {
  if (frames_.back().isKernel) {
    if (r.value)
      diags_.error(Diag::UnsupportedOperation, r.value->range, "a kernel cannot return a value");
    else if (runtimeNesting_ > 0)
      diags_.error(Diag::UnsupportedOperation, r.range,
                   "`return` inside a run-time `if` or loop is not supported yet; guard the rest with the condition");
    else
      returned_ = true;
    return;
  }
  if (loopNesting_ > 0) {
    diags_.error(Diag::UnsupportedOperation, r.range,
                 fmt::format("`return` inside a run-time loop of `{}`; assign the value and return it after the loop",
                             frames_.back().name));
    return;
  }
  Result v = r.value ? expr(*r.value) : Result(SemaValue::constexprValue(ConstexprValue::none()));
  if (v)
    locals_[kReturnSlot] = *v;
  else
    locals_.erase(kReturnSlot);
  returned_ = true;
}

} // namespace tritonc::sema
