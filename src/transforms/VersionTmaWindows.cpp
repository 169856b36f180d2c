#include "tritonc/transforms/VersionTmaWindows.h"

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/PipelineSchedule.h"
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/ir/CloneOps.h"
#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

const Type kI1 = Type::scalar(ElemType::scalar(ScalarKind::I1));
const Type kI32 = Type::scalar(ElemType::scalar(ScalarKind::I32));

Op *defOf(const Value *v) { return v ? v->definingOp() : nullptr; }

using tir::integerConstant;

// A value the tile's coordinates are built from: an SSA scalar, or a
// constant when `value` is null.
struct Scalar {
  Value *value = nullptr;
  int64_t constant = 0;

  bool operator==(const Scalar &o) const { return value == o.value && (value || constant == o.constant); }
  bool isConstant(int64_t c) const { return !value && constant == c; }
};

Scalar scalarOf(Value *v) {
  if (std::optional<int64_t> c = integerConstant(v))
    return {nullptr, *c};
  return {v, 0};
}

Value *throughConversions(Value *v) {
  while (Op *d = defOf(v)) {
    if (d->kind != OpKind::ConvertLayout && d->kind != OpKind::Broadcast)
      break;
    v = d->operands[0];
  }
  return v;
}

// The scalar every element of a splatted tensor holds.
std::optional<Scalar> splatScalar(Value *v) {
  v = throughConversions(v);
  if (!v->type.isTensor())
    return scalarOf(v);
  Op *d = defOf(v);
  if (d && d->kind == OpKind::Splat)
    return scalarOf(d->operands[0]);
  if (std::optional<int64_t> c = integerConstant(v))
    return Scalar{nullptr, *c};
  return std::nullopt;
}

// start + arange(0, size), wrapped `% modulus` where one is set.
struct IndexVector {
  Scalar start;
  int64_t size = 0;
  std::optional<Scalar> modulus;

  bool operator==(const IndexVector &) const = default;
};

std::optional<IndexVector> indexVector(Value *v) {
  while (Op *d = defOf(v)) {
    if (d->kind != OpKind::ConvertLayout && d->kind != OpKind::ExtSI)
      break;
    v = d->operands[0];
  }
  Op *d = defOf(v);
  if (!d || v->type.shape.size() != 1)
    return std::nullopt;
  if (d->kind == OpKind::MakeRange) {
    int64_t start = d->intAttr("start");
    return IndexVector{{nullptr, start}, d->intAttr("end") - start, std::nullopt};
  }
  if (d->kind == OpKind::AddI) {
    for (int side : {0, 1}) {
      std::optional<IndexVector> range = indexVector(d->operands[side]);
      std::optional<Scalar> offset = splatScalar(d->operands[1 - side]);
      if (!range || !offset || range->modulus)
        continue;
      // One of the two parts a constant zero: the sum is the other.
      if (range->start.isConstant(0))
        return IndexVector{*offset, range->size, std::nullopt};
      if (offset->isConstant(0))
        return range;
      if (!range->start.value && !offset->value)
        return IndexVector{{nullptr, range->start.constant + offset->constant}, range->size, std::nullopt};
    }
    return std::nullopt;
  }
  if (d->kind == OpKind::RemSI) {
    std::optional<IndexVector> range = indexVector(d->operands[0]);
    std::optional<Scalar> modulus = splatScalar(d->operands[1]);
    if (!range || range->modulus || !modulus || (!modulus->value && modulus->constant <= 0))
      return std::nullopt;
    range->modulus = modulus;
    return range;
  }
  return std::nullopt;
}

// A 2-D tile's index along one dim: broadcast(expand_dims(vector)).
struct DimIndex {
  unsigned dim = 0;
  IndexVector index;
};

std::optional<DimIndex> dimIndex(Value *v) {
  v = throughConversions(v);
  while (Op *d = defOf(v)) {
    if (d->kind != OpKind::ExtSI)
      break;
    v = throughConversions(d->operands[0]);
  }
  Op *d = defOf(v);
  if (!d || d->kind != OpKind::ExpandDims || v->type.shape.size() != 2)
    return std::nullopt;
  std::optional<IndexVector> index = indexVector(d->operands[0]);
  if (!index)
    return std::nullopt;
  return DimIndex{unsigned(1 - d->intAttr("axis")), *index};
}

// One addend of a tile's element offsets: index * stride along a dim.
struct OffsetTerm {
  DimIndex index;
  Scalar stride;
};

bool collectOffsetTerms(Value *offsets, std::vector<OffsetTerm> &terms) {
  offsets = throughConversions(offsets);
  Op *d = defOf(offsets);
  if (d && d->kind == OpKind::AddI)
    return collectOffsetTerms(d->operands[0], terms) && collectOffsetTerms(d->operands[1], terms);
  if (d && d->kind == OpKind::MulI) {
    for (int side : {0, 1}) {
      std::optional<DimIndex> index = dimIndex(d->operands[side]);
      std::optional<Scalar> stride = splatScalar(d->operands[1 - side]);
      if (index && stride) {
        terms.push_back({*index, *stride});
        return true;
      }
    }
    return false;
  }
  std::optional<DimIndex> index = dimIndex(offsets);
  if (!index)
    return false;
  terms.push_back({*index, {nullptr, 1}});
  return true;
}

// base + Σ index_d * stride_d, one term per dim of the 2-D tile.
struct PointerTile {
  Value *base = nullptr;
  std::array<std::optional<OffsetTerm>, 2> dims;
};

bool decomposePointers(Value *pointers, PointerTile &tile, std::vector<OffsetTerm> &terms) {
  pointers = throughConversions(pointers);
  Op *d = defOf(pointers);
  if (!d)
    return false;
  if (d->kind == OpKind::Splat) {
    tile.base = d->operands[0];
    return true;
  }
  return d->kind == OpKind::AddPtr && decomposePointers(d->operands[0], tile, terms) &&
         collectOffsetTerms(d->operands[1], terms);
}

std::optional<PointerTile> pointerTile(Value *pointers) {
  PointerTile tile;
  std::vector<OffsetTerm> terms;
  if (pointers->type.shape.size() != 2 || !decomposePointers(pointers, tile, terms) || terms.size() != 2)
    return std::nullopt;
  for (OffsetTerm &t : terms) {
    if (tile.dims[t.index.dim] || t.index.index.size != pointers->type.shape[t.index.dim])
      return std::nullopt;
    tile.dims[t.index.dim] = t;
  }
  return tile;
}

// A conjunct of the load's mask: index < bound along a dim.
struct MaskTerm {
  DimIndex index;
  Scalar bound;
};

bool collectMaskTerms(Value *mask, std::vector<MaskTerm> &terms) {
  mask = throughConversions(mask);
  Op *d = defOf(mask);
  if (!d)
    return false;
  if (d->kind == OpKind::AndI)
    return collectMaskTerms(d->operands[0], terms) && collectMaskTerms(d->operands[1], terms);
  auto lessThan = [](const Op *cmp) { return cmp && cmp->kind == OpKind::CmpI && cmp->strAttr("predicate") == "slt"; };
  if (d->kind == OpKind::ExpandDims && mask->type.shape.size() == 2) {
    // The comparison made on the vector, then expanded.
    Op *cmp = defOf(throughConversions(d->operands[0]));
    std::optional<IndexVector> index = lessThan(cmp) ? indexVector(cmp->operands[0]) : std::nullopt;
    std::optional<Scalar> bound = index ? splatScalar(cmp->operands[1]) : std::nullopt;
    if (!bound)
      return false;
    terms.push_back({{unsigned(1 - d->intAttr("axis")), *index}, *bound});
    return true;
  }
  if (!lessThan(d))
    return false;
  std::optional<DimIndex> index = dimIndex(d->operands[0]);
  std::optional<Scalar> bound = index ? splatScalar(d->operands[1]) : std::nullopt;
  if (!bound)
    return false;
  terms.push_back({*index, *bound});
  return true;
}

// Whether `v` is never negative, whatever the kernel's arguments: built
// from program ids, constants and `iv` (a loop's induction variable
// counting up from a non-negative start) by sums, products, quotients and
// remainders. A divisor of zero would be undefined behaviour already.
bool provablyNonNegative(const Value *v, const Value *iv, int depth = 0) {
  if (v == iv)
    return true;
  if (std::optional<int64_t> c = integerConstant(v))
    return *c >= 0;
  const Op *d = defOf(v);
  if (!d || depth > 12)
    return false;
  auto nonNegative = [&](unsigned i) { return provablyNonNegative(d->operands[i], iv, depth + 1); };
  switch (d->kind) {
  case OpKind::ProgramId:
  case OpKind::NumPrograms: return true;
  case OpKind::AddI:
  case OpKind::MulI:
  case OpKind::DivSI:
  case OpKind::MinSI: return nonNegative(0) && nonNegative(1);
  case OpKind::MaxSI: return nonNegative(0) || nonNegative(1);
  case OpKind::RemSI: // the sign of the dividend
  case OpKind::ExtSI: return nonNegative(0);
  default: return false;
  }
}

// What must hold, before the loop, for the window to be the tile: its
// first row or column is not negative, and a wrapped index stays inside
// the tensor (start + size <= extent).
struct StartCheck {
  Scalar start;
  int64_t size = 0;
  bool mayBeNegative = false;
  std::optional<Scalar> within;
};

// A load to read through a window: the tensor, the tile's first row and
// column (along `moving` advanced by `perIteration` elements per unit of
// the induction variable), and what the versioning checks.
struct WindowPlan {
  Op *load = nullptr;
  Value *base = nullptr;
  std::array<Scalar, 2> extent;
  Scalar rowStride;
  std::array<Scalar, 2> start;
  int moving = -1;
  int64_t perIteration = 0;
  std::vector<StartCheck> checks;
};

// `bound` is `X - iv * perIteration`: the elements left along the moving
// dim; returns X.
std::optional<Scalar> remainingFrom(const Scalar &bound, const Value *iv, int64_t perIteration) {
  const Op *sub = defOf(bound.value);
  if (!sub || sub->kind != OpKind::SubI)
    return std::nullopt;
  const Value *moved = sub->operands[1];
  bool matches = perIteration == 1 && moved == iv;
  if (const Op *mul = defOf(moved); mul && mul->kind == OpKind::MulI)
    for (int side : {0, 1})
      matches |= mul->operands[side] == iv && integerConstant(mul->operands[1 - side]) == perIteration;
  if (!matches)
    return std::nullopt;
  return scalarOf(sub->operands[0]);
}

// Axis info of a function, computed the first time a loop needs it: most
// kernels have no loop this pass changes.
class LazyAxisInfo {
public:
  explicit LazyAxisInfo(const tir::Function &function) : function_(function) {}
  const AxisInfoAnalysis &get() {
    if (!info_)
      info_.emplace(function_);
    return *info_;
  }

private:
  const tir::Function &function_;
  std::optional<AxisInfoAnalysis> info_;
};

class LoopVersioner {
public:
  LoopVersioner(tir::Function &function, LazyAxisInfo &axis, Op &loop)
      : function_(function), axis_(axis), loop_(loop), body_(*loop.regions[0]) {
    tir::collectDefinitions(body_, inside_);
    tir::collectUsers(body_, users_);
  }

  // The loads to read through windows, or none when the loop is not one
  // the pipeliner copies with TMA.
  std::vector<WindowPlan> plan() {
    std::vector<WindowPlan> plans;
    bool anyDot = false;
    for (const auto &op : body_.ops) {
      if (op->kind != OpKind::Dot)
        continue;
      anyDot = true;
      if (!tir::isWgmmaDot(*op) || !accumulatesAcrossIterations(*op))
        return {};
    }
    // TMA coordinates are 32-bit, and so is every check built below.
    std::optional<int64_t> lower = integerConstant(loop_.operands[0]), step = integerConstant(loop_.operands[2]);
    if (!anyDot || !lower || *lower != 0 || !step || *step <= 0 || body_.args[0]->type.elem.kind != ScalarKind::I32)
      return {};
    step_ = *step;
    for (const auto &op : body_.ops)
      if (op->kind == OpKind::Load && feedsOnlyDots(*op) && !storedColMajor(*op))
        if (std::optional<WindowPlan> p = planLoad(*op))
          plans.push_back(std::move(*p));
    return plans;
  }

private:
  bool accumulatesAcrossIterations(const Op &dot) {
    const Value *acc = dot.operands[2];
    const Op &yield = *body_.ops.back();
    for (size_t i = 1; i < body_.args.size(); ++i)
      if (body_.args[i].get() == acc)
        return yield.operands[i - 1] == dot.result();
    return false;
  }

  bool feedsOnlyDots(const Op &load) {
    const std::vector<Op *> &readers = users_[load.result()];
    return !readers.empty() && std::all_of(readers.begin(), readers.end(), [&](const Op *user) {
      return user->kind == OpKind::Dot && user->parent == &body_ && user->operands[2] != load.result();
    });
  }

  bool hostKnows(const Scalar &s) { return !s.value || kernelScalar(function_, s.value).has_value(); }

  std::optional<WindowPlan> planLoad(Op &load) {
    Value *iv = body_.args[0].get();
    if (load.result()->type.shape.size() != 2)
      return std::nullopt;
    if (load.operands.size() > 2 && !tir::isZeroConstant(load.operands[2]))
      return std::nullopt;
    WindowPlan plan;
    plan.load = &load;
    Value *pointers = load.operands[0];
    std::optional<PointerTile> tile;
    std::optional<Scalar> advance;
    if (pointers->ownerBlock() == &body_ && pointers->index() > 0) {
      // Carried: made before the loop, advanced by a scalar each iteration,
      // read by nothing but the load and the advance.
      unsigned carried = pointers->index() - 1;
      const Op *next = defOf(body_.ops.back()->operands[carried]);
      if (!next || next->kind != OpKind::AddPtr || next->operands[0] != pointers || users_[pointers].size() != 2)
        return std::nullopt;
      advance = splatScalar(next->operands[1]);
      tile = pointerTile(loop_.operands[3 + carried]);
    } else {
      tile = pointerTile(pointers);
    }
    if (!tile || !tile->dims[1]->stride.isConstant(1) || !hostKnows(tile->dims[0]->stride) ||
        !kernelScalar(function_, tile->base))
      return std::nullopt;
    plan.base = tile->base;
    plan.rowStride = tile->dims[0]->stride;
    if (advance) {
      int64_t elements = 0;
      if (!advance->value && advance->constant > 0) {
        plan.moving = 1;
        elements = advance->constant;
      } else if (const Op *mul = defOf(advance->value); mul && mul->kind == OpKind::MulI) {
        for (int side : {0, 1})
          if (std::optional<int64_t> rows = integerConstant(mul->operands[side]);
              rows && *rows > 0 && tile->dims[0]->stride.value == mul->operands[1 - side]) {
            plan.moving = 0;
            elements = *rows;
          }
      }
      if (plan.moving < 0 || elements % step_ != 0)
        return std::nullopt;
      plan.perIteration = elements / step_;
    }
    std::vector<MaskTerm> mask;
    if (load.operands.size() > 1 && !collectMaskTerms(load.operands[1], mask))
      return std::nullopt;
    for (unsigned dim : {0u, 1u}) {
      const IndexVector &index = tile->dims[dim]->index.index;
      const MaskTerm *term = nullptr;
      for (const MaskTerm &t : mask) {
        if (t.index.dim != dim)
          continue;
        if (term || !(t.index.index == index))
          return std::nullopt;
        term = &t;
      }
      plan.start[dim] = index.start;
      StartCheck check{index.start, index.size, false, std::nullopt};
      if (int(dim) == plan.moving) {
        std::optional<Scalar> extent =
            term && !index.modulus ? remainingFrom(term->bound, iv, plan.perIteration) : std::nullopt;
        if (!extent)
          return std::nullopt;
        plan.extent[dim] = *extent;
      } else if (index.modulus) {
        if (term)
          return std::nullopt;
        if (index.modulus->value && index.modulus->value->type.elem.kind != ScalarKind::I32)
          return std::nullopt;
        plan.extent[dim] = *index.modulus;
        check.within = index.modulus;
      } else {
        if (!term)
          return std::nullopt;
        plan.extent[dim] = term->bound;
      }
      if (!hostKnows(plan.extent[dim]))
        return std::nullopt;
      if (index.start.value && index.start.value->type.elem.kind != ScalarKind::I32)
        return std::nullopt;
      if (!index.start.value && index.start.constant < 0)
        return std::nullopt;
      bool nonNegative = !index.start.value || provablyNonNegative(index.start.value, iv);
      if (index.start.value && inside_.count(index.start.value)) {
        // Computed in the loop: only what needs no check before it.
        if (!nonNegative || check.within)
          return std::nullopt;
        continue;
      }
      check.mayBeNegative = !nonNegative;
      if (check.mayBeNegative || check.within)
        plan.checks.push_back(check);
    }
    if (!copyableByTma(plan, load.result()->type))
      return std::nullopt;
    return plan;
  }

  // What tmaWindow (TmaWindow.h) asks beyond the window itself: a tile TMA
  // moves, and 16-byte alignment of the base, the rows and the tile's first
  // column (a misaligned copy traps).
  bool copyableByTma(const WindowPlan &plan, const Type &tile) {
    if (!tmaMovesTile(tile.elem.kind, tile.shape[0], tile.shape[1]))
      return false;
    int64_t bytes = bitWidth(tile.elem.kind) / 8;
    auto divisibility = [&](const Scalar &s) -> int64_t {
      if (!s.value)
        return s.constant;
      std::optional<KernelScalar> host = kernelScalar(function_, s.value);
      if (host && host->param)
        return function_.paramHints[*host->param].divisibility;
      return axis_.get().get(s.value).divisibility[0];
    };
    auto aligned = [&](int64_t elements) { return elements != 0 && (elements * bytes) % 16 == 0; };
    bool columnAligned = plan.start[1].isConstant(0) || aligned(divisibility(plan.start[1]));
    if (plan.moving == 1)
      columnAligned = columnAligned && aligned(plan.perIteration);
    return divisibility({plan.base, 0}) % 16 == 0 && aligned(divisibility(plan.rowStride)) && columnAligned;
  }

  tir::Function &function_;
  LazyAxisInfo &axis_;
  Op &loop_;
  Block &body_;
  std::unordered_set<const Value *> inside_;
  tir::Users users_;
  int64_t step_ = 1;
};

Value *materialize(tir::Builder &b, const Scalar &s, SourceRange loc) {
  if (s.value)
    return s.value;
  return b.value(OpKind::Constant, {}, kI32, loc, {{"value", s.constant}});
}

// The checks of every plan, as one i1 before the loop; null when none.
Value *versionCondition(tir::Builder &b, const std::vector<WindowPlan> &plans, SourceRange loc) {
  Value *all = nullptr;
  auto conjoin = [&](Value *c) { all = all ? b.value(OpKind::AndI, {all, c}, kI1, loc) : c; };
  auto compare = [&](const char *predicate, Value *x, Value *y) {
    return b.value(OpKind::CmpI, {x, y}, kI1, loc, {{"predicate", std::string(predicate)}});
  };
  for (const WindowPlan &plan : plans)
    for (const StartCheck &check : plan.checks) {
      Value *start = materialize(b, check.start, loc);
      if (check.mayBeNegative)
        conjoin(compare("sge", start, materialize(b, {nullptr, 0}, loc)));
      if (check.within) {
        // extent >= size and start <= extent - size: no sum that overflows.
        Value *extent = materialize(b, *check.within, loc);
        Value *size = materialize(b, {nullptr, check.size}, loc);
        conjoin(compare("sge", extent, size));
        conjoin(compare("sle", start, b.value(OpKind::SubI, {extent, size}, kI32, loc)));
      }
    }
  return all;
}

// Makes each plan's load (its copy in `loop` through `mapping`, where
// given) read a window of its pointers.
void readThroughWindows(Op &loop, const std::vector<WindowPlan> &plans, const tir::ValueMapping &mapping) {
  Block &body = *loop.regions[0];
  auto mapped = [&](Value *v) {
    auto it = mapping.find(v);
    return it == mapping.end() ? v : it->second;
  };
  for (const WindowPlan &plan : plans) {
    Op *load = defOf(mapped(plan.load->result()));
    auto pos = tir::positionOf(body, load);
    tir::Builder b(body, pos);
    SourceRange loc = load->loc;
    std::array<Value *, 2> start;
    for (unsigned dim : {0u, 1u}) {
      Scalar first = plan.start[dim];
      if (first.value)
        first.value = mapped(first.value);
      if (int(dim) != plan.moving) {
        start[dim] = materialize(b, first, loc);
        continue;
      }
      Value *moved = body.args[0].get();
      if (plan.perIteration != 1)
        moved = b.value(OpKind::MulI, {moved, materialize(b, {nullptr, plan.perIteration}, loc)}, kI32, loc);
      start[dim] = first.isConstant(0) ? moved : b.value(OpKind::AddI, {materialize(b, first, loc), moved}, kI32, loc);
    }
    Value *unitStride =
        b.value(OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I64)), loc, {{"value", int64_t(1)}});
    std::vector<Value *> operands{load->operands[0],
                                  plan.base,
                                  materialize(b, plan.extent[0], loc),
                                  materialize(b, plan.extent[1], loc),
                                  materialize(b, plan.rowStride, loc),
                                  unitStride,
                                  start[0],
                                  start[1]};
    load->operands[0] = b.value(OpKind::WindowPointers, std::move(operands), load->operands[0]->type, loc);
  }
}

void versionLoop(tir::Function &function, LazyAxisInfo &axis, Block &parent, Op &loop, unsigned stages) {
  if (loopStages(loop, stages) < 2)
    return;
  std::vector<WindowPlan> plans = LoopVersioner(function, axis, loop).plan();
  if (plans.empty())
    return;
  auto pos = tir::positionOf(parent, &loop);
  tir::Builder before(parent, pos);
  Value *condition = versionCondition(before, plans, loop.loc);
  if (!condition) {
    readThroughWindows(loop, plans, {});
    return;
  }
  // Only the results read after the loop leave the branches: the
  // pipeliner leaves alone a loop whose advanced pointers are read after it.
  tir::Users users;
  tir::collectUsers(parent, users);
  std::vector<unsigned> live;
  std::vector<Type> types;
  for (unsigned i = 0; i < loop.results.size(); ++i)
    if (users.count(loop.result(i))) {
      live.push_back(i);
      types.push_back(loop.result(i)->type);
    }
  Op *branch = before.create(OpKind::If, {condition}, types, {}, loop.loc);
  for (size_t i = 0; i < live.size(); ++i)
    tir::replaceAllUses(parent, loop.result(live[i]), branch->result(unsigned(i)));

  auto windowed = std::make_unique<Block>();
  tir::Builder thenBuilder(*windowed);
  tir::ValueMapping mapping;
  Op *copy = tir::cloneOp(thenBuilder, loop, mapping);
  readThroughWindows(*copy, plans, mapping);
  std::vector<Value *> copyResults;
  for (unsigned i : live)
    copyResults.push_back(copy->result(i));
  thenBuilder.create(OpKind::Yield, copyResults, {}, {}, loop.loc);

  auto asWritten = std::make_unique<Block>();
  tir::moveOp(parent, pos, *asWritten, asWritten->ops.end());
  std::vector<Value *> results;
  for (unsigned i : live)
    results.push_back(loop.result(i));
  tir::Builder(*asWritten).create(OpKind::Yield, results, {}, {}, loop.loc);

  branch->regions.push_back(std::move(windowed));
  branch->regions.push_back(std::move(asWritten));
}

} // namespace

void versionLoopsForTmaWindows(tir::Module &module) {
  if (!module.target.hasBulkTensorCopies() || !module.allowTma)
    return;
  for (auto &f : module.functions) {
    std::vector<std::pair<Block *, Op *>> loops;
    tir::forEachLoopInnermostFirst(
        f->body, {OpKind::For}, [&](Block &parent, tir::OpPosition pos) { loops.emplace_back(&parent, pos->get()); });
    // Facts about values that exist before any loop is versioned, which
    // versioning leaves in place.
    LazyAxisInfo axis(*f);
    for (auto [parent, loop] : loops)
      versionLoop(*f, axis, *parent, *loop, module.numStages);
  }
}

} // namespace tritonc
