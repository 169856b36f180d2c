// Loops and branches. A compile-time condition or `tl.static_range` is
// decided here (pruned or unrolled); a run-time one becomes structured
// control flow, whose carried values must keep one type, as in Triton.
#include "Checker.h"
#include "TensorConstants.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <utility>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

namespace {

// Iterations `tl.static_range` may unroll, nested loops counted together.
constexpr int64_t kMaxUnroll = 4096;

void collectTargets(const ast::Expr &target, std::vector<std::string> &names) {
  if (target.kind == ExprKind::Name) {
    const std::string &id = static_cast<const ast::NameExpr &>(target).id;
    if (std::find(names.begin(), names.end(), id) == names.end())
      names.push_back(id);
  } else if (target.kind == ExprKind::Tuple) {
    for (const auto &e : static_cast<const ast::TupleExpr &>(target).elements)
      collectTargets(*e, names);
  }
}

// A run-time value a constexpr becomes when it must live in a register:
// the type Triton holds it as (TensorConstants.h).
std::optional<Type> runtimeTypeOf(const SemaValue &v) {
  std::optional<ScalarKind> k = v.heldAs ? v.heldAs : tensorTypeOf(v.constant);
  if (!k)
    return std::nullopt;
  return Type::scalar(ElemType::scalar(*k));
}

// Whether `name` is among the carried slots, itself or as the fields of a
// block pointer (`name#k`).
bool isCarried(const std::vector<std::string> &carried, const std::string &name) {
  return std::any_of(carried.begin(), carried.end(), [&](const std::string &c) {
    return c == name || (c.size() > name.size() && c.compare(0, name.size(), name) == 0 && c[name.size()] == '#');
  });
}

// Pushes a frame for the block pointers a loop carries, popped when the
// loop's check ends, however it ends.
struct EntryFrame {
  std::vector<std::vector<std::pair<std::string, SemaValue>>> &stack;
  explicit EntryFrame(std::vector<std::vector<std::pair<std::string, SemaValue>>> &s) : stack(s) {
    stack.emplace_back();
  }
  ~EntryFrame() { stack.pop_back(); }
};

} // namespace

std::vector<std::string> assignedNames(const ast::Block &block, const IfTruth &knownTruth) {
  std::vector<std::string> names;
  std::function<void(const ast::Block &)> walk = [&](const ast::Block &b) {
    for (const auto &s : b) {
      switch (s->kind) {
      case StmtKind::Assign:
        for (const auto &t : static_cast<const ast::AssignStmt &>(*s).targets)
          collectTargets(*t, names);
        break;
      case StmtKind::AugAssign: collectTargets(*static_cast<const ast::AugAssignStmt &>(*s).target, names); break;
      case StmtKind::AnnAssign: collectTargets(*static_cast<const ast::AnnAssignStmt &>(*s).target, names); break;
      case StmtKind::If: {
        auto &i = static_cast<const ast::IfStmt &>(*s);
        std::optional<bool> taken = knownTruth ? knownTruth(*i.cond) : std::nullopt;
        if (taken != false)
          walk(i.body);
        if (taken != true)
          walk(i.orelse);
        break;
      }
      case StmtKind::For:
        collectTargets(*static_cast<const ast::ForStmt &>(*s).target, names);
        walk(static_cast<const ast::ForStmt &>(*s).body);
        break;
      case StmtKind::While: walk(static_cast<const ast::WhileStmt &>(*s).body); break;
      default: break;
      }
    }
  };
  walk(block);
  return names;
}

void Checker::ifStmt(const ast::IfStmt &i) {
  Result c = expr(*i.cond);
  if (!c)
    return;
  if (c->isConstexpr()) {
    bool taken = truthy(c->constant);
    out_.staticIfs[key(&i)] = taken;
    block(taken ? i.body : i.orelse);
    return;
  }
  if (!c->isRuntime() || c->type.isTensor()) {
    diags_.error(Diag::ConditionNotScalar, i.cond->range, "the condition of an `if`", describe(*c));
    return;
  }
  coerce(*i.cond, *c, Type::scalar(ElemType::scalar(ScalarKind::I1)));

  Environment before = locals_;
  ++runtimeNesting_;
  block(i.body);
  bool thenReturned = std::exchange(returned_, false);
  Environment afterThen = std::move(locals_);
  locals_ = before;
  block(i.orelse);
  bool elseReturned = std::exchange(returned_, false);
  --runtimeNesting_;
  Environment afterElse = std::move(locals_);

  // A name has a value after the `if` when both paths give it one; it is a
  // result of the `if` when the paths may disagree.
  BranchInfo info;
  locals_ = before;
  std::vector<std::string> assigned = assignedNames(i.body);
  for (const std::string &n : assignedNames(i.orelse))
    if (std::find(assigned.begin(), assigned.end(), n) == assigned.end())
      assigned.push_back(n);
  // In an inlined function, returns in both branches merge into the
  // function's value; code after the `if` is never reached.
  if (thenReturned != elseReturned)
    diags_.error(Diag::UnsupportedOperation, i.range,
                 fmt::format("`{}` returns from only one branch of a run-time `if`; return from both, or assign a "
                             "variable in the branches and return it after the `if`",
                             frames_.back().name));
  else if (thenReturned) {
    assigned.push_back(kReturnSlot);
    returned_ = true;
  }
  for (const std::string &n : assigned) {
    auto t = afterThen.find(n), e = afterElse.find(n);
    if (t == afterThen.end() || e == afterElse.end()) {
      locals_.erase(n);
      continue;
    }
    const SemaValue &a = t->second, &b = e->second;
    if (a.kind == SemaValue::Kind::BlockPtr || b.kind == SemaValue::Kind::BlockPtr) {
      std::optional<SemaValue> merged = mergeBlockPointers(n, a, b, info);
      if (!merged) {
        diags_.error(Diag::BranchTypeMismatch, i.range, n == kReturnSlot ? "return" : n, describe(a),
                     describe(b) + (describe(a) == describe(b) ? " with other shapes or strides" : ""));
        poisoned_.insert(n);
        locals_.erase(n);
      } else
        locals_[n] = std::move(*merged);
      continue;
    }
    if (a.isConstexpr() && b.isConstexpr() && a.constant.repr() == b.constant.repr()) {
      locals_[n] = a;
      continue;
    }
    std::optional<Type> ta = a.isRuntime()     ? std::optional<Type>(a.type)
                             : a.isConstexpr() ? runtimeTypeOf(a)
                                               : std::nullopt;
    std::optional<Type> tb = b.isRuntime()     ? std::optional<Type>(b.type)
                             : b.isConstexpr() ? runtimeTypeOf(b)
                                               : std::nullopt;
    // A constant on one side takes the other side's run-time type.
    if (ta && tb && a.isConstexpr() && b.isRuntime() && ta->shape == tb->shape)
      ta = tb;
    if (ta && tb && b.isConstexpr() && a.isRuntime() && ta->shape == tb->shape)
      tb = ta;
    if (!ta || !tb || *ta != *tb) {
      diags_.error(Diag::BranchTypeMismatch, i.range, n == kReturnSlot ? "return" : n, describe(a), describe(b));
      poisoned_.insert(n);
      locals_.erase(n);
      continue;
    }
    info.results.push_back(n);
    info.resultTypes.push_back(*ta);
    locals_[n] = SemaValue::runtime(*ta);
  }
  out_.branches[key(&i)] = std::move(info);
}

std::optional<SemaValue> Checker::mergeBlockPointers(const std::string &name, const SemaValue &a, const SemaValue &b,
                                                     BranchInfo &info) {
  if (a.kind != b.kind || a.blockShape != b.blockShape || !(a.elements[0].type == b.elements[0].type))
    return std::nullopt;
  BlockPointerFields f{a.blockShape.size()};
  SemaValue merged = a;
  std::vector<std::string> results;
  std::vector<Type> types;
  for (size_t j = 0; j < f.count(); ++j) {
    const SemaValue &x = a.elements[j], &y = b.elements[j];
    if (x.isConstexpr() && y.isConstexpr() && x.constant.repr() == y.constant.repr())
      continue;
    if (x.isRuntime() && y.isRuntime() && x.type == y.type && x.fieldId != 0 && x.fieldId == y.fieldId)
      continue; // the same value on both paths
    bool isOffset = j >= f.offset(0) && j < f.shape(0);
    auto typeOf = [&](const SemaValue &v) -> std::optional<Type> {
      if (v.isRuntime())
        return v.type;
      if (isOffset)
        return Type::scalar(ElemType::scalar(ScalarKind::I32));
      return runtimeTypeOf(v);
    };
    std::optional<Type> tx = typeOf(x), ty = typeOf(y);
    if (x.isConstexpr() && y.isRuntime())
      tx = ty;
    if (y.isConstexpr() && x.isRuntime())
      ty = tx;
    if (!tx || !ty || !(*tx == *ty))
      return std::nullopt;
    merged.elements[j] = SemaValue::runtime(*tx);
    merged.elements[j].fieldId = nextFieldId_++;
    results.push_back(fmt::format("{}#{}", name, j));
    types.push_back(*tx);
  }
  info.results.insert(info.results.end(), results.begin(), results.end());
  info.resultTypes.insert(info.resultTypes.end(), types.begin(), types.end());
  return merged;
}

// The value of an `if` condition made of names the loop leaves alone whose
// values are constants now (`if USE_G:`, `if not A and B is None:`), so that
// what a branch never taken assigns is not carried: `b_dg = None` before a
// loop whose `if USE_G: b_dg += ...` is compiled out stays `None`.
std::optional<bool> Checker::knownTruth(const ast::Expr &e, const std::vector<std::string> &assigned) const {
  switch (e.kind) {
  case ExprKind::Name: {
    const std::string &id = static_cast<const ast::NameExpr &>(e).id;
    auto it = locals_.find(id);
    if (it == locals_.end() || !it->second.isConstexpr() ||
        std::find(assigned.begin(), assigned.end(), id) != assigned.end())
      return std::nullopt;
    return truthy(it->second.constant);
  }
  case ExprKind::Bool: return static_cast<const ast::BoolExpr &>(e).value;
  case ExprKind::Unary: {
    auto &u = static_cast<const ast::UnaryExpr &>(e);
    std::optional<bool> inner = u.op == ast::UnaryOp::Not ? knownTruth(*u.operand, assigned) : std::nullopt;
    return inner ? std::optional<bool>(!*inner) : std::nullopt;
  }
  case ExprKind::BoolOp: {
    auto &b = static_cast<const ast::BoolOpExpr &>(e);
    bool isAnd = b.op == ast::BoolOpKind::And;
    bool unknown = false;
    for (const auto &operand : b.operands) {
      std::optional<bool> t = knownTruth(*operand, assigned);
      if (t && *t != isAnd)
        return !isAnd; // `False and ...`, `True or ...`
      unknown |= !t;
    }
    return unknown ? std::nullopt : std::optional<bool>(isAnd);
  }
  default: return std::nullopt;
  }
}

// The names a loop body assigns that are not defined before it: they end
// with the loop. A name defined before keeps its value when the body only
// assigns it in a branch a constant rules out (so it is not carried).
std::vector<std::string> Checker::namesNewIn(const ast::Block &body) const {
  std::vector<std::string> names;
  for (const std::string &n : assignedNames(body))
    if (!locals_.count(n))
      names.push_back(n);
  return names;
}

bool Checker::enterLoop(SourceRange range, const ast::Block &body, LoopInfo &info) {
  std::vector<std::string> written = assignedNames(body);
  IfTruth truth = [&](const ast::Expr &cond) { return knownTruth(cond, written); };
  for (const std::string &n : assignedNames(body, truth)) {
    auto it = locals_.find(n);
    if (it == locals_.end())
      continue; // first assigned inside: local to the loop body
    SemaValue &v = it->second;
    if (v.kind == SemaValue::Kind::BlockPtr) {
      enterBlockPointer(n, v, info);
      continue;
    }
    if (v.isConstexpr()) {
      std::optional<Type> t = runtimeTypeOf(v);
      if (!t) {
        diags_.error(Diag::LoopCarriedTypeChange, range, n, describe(v), "a run-time value");
        return false;
      }
      v = SemaValue::runtime(*t);
    } else if (!v.isRuntime()) {
      diags_.error(Diag::LoopCarriedTypeChange, range, n, describe(v), "another value");
      return false;
    }
    info.carried.push_back(n);
    info.carriedTypes.push_back(v.type);
  }
  return true;
}

void Checker::enterBlockPointer(const std::string &name, SemaValue &bp, LoopInfo &info) {
  BlockPointerFields f{bp.blockShape.size()};
  for (size_t k = 0; k < f.count(); ++k) {
    SemaValue &field = bp.elements[k];
    bool isOffset = k >= f.offset(0) && k < f.shape(0);
    if (field.isConstexpr()) {
      if (!isOffset)
        continue; // a constant shape or stride stays one (leaveLoop checks)
      field = SemaValue::runtime(Type::scalar(ElemType::scalar(ScalarKind::I32)));
    }
    if (field.fieldId == 0)
      field.fieldId = nextFieldId_++;
    info.carried.push_back(fmt::format("{}#{}", name, k));
    info.carriedTypes.push_back(field.type);
  }
  entryBlockPointers_.back().push_back({name, bp});
}

bool Checker::leaveLoop(SourceRange range, LoopInfo &info) {
  bool ok = true;
  // The fields of block pointers: a field the body left alone (the same
  // identity) is not carried; a constant one must stay that constant.
  std::vector<std::string> carried;
  std::vector<Type> carriedTypes;
  std::set<std::string> failed;
  for (size_t k = 0; k < info.carried.size(); ++k) {
    const std::string &slot = info.carried[k];
    size_t hash = slot.rfind('#');
    if (hash == std::string::npos) {
      carried.push_back(slot);
      carriedTypes.push_back(info.carriedTypes[k]);
      continue;
    }
    std::string n = slot.substr(0, hash);
    size_t index = std::stoul(slot.substr(hash + 1));
    auto it = locals_.find(n);
    if (it == locals_.end() || failed.count(n))
      return false;
    const SemaValue &v = it->second;
    const SemaValue *entry = nullptr;
    for (const auto &[name, value] : entryBlockPointers_.back())
      if (name == n)
        entry = &value;
    TRITONC_CHECK(entry, "a carried block pointer without its value at the loop's entry");
    bool same = v.kind == SemaValue::Kind::BlockPtr && v.blockShape == entry->blockShape &&
                v.elements[0].type == entry->elements[0].type;
    BlockPointerFields f{entry->blockShape.size()};
    for (size_t j = 0; same && j < f.count(); ++j) {
      const SemaValue &a = entry->elements[j], &b = v.elements[j];
      if (a.isConstexpr()) // not carried: must stay that constant
        same = b.isConstexpr() && b.constant.repr() == a.constant.repr();
      else
        same = (b.isRuntime() && b.type == a.type) || (b.isConstexpr() && j >= f.offset(0) && j < f.shape(0));
    }
    if (!same) {
      diags_.error(Diag::LoopCarriedTypeChange, range, n, describe(*entry),
                   describe(v) + (describe(v) == describe(*entry) ? " with other shapes or strides" : ""));
      failed.insert(n);
      poisoned_.insert(n);
      locals_.erase(n);
      ok = false;
      continue;
    }
    if (v.elements[index].isRuntime() && v.elements[index].fieldId == entry->elements[index].fieldId)
      continue; // unchanged
    carried.push_back(slot);
    carriedTypes.push_back(info.carriedTypes[k]);
  }
  if (!ok)
    return false;
  // The carried fields are the loop's results: new values.
  for (const std::string &slot : carried)
    if (size_t hash = slot.rfind('#'); hash != std::string::npos) {
      SemaValue &field = locals_[slot.substr(0, hash)].elements[std::stoul(slot.substr(hash + 1))];
      field = SemaValue::runtime(field.isRuntime() ? field.type : Type::scalar(ElemType::scalar(ScalarKind::I32)));
      field.fieldId = nextFieldId_++;
    }
  info.carried = std::move(carried);
  info.carriedTypes = std::move(carriedTypes);
  for (size_t k = 0; k < info.carried.size(); ++k) {
    const std::string &n = info.carried[k];
    if (n.find('#') != std::string::npos)
      continue;
    auto it = locals_.find(n);
    if (it == locals_.end())
      return false; // an error inside the body already said why
    SemaValue &v = it->second;
    bool sameShapeConstant = v.isConstexpr() && runtimeTypeOf(v) && !info.carriedTypes[k].isTensor();
    if (!(v.isRuntime() && v.type == info.carriedTypes[k]) && !sameShapeConstant) {
      diags_.error(Diag::LoopCarriedTypeChange, range, n, describe(SemaValue::runtime(info.carriedTypes[k])),
                   describe(v));
      poisoned_.insert(n);
      locals_.erase(n);
      ok = false;
      continue;
    }
    v = SemaValue::runtime(info.carriedTypes[k]);
  }
  return ok;
}

void Checker::forStmt(const ast::ForStmt &f) {
  if (f.target->kind != ExprKind::Name) {
    diags_.error(Diag::UnsupportedOperation, f.target->range, "a `for` loop variable must be a single name");
    return;
  }
  const std::string &iv = static_cast<const ast::NameExpr &>(*f.target).id;
  Result iterable =
      f.iter->kind == ExprKind::Call ? expr(*static_cast<const ast::CallExpr &>(*f.iter).callee) : expr(*f.iter);
  if (!iterable)
    return;
  bool isRange = iterable->kind == SemaValue::Kind::Function &&
                 (iterable->name == "range" || iterable->name == "tl.range" || iterable->name == "tl.static_range");
  if (!isRange || f.iter->kind != ExprKind::Call) {
    diags_.error(Diag::BadLoopIterable, f.iter->range, describe(*iterable));
    return;
  }
  auto &call = static_cast<const ast::CallExpr &>(*f.iter);
  if (call.args.empty() || call.args.size() > 3) {
    diags_.error(Diag::WrongArgCount, call.range, iterable->name, "1 to 3", call.args.size());
    return;
  }
  LoopInfo info;
  for (const ast::Keyword &k : call.keywords) {
    static const char *const kRangeOptions[] = {"num_stages", "loop_unroll_factor", "disallow_acc_multi_buffer",
                                                "flatten",    "warp_specialize",    "disable_licm"};
    bool known = iterable->name == "tl.range" && std::any_of(std::begin(kRangeOptions), std::end(kRangeOptions),
                                                             [&](const char *o) { return k.name == o; });
    if (!known) {
      diags_.error(Diag::UnknownKeyword, k.range, iterable->name, k.name);
      return;
    }
    Result v = expr(*k.value);
    if (!v)
      return;
    if (k.name == "num_stages") {
      std::optional<int64_t> stages = constantInt(k.value.get(), v, "`num_stages`");
      if (!stages)
        return;
      info.numStages = *stages;
    }
    if (k.name == "disable_licm") {
      if (!v->isConstexpr() || v->constant.kind != ConstexprValue::Kind::Bool) {
        diags_.error(Diag::NotConstexpr, k.value->range, "`disable_licm`", "found " + describe(*v));
        return;
      }
      info.disableLicm = v->constant.boolValue;
    }
    // Triton reads it by its truth: `warp_specialize=1` asks too.
    if (k.name == "warp_specialize") {
      std::optional<int64_t> asked = v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::Bool
                                         ? std::optional<int64_t>(v->constant.boolValue)
                                         : constantInt(k.value.get(), v, "`warp_specialize`");
      if (!asked)
        return;
      info.warpSpecialize = *asked != 0;
    }
  }
  // Python's range(stop) / range(start, stop[, step]).
  const ast::Expr *parts[3] = {nullptr, nullptr, nullptr}; // start, stop, step
  if (call.args.size() == 1)
    parts[1] = call.args[0].get();
  else
    for (size_t k = 0; k < call.args.size(); ++k)
      parts[k] = call.args[k].get();
  std::vector<Result> values;
  for (size_t k = 0; k < 3; ++k)
    values.push_back(parts[k] ? expr(*parts[k])
                              : Result(SemaValue::constexprValue(ConstexprValue::ofInt(k == 2 ? 1 : 0))));
  for (size_t k = 0; k < 3; ++k)
    if (!values[k])
      return;

  // Python runs a plain function's loops: one over constant bounds
  // unrolls, as `tl.static_range` does (FLA builds an asm string so).
  bool constantBounds = std::all_of(values.begin(), values.end(), [](const Result &v) {
    return v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::Int;
  });
  if (iterable->name == "range" && constantBounds && runsInPython()) {
    staticFor(f, iv,
              {int64_t(values[0]->constant.intValue), int64_t(values[1]->constant.intValue),
               int64_t(values[2]->constant.intValue)});
    return;
  }
  if (iterable->name == "tl.static_range") {
    std::vector<std::optional<int64_t>> bounds;
    for (size_t k = 0; k < 3; ++k) {
      std::optional<int64_t> b = parts[k] ? constantInt(parts[k], values[k], "a bound of `tl.static_range`")
                                          : std::optional<int64_t>(k == 2 ? 1 : 0);
      if (!b)
        return;
      bounds.push_back(b);
    }
    staticFor(f, iv, bounds);
    return;
  }

  // A run-time loop: bounds become integers of one type.
  ScalarKind ivKind = ScalarKind::I32;
  for (size_t k = 0; k < 3; ++k) {
    const SemaValue &v = *values[k];
    bool intConstant = v.isConstexpr() && (v.constant.kind == ConstexprValue::Kind::Int);
    bool intScalar = v.isRuntime() && !v.type.isTensor() && isInteger(v.type.elem.kind);
    if (!intConstant && !intScalar) {
      diags_.error(Diag::TypeMismatch, parts[k] ? parts[k]->range : call.range,
                   fmt::format("a bound of `{}` must be an integer scalar, found {}", iterable->name, describe(v)));
      return;
    }
    if ((intScalar && bitWidth(v.type.elem.kind) == 64) ||
        (intConstant && pythonIntType(v.constant.intValue, false) == ScalarKind::I64))
      ivKind = ScalarKind::I64;
  }
  if (values[2]->isConstexpr() && values[2]->constant.intValue == 0) {
    diags_.error(Diag::TypeMismatch, parts[2]->range, "the step of a `for` loop cannot be 0");
    return;
  }
  info.descending = values[2]->isConstexpr() && values[2]->constant.intValue < 0;
  info.inductionType = Type::scalar(ElemType::scalar(ivKind));
  info.start = parts[0];
  info.stop = parts[1];
  info.step = parts[2];
  for (size_t k = 0; k < 3; ++k)
    if (parts[k])
      coerce(*parts[k], *values[k], info.inductionType);

  EntryFrame frame(entryBlockPointers_);
  std::vector<std::string> bodyNames = namesNewIn(f.body);
  if (!enterLoop(f.range, f.body, info))
    return;
  std::vector<std::string> carried = info.carried;
  locals_[iv] = SemaValue::runtime(info.inductionType);
  ++runtimeNesting_, ++loopNesting_;
  block(f.body);
  --runtimeNesting_, --loopNesting_;
  leaveLoop(f.range, info);
  // Names first assigned in the body, and the loop variable, end with it.
  for (const std::string &n : bodyNames)
    if (!isCarried(carried, n))
      locals_.erase(n);
  locals_.erase(iv);
  out_.loops[key(&f)] = std::move(info);
}

__int128 Checker::rangeTrips(int64_t start, int64_t stop, int64_t step) {
  __int128 span = __int128(stop) - start;
  return step > 0 ? (span > 0 ? (span + step - 1) / step : 0) : (span < 0 ? (-span - step - 1) / -step : 0);
}

void Checker::staticFor(const ast::ForStmt &f, const std::string &iv,
                        const std::vector<std::optional<int64_t>> &bounds) {
  int64_t start = *bounds[0], stop = *bounds[1], step = *bounds[2];
  if (step == 0) {
    diags_.error(Diag::TypeMismatch, f.iter->range, "the step of `tl.static_range` cannot be 0");
    return;
  }
  __int128 trips = rangeTrips(start, stop, step);
  // Nested unrolled loops multiply: the budget is for all of them together.
  __int128 total = trips * unrollFactor_;
  if (total > kMaxUnroll) {
    diags_.error(Diag::TooManyIterations, f.iter->range, int64_t(std::min<__int128>(total, INT64_MAX)), kMaxUnroll);
    return;
  }
  UnrolledLoop loop;
  for (__int128 k = 0; k < trips; ++k)
    loop.values.push_back(int64_t(start + k * step));
  int64_t outerFactor = unrollFactor_;
  unrollFactor_ = int64_t(total > 0 ? total : 1);
  ContextId outer = context_;
  unsigned errorsBefore = diags_.errorCount();
  for (size_t k = 0; k < loop.values.size(); ++k) {
    context_ = out_.contexts.child(outer, &f, int64_t(k));
    locals_[iv] = SemaValue::constexprValue(ConstexprValue::ofInt(loop.values[k]));
    block(f.body);
    // After an error (the same mistake in every iteration: say it once), or
    // after a `return`, the next iterations are not checked.
    if (diags_.errorCount() > errorsBefore || returned_)
      break;
  }
  context_ = outer;
  unrollFactor_ = outerFactor;
  out_.unrolled[key(&f)] = std::move(loop);
}

void Checker::whileStmt(const ast::WhileStmt &w) {
  LoopInfo info;
  EntryFrame frame(entryBlockPointers_);
  std::vector<std::string> bodyNames = namesNewIn(w.body);
  if (!enterLoop(w.range, w.body, info))
    return;
  std::vector<std::string> carried = info.carried;
  const ast::Expr *outerCondition = std::exchange(whileCondition_, w.cond.get());
  whileDisablesLicm_ = false;
  Result c = expr(*w.cond);
  whileCondition_ = outerCondition;
  info.disableLicm = whileDisablesLicm_;
  if (!c)
    return;
  if (!c->isRuntime() || c->type.isTensor()) {
    diags_.error(Diag::ConditionNotScalar, w.cond->range, "the condition of a run-time `while`", describe(*c));
    return;
  }
  coerce(*w.cond, *c, Type::scalar(ElemType::scalar(ScalarKind::I1)));
  ++runtimeNesting_, ++loopNesting_;
  block(w.body);
  --runtimeNesting_, --loopNesting_;
  leaveLoop(w.range, info);
  for (const std::string &n : bodyNames)
    if (!isCarried(carried, n))
      locals_.erase(n);
  out_.loops[key(&w)] = std::move(info);
}

} // namespace tritonc::sema
