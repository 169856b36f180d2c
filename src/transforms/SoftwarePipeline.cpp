#include "tritonc/transforms/SoftwarePipeline.h"

#include "tritonc/analysis/PipelineSchedule.h"
#include "tritonc/ir/CloneOps.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/transforms/TensorMapOperands.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;
using Mapping = tir::ValueMapping;
using tir::mapped;

// The pure ops of `block` whose results nothing that stays reads: what
// dead-code elimination will remove.
std::unordered_set<const Op *> unusedPureOps(const Block &block) {
  std::unordered_set<const Op *> unused;
  std::unordered_set<const Value *> read;
  for (auto it = block.ops.rbegin(); it != block.ops.rend(); ++it) {
    const Op &op = **it;
    bool live = !tir::isPure(op.kind) ||
                std::any_of(op.results.begin(), op.results.end(), [&](const auto &r) { return read.count(r.get()); });
    if (!live) {
      unused.insert(&op);
      continue;
    }
    read.insert(op.operands.begin(), op.operands.end());
    for (const auto &region : op.regions)
      tir::collectUses(*region, read);
  }
  return unused;
}

// What the rewrite makes for each scheduled load.
struct Ring {
  Value *buffer = nullptr;   // the ring
  TensorMapFields tensorMap; // TMA only
};

// Carries out one loop's schedule (PipelineSchedule.h), deciding nothing.
class LoopRewriter {
public:
  LoopRewriter(Block &parent, std::list<std::unique_ptr<Op>>::iterator pos, unsigned stages, tir::Function &function,
               const LoopSchedule &schedule)
      : parent_(parent), pos_(pos), loop_(**pos), body_(*loop_.regions[0]), stages_(stages), function_(function),
        s_(schedule), iv_(body_.args[0].get()), rings_(schedule.loads.size()) {}

private:
  Ring &ring(const PipelinedLoad &l) { return rings_[size_t(&l - s_.loads.data())]; }

  Value *constant(tir::Builder &b, int64_t value, const Type &type) {
    return b.value(OpKind::Constant, {}, type, loop_.loc, {{"value", value}});
  }

  // Clones the address ops for another iteration: `m` maps the induction
  // variable and the carried values to theirs, and learns the clones.
  void cloneAddressOps(tir::Builder &b, Mapping &m) {
    for (const Op *op : s_.addressOps) {
      std::vector<Value *> operands;
      for (Value *v : op->operands)
        operands.push_back(mapped(m, v));
      std::vector<Type> types;
      for (const auto &r : op->results)
        types.push_back(r->type);
      Op *clone = b.create(op->kind, operands, types, op->attrs, op->loc);
      for (size_t i = 0; i < op->results.size(); ++i)
        m[op->results[i].get()] = clone->result(unsigned(i));
    }
  }

  // One copy per pipelined load into `slot`, all masked off unless `valid`;
  // then the group is closed. Masks are computed where `b` stands, the
  // copies issued where `issue` does (the same place, or after the dots
  // when those run asynchronously), after a barrier if `barrierFirst`.
  void emitCopies(tir::Builder &b, tir::Builder &issue, const Mapping &m, Value *slot, Value *valid,
                  bool barrierFirst) {
    // cp.async's pointers and masks; a TMA copy needs only its coordinates.
    std::vector<std::pair<Value *, Value *>> copies(s_.loads.size());
    for (size_t i = 0; i < s_.loads.size(); ++i) {
      const Op &load = *s_.loads[i].load;
      if (s_.loads[i].tma)
        continue;
      copies[i] = {mapped(m, load.operands[0]), tir::maskForIteration(b, load, m, valid)};
    }
    if (barrierFirst)
      issue.create(OpKind::Barrier, {}, {}, {}, loop_.loc);
    for (size_t i = 0; i < s_.loads.size(); ++i) {
      const PipelinedLoad &l = s_.loads[i];
      if (l.tma) {
        std::vector<Value *> outerCoords;
        for (const OuterDim &d : l.tma->outer)
          outerCoords.push_back(mapped(m, d.coord));
        std::vector<Value *> operands{ring(l).buffer, slot, valid};
        std::vector<Value *> window =
            windowOperands(ring(l).tensorMap, mapped(m, l.tma->row), mapped(m, l.tma->col), outerCoords);
        operands.insert(operands.end(), window.begin(), window.end());
        issue.create(OpKind::TmaCopy, operands, {}, {}, l.load->loc);
      } else {
        // The loop's axis info is what every iteration's pointers share,
        // so its width holds for the prologue's copies too.
        issue.create(OpKind::AsyncCopy, {ring(l).buffer, slot, copies[i].first, copies[i].second}, {},
                     {{"width", int64_t(l.copyWidth)}}, l.load->loc);
      }
    }
    if (s_.usesCpAsync())
      issue.create(OpKind::AsyncCommit, {}, {}, {}, loop_.loc);
  }

public:
  // Rings before the loop, copies ahead in it, the loads replaced by the
  // slots they land in, the rings drained after it.
  void run() {
    const Type &ivType = iv_->type;
    Type i32 = Type::scalar(ElemType::scalar(ScalarKind::I32));
    Op &yield = *body_.ops.back();
    int64_t S = stages_;
    int64_t slots = s_.ringSlots(stages_);

    // Prologue: the ring buffers and the copies of the first S-1 iterations.
    tir::Builder pre(parent_, pos_);
    for (const PipelinedLoad &l : s_.loads) {
      const Op *load = l.load;
      const Type &t = load->result()->type;
      Type ringType = Type::tensor(t.elem, {slots, t.shape[0], t.shape[1]});
      ringType.layout = Layout::sharedMemory(l.colMajor);
      std::vector<tir::NamedAttribute> attrs;
      if (l.tma) {
        attrs.push_back({"barriers", int64_t(1)});
        ring(l).tensorMap = tensorMapFields(pre, function_, *l.tma, loop_.loc);
      }
      ring(l).buffer = pre.value(OpKind::LocalAlloc, {}, ringType, load->loc, attrs);
    }
    Mapping current; // the carried values as the next iteration starts with them
    for (unsigned j : s_.carried)
      current[body_.args[1 + j].get()] = loop_.operands[3 + j];
    for (int64_t s = 0; s + 1 < S; ++s) {
      Value *iv =
          s == 0 ? loop_.operands[0]
                 : pre.value(OpKind::AddI, {loop_.operands[0], constant(pre, s * s_.step, ivType)}, ivType, loop_.loc);
      Mapping m = current;
      m[iv_] = iv;
      cloneAddressOps(pre, m);
      emitCopies(pre, pre, m, constant(pre, s, i32), tir::iterationRuns(pre, loop_, iv), false);
      for (unsigned j : s_.carried)
        current[body_.args[1 + j].get()] = mapped(m, yield.operands[j]);
    }

    // The loop carries the values S-1 iterations ahead, and the two slots.
    for (unsigned j : s_.carried)
      loop_.operands[3 + j] = current.at(body_.args[1 + j].get());
    loop_.operands.push_back(constant(pre, 0, i32));
    loop_.operands.push_back(constant(pre, S - 1, i32));
    Value *readSlot = body_.addArgument(i32, "read_slot");
    Value *writeSlot = body_.addArgument(i32, "write_slot");
    // The parity of the phase the read slot's mbarrier completes next.
    Value *readPhase = nullptr;
    if (s_.usesTma()) {
      loop_.operands.push_back(constant(pre, 0, i32));
      readPhase = body_.addArgument(i32, "read_phase");
    }
    for (int i = s_.usesTma() ? 3 : 2; i > 0; --i)
      loop_.results.push_back(std::make_unique<Value>(i32, &loop_, unsigned(loop_.results.size())));

    // Each iteration: wait for its slot, start the copy S-1 iterations
    // ahead into the slot the previous iteration read (with a spare slot,
    // the one read the iteration before that), then compute. With
    // asynchronous wgmma the copies follow the dots instead, once every
    // warpgroup's products of the previous iteration are done (each dot
    // leaves at most an iteration's groups in flight; the barrier joins the
    // warpgroups); their addresses and masks are computed after the dots
    // are issued, before that barrier, while the products run: computed at
    // the top, ptxas schedules them among the wgmma instructions. Otherwise a
    // barrier at the top ends the previous iteration's reads (async_wait's,
    // or one of its own when every copy is TMA).
    Op *lastAsyncDot = s_.lastAsyncDot;
    // With a dot left running into the next iteration, the copies into the
    // slot it reads wait until the next iteration's first dot has waited
    // (and the barrier after it joins the warpgroups); with a spare slot
    // they stay at the top, where they fill a slot no running dot reads.
    const DeferredDot &deferred = s_.deferred;
    tir::Builder top(body_, body_.ops.begin());
    if (s_.usesCpAsync())
      top.create(OpKind::AsyncWait, {}, {}, {{"pending", S - 2}}, loop_.loc);
    std::vector<Op *> tmaWaits(s_.loads.size(), nullptr);
    for (const PipelinedLoad &l : s_.loads)
      if (l.tma)
        tmaWaits[size_t(&l - s_.loads.data())] =
            top.create(OpKind::TmaWait, {ring(l).buffer, readSlot, readPhase}, {}, {}, l.load->loc);
    if (!lastAsyncDot && !s_.usesCpAsync())
      top.create(OpKind::Barrier, {}, {}, {}, loop_.loc);
    Op *copiesFollow = lastAsyncDot ? lastAsyncDot : deferred.spareSlot ? nullptr : deferred.covering;
    auto afterDots = copiesFollow ? std::next(tir::positionOf(body_, copiesFollow)) : body_.ops.begin();
    tir::Builder copies = copiesFollow ? tir::Builder(body_, afterDots) : top;
    if (lastAsyncDot) {
      // Each dot waits until at most an iteration's worth of groups is in
      // flight: by the last fed dot's wait the previous iteration's dots
      // that read the slots are done, and the copies start while all of
      // this iteration's products are still running.
      // Waiting for all but one group after every dot made two independent
      // dots (Liger's gate and up projections) finish the first before the
      // copies, which then had less than an iteration to land.
      int64_t groups = std::count_if(body_.ops.begin(), body_.ops.end(),
                                     [](const std::unique_ptr<Op> &op) { return tir::isWgmmaDot(*op); });
      for (auto &owned : body_.ops)
        if (tir::isWgmmaDot(*owned))
          owned->setAttr("pending", groups);
    }
    if (deferred.dot) {
      deferred.dot->setAttr("pending", int64_t(1));
      // Codegen ties the carried products to that wait, so nothing reads
      // them before it.
      deferred.covering->setAttr("completes_carried", deferred.carried);
    }
    tir::Builder &addresses = lastAsyncDot ? copies : top;
    Value *ivAhead =
        addresses.value(OpKind::AddI, {iv_, constant(addresses, (S - 1) * s_.step, ivType)}, ivType, loop_.loc);
    Mapping ahead;
    ahead[iv_] = ivAhead;
    cloneAddressOps(addresses, ahead);
    emitCopies(addresses, copies, ahead, writeSlot, tir::iterationRuns(addresses, loop_, ivAhead),
               copiesFollow != nullptr);
    // The views each TMA ring's slot is read through, for its wait.
    std::vector<std::vector<const Value *>> slotViews(s_.loads.size());
    for (const PipelinedLoad &l : s_.loads) {
      std::vector<const Value *> &views = slotViews[size_t(&l - s_.loads.data())];
      // A transposed tile is the same bytes read with the other dim contiguous.
      auto readSlotAs = [&](const Value *read, bool transposed) {
        Type slotType = read->type;
        slotType.layout = Layout::sharedMemory(l.colMajor != transposed);
        Value *slot = top.value(OpKind::LocalSlot, {ring(l).buffer, readSlot}, slotType, l.load->loc);
        tir::replaceAllUses(body_, const_cast<Value *>(read), slot);
        views.push_back(slot);
      };
      if (l.readDirectly)
        readSlotAs(l.load->result(), false);
      for (const Op *transpose : l.transposes)
        readSlotAs(transpose->result(), true);
      if (l.intoRegisters) {
        // Read back where the load stood, so the tile is live no longer
        // than the loaded one was.
        auto at = tir::positionOf(body_, l.load);
        tir::Builder here(body_, at);
        Type slotType = l.load->result()->type;
        slotType.layout = Layout::sharedMemory(storedColMajor(*l.load));
        Value *slot = here.value(OpKind::LocalSlot, {ring(l).buffer, readSlot}, slotType, l.load->loc);
        tir::replaceAllUses(body_, l.load->result(),
                            here.value(OpKind::LocalLoad, {slot}, l.load->result()->type, l.load->loc));
        views.push_back(slot);
      }
    }
    body_.ops.remove_if([&](const std::unique_ptr<Op> &op) {
      return s_.isPipelinedLoad(op.get()) || s_.isPipelinedTranspose(op.get());
    });
    // A TMA slot first read by a dot that directly follows another is
    // waited for between the two, not at the top: the first dot starts
    // while the second one's tile is still landing (Liger's SwiGLU forward:
    // the gate product runs while the up projection's weights land, as
    // Triton's per-dot barriers allow; 0.93 -> 1.01x Triton). Across other
    // work the wait stays at the top: a wait between attention's softmax
    // and its P·V dot cost the descriptor forward 2.5% (bench/RESULTS.md,
    // session 33).
    // Only where the dots run on asynchronously: between two dots that
    // wait for their products a wait would keep overlap-wgmma from pairing
    // them.
    std::unordered_set<const Op *> unused = unusedPureOps(body_);
    for (const PipelinedLoad &l : s_.loads) {
      size_t index = size_t(&l - s_.loads.data());
      if (!l.tma || !lastAsyncDot)
        continue;
      const std::vector<const Value *> &views = slotViews[index];
      auto firstReader = std::find_if(body_.ops.begin(), body_.ops.end(), [&](const std::unique_ptr<Op> &op) {
        return std::any_of(views.begin(), views.end(), [&](const Value *v) { return tir::opReads(*op, v); });
      });
      if (firstReader == body_.ops.begin() || firstReader == body_.ops.end() || (*firstReader)->kind != OpKind::Dot)
        continue;
      // The loads' own address arithmetic, left between the dots until
      // dce-pipelined, does not count.
      auto previous = std::prev(firstReader);
      while (previous != body_.ops.begin() && unused.count(previous->get()))
        --previous;
      if ((*previous)->kind != OpKind::Dot)
        continue;
      auto wait = tir::positionOf(body_, tmaWaits[index]);
      body_.ops.splice(firstReader, body_.ops, wait);
    }
    for (unsigned j : s_.carried)
      yield.operands[j] = mapped(ahead, yield.operands[j]);
    tir::Builder tail(body_, std::prev(body_.ops.end()));
    Value *readWraps = nullptr;
    for (Value *slot : {readSlot, writeSlot}) {
      Value *next = tail.value(OpKind::AddI, {slot, constant(tail, 1, i32)}, i32, loop_.loc);
      Value *wraps =
          tail.value(OpKind::CmpI, {next, constant(tail, slots, i32)}, Type::scalar(ElemType::scalar(ScalarKind::I1)),
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
    if (s_.usesCpAsync())
      after.create(OpKind::AsyncWait, {}, {}, {{"pending", int64_t(0)}}, loop_.loc);
    for (const PipelinedLoad &l : s_.loads)
      if (l.tma)
        after.create(OpKind::ReleaseBarriers, {ring(l).buffer}, {}, {}, loop_.loc);
  }

private:
  Block &parent_;
  std::list<std::unique_ptr<Op>>::iterator pos_;
  Op &loop_;
  Block &body_;
  unsigned stages_;
  tir::Function &function_;
  const LoopSchedule &s_;
  Value *iv_;
  std::vector<Ring> rings_;
};

} // namespace

void pipelineDotLoads(tir::Module &module) {
  if (module.numStages < 2)
    return;
  for (auto &f : module.functions) {
    AxisInfoAnalysis axis(*f);
    // Innermost loops first: their dots are the ones loads feed.
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For}, [&](Block &parent, tir::OpPosition pos) {
      unsigned stages = loopStages(**pos, module.numStages);
      if (stages < 2)
        return;
      std::optional<LoopSchedule> schedule =
          scheduleLoop(**pos, stages, axis, *f, module.target, module.target.hasBulkTensorCopies() && module.allowTma);
      if (schedule)
        LoopRewriter(parent, pos, stages, *f, *schedule).run();
    });
  }
}

} // namespace tritonc
