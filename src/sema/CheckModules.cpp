// Names that come from other modules: imports declared at module level
// (Sema.cpp) are resolved when a kernel first uses the name they bind.
// Resolving `from pkg.utils import helper` finds `pkg/utils.py` (Modules.h),
// reads it, declares its module-level names (its own imports stay
// unresolved until used, so its host-only imports such as `torch` never
// matter), and takes its `helper`: a `@jit` function, a constant, a module
// it imports in turn (re-exports through `__init__.py`), or a submodule of
// a package. Failures are reported once, at the kernel's use of the name.
#include "Checker.h"

#include <fmt/format.h>

namespace tritonc::sema {

ModuleId Checker::enterModule(ModuleId id, bool keepSource) {
  ModuleId previous = currentModule_;
  currentModule_ = id;
  if (!keepSource && id >= 0 && modules_.entry(id).source)
    diags_.setSource(modules_.entry(id).source);
  return previous;
}

void Checker::ensureDeclared(ModuleId id) {
  ModuleScope &sc = scopes_[id];
  if (sc.declared)
    return;
  sc.declared = true;
  const ModuleSet::Entry &e = modules_.entry(id);
  if (!e.ast)
    return; // a namespace package: only submodules
  const SourceFile *savedSource = diags_.source();
  ModuleId previous = enterModule(id);
  // Code of the module runs in its own context: never the kernel's.
  ContextId savedContext = context_;
  Environment savedLocals = std::move(locals_);
  locals_.clear();
  declareGlobals(e.ast->body, "jit:");
  locals_ = std::move(savedLocals);
  context_ = savedContext;
  enterModule(previous, true);
  diags_.setSource(savedSource);
}

bool Checker::isTritonModule(const std::string &dotted) {
  return dotted == "triton" || dotted.rfind("triton.", 0) == 0;
}

std::optional<SemaValue> Checker::tritonModuleAttribute(const SemaValue &base, const std::string &attr) {
  DiagnosticEngine::Quiet quiet(diags_);
  ast::AttributeExpr a(SourceRange{}, nullptr, attr);
  Result v = attributeOf(a, base);
  return v;
}

std::optional<SemaValue> Checker::resolveImport(const ImportRef &ref, ImportFailure &failure) {
  if (ref.level == 0 && isTritonModule(ref.module)) {
    SemaValue m = SemaValue::module(canonicalModule(ref.module));
    if (ref.attr.empty())
      return m;
    if (std::optional<SemaValue> v = tritonModuleAttribute(m, ref.attr))
      return v;
    failure = {Diag::ImportedNameNotFound, {ref.module, "part of Triton", ref.attr, ""}};
    return std::nullopt;
  }
  ModuleId id = modules_.find(ref.from, ref.level, ref.module);
  if (id == kNoModule) {
    std::string searched =
        ref.level == 0 ? modules_.describeRoots()
                       : "`" + modules_.entry(ref.from).dir + "` (relative to `" + modules_.entry(ref.from).path + "`)";
    failure = {Diag::ModuleNotFound, {ref.shown(), searched}};
    return std::nullopt;
  }
  if (ref.attr.empty()) {
    SemaValue m = SemaValue::module(modules_.entry(id).name);
    m.moduleId = id;
    return m;
  }
  return moduleMember(id, ref.attr, failure);
}

// A host-only name of module `id` whose value `--host-value` gave, now
// bound to it there.
std::optional<SemaValue> Checker::hostValue(ModuleId id, const std::string &name) {
  const ConstexprValue *given = modules_.hostValue(id, name);
  const std::string *function = modules_.hostFunction(id, name);
  if (!given && !function)
    return std::nullopt;
  std::optional<SemaValue> asWritten;
  if (!given && *function == kAsWrittenJit) {
    auto it = scopes_[id].hostOnly.find(name);
    if (it == scopes_[id].hostOnly.end() || !it->second.asWritten)
      return std::nullopt; // no wrapped `@triton.jit` function of that name here
    asWritten = it->second.asWritten;
  }
  SemaValue v = asWritten ? *asWritten : given ? SemaValue::constexprValue(*given) : SemaValue::function(*function);
  scopes_[id].globals[name] = v;
  return v;
}

std::optional<SemaValue> Checker::moduleMember(ModuleId id, const std::string &name, ImportFailure &failure) {
  if (!modules_.load(id, diags_)) {
    failure.reported = true;
    return std::nullopt;
  }
  ensureDeclared(id);
  const ModuleSet::Entry &e = modules_.entry(id);
  ModuleScope &sc = scopes_[id];
  if (auto it = sc.globals.find(name); it != sc.globals.end())
    return it->second;
  if (auto it = sc.pending.find(name); it != sc.pending.end()) {
    std::vector<GlobalCandidate> candidates = it->second;
    return resolveCandidates(id, name, candidates, failure);
  }
  if (auto it = sc.hostOnly.find(name); it != sc.hostOnly.end()) {
    if (std::optional<SemaValue> given = hostValue(id, name))
      return given;
    const GlobalCandidate &h = it->second;
    failure = {Diag::HostOnlyName,
               {name, h.hostWhat.empty() ? "an assignment of a value that is not a constant" : h.hostWhat,
                std::to_string(h.hostLine), e.path}};
    return std::nullopt;
  }
  if (ModuleId sub = modules_.submodule(id, name); sub != kNoModule) {
    SemaValue m = SemaValue::module(modules_.entry(sub).name);
    m.moduleId = sub;
    return m;
  }
  std::string shown = e.name.empty() ? e.path : e.name;
  failure = {Diag::ImportedNameNotFound,
             {shown, "`" + e.path + "`", name, e.isPackage ? "; nor is it a submodule of the package" : ""}};
  return std::nullopt;
}

// The first candidate that resolves, cached as the name's value in `id`.
std::optional<SemaValue> Checker::resolveCandidates(ModuleId id, const std::string &name,
                                                    const std::vector<GlobalCandidate> &candidates,
                                                    ImportFailure &failure) {
  if (!resolving_.insert({id, name}).second) {
    const ModuleSet::Entry &e = modules_.entry(id);
    failure = {Diag::ImportedNameNotFound,
               {e.name.empty() ? e.path : e.name, "`" + e.path + "`", name, "; its imports form a cycle"}};
    return std::nullopt;
  }
  std::optional<SemaValue> found;
  bool first = true;
  const GlobalCandidate *taken = nullptr;
  unsigned assumptionsBefore = quietAssumptions_;
  for (const GlobalCandidate &c : candidates) {
    if (!c.value && !c.import)
      continue; // host code in a branch only Python decides
    taken = &c;
    if (c.value) {
      found = c.value;
      break;
    }
    ImportFailure f;
    if (c.import)
      found = resolveImport(*c.import, f);
    if (found)
      break;
    if (first) // the first alternative's failure is the one to explain
      failure = f;
    first = false;
  }
  resolving_.erase({id, name});
  if (!found)
    return found;
  bool assumed =
      taken->conditionFile && (!taken->assumedName.empty() || !sameAlternatives(*found, candidates));
  // An assumption made while diagnostics are quiet (a module constant
  // computed from the name) stays pending, so that the kernel's own use
  // resolves it again and says so; what the quiet expression binds
  // carries it too.
  if (assumed && diags_.isQuiet()) {
    GlobalCandidate made = *taken;
    if (made.assumedName.empty())
      made.assumedName = name;
    noteQuietAssumption(std::move(made));
    ++quietAssumptions_;
    return found;
  }
  // An import of a name another module assumed quietly stays pending too,
  // so that a kernel reading it here resolves it again, and warns.
  if (quietAssumptions_ != assumptionsBefore && diags_.isQuiet())
    return found;
  if (assumed) {
    warnAssumedBranch(taken->assumedName.empty() ? name : taken->assumedName, *taken);
    for (const GlobalCandidate &also : taken->alsoAssumed)
      warnAssumedBranch(also.assumedName, also);
  }
  scopes_[id].pending.erase(name);
  scopes_[id].globals[name] = *found;
  return found;
}

Result Checker::resolveGlobal(const std::string &name, SourceRange use, bool &found) {
  ModuleScope &sc = scope();
  found = true;
  if (auto it = sc.pending.find(name); it != sc.pending.end()) {
    std::vector<GlobalCandidate> candidates = it->second;
    ImportFailure failure;
    if (std::optional<SemaValue> v = resolveCandidates(currentModule_, name, candidates, failure))
      return *v;
    report(failure, use);
    return std::nullopt;
  }
  if (sc.hostOnly.count(name))
    if (std::optional<SemaValue> given = hostValue(currentModule_, name))
      return *given;
  if (auto it = sc.hostOnly.find(name); it != sc.hostOnly.end() && it->second.hostWhat.empty()) {
    diags_.error(Diag::NotConstexpr, use, fmt::format("module-level `{}`", name),
                 "kernels can read literals, `tl.constexpr` values and dtypes from module scope, or a value "
                 "given with `--host-value " +
                     name + "=...`");
    return std::nullopt;
  }
  if (auto it = sc.hostOnly.find(name); it != sc.hostOnly.end()) {
    std::string file =
        currentModule_ >= 0 ? modules_.entry(currentModule_).path : (diags_.source() ? diags_.source()->path() : "");
    report({Diag::HostOnlyName, {name, it->second.hostWhat, std::to_string(it->second.hostLine), file}}, use);
    return std::nullopt;
  }
  found = false;
  return std::nullopt;
}

// Whether every alternative binds what `taken` is (a version check whose
// branches import one function by two paths): then no branch was assumed.
// Only values known without reading another file count: the imports of
// an untaken branch may name modules that do not exist here.
bool Checker::sameAlternatives(const SemaValue &taken, const std::vector<GlobalCandidate> &candidates) {
  for (const GlobalCandidate &c : candidates) {
    std::optional<SemaValue> v = c.value;
    if (!v && c.import && c.import->level == 0 && isTritonModule(c.import->module)) {
      ImportFailure ignored;
      v = resolveImport(*c.import, ignored);
    }
    if (!v || !sameValue(*v, taken))
      return false;
  }
  return true;
}

bool Checker::sameValue(const SemaValue &a, const SemaValue &b) {
  if (a.kind != b.kind || a.name != b.name || a.moduleId != b.moduleId || a.def != b.def || a.dtype != b.dtype ||
      a.pointee != b.pointee || a.elements.size() != b.elements.size())
    return false;
  if (a.kind == SemaValue::Kind::Constexpr &&
      (a.constant.kind != b.constant.kind || a.constant.json() != b.constant.json()))
    return false;
  for (size_t i = 0; i < a.elements.size(); ++i)
    if (!sameValue(a.elements[i], b.elements[i]))
      return false;
  return true;
}

// A name bound under a condition only Python decides: tritonc took one
// branch, and says which and how to decide it (the drop-in gives the
// condition's names as the process has them).
void Checker::warnAssumedBranch(const std::string &name, const GlobalCandidate &taken) {
  if (!warnedAssumptions_.insert({taken.conditionFile, taken.condition.begin.offset, name}).second)
    return;
  std::string names;
  for (const std::string &n : taken.conditionNames)
    names += (names.empty() ? "`" : ", `") + n + "`";
  DiagnosticEngine::SourceScope inConditionFile(diags_, taken.conditionFile);
  diags_.warning(Diag::HostCondition, taken.condition, name, taken.inIfBranch ? "`if`" : "`else`",
                 names.empty() ? "the module-level name it reads (it reads none: bind the condition to one)"
                               : names);
}

void Checker::report(const ImportFailure &failure, SourceRange use) {
  if (failure.reported)
    return;
  const auto &a = failure.args;
  switch (failure.kind) {
  case Diag::ModuleNotFound: diags_.error(failure.kind, use, a.at(0), a.at(1)); break;
  case Diag::ImportedNameNotFound: diags_.error(failure.kind, use, a.at(0), a.at(1), a.at(2), a.at(3)); break;
  case Diag::HostOnlyName: diags_.error(failure.kind, use, a.at(0), a.at(1), a.at(2), a.at(3)); break;
  default: internalError("an import failure of an unexpected kind");
  }
}

} // namespace tritonc::sema
