#include "tritonc/transforms/SoftwarePipeline.h"

#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;
using Users = std::unordered_map<const Value *, std::vector<Op *>>;
using Mapping = std::unordered_map<const Value *, Value *>;

void collectUsers(Block &block, Users &users) {
  for (auto &op : block.ops) {
    for (Value *v : op->operands)
      users[v].push_back(op.get());
    for (auto &region : op->regions)
      collectUsers(*region, users);
  }
}

// Whether `op` or an op nested in it reads `v`.
bool reads(const Op &op, const Value *v) {
  if (std::find(op.operands.begin(), op.operands.end(), v) != op.operands.end())
    return true;
  for (const auto &region : op.regions)
    for (const auto &inner : region->ops)
      if (reads(*inner, v))
        return true;
  return false;
}

bool isWgmmaDot(const Op &op) { return op.kind == OpKind::Dot && op.attr("instruction"); }

std::optional<int64_t> constantInt(const Value *v) {
  const Op *def = v->definingOp();
  if (!def || def->kind != OpKind::Constant || v->type.isTensor())
    return std::nullopt;
  if (const int64_t *i = std::get_if<int64_t>(def->attr("value")))
    return *i;
  return std::nullopt;
}

// A tile is stored along the dim its threads read contiguously, so that
// each copy moves a whole run.
bool storedColMajor(const Op &load) { return load.operands[0]->type.layout->order()[0] == 0; }

Value *lookup(const Mapping &m, Value *v) {
  auto it = m.find(v);
  return it == m.end() ? v : it->second;
}

// What a bulk tensor copy of a load needs: the tensor as the host knows it
// (TensorMaps.h), and the window's first row and column.
struct TmaSource {
  KernelScalar base, rows, cols, rowStride;
  Value *row, *col;
};

// Sizes extended to the width an address computes in keep their value.
const Value *throughExtensions(const Value *v) {
  while (v->definingOp() && (v->definingOp()->kind == OpKind::ExtSI || v->definingOp()->kind == OpKind::ExtUI))
    v = v->definingOp()->operands[0];
  return v;
}

// Whether TMA can read `load`'s tile: a 2-D window of a row-major tensor
// whose base, shape and strides the host knows, with the 16-byte alignment
// of base and rows that tensor maps require, starting at a column 16-byte
// aligned too (the copy traps otherwise), stored in its slot row by row in
// boxes of at most 256 rows and 128-byte lines.
std::optional<TmaSource> tmaSource(const tir::Function &function, const AxisInfoAnalysis &axis, const Op &load) {
  const Op *window = load.operands[0]->definingOp();
  if (!window || window->kind != OpKind::WindowPointers || window->operands.size() != 8 || storedColMajor(load))
    return std::nullopt;
  ScalarKind kind = load.result()->type.elem.kind;
  bool copyable = kind == ScalarKind::F16 || kind == ScalarKind::BF16 || kind == ScalarKind::F32 ||
                  kind == ScalarKind::I8 || kind == ScalarKind::U8 || isFp8(kind);
  if (!copyable)
    return std::nullopt;
  unsigned bytes = bitWidth(kind) / 8;
  // Operands: pointers, base, rows, cols, row stride, column stride, row, col.
  auto known = [&](unsigned i) { return kernelScalar(function, throughExtensions(window->operands[i])); };
  std::optional<KernelScalar> base = known(1), rows = known(2), cols = known(3), rowStride = known(4),
                              colStride = known(5);
  if (!base || !base->param || !rows || !cols || !rowStride || colStride != KernelScalar{std::nullopt, 1})
    return std::nullopt;
  auto divisibility = [&](const KernelScalar &s) {
    return s.param ? function.paramHints[*s.param].divisibility : s.constant;
  };
  // A tensor descriptor's base and row stride are 16-byte aligned by the
  // language's contract (Triton's descriptors assume it as well).
  bool aligned = window->attr("descriptor") != nullptr;
  if ((!aligned && (divisibility(*base) % 16 != 0 || (divisibility(*rowStride) * bytes) % 16 != 0)) ||
      (axis.get(window->operands[7]).divisibility[0] * bytes) % 16 != 0)
    return std::nullopt;
  for (const KernelScalar &positive : {*rows, *cols, *rowStride})
    if (!positive.param && positive.constant <= 0)
      return std::nullopt;
  const std::vector<int64_t> &shape = load.result()->type.shape;
  TmaBox box = tmaBox(shape[0], shape[1], bytes);
  if (box.rows > 256 || box.cols > 256 || box.cols * bytes < 16 || box.copies * box.cols != shape[1])
    return std::nullopt;
  return TmaSource{*base, *rows, *cols, *rowStride, window->operands[6], window->operands[7]};
}

// One load the pipeliner copies ahead into a ring of shared-memory slots.
struct PipelinedLoad {
  Op *load;
  std::vector<const Op *> transposes; // the `trans` ops between the load and dots
  std::vector<const Op *> dots;       // the dots it feeds, directly or transposed
  bool readDirectly;                  // some dot reads the tile as loaded
  bool intoRegisters;                 // read back into registers where the load was
  std::optional<TmaSource> tma;      // copied by TMA when set
  bool cpAsyncCopyable;              // as first found
  std::vector<Value *> tensorFields; // TMA only: base, rows, cols, row stride, 1
  Value *buffer = nullptr;           // the ring, once made
};

class LoopPipeliner {
public:
  LoopPipeliner(Block &parent, std::list<std::unique_ptr<Op>>::iterator pos, unsigned stages,
                const AxisInfoAnalysis &axis, tir::Function &function, bool allowTma, uint64_t maxSharedBytes)
      : parent_(parent), pos_(pos), loop_(**pos), body_(*loop_.regions[0]), stages_(stages), axis_(axis),
        function_(function), allowTma_(allowTma), maxSharedBytes_(maxSharedBytes) {
    collectUsers(function.body, users_);
  }

  bool run() {
    if (!qualifies())
      return false;
    rewrite();
    return true;
  }

private:
  const std::vector<Op *> &usersOf(const Value *v) {
    static const std::vector<Op *> none;
    auto it = users_.find(v);
    return it == users_.end() ? none : it->second;
  }

  bool isPipelinedLoad(const Op *op) const {
    return std::any_of(loads_.begin(), loads_.end(), [&](const PipelinedLoad &l) { return l.load == op; });
  }
  bool isPipelinedTranspose(const Op *op) const {
    return op && std::any_of(loads_.begin(), loads_.end(), [&](const PipelinedLoad &l) {
             return std::find(l.transposes.begin(), l.transposes.end(), op) != l.transposes.end();
           });
  }

  bool qualifies() {
    std::optional<int64_t> step = constantInt(loop_.operands[2]);
    if (!step || *step <= 0)
      return false;
    step_ = *step;
    iv_ = body_.args[0].get();
    for (auto &owned : body_.ops) {
      Op &op = *owned;
      if (op.kind != OpKind::Load || op.result()->type.shape.size() != 2)
        continue;
      // The tile goes only to dots, as it is or transposed (`k.T` in
      // attention), as many as read it (the backward reads Q as one dot's A
      // and another's B): each reads the slot, a transposed reader as the
      // transposed view of its bytes.
      PipelinedLoad candidate{&op, {}, {}, false, false, std::nullopt, false, {}};
      if (!feedsOnlyDots(op, candidate)) {
        // A tile that reaches a dot through other ops (converted, scaled)
        // or feeds a dot that reads registers (fp32 `ieee` on FMA units) is
        // copied ahead all the same and read back where it was loaded.
        if (!reachesDotOperand(op.result()))
          continue;
        candidate = PipelinedLoad{&op, {}, {}, false, true, std::nullopt, false, {}};
      }
      const Value *mask = op.operands.size() > 1 ? op.operands[1] : nullptr;
      if (op.operands.size() > 2 && !tir::isZeroConstant(op.operands[2]))
        continue;
      // TMA needs no vector width: a window whose offsets axis info knows
      // nothing about (a block pointer's, advanced in the loop) still qualifies.
      bool copyable = asyncCopyWidth(axis_, op.operands[0], mask) * bitWidth(op.result()->type.elem.kind) >= 32;
      std::optional<TmaSource> tma =
          allowTma_ && !candidate.intoRegisters ? tmaSource(function_, axis_, op) : std::nullopt;
      if (!copyable && !tma)
        continue;
      candidate.tma = tma;
      candidate.cpAsyncCopyable = copyable;
      loads_.push_back(std::move(candidate));
    }
    if (!ringsFit())
      std::erase_if(loads_, [](const PipelinedLoad &l) { return l.intoRegisters; });
    if (loads_.empty())
      return false;
    if (usesTma()) {
      if (collectAddressOps() && asynchronousDots())
        return true;
      // With dots that wait for their products, TMA measured slower than
      // cp.async (the attention forward, bench/RESULTS.md 2026-11-25): it
      // stays only for tiles cp.async cannot take.
      carried_.clear();
      addressOps_.clear();
      for (PipelinedLoad &l : loads_)
        if (l.cpAsyncCopyable)
          l.tma.reset();
      if (usesTma() && collectAddressOps())
        return true;
      carried_.clear();
      addressOps_.clear();
      std::erase_if(loads_, [](const PipelinedLoad &l) { return !l.cpAsyncCopyable; });
      for (PipelinedLoad &l : loads_)
        l.tma.reset();
      if (loads_.empty())
        return false;
    }
    return collectAddressOps();
  }

  // Whether every reader of `load`'s tile is a dot of this body in an MMA
  // layout taking it as A or B, or a transpose whose readers all are;
  // records them in `l`.
  bool feedsOnlyDots(const Op &load, PipelinedLoad &l) {
    auto dotOperand = [&](const Op *user, const Value *operand) {
      return user->kind == OpKind::Dot && user->parent == &body_ && user->result()->type.layout->isMma() &&
             user->operands[2] != operand;
    };
    const std::vector<Op *> &users = usersOf(load.result());
    if (users.empty())
      return false;
    for (const Op *user : users) {
      if (dotOperand(user, load.result())) {
        l.readDirectly = true;
        l.dots.push_back(user);
        continue;
      }
      if (user->kind != OpKind::Trans || user->parent != &body_ || usersOf(user->result()).empty())
        return false;
      for (const Op *reader : usersOf(user->result())) {
        if (!dotOperand(reader, user->result()))
          return false;
        l.dots.push_back(reader);
      }
      l.transposes.push_back(user);
    }
    return true;
  }

  // Whether `v` reaches a dot's A or B in this body, through any ops.
  bool reachesDotOperand(const Value *v) {
    std::vector<const Value *> work{v};
    std::unordered_set<const Value *> seen{v};
    while (!work.empty()) {
      const Value *value = work.back();
      work.pop_back();
      for (const Op *user : usersOf(value)) {
        if (user->parent != &body_)
          continue;
        if (user->kind == OpKind::Dot && (user->operands[0] == value || user->operands[1] == value))
          return true;
        for (const auto &r : user->results)
          if (seen.insert(r.get()).second)
            work.push_back(r.get());
      }
    }
    return false;
  }

  // Whether the rings of every candidate load, beside the dots' operands
  // staged through shared memory in the loop, fit the target's shared
  // memory: tiles read back into registers are pipelined only where they do
  // (the dots' own rings keep their depth).
  bool ringsFit() const {
    uint64_t bytes = 0;
    for (const PipelinedLoad &l : loads_)
      bytes += uint64_t(stages_) * uint64_t(l.load->result()->type.numElements()) *
               (bitWidth(l.load->result()->type.elem.kind) / 8);
    for (const auto &op : body_.ops)
      if (op->kind == OpKind::Dot)
        for (int i = 0; i < 2; ++i) {
          const Value *operand = op->operands[size_t(i)];
          const Op *def = operand->definingOp();
          bool ringed = std::any_of(loads_.begin(), loads_.end(), [&](const PipelinedLoad &l) {
            return !l.intoRegisters && (l.load == def || std::find(l.transposes.begin(), l.transposes.end(), def) !=
                                                             l.transposes.end());
          });
          if (!ringed)
            bytes += uint64_t(operand->type.numElements()) * std::max(1u, bitWidth(operand->type.elem.kind) / 8);
        }
    return bytes <= maxSharedBytes_;
  }

  bool usesTma() const {
    return std::any_of(loads_.begin(), loads_.end(), [](const PipelinedLoad &l) { return l.tma.has_value(); });
  }
  bool usesCpAsync() const {
    return std::any_of(loads_.begin(), loads_.end(), [](const PipelinedLoad &l) { return !l.tma.has_value(); });
  }

  // Ops of the body that only compute the pointers and masks of loads
  // TMA copies replace: dead once those loads are gone.
  std::unordered_set<const Op *> tmaOnlyOps() {
    std::unordered_set<const Op *> dead;
    for (const PipelinedLoad &l : loads_)
      if (l.tma)
        dead.insert(l.load);
    for (auto it = body_.ops.rbegin(); it != body_.ops.rend(); ++it) {
      const Op *op = it->get();
      if (dead.count(op) || !tir::isPure(op->kind) || !op->regions.empty() || op->results.empty())
        continue;
      bool unused = std::all_of(op->results.begin(), op->results.end(), [&](const auto &r) {
        const std::vector<Op *> &users = usersOf(r.get());
        return !users.empty() &&
               std::all_of(users.begin(), users.end(), [&](const Op *u) { return dead.count(u) > 0; });
      });
      if (unused)
        dead.insert(op);
    }
    return dead;
  }

  // The ops (and loop-carried values) the loads' pointers and masks depend
  // on in the body, which run ahead for the later iteration.
  bool collectAddressOps() {
    const Op &yield = *body_.ops.back();
    std::vector<const Value *> work;
    for (const PipelinedLoad &l : loads_) {
      if (l.tma)
        work.insert(work.end(), {l.tma->row, l.tma->col});
      else
        work.insert(work.end(), l.load->operands.begin(),
                    l.load->operands.begin() + std::min<size_t>(2, l.load->operands.size()));
    }
    std::unordered_set<const Op *> ahead;
    while (!work.empty()) {
      const Value *v = work.back();
      work.pop_back();
      if (v == iv_)
        continue;
      if (v->ownerBlock() == &body_) {
        if (carried_.insert(v->index() - 1).second)
          work.push_back(yield.operands[v->index() - 1]);
        continue;
      }
      const Op *def = v->definingOp();
      if (!def || def->parent != &body_) // defined before the loop
        continue;
      if (!tir::isPure(def->kind) || !def->regions.empty())
        return false;
      if (ahead.insert(def).second)
        work.insert(work.end(), def->operands.begin(), def->operands.end());
    }
    // Nothing else may read the carried values that now run ahead, nor
    // what is computed from them; what only the induction variable and
    // values from outside feed (a K-tail bound, say) stays for other
    // readers, and is computed again for the later iteration.
    std::unordered_set<const Value *> advanced;
    for (unsigned j : carried_)
      advanced.insert(body_.args[1 + j].get());
    for (const auto &owned : body_.ops)
      if (ahead.count(owned.get()) && std::any_of(owned->operands.begin(), owned->operands.end(),
                                                  [&](const Value *v) { return advanced.count(v); }))
        for (const auto &r : owned->results)
          advanced.insert(r.get());
    std::unordered_set<const Op *> dead = tmaOnlyOps();
    auto readersOk = [&](const Value *v, std::optional<unsigned> carriedIndex) {
      for (const Op *user : usersOf(v)) {
        if (ahead.count(user) || isPipelinedLoad(user) || dead.count(user))
          continue;
        if (user != &yield)
          return false;
        for (size_t j = 0; j < yield.operands.size(); ++j)
          if (yield.operands[j] == v && !carried_.count(unsigned(j)))
            return false;
      }
      return !carriedIndex || usersOf(loop_.result(*carriedIndex)).empty();
    };
    for (const auto &owned : body_.ops)
      if (ahead.count(owned.get())) {
        addressOps_.push_back(owned.get());
        for (const auto &r : owned->results)
          if (advanced.count(r.get()) && !readersOk(r.get(), std::nullopt))
            return false;
      }
    for (unsigned j : carried_)
      if (!readersOk(body_.args[1 + j].get(), j))
        return false;
    return true;
  }

  Value *constant(tir::Builder &b, int64_t value, const Type &type) {
    return b.value(OpKind::Constant, {}, type, loop_.loc, {{"value", value}});
  }

  // Clones the address ops for another iteration: `m` maps the induction
  // variable and the carried values to theirs, and learns the clones.
  void cloneAddressOps(tir::Builder &b, Mapping &m) {
    for (const Op *op : addressOps_) {
      std::vector<Value *> operands;
      for (Value *v : op->operands)
        operands.push_back(lookup(m, v));
      std::vector<Type> types;
      for (const auto &r : op->results)
        types.push_back(r->type);
      Op *clone = b.create(op->kind, operands, types, op->attrs, op->loc);
      for (size_t i = 0; i < op->results.size(); ++i)
        m[op->results[i].get()] = clone->result(unsigned(i));
    }
  }

  // One copy per pipelined load into `slot`, all masked off unless `valid`;
  // then the group is closed. Addresses and masks are computed where `b`
  // stands, the copies issued where `issue` does (the same place, or after
  // the dots when those run asynchronously).
  void emitCopies(tir::Builder &b, tir::Builder &issue, const Mapping &m, Value *slot, Value *valid) {
    std::vector<std::pair<Value *, Value *>> copies; // pointers, mask
    for (const PipelinedLoad &l : loads_) {
      const Op &load = *l.load;
      if (l.tma) {
        copies.emplace_back(lookup(m, l.tma->row), lookup(m, l.tma->col));
        continue;
      }
      Value *pointers = lookup(m, load.operands[0]);
      Type maskType = pointers->type.withElem(ElemType::scalar(ScalarKind::I1));
      Value *mask = b.value(OpKind::Splat, {valid}, maskType, load.loc);
      if (load.operands.size() > 1)
        mask = b.value(OpKind::AndI, {lookup(m, load.operands[1]), mask}, maskType, load.loc);
      copies.emplace_back(pointers, mask);
    }
    for (size_t i = 0; i < loads_.size(); ++i) {
      const PipelinedLoad &l = loads_[i];
      if (l.tma) {
        std::vector<Value *> operands{l.buffer, slot, valid};
        operands.insert(operands.end(), l.tensorFields.begin(), l.tensorFields.end());
        operands.insert(operands.end(), {copies[i].first, copies[i].second});
        issue.create(OpKind::TmaCopy, operands, {}, {}, l.load->loc);
      } else {
        issue.create(OpKind::AsyncCopy, {l.buffer, slot, copies[i].first, copies[i].second}, {}, {}, l.load->loc);
      }
    }
    if (usesCpAsync())
      issue.create(OpKind::AsyncCommit, {}, {}, {}, loop_.loc);
  }

  // A value the host knows, as a kernel parameter or a constant made where
  // `b` stands.
  Value *hostValue(tir::Builder &b, const KernelScalar &s) {
    if (s.param)
      return function_.body.args[*s.param].get();
    return constant(b, s.constant, Type::scalar(ElemType::scalar(ScalarKind::I64)));
  }

  Value *iterationValid(tir::Builder &b, Value *iv) {
    return b.value(OpKind::CmpI, {iv, loop_.operands[1]}, Type::scalar(ElemType::scalar(ScalarKind::I1)), loop_.loc,
                   {{"predicate", std::string("slt")}});
  }

  // Whether a dot reads an operand staged through scratch shared memory
  // (neither a ring slot once pipelined, nor a shared tile, nor registers
  // holding a previous product): a dot left running would read it past its
  // buffer's program point, where other buffers may take its bytes.
  bool stagedThroughScratch(const Op &dot) const {
    for (int i = 0; i < 2; ++i) {
      const Value *v = dot.operands[size_t(i)];
      const Op *def = v->definingOp();
      const std::optional<Layout> &layout = v->type.layout;
      bool inPlace = isPipelinedLoad(def) || isPipelinedTranspose(def) || (layout && layout->shared) ||
                     (i == 0 && accumulatorFeedsOperandA(v->type, *dot.result()->type.layout));
      if (!inPlace)
        return true;
    }
    return false;
  }

  // Whether every dot the pipelined loads feed runs on wgmma and only
  // accumulates across iterations (its accumulator a carried value it
  // alone reads, its product yielded back in that place): then each may
  // leave its products in flight while the next iteration starts, and
  // the copies into the slot the previous iteration read wait for them.
  // Returns the last such dot in the body.
  Op *asynchronousDots() {
    const Op &yield = *body_.ops.back();
    Op *last = nullptr;
    for (auto &owned : body_.ops) {
      Op *op = owned.get();
      bool fed = std::any_of(loads_.begin(), loads_.end(), [&](const PipelinedLoad &l) {
        return std::find(l.dots.begin(), l.dots.end(), op) != l.dots.end();
      });
      if (!fed)
        continue;
      const Value *acc = op->operands[2];
      const std::vector<Op *> &readers = usersOf(op->result());
      if (!op->attr("instruction") || stagedThroughScratch(*op) || acc->ownerBlock() != &body_ || acc->index() == 0 ||
          readers.size() != 1 || readers[0] != &yield || yield.operands[acc->index() - 1] != op->result() ||
          usersOf(acc).size() != 1 || carried_.count(acc->index() - 1))
        return nullptr;
      last = op;
    }
    return last;
  }

  // A wgmma dot whose products only the next iteration reads, and only
  // after an earlier wgmma dot of that iteration has waited for its own
  // (attention: P·V, whose output the next iteration rescales after its
  // Q·Kᵀ). That dot's `wgmma.wait_group 0` completes both groups, so this
  // one need not wait: it runs on through the loop's back edge, as
  // Triton's does. The copies then start later in the iteration, after
  // that first dot: measured on an H100 (bench/RESULTS.md, 2026-11-25),
  // that pays where the dot's products only feed its own next instance
  // (the backward's dV += Pᵀ·dO) or where one warpgroup has no other to
  // keep the tensor cores busy through the softmax (the forward at 4
  // warps: 0.96 -> 1.06 x Triton), and costs the 8-warp forward 5-10%.
  struct DeferredDot {
    Op *dot = nullptr;
    Op *covering = nullptr; // the dot whose wait completes it
    int64_t carried = 0;    // the loop-carried value it produces
  };
  DeferredDot deferrableDot() {
    const Op &yield = *body_.ops.back();
    Op *firstWaiting = nullptr;
    for (auto &owned : body_.ops) {
      Op *dot = owned.get();
      if (!isWgmmaDot(*dot))
        continue;
      if (!firstWaiting) {
        firstWaiting = dot;
        continue;
      }
      if (stagedThroughScratch(*dot))
        continue;
      const std::vector<Op *> &readers = usersOf(dot->result());
      auto slot = std::find(yield.operands.begin(), yield.operands.end(), dot->result());
      if (readers.size() != 1 || readers[0] != &yield || slot == yield.operands.end() ||
          std::find(std::next(slot), yield.operands.end(), dot->result()) != yield.operands.end())
        continue;
      const Value *next = body_.args[1 + size_t(slot - yield.operands.begin())].get();
      const std::vector<Op *> &nextReaders = usersOf(next);
      bool accumulates = nextReaders.size() == 1 && nextReaders[0] == dot && dot->operands[2] == next;
      const std::vector<unsigned> &warps = dot->result()->type.layout->warpsPerCTA();
      bool oneWarpgroup = std::accumulate(warps.begin(), warps.end(), 1u, std::multiplies<>()) == 4;
      if (!accumulates && !oneWarpgroup)
        continue;
      // Not even the covering dot may read them: it is issued before its wait.
      bool readEarly = false;
      for (auto &op : body_.ops) {
        readEarly = readEarly || reads(*op, next);
        if (op.get() == firstWaiting)
          break;
      }
      if (!readEarly)
        return {dot, firstWaiting, int64_t(slot - yield.operands.begin())};
    }
    return {};
  }

  void rewrite() {
    const Type &ivType = iv_->type;
    Type i32 = Type::scalar(ElemType::scalar(ScalarKind::I32));
    Op &yield = *body_.ops.back();
    int64_t S = stages_;

    // Prologue: the ring buffers and the copies of the first S-1 iterations.
    tir::Builder pre(parent_, pos_);
    for (PipelinedLoad &l : loads_) {
      const Op *load = l.load;
      const Type &t = load->result()->type;
      Type ring = Type::tensor(t.elem, {S, t.shape[0], t.shape[1]});
      ring.layout = Layout::sharedMemory(storedColMajor(*load));
      std::vector<tir::NamedAttribute> attrs;
      if (l.tma) {
        attrs.push_back({"barriers", int64_t(1)});
        const TmaSource &src = *l.tma;
        l.tensorFields = {hostValue(pre, src.base), hostValue(pre, src.rows), hostValue(pre, src.cols),
                          hostValue(pre, src.rowStride), hostValue(pre, KernelScalar{std::nullopt, 1})};
      }
      l.buffer = pre.value(OpKind::LocalAlloc, {}, ring, load->loc, attrs);
    }
    Mapping current; // the carried values as the next iteration starts with them
    for (unsigned j : carried_)
      current[body_.args[1 + j].get()] = loop_.operands[3 + j];
    for (int64_t s = 0; s + 1 < S; ++s) {
      Value *iv =
          s == 0 ? loop_.operands[0]
                 : pre.value(OpKind::AddI, {loop_.operands[0], constant(pre, s * step_, ivType)}, ivType, loop_.loc);
      Mapping m = current;
      m[iv_] = iv;
      cloneAddressOps(pre, m);
      emitCopies(pre, pre, m, constant(pre, s, i32), iterationValid(pre, iv));
      for (unsigned j : carried_)
        current[body_.args[1 + j].get()] = lookup(m, yield.operands[j]);
    }

    // The loop carries the values S-1 iterations ahead, and the two slots.
    for (unsigned j : carried_)
      loop_.operands[3 + j] = current.at(body_.args[1 + j].get());
    loop_.operands.push_back(constant(pre, 0, i32));
    loop_.operands.push_back(constant(pre, S - 1, i32));
    Value *readSlot = body_.addArgument(i32, "read_slot");
    Value *writeSlot = body_.addArgument(i32, "write_slot");
    // The parity of the phase the read slot's mbarrier completes next.
    Value *readPhase = nullptr;
    if (usesTma()) {
      loop_.operands.push_back(constant(pre, 0, i32));
      readPhase = body_.addArgument(i32, "read_phase");
    }
    for (int i = usesTma() ? 3 : 2; i > 0; --i)
      loop_.results.push_back(std::make_unique<Value>(i32, &loop_, unsigned(loop_.results.size())));

    // Each iteration: wait for its slot, start the copy S-1 iterations
    // ahead into the slot the previous iteration read, then compute. With
    // asynchronous wgmma the copies follow the dots instead, once every
    // warpgroup's products of the previous iteration are done (each dot
    // waits for all but its own group; the barrier joins the warpgroups);
    // their addresses are still computed first, while the products run.
    // Otherwise a barrier at the top ends the previous iteration's reads
    // (async_wait's, or one of its own when every copy is TMA).
    Op *lastAsyncDot = asynchronousDots();
    // With a dot left running into the next iteration, the copies into the
    // slot it reads wait until the next iteration's first dot has waited
    // (and the barrier after it joins the warpgroups).
    DeferredDot deferred = lastAsyncDot ? DeferredDot{} : deferrableDot();
    tir::Builder top(body_, body_.ops.begin());
    if (usesCpAsync())
      top.create(OpKind::AsyncWait, {}, {}, {{"pending", S - 2}}, loop_.loc);
    for (const PipelinedLoad &l : loads_)
      if (l.tma)
        top.create(OpKind::TmaWait, {l.buffer, readSlot, readPhase}, {}, {}, l.load->loc);
    if (!lastAsyncDot && !usesCpAsync())
      top.create(OpKind::Barrier, {}, {}, {}, loop_.loc);
    Op *copiesFollow = lastAsyncDot ? lastAsyncDot : deferred.covering;
    auto afterDots = copiesFollow ? std::next(std::find_if(body_.ops.begin(), body_.ops.end(),
                                                           [&](const auto &op) { return op.get() == copiesFollow; }))
                                  : body_.ops.begin();
    tir::Builder copies = copiesFollow ? tir::Builder(body_, afterDots) : top;
    if (lastAsyncDot) {
      for (auto &owned : body_.ops)
        if (isWgmmaDot(*owned))
          owned->setAttr("pending", int64_t(1));
    }
    if (deferred.dot) {
      deferred.dot->setAttr("pending", int64_t(1));
      // Codegen ties the carried products to that wait, so nothing reads
      // them before it.
      deferred.covering->setAttr("completes_carried", deferred.carried);
    }
    if (copiesFollow)
      copies.create(OpKind::Barrier, {}, {}, {}, loop_.loc);
    Value *ivAhead = top.value(OpKind::AddI, {iv_, constant(top, (S - 1) * step_, ivType)}, ivType, loop_.loc);
    Mapping ahead;
    ahead[iv_] = ivAhead;
    cloneAddressOps(top, ahead);
    emitCopies(top, copies, ahead, writeSlot, iterationValid(top, ivAhead));
    for (const PipelinedLoad &l : loads_) {
      // A transposed tile is the same bytes read with the other dim contiguous.
      auto readSlotAs = [&](const Value *read, bool transposed) {
        Type slotType = read->type;
        slotType.layout = Layout::sharedMemory(storedColMajor(*l.load) != transposed);
        Value *slot = top.value(OpKind::LocalSlot, {l.buffer, readSlot}, slotType, l.load->loc);
        tir::replaceAllUses(body_, const_cast<Value *>(read), slot);
      };
      if (l.readDirectly)
        readSlotAs(l.load->result(), false);
      for (const Op *transpose : l.transposes)
        readSlotAs(transpose->result(), true);
      if (l.intoRegisters) {
        // Read back where the load stood, so the tile is live no longer
        // than the loaded one was.
        auto at = std::find_if(body_.ops.begin(), body_.ops.end(), [&](const auto &op) { return op.get() == l.load; });
        tir::Builder here(body_, at);
        Type slotType = l.load->result()->type;
        slotType.layout = Layout::sharedMemory(storedColMajor(*l.load));
        Value *slot = here.value(OpKind::LocalSlot, {l.buffer, readSlot}, slotType, l.load->loc);
        tir::replaceAllUses(body_, l.load->result(),
                            here.value(OpKind::LocalLoad, {slot}, l.load->result()->type, l.load->loc));
      }
    }
    body_.ops.remove_if(
        [&](const std::unique_ptr<Op> &op) { return isPipelinedLoad(op.get()) || isPipelinedTranspose(op.get()); });
    for (unsigned j : carried_)
      yield.operands[j] = lookup(ahead, yield.operands[j]);
    tir::Builder tail(body_, std::prev(body_.ops.end()));
    Value *readWraps = nullptr;
    for (Value *slot : {readSlot, writeSlot}) {
      Value *next = tail.value(OpKind::AddI, {slot, constant(tail, 1, i32)}, i32, loop_.loc);
      Value *wraps =
          tail.value(OpKind::CmpI, {next, constant(tail, S, i32)}, Type::scalar(ElemType::scalar(ScalarKind::I1)),
                     loop_.loc, {{"predicate", std::string("eq")}});
      yield.operands.push_back(tail.value(OpKind::Select, {wraps, constant(tail, 0, i32), next}, i32, loop_.loc));
      readWraps = readWraps ? readWraps : wraps;
    }
    if (readPhase) {
      Value *flipped = tail.value(OpKind::XorI, {readPhase, constant(tail, 1, i32)}, i32, loop_.loc);
      yield.operands.push_back(tail.value(OpKind::Select, {readWraps, flipped, readPhase}, i32, loop_.loc));
    }

    // Copies past the end are still in flight: drain them before the
    // ring's bytes are reused. TMA copies past the end were never issued,
    // and every one issued has been waited for.
    tir::Builder after(parent_, std::next(pos_));
    if (usesCpAsync())
      after.create(OpKind::AsyncWait, {}, {}, {{"pending", int64_t(0)}}, loop_.loc);
    for (const PipelinedLoad &l : loads_)
      if (l.tma)
        after.create(OpKind::ReleaseBarriers, {l.buffer}, {}, {}, loop_.loc);
  }

  Block &parent_;
  std::list<std::unique_ptr<Op>>::iterator pos_;
  Op &loop_;
  Block &body_;
  unsigned stages_;
  const AxisInfoAnalysis &axis_;
  tir::Function &function_;
  bool allowTma_; // sm_90a, and not `--no-tma`
  uint64_t maxSharedBytes_;
  Users users_;
  Value *iv_ = nullptr;
  int64_t step_ = 1;
  std::vector<PipelinedLoad> loads_;
  std::vector<const Op *> addressOps_; // in body order
  std::set<unsigned> carried_;         // carried values the address ops advance
};

} // namespace

unsigned asyncCopyWidth(const AxisInfoAnalysis &axis, const tir::Value *pointers, const tir::Value *mask) {
  const Type &type = pointers->type;
  if (type.shape.size() != 2 || type.layout->isSlice())
    return 1;
  unsigned fastest = type.layout->order()[0];
  unsigned width = std::min(contiguousPerThread(type, fastest), axis.vectorWidth(pointers));
  if (mask)
    width = std::min<unsigned>(width, unsigned(std::max<int64_t>(1, axis.get(mask).constancy[fastest])));
  return width;
}

void pipelineDotLoads(tir::Module &module) {
  if (module.numStages < 2)
    return;
  for (auto &f : module.functions) {
    AxisInfoAnalysis axis(*f);
    // Innermost loops first: their dots are the ones loads feed.
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For}, [&](Block &parent, tir::OpPosition pos) {
      LoopPipeliner(parent, pos, module.numStages, axis, *f, module.hasWgmma && module.allowTma, module.maxSharedBytes)
          .run();
    });
  }
}

} // namespace tritonc
