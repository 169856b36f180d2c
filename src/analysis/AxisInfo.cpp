#include "tritonc/analysis/AxisInfo.h"

#include "tritonc/ir/Walk.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <ostream>

namespace tritonc {

namespace {

using tir::OpKind;

// Divisibility is capped so products cannot overflow; 2^30 already means
// "aligned enough for anything".
constexpr int64_t kMaxDivisibility = int64_t(1) << 30;

int64_t highestPowerOfTwoDividing(int64_t v) {
  if (v == 0)
    return kMaxDivisibility;
  return std::min<int64_t>(v & -v, kMaxDivisibility);
}

std::vector<int64_t> dims(const Type &t) { return t.isTensor() ? t.shape : std::vector<int64_t>{1}; }

AxisInfo uniform(const Type &t, int64_t contiguity, int64_t divisibility, int64_t constancy) {
  size_t rank = dims(t).size();
  return {std::vector<int64_t>(rank, contiguity), std::vector<int64_t>(rank, divisibility),
          std::vector<int64_t>(rank, constancy), std::nullopt};
}

AxisInfo conservative(const Type &t) { return uniform(t, 1, 1, 1); }

// What holds of both: a value that is either.
AxisInfo join(const AxisInfo &a, const AxisInfo &b) {
  AxisInfo out = a;
  for (unsigned d = 0; d < a.rank(); ++d) {
    out.contiguity[d] = std::gcd(a.contiguity[d], b.contiguity[d]);
    out.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
    out.constancy[d] = std::gcd(a.constancy[d], b.constancy[d]);
  }
  if (a.constantValue != b.constantValue)
    out.constantValue.reset();
  return out;
}

bool sameFacts(const AxisInfo &a, const AxisInfo &b) {
  return a.contiguity == b.contiguity && a.divisibility == b.divisibility && a.constancy == b.constancy &&
         a.constantValue == b.constantValue;
}

// Rounds of a loop body before its carried values fall back to knowing
// nothing; each round can only weaken the facts, so few are needed.
constexpr unsigned kMaxLoopRounds = 8;

AxisInfo constantInfo(const Type &t, int64_t value) {
  AxisInfo a;
  a.constancy = dims(t);
  a.contiguity.assign(a.constancy.size(), 1);
  a.divisibility.assign(a.constancy.size(), highestPowerOfTwoDividing(value));
  a.constantValue = value;
  return a;
}

} // namespace

AxisInfoAnalysis::AxisInfoAnalysis(const tir::Function &function) {
  for (size_t i = 0; i < function.body.args.size(); ++i) {
    const tir::Value *arg = function.body.args[i].get();
    const tir::ParamHint &hint = function.paramHints[i];
    info_[arg] = hint.equalToOne ? constantInfo(arg->type, 1) : uniform(arg->type, 1, hint.divisibility, 1);
  }
  for (const auto &op : function.body.ops)
    visit(*op);
}

const AxisInfo &AxisInfoAnalysis::get(const tir::Value *v) const {
  auto it = info_.find(v);
  TRITONC_CHECK(it != info_.end(), "axis info asked for a value it has not seen");
  return it->second;
}

// A `for` loop's carried values start as their inits and hold what holds
// of both the inits and the values the body yields, found by walking the
// body until nothing changes (a pointer advanced by a multiple of 16
// elements keeps its alignment and contiguity).
void AxisInfoAnalysis::visitFor(const tir::Op &op) {
  const tir::Block &body = *op.regions[0];
  const tir::Op &yield = *body.ops.back();
  std::vector<AxisInfo> carried;
  for (size_t j = 0; j < op.results.size(); ++j)
    carried.push_back(get(op.operands[3 + j]));
  for (unsigned round = 0;; ++round) {
    const tir::Value *iv = body.args.front().get();
    info_[iv] = conservative(iv->type);
    info_[iv].divisibility[0] = std::gcd(get(op.operands[0]).divisibility[0], get(op.operands[2]).divisibility[0]);
    for (size_t j = 0; j < carried.size(); ++j)
      info_[body.args[1 + j].get()] = round < kMaxLoopRounds ? carried[j] : conservative(body.args[1 + j]->type);
    for (const auto &inner : body.ops)
      visit(*inner);
    if (round == kMaxLoopRounds)
      break;
    bool changed = false;
    for (size_t j = 0; j < carried.size(); ++j) {
      AxisInfo next = join(carried[j], get(yield.operands[j]));
      changed |= !sameFacts(next, carried[j]);
      carried[j] = std::move(next);
    }
    if (!changed)
      break;
  }
  for (size_t j = 0; j < carried.size(); ++j)
    info_[op.result(unsigned(j))] = get(body.args[1 + j].get());
}

void AxisInfoAnalysis::visit(const tir::Op &op) {
  if (op.kind == OpKind::For)
    return visitFor(op);
  for (const auto &region : op.regions) {
    for (const auto &arg : region->args)
      info_[arg.get()] = conservative(arg->type);
    // A loop's induction variable steps from lb by multiples of step.
    if (op.kind == OpKind::For && region == op.regions.front()) {
      const tir::Value *iv = region->args.front().get();
      info_[iv].divisibility[0] = std::gcd(get(op.operands[0]).divisibility[0], get(op.operands[2]).divisibility[0]);
    }
    for (const auto &inner : region->ops)
      visit(*inner);
  }
  // Values carried through `while` and `if` are not tracked yet.
  if (op.results.size() != 1 || !op.regions.empty()) {
    for (const auto &r : op.results)
      info_[r.get()] = conservative(r->type);
    return;
  }
  const tir::Value *result = op.result();
  const Type &type = result->type;
  auto operand = [&](size_t i) -> const AxisInfo & { return get(op.operands[i]); };
  AxisInfo out = conservative(type);
  unsigned rank = unsigned(dims(type).size());

  switch (op.kind) {
  case OpKind::Constant:
    if (const int64_t *v = std::get_if<int64_t>(op.attr("value")))
      out = constantInfo(type, *v);
    else
      out = uniform(type, 1, 1, 1), out.constancy = dims(type);
    break;
  case OpKind::MakeRange: {
    int64_t start = op.intAttr("start"), end = op.intAttr("end");
    out = uniform(type, end - start, highestPowerOfTwoDividing(start), 1);
    break;
  }
  case OpKind::Splat: {
    const AxisInfo &s = operand(0);
    out = uniform(type, 1, s.divisibility[0], 1);
    out.constancy = dims(type);
    out.constantValue = s.constantValue;
    break;
  }
  case OpKind::AddI:
  case OpKind::SubI:
  case OpKind::AddPtr: {
    const AxisInfo &l = operand(0), &r = operand(1);
    // An offset added to a pointer moves it by offset * element size bytes.
    int64_t scale = op.kind == OpKind::AddPtr ? std::max(1u, bitWidth(type.elem.pointee) / 8) : 1;
    for (unsigned d = 0; d < rank; ++d) {
      int64_t fromLhs = std::gcd(l.contiguity[d], r.constancy[d]);
      int64_t fromRhs = op.kind == OpKind::SubI ? 1 : std::gcd(l.constancy[d], r.contiguity[d]);
      out.contiguity[d] = std::max(fromLhs, fromRhs);
      out.divisibility[d] = std::gcd(l.divisibility[d], std::min(kMaxDivisibility, r.divisibility[d] * scale));
      out.constancy[d] = std::gcd(l.constancy[d], r.constancy[d]);
    }
    if (l.constantValue && r.constantValue && op.kind != OpKind::AddPtr)
      out.constantValue =
          op.kind == OpKind::AddI ? *l.constantValue + *r.constantValue : *l.constantValue - *r.constantValue;
    break;
  }
  case OpKind::MulI: {
    const AxisInfo &l = operand(0), &r = operand(1);
    for (unsigned d = 0; d < rank; ++d) {
      // x * 1 keeps x's runs; otherwise products are not contiguous.
      if (r.constantValue == 1)
        out.contiguity[d] = l.contiguity[d];
      else if (l.constantValue == 1)
        out.contiguity[d] = r.contiguity[d];
      // A run's start divides only itself: once the product is no longer
      // contiguous every element starts a run, and [2^k, 2^k + 1, ...]
      // counts as divisible by 1.
      int64_t ld = l.contiguity[d] > 1 && r.constantValue != 1 ? 1 : l.divisibility[d];
      int64_t rd = r.contiguity[d] > 1 && l.constantValue != 1 ? 1 : r.divisibility[d];
      out.divisibility[d] = std::min(kMaxDivisibility, ld * rd);
      out.constancy[d] = std::gcd(l.constancy[d], r.constancy[d]);
    }
    if (l.constantValue && r.constantValue)
      out.constantValue = *l.constantValue * *r.constantValue;
    break;
  }
  case OpKind::ConvertLayout: // the same values, held by other threads
    out = operand(0);
    break;
  case OpKind::Select: {
    // `tl.where(cos_bs == 1, a, b)` with a constant condition is one side;
    // otherwise what both sides share, in runs where the condition holds.
    const AxisInfo &c = operand(0), &a = operand(1), &b = operand(2);
    if (c.constantValue) {
      out = *c.constantValue ? a : b;
      break;
    }
    if (c.rank() != rank)
      break;
    for (unsigned d = 0; d < rank; ++d) {
      out.contiguity[d] =
          std::min(std::gcd(a.contiguity[d], c.constancy[d]), std::gcd(b.contiguity[d], c.constancy[d]));
      out.divisibility[d] = std::gcd(a.divisibility[d], b.divisibility[d]);
      out.constancy[d] = std::gcd(c.constancy[d], std::gcd(a.constancy[d], b.constancy[d]));
    }
    break;
  }
  case OpKind::RemSI:
  case OpKind::RemUI: {
    // x % y, y the same along a run: a run of x that starts at a multiple
    // of c, c dividing y, never wraps inside (offsets `% M` that keep a
    // tile in bounds stay vectorisable when M is hinted).
    const AxisInfo &l = operand(0), &r = operand(1);
    for (unsigned d = 0; d < rank; ++d) {
      int64_t c = std::gcd(std::gcd(l.contiguity[d], l.divisibility[d]), std::gcd(r.divisibility[d], r.constancy[d]));
      out.contiguity[d] = c;
      out.divisibility[d] = c > 1 ? c : (l.contiguity[d] > 1 ? 1 : std::gcd(l.divisibility[d], r.divisibility[d]));
      out.constancy[d] = std::gcd(l.constancy[d], r.constancy[d]);
    }
    break;
  }
  case OpKind::CmpI: {
    const AxisInfo &l = operand(0), &r = operand(1);
    std::vector<int64_t> shape = dims(type);
    // A run of consecutive values x..x+D-1 with x a multiple of D, against
    // a constant c that is a multiple of D: `run < c` (and its negation
    // `run >= c`) is the same for the whole run, since the run cannot
    // straddle c. Not so for <=, >, == or != (run == c holds for x only).
    // With the constant on the left the mirrored forms hold: c <= run,
    // c > run.
    const std::string &predicate = op.strAttr("predicate");
    bool runOnLeftHolds = predicate == "slt" || predicate == "sge" || predicate == "ult" || predicate == "uge";
    bool runOnRightHolds = predicate == "sle" || predicate == "sgt" || predicate == "ule" || predicate == "ugt";
    for (unsigned d = 0; d < rank; ++d) {
      out.constancy[d] = std::gcd(l.constancy[d], r.constancy[d]);
      if (runOnLeftHolds && r.constancy[d] == shape[d] && l.contiguity[d] > 1)
        out.constancy[d] =
            std::max(out.constancy[d], std::gcd(l.contiguity[d], std::gcd(l.divisibility[d], r.divisibility[d])));
      if (runOnRightHolds && l.constancy[d] == shape[d] && r.contiguity[d] > 1)
        out.constancy[d] =
            std::max(out.constancy[d], std::gcd(r.contiguity[d], std::gcd(r.divisibility[d], l.divisibility[d])));
    }
    break;
  }
  case OpKind::ExtSI:
  case OpKind::ExtUI:
  case OpKind::TruncI:
  case OpKind::WindowPointers: out = operand(0); break;
  case OpKind::MultipleOf:
  case OpKind::MaxContiguous: {
    out = operand(0);
    const auto &values = std::get<std::vector<int64_t>>(*op.attr("values"));
    for (unsigned d = 0; d < rank && d < values.size(); ++d) {
      if (op.kind == OpKind::MultipleOf)
        out.divisibility[d] = std::max(out.divisibility[d], highestPowerOfTwoDividing(values[d]));
      else
        out.contiguity[d] = std::max(out.contiguity[d], values[d]);
    }
    break;
  }
  case OpKind::ExpandDims: {
    // The new dim has one element: every run along it has length 1.
    out = operand(0);
    size_t axis = size_t(op.intAttr("axis"));
    if (!op.operands[0]->type.isTensor()) // a scalar's info is rank 1 already
      out = uniform(type, 1, out.divisibility[0], 1), out.constancy = dims(type);
    else {
      // Along the new dim every element starts a run, so what divides them
      // all: the divisibility of run starts along a dim holds for every
      // element only where runs have length 1 (a range's 0 is divisible by
      // anything, its 1 is not).
      int64_t every = out.constantValue ? highestPowerOfTwoDividing(*out.constantValue) : int64_t(1) << 30;
      if (!out.constantValue)
        for (size_t d = 0; d < out.divisibility.size(); ++d)
          every = std::gcd(every, out.contiguity[d] > 1 ? int64_t(1) : out.divisibility[d]);
      out.contiguity.insert(out.contiguity.begin() + axis, 1);
      out.divisibility.insert(out.divisibility.begin() + axis, every);
      out.constancy.insert(out.constancy.begin() + axis, 1);
    }
    break;
  }
  case OpKind::Reshape: {
    // Only one that adds or drops size-1 dims keeps its facts: the other
    // dims are the operand's, in order; a new size-1 dim is as expand_dims
    // makes it.
    if (!tir::isUnitReshape(op))
      break; // a reshape that moves elements between dims: nothing known
    std::vector<int64_t> from = dims(op.operands[0]->type), to = dims(type);
    std::vector<unsigned> kept;
    for (unsigned d = 0; d < from.size(); ++d)
      if (from[d] != 1)
        kept.push_back(d);
    const AxisInfo &in = operand(0);
    int64_t every = in.constantValue ? highestPowerOfTwoDividing(*in.constantValue) : kMaxDivisibility;
    if (!in.constantValue)
      for (unsigned d = 0; d < in.rank(); ++d)
        every = std::gcd(every, in.contiguity[d] > 1 ? int64_t(1) : in.divisibility[d]);
    out = uniform(type, 1, every, 1);
    out.constantValue = in.constantValue;
    unsigned matched = 0;
    for (unsigned d = 0; d < rank; ++d) {
      if (to[d] == 1)
        continue;
      unsigned source = kept[matched++];
      out.contiguity[d] = in.contiguity[source];
      out.divisibility[d] = in.divisibility[source];
      out.constancy[d] = in.constancy[source];
    }
    break;
  }
  case OpKind::Broadcast: {
    out = operand(0);
    std::vector<int64_t> from = dims(op.operands[0]->type), to = dims(type);
    for (unsigned d = 0; d < rank; ++d)
      if (from[d] == 1 && to[d] != 1) {
        out.contiguity[d] = 1;
        out.constancy[d] = to[d];
      }
    break;
  }
  case OpKind::Trans: { // result dim d is operand dim order[d]
    const AxisInfo &in = operand(0);
    const auto &order = std::get<std::vector<int64_t>>(*op.attr("order"));
    for (unsigned d = 0; d < rank && order.size() == rank; ++d) {
      out.contiguity[d] = in.contiguity[size_t(order[d])];
      out.divisibility[d] = in.divisibility[size_t(order[d])];
      out.constancy[d] = in.constancy[size_t(order[d])];
    }
    out.constantValue = in.constantValue;
    break;
  }
  default:
    // Elementwise ops keep runs of equal inputs equal. Other ops (a
    // reshape, a reduction, a scan's running values, a dot) know nothing:
    // their operands' dims are not the result's.
    if (tir::hasTrait(op.kind, tir::kSameLayout) && op.kind != OpKind::Scan && !op.operands.empty()) {
      for (unsigned d = 0; d < rank; ++d) {
        int64_t c = dims(type)[d];
        for (const tir::Value *v : op.operands)
          c = std::gcd(c, get(v).constancy[d]);
        out.constancy[d] = c;
      }
    }
    break;
  }
  info_[result] = std::move(out);
}

unsigned AxisInfoAnalysis::vectorWidth(const tir::Value *pointer) const {
  const Type &t = pointer->type;
  if (!t.isTensor())
    return 1;
  std::optional<unsigned> fastest =
      t.layout ? t.layout->tensorDim(t.layout->order()[0]) : std::optional<unsigned>(unsigned(t.shape.size() - 1));
  if (!fastest) // the layout's fastest dim is sliced away: nothing runs contiguously
    return 1;
  return vectorWidthAlong(pointer, *fastest);
}

unsigned AxisInfoAnalysis::fastestDim(const tir::Value *pointer) const {
  const AxisInfo &a = get(pointer);
  unsigned best = a.rank() - 1;
  for (unsigned d = 0; d < a.rank(); ++d)
    if (a.contiguity[d] > a.contiguity[best])
      best = d;
  return best;
}

unsigned AxisInfoAnalysis::vectorWidthAlong(const tir::Value *pointer, unsigned fastest) const {
  const AxisInfo &a = get(pointer);
  const Type &t = pointer->type;
  if (!t.isTensor())
    return 1;
  int64_t elemBytes = std::max(1u, bitWidth(t.elem.pointee) / 8);
  int64_t width = std::min({a.contiguity[fastest], std::max<int64_t>(1, a.divisibility[fastest] / elemBytes),
                            std::max<int64_t>(1, 16 / elemBytes)});
  return unsigned(std::max<int64_t>(1, width));
}

void AxisInfoAnalysis::print(const tir::Function &function, std::ostream &out) const {
  unsigned id = 0;
  auto line = [&](const std::string &name, const tir::Value *v) {
    auto it = info_.find(v);
    if (it == info_.end() || !(isInteger(v->type.elem.kind) || v->type.elem.isPointer()))
      return;
    const AxisInfo &a = it->second;
    out << fmt::format("{}: contiguity = [{}], divisibility = [{}], constancy = [{}]", name,
                       fmt::join(a.contiguity, ", "), fmt::join(a.divisibility, ", "), fmt::join(a.constancy, ", "));
    if (a.constantValue)
      out << ", constant = " << *a.constantValue;
    out << '\n';
  };
  for (const auto &arg : function.body.args)
    line("%" + arg->nameHint, arg.get());
  // Number values in the order the IR printer does: results, then each
  // region's arguments and ops.
  std::function<void(const tir::Block &)> walk = [&](const tir::Block &block) {
    for (const auto &op : block.ops) {
      for (const auto &r : op->results)
        line(fmt::format("%{} ({})", id++, tir::mnemonic(op->kind)), r.get());
      for (const auto &region : op->regions) {
        for (const auto &arg : region->args)
          line(fmt::format("%{} (argument of {})", id++, tir::mnemonic(op->kind)), arg.get());
        walk(*region);
      }
    }
  };
  walk(function.body);
}

} // namespace tritonc
