#include "tritonc/analysis/PipelineSchedule.h"

#include "tritonc/analysis/SharedMemory.h"
#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/ir/Printer.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <ostream>
#include <unordered_map>
#include <unordered_set>

namespace tritonc {

namespace {

// Elements a thread copies per `cp.async` for `pointers` (a 2-D tile) under
// `mask`: the longest run along the layout's fastest dim that is contiguous
// in the thread, aligned in memory and equally masked. The ring buffer
// stores the tile along that dim (`#shared<colmajor>` when it is the rows).
unsigned asyncCopyWidth(const AxisInfoAnalysis &axis, const tir::Value *pointers, const tir::Value *mask) {
  const Type &type = pointers->type;
  if (type.shape.size() != 2 || !type.layout->isWholeRegisterTile())
    return 1;
  unsigned fastest = type.layout->order()[0];
  unsigned width = std::min(contiguousPerThread(type, fastest), axis.vectorWidth(pointers));
  if (mask)
    width = std::min<unsigned>(width, unsigned(std::max<int64_t>(1, axis.get(mask).constancy[fastest])));
  return width;
}

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Users;
using tir::Value;

// A scalar integer constant's value.
std::optional<int64_t> constantInt(const Value *v) {
  if (v->type.isTensor())
    return std::nullopt;
  return tir::integerConstant(v);
}

class LoopScheduler {
public:
  LoopScheduler(Op &loop, unsigned stages, const AxisInfoAnalysis &axis, tir::Function &function, const Target &target,
                bool allowTma)
      : loop_(loop), body_(*loop.regions[0]), stages_(stages), axis_(axis), function_(function), target_(target),
        allowTma_(allowTma) {
    tir::collectUsers(function.body, users_);
  }

  std::optional<LoopSchedule> run() {
    if (!qualifies())
      return std::nullopt;
    // With asynchronous wgmma the copies follow the dots, once every
    // warpgroup's products of the previous iteration are done; otherwise a
    // dot may still be left running into the next iteration.
    s_.lastAsyncDot = asynchronousDots();
    if (!s_.lastAsyncDot)
      s_.deferred = deferrableDot();
    return std::move(s_);
  }

private:
  const std::vector<Op *> &usersOf(const Value *v) {
    static const std::vector<Op *> none;
    auto it = users_.find(v);
    return it == users_.end() ? none : it->second;
  }

  bool qualifies() {
    std::optional<int64_t> step = constantInt(loop_.operands[2]);
    if (!step || *step <= 0)
      return false;
    s_.step = *step;
    iv_ = body_.args[0].get();
    for (auto &owned : body_.ops) {
      Op &op = *owned;
      if (op.kind != OpKind::Load || op.result()->type.shape.size() != 2)
        continue;
      // The tile goes only to dots, as it is or transposed (`k.T` in
      // attention), as many as read it (the backward reads Q as one dot's A
      // and another's B): each reads the slot, a transposed reader as the
      // transposed view of its bytes.
      PipelinedLoad candidate{&op, {}, {}, false, false, storedColMajor(op), std::nullopt, false};
      if (!feedsOnlyDots(op, candidate)) {
        // A tile that reaches a dot through other ops (converted, scaled)
        // is copied ahead all the same and read back where it was loaded.
        if (!tir::reachesDotOperand(op.result(), users_, &body_))
          continue;
        candidate = PipelinedLoad{&op, {}, {}, false, true, storedColMajor(op), std::nullopt, false};
      }
      const Value *mask = op.operands.size() > 1 ? op.operands[1] : nullptr;
      if (op.operands.size() > 2 && !tir::isZeroConstant(op.operands[2]))
        continue;
      // TMA needs no vector width: a window whose offsets axis info knows
      // nothing about (a block pointer's, advanced in the loop) still qualifies.
      unsigned width = asyncCopyWidth(axis_, op.operands[0], mask);
      bool copyable = width * bitWidth(op.result()->type.elem.kind) >= 32;
      if (!layOutRingForReaders(candidate, width))
        continue;
      std::optional<TmaSource> tma = allowTma_ && !candidate.intoRegisters && !storedColMajor(op) && !candidate.colMajor
                                         ? tmaWindow(function_, axis_, op.operands[0], /*descriptorOnly=*/false)
                                         : std::nullopt;
      if (!copyable && !tma)
        continue;
      candidate.tma = tma;
      candidate.cpAsyncCopyable = copyable;
      candidate.copyWidth = width;
      s_.loads.push_back(std::move(candidate));
    }
    // Rings read back into registers feed dots that stage their operands
    // again; where those do not fit beside the rings, the loads are left
    // alone (shallower rings were measured slower than none for such a
    // loop: bench/RESULTS.md, session 20). Rings the dots read in place are
    // lowered to fewer stages by the driver instead.
    if (!ringsFit())
      std::erase_if(s_.loads, [](const PipelinedLoad &l) { return l.intoRegisters; });
    if (s_.loads.empty())
      return false;
    if (s_.usesTma()) {
      if (collectAddressOps() && asynchronousDots())
        return true;
      // With dots that wait for their products, TMA measured slower than
      // cp.async (the attention forward, bench/RESULTS.md 2026-11-25): it
      // stays only for tiles cp.async cannot take.
      s_.carried.clear();
      s_.addressOps.clear();
      for (PipelinedLoad &l : s_.loads)
        if (l.cpAsyncCopyable)
          l.tma.reset();
      if (s_.usesTma() && collectAddressOps())
        return true;
      s_.carried.clear();
      s_.addressOps.clear();
      std::erase_if(s_.loads, [](const PipelinedLoad &l) { return !l.cpAsyncCopyable; });
      for (PipelinedLoad &l : s_.loads)
        l.tma.reset();
      if (s_.loads.empty())
        return false;
    }
    return collectAddressOps();
  }

  // Whether every reader of `load`'s tile is a dot of this body taking it
  // as A or B (on tensor cores or CUDA cores: both read a slot as it is),
  // or a transpose whose readers all are; records them in `l`.
  bool feedsOnlyDots(const Op &load, PipelinedLoad &l) {
    auto dotOperand = [&](const Op *user, const Value *operand) {
      return user->kind == OpKind::Dot && user->parent == &body_ && user->operands[2] != operand;
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

  // Lays `l`'s ring out for its readers: wgmma reads 8- and 32-bit tiles
  // along K only, so a ring its layout would lay out otherwise is copied
  // an element at a time (copy width 1), free to lay the tile out along K
  // instead. False when that cannot be (wider copies, or readers wanting
  // both layouts): the load is then left to be staged.
  bool layOutRingForReaders(PipelinedLoad &l, unsigned width) const {
    std::optional<bool> wanted;
    bool conflict = false;
    auto need = [&](const Op *dot, const Value *operand, bool transposed) {
      if (!tir::isWgmmaDot(*dot) || bitWidth(operand->type.elem.kind) == 16)
        return;
      // A's K is its dim 1, B's its dim 0; a transposed reader swaps them.
      bool colMajor = (dot->operands[1] == operand) != transposed;
      conflict = conflict || (wanted && *wanted != colMajor);
      wanted = colMajor;
    };
    for (const Op *dot : l.dots) {
      if (l.readDirectly && (dot->operands[0] == l.load->result() || dot->operands[1] == l.load->result()))
        need(dot, l.load->result(), false);
      for (const Op *t : l.transposes)
        if (dot->operands[0] == t->result() || dot->operands[1] == t->result())
          need(dot, t->result(), true);
    }
    if (conflict)
      return false;
    if (wanted && *wanted != l.colMajor) {
      if (width != 1)
        return false;
      l.colMajor = *wanted;
    }
    return true;
  }

  // Whether the rings of every candidate load, beside the dots' operands
  // staged through shared memory in the loop, fit the target's shared
  // memory: tiles read back into registers are pipelined only where they do
  // (the dots' own rings keep their depth).
  bool ringsFit() const { return loopSharedBytes(stages_) <= target_.maxSharedBytes(); }

  // The shared memory of the loads' rings at `slots` slots each and of the
  // dots' other operands staged there.
  uint64_t loopSharedBytes(unsigned slots) const {
    auto tileBytes = [](const Type &t) { return uint64_t(t.numElements()) * sharedElementBytes(t.elem.kind); };
    uint64_t bytes = 0;
    for (const PipelinedLoad &l : s_.loads)
      bytes += slots * tileBytes(l.load->result()->type);
    for (const auto &op : body_.ops)
      if (op->kind == OpKind::Dot)
        for (int i = 0; i < 2; ++i) {
          const Value *operand = op->operands[size_t(i)];
          const Op *def = operand->definingOp();
          bool ringed = s_.isPipelinedTranspose(def) ||
                        std::any_of(s_.loads.begin(), s_.loads.end(),
                                    [&](const PipelinedLoad &l) { return l.load == def && !l.intoRegisters; });
          if (!ringed)
            bytes += tileBytes(operand->type);
        }
    return bytes;
  }

  // Ops of the body that only compute the pointers and masks of loads
  // TMA copies replace: dead once those loads are gone.
  std::unordered_set<const Op *> tmaOnlyOps() {
    std::unordered_set<const Op *> dead;
    for (const PipelinedLoad &l : s_.loads)
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
    for (const PipelinedLoad &l : s_.loads) {
      if (l.tma) {
        work.insert(work.end(), {l.tma->row, l.tma->col});
        for (const OuterDim &d : l.tma->outer)
          work.push_back(d.coord);
      } else
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
        if (s_.carried.insert(v->index() - 1).second)
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
    for (unsigned j : s_.carried)
      advanced.insert(body_.args[1 + j].get());
    for (const auto &owned : body_.ops)
      if (ahead.count(owned.get()) && std::any_of(owned->operands.begin(), owned->operands.end(),
                                                  [&](const Value *v) { return advanced.count(v); }))
        for (const auto &r : owned->results)
          advanced.insert(r.get());
    std::unordered_set<const Op *> dead = tmaOnlyOps();
    auto readersOk = [&](const Value *v, std::optional<unsigned> carriedIndex) {
      for (const Op *user : usersOf(v)) {
        if (ahead.count(user) || s_.isPipelinedLoad(user) || dead.count(user))
          continue;
        if (user != &yield)
          return false;
        for (size_t j = 0; j < yield.operands.size(); ++j)
          if (yield.operands[j] == v && !s_.carried.count(unsigned(j)))
            return false;
      }
      return !carriedIndex || usersOf(loop_.result(*carriedIndex)).empty();
    };
    for (const auto &owned : body_.ops)
      if (ahead.count(owned.get())) {
        s_.addressOps.push_back(owned.get());
        for (const auto &r : owned->results)
          if (advanced.count(r.get()) && !readersOk(r.get(), std::nullopt))
            return false;
      }
    for (unsigned j : s_.carried)
      if (!readersOk(body_.args[1 + j].get(), j))
        return false;
    return true;
  }

  // Whether a dot reads an operand staged through scratch shared memory
  // (neither a ring slot once pipelined, nor a shared tile, nor registers
  // holding a previous product): a dot left running would read it past its
  // buffer's program point, where other buffers may take its bytes.
  bool stagedThroughScratch(const Op &dot) const {
    for (int i = 0; i < 2; ++i) {
      const Value *v = dot.operands[size_t(i)];
      const Op *def = v->definingOp();
      bool inPlace = s_.isPipelinedLoad(def) || s_.isPipelinedTranspose(def) || v->type.inSharedMemory() ||
                     (i == 0 && accumulatorFeedsOperandA(v->type, *dot.result()->type.layout));
      if (!inPlace)
        return true;
    }
    return false;
  }

  // Whether every dot the pipelined loads feed runs on wgmma and only
  // accumulates across iterations: a chain of such dots (`acc = dot(a, b,
  // acc); acc = dot(c, d, acc)`, one dot alone the common case) starts from
  // a carried value it alone reads, each dot's products are read only as
  // the next one's accumulator, and the last is yielded back in the first's
  // place. Then each may leave its products in flight while the next
  // starts (wgmma accumulates in order on registers in flight), and the
  // copies into the slot the previous iteration read wait for them.
  // Returns the last such dot in the body.
  Op *asynchronousDots() {
    const Op &yield = *body_.ops.back();
    auto fed = [&](const Op *op) {
      return std::any_of(s_.loads.begin(), s_.loads.end(), [&](const PipelinedLoad &l) {
        return std::find(l.dots.begin(), l.dots.end(), op) != l.dots.end();
      });
    };
    auto chainable = [&](const Op *op) { return tir::isWgmmaDot(*op) && !stagedThroughScratch(*op); };
    // The dot that takes `v` as its accumulator and nothing else, when `v`
    // has no other reader.
    auto onlyAccumulatedBy = [&](const Value *v) -> Op * {
      const std::vector<Op *> &readers = usersOf(v);
      if (readers.size() != 1 || readers[0]->kind != OpKind::Dot || readers[0]->parent != &body_ ||
          readers[0]->operands[2] != v || readers[0]->operands[0] == v || readers[0]->operands[1] == v)
        return nullptr;
      return readers[0];
    };
    std::set<const Op *> chained;
    for (const auto &arg : body_.args) {
      const Value *acc = arg.get();
      if (acc->index() == 0 || s_.carried.count(acc->index() - 1))
        continue;
      Op *dot = onlyAccumulatedBy(acc);
      if (!dot || !chainable(dot))
        continue;
      std::vector<const Op *> chain{dot};
      // In order on registers in flight only with instructions of one
      // shape: operands of one width (16-bit k16, 8-bit k32, tf32 k8).
      auto sameShape = [&](const Op *next) {
        return bitWidth(next->operands[0]->type.elem.kind) == bitWidth(dot->operands[0]->type.elem.kind);
      };
      while (Op *next = onlyAccumulatedBy(chain.back()->result())) {
        if (!chainable(next) || !sameShape(next))
          break;
        chain.push_back(next);
      }
      const std::vector<Op *> &readers = usersOf(chain.back()->result());
      if (readers.size() == 1 && readers[0] == &yield && yield.operands[acc->index() - 1] == chain.back()->result())
        chained.insert(chain.begin(), chain.end());
    }
    // The rewrite leaves every wgmma dot of the body in flight: each must
    // be in a chain, fed by the loads or not, and so must every dot fed.
    Op *last = nullptr;
    for (auto &owned : body_.ops) {
      bool isFed = fed(owned.get());
      if ((isFed || tir::isWgmmaDot(*owned)) && !chained.count(owned.get()))
        return nullptr;
      if (isFed)
        last = owned.get();
    }
    return last;
  }

  // A wgmma dot whose products only the next iteration reads, and only
  // after an earlier wgmma dot of that iteration has waited for its own
  // (attention: P·V, whose output the next iteration rescales after its
  // Q·Kᵀ). That dot's `wgmma.wait_group 0` completes both groups, so this
  // one need not wait: it runs on through the loop's back edge, as
  // Triton's does.
  // The copies into the slot it reads must wait for it. Where the dot's
  // products only feed its own next instance (the backward's dV += Pᵀ·dO)
  // or one warpgroup has no other to keep the tensor cores busy through
  // the softmax (the forward at 4 warps: 0.96 -> 1.06x Triton, H100,
  // bench/RESULTS.md 2026-11-25), they start after that first dot. With
  // several warpgroups that costs the forward at head_dim 128 5-10%; there
  // the rings take a spare slot and the copies stay at the top instead (the
  // attention sample's forward 7-9% faster, H200, session 35). At head_dim
  // 64 the copies after the first dot measured faster than the spare slot
  // (the corpus's forward 0.97-0.98 -> 1.02-1.03x Triton, the sample's
  // within its spread; H200, session 44). At 4 warps the spare slot
  // measured slower (the backward's dq 3%; a causal forward whose rings
  // then left room for one CTA an SM, 16%).
  DeferredDot deferrableDot() {
    const Op &yield = *body_.ops.back();
    Op *firstWaiting = nullptr;
    for (auto &owned : body_.ops) {
      Op *dot = owned.get();
      if (!tir::isWgmmaDot(*dot))
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
      unsigned numWarps = std::accumulate(warps.begin(), warps.end(), 1u, std::multiplies<>());
      bool severalWarpgroups = !accumulates && numWarps > 4;
      if (severalWarpgroups && !worthOverlapping(*dot))
        continue;
      bool spareSlot = severalWarpgroups && wideForSpareSlot(*dot);
      if (spareSlot && !spareSlotCostsNoCta(numWarps * 32))
        continue;
      // Not even the covering dot may read them: it is issued before its wait.
      bool readEarly = false;
      for (auto &op : body_.ops) {
        readEarly = readEarly || tir::opReads(*op, next);
        if (op.get() == firstWaiting)
          break;
      }
      if (!readEarly)
        return {dot, firstWaiting, int64_t(slot - yield.operands.begin()), spareSlot};
    }
    return {};
  }

  // Whether a dot does enough work a result row to pay for running on past
  // its iteration with several warpgroups: 64x64 products or more (the
  // attention forwards measured faster, session 35: head_dim 64 and 128 at
  // 64 keys an iteration, 128 at 32); at head_dim 64 and 32 keys FlagGems'
  // forward measured 3-5% slower.
  static bool worthOverlapping(const Op &dot) {
    const std::vector<int64_t> &a = dot.operands[0]->type.shape, &result = dot.result()->type.shape;
    return a.size() == 2 && result.size() == 2 && a[1] * result[1] >= 64 * 64;
  }

  // Whether a dot's result rows are wide enough for a spare slot to beat
  // copies that wait for it: 128 columns or more (measured above).
  static bool wideForSpareSlot(const Op &dot) {
    const std::vector<int64_t> &result = dot.result()->type.shape;
    return result.size() == 2 && result[1] >= 128;
  }

  // Whether a spare slot in each ring fits and costs no CTA an SM: the
  // CTAs that shared memory and registers together admit stay as many. A
  // thread's registers are estimated as 1.5 times the 32-bit words of the
  // loop's dot products and other carried tensors (ptxas gave attention
  // forwards of 68-100 such words 104-170 registers), at most what ptxas
  // may give. Buffers outside the loop are not counted: where they tip the
  // kernel over the limit, the driver lowers the stages.
  bool spareSlotCostsNoCta(unsigned threads) const {
    uint64_t now = loopSharedBytes(stages_), spared = loopSharedBytes(stages_ + 1);
    if (spared > target_.maxSharedBytes())
      return false;
    std::unordered_set<const Value *> products;
    uint64_t words = 0;
    auto count = [&](const Value *v) {
      if (v->type.isTensor())
        words += (uint64_t(elementsPerThread(v->type)) * bitWidth(v->type.elem.kind) + 31) / 32;
    };
    for (const auto &op : body_.ops)
      if (op->kind == OpKind::Dot) {
        products.insert(op->result());
        count(op->result());
      }
    const Op &yield = *body_.ops.back();
    for (size_t j = 0; j < yield.operands.size(); ++j)
      if (!products.count(yield.operands[j]))
        count(body_.args[1 + j].get());
    uint64_t registers = std::clamp<uint64_t>(words * 3 / 2, 8, std::max(8u, target_.mostRegistersPerThread(threads)));
    unsigned byRegisters = target_.ctasByRegisters(unsigned(registers), threads);
    auto ctas = [&](uint64_t bytes) { return std::min(byRegisters, target_.ctasBySharedMemory(bytes)); };
    return ctas(spared) >= ctas(now);
  }

  Op &loop_;
  Block &body_;
  unsigned stages_;
  const AxisInfoAnalysis &axis_;
  tir::Function &function_;
  const Target &target_;
  bool allowTma_; // sm_90a, and not `--no-tma`
  Users users_;
  Value *iv_ = nullptr;
  LoopSchedule s_;
};

} // namespace

bool LoopSchedule::usesTma() const {
  return std::any_of(loads.begin(), loads.end(), [](const PipelinedLoad &l) { return l.tma.has_value(); });
}

bool LoopSchedule::usesCpAsync() const {
  return std::any_of(loads.begin(), loads.end(), [](const PipelinedLoad &l) { return !l.tma.has_value(); });
}

bool LoopSchedule::isPipelinedLoad(const Op *op) const {
  return std::any_of(loads.begin(), loads.end(), [&](const PipelinedLoad &l) { return l.load == op; });
}

bool LoopSchedule::isPipelinedTranspose(const Op *op) const {
  return op && std::any_of(loads.begin(), loads.end(), [&](const PipelinedLoad &l) {
           return std::find(l.transposes.begin(), l.transposes.end(), op) != l.transposes.end();
         });
}

bool storedColMajor(const Op &load) { return load.operands[0]->type.layout->order()[0] == 0; }

void printPipelineSchedules(tir::Function &function, unsigned stages, const Target &target, bool allowTma,
                            std::ostream &out) {
  AxisInfoAnalysis axis(function);
  std::unordered_map<const Value *, std::string> names = tir::valueNames(function);
  auto name = [&](const Op *op) { return names.at(op->result()); };
  auto list = [&](const auto &ops) {
    std::string text;
    for (const Op *op : ops)
      text += (text.empty() ? "" : ", ") + name(op);
    return text.empty() ? std::string("none") : text;
  };
  unsigned count = 0;
  tir::forEachLoopInnermostFirst(function.body, {OpKind::For}, [&](Block &, tir::OpPosition pos) {
    Op &loop = **pos;
    out << fmt::format("pipeline schedule of @{}, loop {} (innermost first): ", function.name, ++count);
    unsigned depth = loopStages(loop, stages);
    std::optional<LoopSchedule> s =
        depth < 2 ? std::nullopt : scheduleLoop(loop, depth, axis, function, target, allowTma);
    if (!s) {
      out << "not pipelined\n";
      return;
    }
    out << fmt::format("step {}, {} stages\n", s->step, depth);
    for (const PipelinedLoad &l : s->loads) {
      std::string how = l.tma ? "tma" : "cp.async";
      if (l.intoRegisters)
        how += ", read back into registers";
      if (l.readDirectly)
        how += ", read as loaded";
      if (!l.transposes.empty())
        how += ", transposed by " + list(l.transposes);
      out << fmt::format("  load {}: {}, {} ring; dots {}\n", name(l.load), how,
                         l.colMajor ? "column-major" : "row-major", list(l.dots));
    }
    out << "  ahead: " << list(s->addressOps) << "; carried:";
    for (unsigned j : s->carried)
      out << " " << j;
    out << "\n  waits: ";
    if (s->lastAsyncDot)
      out << "every wgmma dot leaves its group in flight; copies after " << name(s->lastAsyncDot) << "\n";
    else if (s->deferred.dot)
      out << name(s->deferred.dot) << " left running, completed by " << name(s->deferred.covering) << "; "
          << (s->deferred.spareSlot ? fmt::format("{} slots a ring, copies at the top", s->ringSlots(depth))
                                    : std::string("copies after it"))
          << "\n";
    else
      out << "every dot waits for its products; copies at the top\n";
  });
}

std::optional<LoopSchedule> scheduleLoop(Op &loop, unsigned stages, const AxisInfoAnalysis &axis,
                                         tir::Function &function, const Target &target, bool allowTma) {
  return LoopScheduler(loop, stages, axis, function, target, allowTma).run();
}

unsigned loopStages(const tir::Op &loop, unsigned kernelStages) {
  if (!loop.attr("num_stages"))
    return kernelStages;
  return unsigned(std::clamp<int64_t>(loop.intAttr("num_stages"), 0, kernelStages));
}

} // namespace tritonc
