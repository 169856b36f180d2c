// Planning the compilations of a decorated kernel (Configurations.h).
#include "Configurations.h"

#include "tritonc/host/HeuristicRules.h"
#include "tritonc/sema/KernelBinding.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

namespace tritonc {

namespace {

using Kind = ConstexprValue::Kind;

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The meta-parameters some configuration sets, and those heuristics set.
struct Decided {
  std::vector<std::string> tuned, heuristic;
  bool decides(const std::string &name) const { return contains(tuned, name) || contains(heuristic, name); }
};

Decided decidedNames(const KernelDecorators &d) {
  Decided out;
  for (const AutotuneConfig &c : d.configs)
    for (const auto &[name, value] : c.meta)
      if (!contains(out.tuned, name))
        out.tuned.push_back(name);
  for (const Heuristic &h : d.heuristics)
    if (!contains(out.heuristic, h.name))
      out.heuristic.push_back(h.name);
  return out;
}

bool hasDefault(const ast::Param &p) { return isConstexprAnnotation(p.annotation.get()) && p.defaultValue; }

// Whether the signature gives the decided meta-parameters itself, the
// way every kernel is compiled: positionally, when it has as many entries
// as the whole parameter list takes; by name, when it names a tuned one
// (or, without configurations, every heuristic's).
bool givesMetaParameters(const ast::FunctionDef &def, const Decided &decided, const Signature &sig) {
  if (sig.named()) {
    auto named = [&](const std::string &n) {
      return std::any_of(sig.entries.begin(), sig.entries.end(), [&](const SignatureEntry &e) { return e.name == n; });
    };
    if (!decided.tuned.empty())
      return std::any_of(decided.tuned.begin(), decided.tuned.end(), named);
    for (const ast::Param &p : def.params)
      if (contains(decided.heuristic, p.name) && !named(p.name) && !hasDefault(p))
        return false;
    return true;
  }
  size_t required = 0;
  for (size_t i = 0; i < def.params.size(); ++i)
    if (!hasDefault(def.params[i]))
      required = i + 1;
  return sig.entries.size() >= required && sig.entries.size() <= def.params.size();
}

// The signature with a name on every entry: positional entries bind, in
// order, to the parameters nothing decides.
std::optional<Signature> namedSignature(const ast::FunctionDef &def, const Decided &decided, const Signature &sig,
                                        DiagnosticEngine &diags) {
  if (sig.named())
    return sig;
  std::vector<const ast::Param *> open;
  size_t required = 0;
  for (const ast::Param &p : def.params) {
    if (decided.decides(p.name))
      continue;
    open.push_back(&p);
    if (!hasDefault(p))
      required = open.size();
  }
  if (sig.entries.size() < required || sig.entries.size() > open.size()) {
    diags.error(Diag::SignatureArity, def.nameRange, sig.entries.size(), def.name, required,
                fmt::format("the autotune configurations and heuristics set the other {}, so give one entry per "
                            "remaining parameter, in order",
                            def.params.size() - open.size()));
    return std::nullopt;
  }
  Signature out = sig;
  for (size_t i = 0; i < out.entries.size(); ++i)
    out.entries[i].name = open[i]->name;
  return out;
}

SignatureEntry constexprEntry(const std::string &name, const ConstexprValue &value) {
  SignatureEntry e;
  e.kind = SignatureEntry::Kind::Constexpr;
  e.name = name;
  e.value = value;
  e.text = name + "=" + value.repr(); // as the variant's signature text reads
  return e;
}

const SignatureEntry *entryNamed(const Signature &sig, const std::string &name) {
  for (const SignatureEntry &e : sig.entries)
    if (e.name == name)
      return &e;
  return nullptr;
}

// What a heuristic sees under `args["NAME"]` in one variant.
RuleInput ruleInput(const Signature &sig, const std::map<std::string, ConstexprValue> &known, const std::string &name) {
  RuleInput in;
  if (auto it = known.find(name); it != known.end()) {
    in.kind = RuleInput::Kind::Constant;
    in.value = it->second;
  } else if (const SignatureEntry *e = entryNamed(sig, name)) {
    if (e->kind == SignatureEntry::Kind::Constexpr) {
      in.kind = RuleInput::Kind::Constant;
      in.value = e->value;
    } else if (e->kind == SignatureEntry::Kind::Pointer) {
      in.kind = RuleInput::Kind::Pointer;
    } else {
      in.kind = e->dtype.rfind("fp", 0) == 0 || e->dtype == "bf16" ? RuleInput::Kind::Float : RuleInput::Kind::Integer;
    }
  }
  return in;
}

class Planner {
public:
  Planner(const DecoratedKernel &kernel, DiagnosticEngine &diags)
      : def_(*kernel.def), d_(kernel.decorators), diags_(diags), decided_(decidedNames(d_)) {}

  std::optional<ConfigurationPlan> plan(const std::vector<Signature> &signatures, const std::vector<std::string> &texts,
                                        unsigned numWarps, unsigned numStages) {
    // A configuration list tritonc cannot read sets no names it knows of;
    // a signature too short for the kernel is then that list's fault.
    bool unreadable = d_.unreadableConfigs.has_value();
    if (decided_.tuned.empty() && decided_.heuristic.empty() && !unreadable)
      return std::nullopt;
    if (givesMetaParameters(def_, decided_, signatures.front()))
      return std::nullopt;
    if (unreadable) {
      diags_.error(Diag::AutotuneUnreadable, *d_.unreadableConfigs, "list", "not a list written out");
      return std::nullopt;
    }
    for (const Signature &s : signatures) {
      std::optional<Signature> named = namedSignature(def_, decided_, s, diags_);
      if (!named)
        return std::nullopt;
      signatures_.push_back(std::move(*named));
    }
    texts_ = texts;
    plan_.heuristics = decided_.heuristic;
    if (!readConfigs(numWarps, numStages) || !readKey() || !readOptions())
      return std::nullopt;
    for (size_t c = 0; c < plan_.configs.size(); ++c) {
      std::map<std::string, ConstexprValue> known;
      for (const auto &[name, value] : plan_.configs[c].meta)
        known[name] = value;
      if (!expand(c, 0, known, {}, ""))
        return std::nullopt;
    }
    return std::move(plan_);
  }

private:
  bool readConfigs(unsigned numWarps, unsigned numStages) {
    // Heuristics alone: the one configuration is the command line's.
    if (!d_.hasAutotune) {
      plan_.configs.push_back(
          {fmt::format("num_warps={}, num_stages={}", numWarps, numStages), {}, numWarps, numStages});
      return true;
    }
    if (d_.configs.empty()) {
      diags_.error(Diag::AutotuneUnreadable, d_.autotuneRange, "list", "empty");
      return false;
    }
    for (size_t i = 0; i < d_.configs.size(); ++i) {
      const AutotuneConfig &c = d_.configs[i];
      if (c.unreadable) {
        diags_.error(Diag::AutotuneUnreadable, c.unreadable->first, i + 1, c.unreadable->second);
        return false;
      }
      ConfigurationPlan::Config config;
      config.meta = c.meta;
      config.numWarps = unsigned(c.numWarps.value_or(numWarps));
      config.numStages = unsigned(c.numStages.value_or(numStages));
      config.maxRegisters = unsigned(c.maxRegisters.value_or(0));
      static const std::set<int64_t> warps = {1, 2, 4, 8, 16, 32};
      if (!warps.count(config.numWarps) || config.numStages < 1 || config.numStages > 8) {
        diags_.error(Diag::AutotuneUnreadable, c.range, i + 1,
                     fmt::format("num_warps={}, num_stages={}, outside 1, 2, 4, ..., 32 warps and 1 to 8 stages",
                                 config.numWarps, config.numStages));
        return false;
      }
      for (const std::string &name : decided_.tuned) {
        auto has = [&](const auto &m) { return m.first == name; };
        if (std::any_of(c.meta.begin(), c.meta.end(), has))
          continue;
        auto p =
            std::find_if(def_.params.begin(), def_.params.end(), [&](const ast::Param &q) { return q.name == name; });
        if (p != def_.params.end() && !hasDefault(*p)) {
          diags_.error(Diag::AutotuneMissingMeta, c.range, i + 1, name, "another configuration sets", name);
          return false;
        }
      }
      for (const auto &[name, value] : c.meta) {
        config.label += (config.label.empty() ? "" : ", ") + name + "=" + value.repr();
        if (std::none_of(def_.params.begin(), def_.params.end(), [&](const ast::Param &q) { return q.name == name; })) {
          diags_.error(Diag::UnknownParam, c.range, name, def_.name);
          return false;
        }
      }
      config.label += fmt::format("{}num_warps={}, num_stages={}", config.label.empty() ? "" : ", ", config.numWarps,
                                  config.numStages);
      if (config.maxRegisters)
        config.label += fmt::format(", maxnreg={}", config.maxRegisters);
      for (size_t j = 0; j < plan_.configs.size(); ++j)
        if (plan_.configs[j].label == config.label) {
          diags_.error(Diag::AutotuneDuplicate, c.range, i + 1, j + 1, config.label);
          return false;
        }
      plan_.configs.push_back(std::move(config));
    }
    return true;
  }

  bool readKey() {
    const Signature &sig = signatures_.front();
    for (const std::string &name : d_.key) {
      const SignatureEntry *e = entryNamed(sig, name);
      // A pointer's key is its element type, which one compilation fixes.
      if (e && e->kind == SignatureEntry::Kind::Pointer)
        continue;
      bool integer = e && e->kind == SignatureEntry::Kind::Scalar && (e->dtype[0] == 'i' || e->dtype[0] == 'u');
      if (!integer) {
        std::string what = !e ? (decided_.decides(name) ? "is a meta-parameter the configurations set"
                                                        : "is not a parameter of the kernel")
                              : "is `" + (e->kind == SignatureEntry::Kind::Constexpr ? e->text : e->dtype) + "`";
        diags_.error(Diag::AutotuneKey, d_.keyRange, name, what);
        return false;
      }
      plan_.key.push_back(name);
    }
    return true;
  }

  bool readOptions() {
    for (const AutotuneOption &o : d_.options) {
      if (o.name == "reset_to_zero" || o.name == "restore_value") {
        for (const std::string &n : o.names) {
          const SignatureEntry *e = entryNamed(signatures_.front(), n);
          if (!e || e->kind != SignatureEntry::Kind::Pointer) {
            diags_.error(Diag::AutotuneOption, o.range, o.name,
                         fmt::format("names `{}`, which is not a pointer argument; name the buffers the kernel "
                                     "writes",
                                     n));
            return false;
          }
        }
        (o.name == "reset_to_zero" ? plan_.resetToZero : plan_.restoreValue) = o.names;
      } else if (o.name == "warmup" || o.name == "rep") {
        if (!o.number || *o.number <= 0) {
          diags_.error(Diag::AutotuneOption, o.range, o.name, "is not a positive number of milliseconds");
          return false;
        }
        (o.name == "warmup" ? plan_.warmupMs : plan_.repMs) = *o.number;
      } else if (o.name == "prune_configs_by") {
        diags_.warning(Diag::AutotuneOption, o.range, o.name,
                       "calls Python functions tritonc does not run; every configuration is compiled and "
                       "`tritonc-tune` times them all");
      } else {
        diags_.warning(Diag::AutotuneOption, o.range, o.name,
                       "is a Triton run-time option with no meaning ahead of time; it is ignored");
      }
    }
    return true;
  }

  // Evaluates heuristics `h...` of configuration `config` given what is
  // known so far; each truth value over run-time arguments forks.
  bool expand(size_t config, size_t h, std::map<std::string, ConstexprValue> known, std::vector<std::string> conditions,
              std::string described) {
    if (h == d_.heuristics.size())
      return addVariant(config, known, std::move(conditions), std::move(described));
    const Heuristic &rule = d_.heuristics[h];
    if (!rule.rule) {
      diags_.error(Diag::HeuristicUnsupported, rule.range, rule.name, "a value that is not a lambda",
                   "write `lambda args: ...`");
      return false;
    }
    const Signature &sig = signatures_.front();
    std::optional<TranslatedRule> t = translateHeuristic(
        rule.name, *rule.rule, [&](const std::string &n) { return ruleInput(sig, known, n); }, diags_);
    if (!t)
      return false;
    auto describe = [&](const ConstexprValue &v) {
      return described + (described.empty() ? "" : ", ") + rule.name + "=" + v.repr();
    };
    const SignatureEntry *given = entryNamed(sig, rule.name);
    if (given) {
      if (t->constant && t->constant->repr() != given->value.repr() &&
          !(t->constant->kind == Kind::Int && given->value.kind == Kind::Bool &&
            (t->constant->intValue != 0) == given->value.boolValue)) {
        diags_.error(Diag::HeuristicMismatch, rule.range, rule.name, given->value.repr(), t->constant->repr(),
                     config + 1);
        return false;
      }
      if (!t->constant)
        conditions.push_back(fmt::format("({} == {})", t->cpp,
                                         given->value.kind == Kind::Bool ? (given->value.boolValue ? "true" : "false")
                                                                         : given->value.repr()));
      known[rule.name] = given->value;
      return expand(config, h + 1, std::move(known), std::move(conditions), describe(given->value));
    }
    if (t->constant) {
      known[rule.name] = *t->constant;
      return expand(config, h + 1, std::move(known), std::move(conditions), describe(*t->constant));
    }
    if (!t->isBool) {
      diags_.error(Diag::HeuristicRuntimeValue, rule.range, rule.name, rule.name);
      return false;
    }
    for (bool value : {true, false}) {
      std::map<std::string, ConstexprValue> branch = known;
      branch[rule.name] = ConstexprValue::ofBool(value);
      std::vector<std::string> branchConditions = conditions;
      branchConditions.push_back(value ? t->cpp : "!" + t->cpp);
      if (!expand(config, h + 1, std::move(branch), std::move(branchConditions),
                  describe(ConstexprValue::ofBool(value))))
        return false;
    }
    return true;
  }

  bool addVariant(size_t config, const std::map<std::string, ConstexprValue> &known,
                  std::vector<std::string> conditions, std::string described) {
    ConfigurationPlan::Variant v;
    v.config = config;
    v.conditions = std::move(conditions);
    v.heuristics = std::move(described);
    for (size_t i = 0; i < signatures_.size(); ++i) {
      Signature sig = signatures_[i];
      std::string text = texts_[i];
      // The configuration's values first, in its order, then the heuristics'.
      std::vector<std::string> order;
      for (const auto &[name, value] : plan_.configs[config].meta)
        order.push_back(name);
      for (const Heuristic &h : d_.heuristics)
        order.push_back(h.name);
      for (const std::string &name : order) {
        if (entryNamed(sig, name) || !known.count(name))
          continue;
        sig.entries.push_back(constexprEntry(name, known.at(name)));
        text += (text.empty() ? "" : ", ") + sig.entries.back().text;
      }
      v.signatures.push_back(std::move(sig));
      v.signatureTexts.push_back(std::move(text));
    }
    plan_.variants.push_back(std::move(v));
    return true;
  }

  const ast::FunctionDef &def_;
  const KernelDecorators &d_;
  DiagnosticEngine &diags_;
  Decided decided_;
  std::vector<Signature> signatures_;
  std::vector<std::string> texts_;
  ConfigurationPlan plan_;
};

} // namespace

std::optional<ConfigurationPlan> planConfigurations(const DecoratedKernel &kernel,
                                                    const std::vector<Signature> &signatures,
                                                    const std::vector<std::string> &signatureTexts, unsigned numWarps,
                                                    unsigned numStages, DiagnosticEngine &diags) {
  return Planner(kernel, diags).plan(signatures, signatureTexts, numWarps, numStages);
}

} // namespace tritonc
