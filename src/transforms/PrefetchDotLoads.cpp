#include "tritonc/transforms/PrefetchDotLoads.h"

#include "tritonc/analysis/PipelineSchedule.h"
#include "tritonc/ir/CloneOps.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/transforms/OneSlotBuffer.h"

#include <set>
#include <unordered_set>
#include <vector>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// The elements a thread loads ahead: a 128x128x64 fp16 tile pair at 8
// warps. Scalar loads land in a register each, which the staged tiles
// free only once ptxas schedules the stores first.
constexpr unsigned kMostPrefetchedElements = 64;

bool writesGlobalMemory(const Op &op) {
  switch (op.kind) {
  case OpKind::Store:
  case OpKind::AtomicRMW:
  case OpKind::AtomicCAS:
  case OpKind::TmaStore:
  case OpKind::WarpSpecialize:
    return true;
  default:
    break;
  }
  for (const auto &region : op.regions)
    for (const auto &inner : region->ops)
      if (writesGlobalMemory(*inner))
        return true;
  return false;
}

class Prefetcher {
public:
  Prefetcher(Block &parent, tir::OpPosition pos) : parent_(parent), pos_(pos), loop_(**pos), body_(*loop_.regions[0]) {}

  bool run() {
    if (!qualifies() || !collectSlice())
      return false;
    rewrite();
    return true;
  }

private:
  bool qualifies() {
    std::optional<int64_t> step = tir::integerConstant(loop_.operands[2]);
    if (!step || *step <= 0)
      return false;
    // Measured on wgmma loops only (sm_90a); mma.sync ones stay as they are.
    bool wgmmaDot = false;
    for (const auto &op : body_.ops) {
      // Only an innermost loop: an outer one's loads feed its inner loop.
      if (writesGlobalMemory(*op) || op->kind == OpKind::For || op->kind == OpKind::While)
        return false;
      wgmmaDot = wgmmaDot || tir::isWgmmaDot(*op);
    }
    if (!wgmmaDot)
      return false;
    tir::Users users;
    tir::collectUsers(body_, users);
    unsigned elements = 0;
    for (const auto &op : body_.ops) {
      if (op->kind != OpKind::Load || op->attr("volatile") || !tir::reachesDotOperand(op->result(), users, &body_))
        continue;
      const Type &tile = op->result()->type;
      if (tile.shape.size() != 2 || bitWidth(tile.elem.kind) != 16 || !readOnlyByDots(op->result(), users))
        return false;
      loads_.push_back(op.get());
      elements += elementsPerThread(tile);
    }
    return !loads_.empty() && elements <= kMostPrefetchedElements;
  }

  // Whether every reader of `tile` is a wgmma dot of the body taking
  // it as A or B, or a transpose whose readers all are.
  bool readOnlyByDots(const Value *tile, const tir::Users &users) {
    auto it = users.find(tile);
    if (it == users.end())
      return false;
    for (const Op *user : it->second) {
      if (user->parent != &body_)
        return false;
      if (user->kind == OpKind::Trans) {
        if (user->result()->type.shape.size() != 2 || !readOnlyByDots(user->result(), users))
          return false;
        continue;
      }
      // A dot left running would still read the slot the next iteration
      // overwrites.
      if (!tir::isWgmmaDot(*user) || user->operands[2] == tile || user->attr("pending") ||
          user->attr("completes_carried"))
        return false;
    }
    return true;
  }

  // `tile` (carried in registers) written to a slot of its own at `b`, its
  // dots reading the slot (a transpose's, the slot's transposed view): the
  // next tile may then load into the registers it held. `users` are the
  // body's readers before any tile was staged.
  void stageForDots(tir::Builder &b, Value *tile, tir::Users &users) {
    Value *slotIndex = firstSlot(b, loop_.loc);
    // The previous iteration's dots read the slot: the store waits for them.
    Value *buffer = storeInOneSlot(b, tile, slotIndex, /*overwrites=*/true, loop_.loc);
    auto slotAs = [&](const Type &operandType, bool transposed) {
      Type viewType = operandType;
      viewType.layout = Layout::sharedMemory(heldColMajor(tile->type) != transposed);
      return b.value(OpKind::LocalSlot, {buffer, slotIndex}, viewType, loop_.loc);
    };
    for (Op *user : users[tile]) {
      bool transposed = user->kind == OpKind::Trans;
      const Value *read = transposed ? user->result() : tile;
      for (Op *dot : transposed ? users[read] : std::vector<Op *>{user})
        for (unsigned i = 0; i < 2; ++i)
          if (dot->operands[i] == read)
            dot->operands[i] = slotAs(read->type, transposed);
    }
  }

  // The ops of the body the loads' operands come from, closed over the
  // carried values they read and the ops that advance those: all pure, no
  // dot, no other load, none reading a loaded tile. In body order.
  bool collectSlice() {
    std::unordered_set<const Op *> bodyOps, inSlice(loads_.begin(), loads_.end());
    for (const auto &op : body_.ops)
      bodyOps.insert(op.get());
    const Op &yield = *body_.ops.back();
    std::vector<const Value *> work;
    for (const Op *load : loads_)
      work.insert(work.end(), load->operands.begin(), load->operands.end());
    while (!work.empty()) {
      const Value *v = work.back();
      work.pop_back();
      if (v->ownerBlock() == &body_) {
        if (v->index() > 0 && carried_.insert(v->index() - 1).second)
          work.push_back(yield.operands[v->index() - 1]);
        continue;
      }
      Op *def = v->definingOp();
      if (!def || !bodyOps.count(def) || inSlice.count(def))
        continue;
      if (!tir::isPure(def->kind) || !def->regions.empty() || def->kind == OpKind::Dot)
        return false;
      inSlice.insert(def);
      work.insert(work.end(), def->operands.begin(), def->operands.end());
    }
    for (unsigned j : carried_)
      if (const Op *def = yield.operands[j]->definingOp(); def && def->kind == OpKind::Load)
        return false;
    for (const auto &op : body_.ops)
      if (inSlice.count(op.get()))
        slice_.push_back(op.get());
    for (const Op *load : loads_)
      for (const Op *op : slice_)
        if (tir::opReads(*op, load->result()))
          return false;
    return true;
  }

  // The slice again at `b` for the iteration `mapping` names, each load
  // masked off unless `valid`; the loaded tiles, in body order.
  std::vector<Value *> cloneSlice(tir::Builder &b, tir::ValueMapping &mapping, Value *valid) {
    std::vector<Value *> tiles;
    for (const Op *op : slice_) {
      if (op->kind != OpKind::Load) {
        tir::cloneOp(b, *op, mapping);
        continue;
      }
      std::vector<Value *> operands{tir::mapped(mapping, op->operands[0]),
                                    tir::maskForIteration(b, *op, mapping, valid)};
      if (op->operands.size() > 2)
        operands.push_back(tir::mapped(mapping, op->operands[2]));
      Value *tile = b.value(OpKind::Load, operands, op->result()->type, op->loc, op->attrs);
      tile->nameHint = op->result()->nameHint;
      tiles.push_back(tile);
    }
    return tiles;
  }

  void rewrite() {
    Value *iv = body_.args[0].get();
    Op &yield = *body_.ops.back();

    tir::Builder before(parent_, pos_);
    tir::ValueMapping first{{iv, loop_.operands[0]}};
    for (unsigned j : carried_)
      first[body_.args[1 + j].get()] = loop_.operands[3 + j];
    std::vector<Value *> firstTiles = cloneSlice(before, first, tir::iterationRuns(before, loop_, loop_.operands[0]));

    // The address ops move to the top of the body, in order (they read
    // nothing else of it); the next iteration's loads follow them.
    auto top = body_.ops.begin();
    for (const Op *op : slice_) {
      if (op->kind == OpKind::Load)
        continue;
      auto at = tir::positionOf(body_, op);
      if (at == top)
        ++top;
      else
        body_.ops.splice(top, body_.ops, at);
    }
    // Then this iteration's tiles, carried in, are staged for the dots, and
    // the next iteration's loaded.
    tir::Builder ahead(body_, top);
    std::vector<Value *> carriedTiles;
    for (size_t k = 0; k < loads_.size(); ++k) {
      const Value *loaded = loads_[k]->result();
      Value *carried = body_.addArgument(loaded->type, loaded->nameHint);
      tir::replaceAllUses(body_, loads_[k]->result(), carried);
      loop_.operands.push_back(firstTiles[k]);
      loop_.results.push_back(std::make_unique<Value>(loaded->type, &loop_, unsigned(loop_.results.size())));
      carriedTiles.push_back(carried);
    }
    tir::Users users;
    tir::collectUsers(body_, users);
    for (Value *tile : carriedTiles)
      stageForDots(ahead, tile, users);
    Value *next = ahead.value(OpKind::AddI, {iv, loop_.operands[2]}, iv->type, loop_.loc);
    tir::ValueMapping nextMapping{{iv, next}};
    for (unsigned j : carried_)
      nextMapping[body_.args[1 + j].get()] = yield.operands[j];
    for (Value *tile : cloneSlice(ahead, nextMapping, tir::iterationRuns(ahead, loop_, next)))
      yield.operands.push_back(tile);
    // Last: `top` may stand at one of them.
    for (Op *load : loads_)
      body_.ops.erase(tir::positionOf(body_, load));
  }

  Block &parent_;
  tir::OpPosition pos_;
  Op &loop_;
  Block &body_;
  std::vector<Op *> loads_; // in body order
  std::set<unsigned> carried_;
  std::vector<const Op *> slice_; // in body order, the loads among them
};

} // namespace

void prefetchDotLoads(tir::Module &module) {
  if (module.numStages < 2)
    return;
  for (auto &f : module.functions)
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For}, [&](Block &parent, tir::OpPosition pos) {
      if (loopStages(**pos, module.numStages) >= 2 && Prefetcher(parent, pos).run())
        module.prefetchedDotLoads = true;
    });
}

} // namespace tritonc
