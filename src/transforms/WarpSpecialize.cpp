#include "tritonc/transforms/WarpSpecialize.h"

#include "tritonc/ir/CloneOps.h"
#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <functional>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// A warpgroup: `setmaxnreg` moves registers a warpgroup at a time.
constexpr int64_t kProducerWarps = 4;

const Type kI1 = Type::scalar(ElemType::scalar(ScalarKind::I1));
const Type kI32 = Type::scalar(ElemType::scalar(ScalarKind::I32));

bool holds(const Block &block, OpKind kind) {
  for (const auto &op : block.ops) {
    if (op->kind == kind)
      return true;
    for (const auto &region : op->regions)
      if (holds(*region, kind))
        return true;
  }
  return false;
}

void collectLoopsCopyingByTma(Block &block, std::vector<Op *> &loops) {
  tir::forEachOp(block, [&](Op &op) {
    if (op.kind == OpKind::For && holds(*op.regions[0], OpKind::TmaCopy))
      loops.push_back(&op);
  });
}

class Specializer {
public:
  explicit Specializer(tir::Function &function) : function_(function) {}

  // `forced`: `--warp-specialize`; otherwise only a loop the source asks
  // for (`tl.range(..., warp_specialize=True)` on it or on its tile loop).
  void run(bool forced, bool persistent) {
    if (!findLoop() || !(forced || requested()) || !checkBody() || !checkRings() || !sliceProducer() ||
        (tiles_ && !findRingState()))
      return;
    Op *producer = rewrite();
    if (tiles_)
      carryRingStateAcrossTiles();
    else if (persistent && canPersist())
      makePersistent(producer);
  }

private:
  // The one loop whose body starts bulk copies, directly in the function,
  // in the first region of an `if` there, or in the body of a loop there
  // that carries nothing (a persistent kernel's loop over its tiles).
  bool findLoop() {
    std::vector<Op *> loops;
    collectLoopsCopyingByTma(function_.body, loops);
    // A tile loop copies too, through the loop it holds.
    if (loops.size() == 2 && loops[1]->parent == loops[0]->regions[0].get())
      loops.erase(loops.begin());
    if (loops.size() != 1)
      return false;
    loop_ = loops[0];
    home_ = loop_->parent;
    if (home_ == &function_.body)
      return true;
    for (auto &op : function_.body.ops) {
      if (op->kind == OpKind::If && op->regions[0].get() == home_)
        guard_ = op.get();
      if (op->kind == OpKind::For && op->regions[0].get() == home_ && op->results.empty())
        tiles_ = op.get();
    }
    return guard_ || tiles_;
  }

  bool requested() const { return loop_->attr("warp_specialize") || (tiles_ && tiles_->attr("warp_specialize")); }

  // Copies only by TMA after one barrier, wgmma dots all left in flight
  // (each waits until this iteration's are the only ones pending, so after
  // the last, the previous iteration's slots are read), no nested control.
  bool checkBody() {
    Block &body = *loop_->regions[0];
    int64_t dots = 0;
    for (auto &owned : body.ops) {
      Op &op = *owned;
      switch (op.kind) {
      case OpKind::For:
      case OpKind::If:
      case OpKind::While:
      case OpKind::AsyncCopy:
      case OpKind::AsyncWait:
      case OpKind::LocalStore:
      case OpKind::LocalLoad: return false;
      case OpKind::Dot:
        if (!tir::isWgmmaDot(op) || !op.attr("pending"))
          return false;
        ++dots;
        lastDot_ = &op;
        break;
      case OpKind::Barrier:
        if (barrier_)
          return false;
        barrier_ = &op;
        break;
      case OpKind::TmaCopy:
        if (!barrier_)
          return false;
        loopCopies_.push_back(&op);
        break;
      default: break;
      }
    }
    if (!lastDot_ || loopCopies_.empty())
      return false;
    for (auto &op : body.ops)
      if (op->kind == OpKind::Dot && op->intAttr("pending") != dots)
        return false;
    Value *slot = loopCopies_[0]->operands[1];
    if (slot->ownerBlock() != &body || slot->index() == 0)
      return false;
    writeArg_ = slot->index();
    for (Op *copy : loopCopies_) {
      if (copy->operands[1] != slot)
        return false;
      Op *ring = copy->operands[0]->definingOp();
      if (!ring || ring->kind != OpKind::LocalAlloc || ring->parent != home_ || ring->intAttr("barriers") != 1)
        return false;
      if (std::find(rings_.begin(), rings_.end(), ring) == rings_.end())
        rings_.push_back(ring);
    }
    return true;
  }

  // Each ring is copied into before the loop and in it, read in it, and
  // released after it: nothing else names it.
  bool checkRings() {
    tir::Users users;
    tir::collectUsers(function_.body, users);
    Block &body = *loop_->regions[0];
    auto loopPos = tir::positionOf(*home_, loop_);
    for (Op *ring : rings_) {
      for (Op *user : users[ring->result()]) {
        bool before = user->parent == home_ && std::find_if(home_->ops.begin(), loopPos, [&](const auto &op) {
                                                 return op.get() == user;
                                               }) != loopPos;
        if (user->kind == OpKind::TmaCopy && before)
          prologueCopies_.push_back(user);
        else if (user->kind == OpKind::ReleaseBarriers && user->parent == home_ && !before)
          releases_.push_back(user);
        else if (user->parent != &body ||
                 (user->kind != OpKind::TmaCopy && user->kind != OpKind::TmaWait && user->kind != OpKind::LocalSlot))
          return false;
      }
    }
    return !releases_.empty();
  }

  // The scalar ops the producer repeats: pure, of the function's body, the
  // loop's block or the loop's body, reading kernel parameters and each
  // other (and in the body, the loop index and the slot it copies into).
  bool slice(Value *v) {
    Block &body = *loop_->regions[0];
    if (v->ownerBlock())
      return v->ownerBlock() == &function_.body || (tiles_ && v->ownerBlock() == home_ && v->index() == 0) ||
             (v->ownerBlock() == &body && (v->index() == 0 || v->index() == writeArg_));
    Op *def = v->definingOp();
    if (sliced_.count(def))
      return true;
    if (v->type.isTensor() || !def->regions.empty() || !tir::isPure(def->kind) ||
        (def->parent != &function_.body && def->parent != home_ && def->parent != &body))
      return false;
    for (Value *operand : def->operands)
      if (!slice(operand))
        return false;
    sliced_.insert(def);
    order_.push_back(def);
    return true;
  }

  // The loop copies `lookahead_` stages ahead, the ring's slots but one,
  // the prologue the stages before: the producer copies every stage in its
  // own loop, computing stage j's copies as iteration j - lookahead's.
  bool sliceProducer() {
    for (Op *ring : rings_) {
      int64_t copies = std::count_if(prologueCopies_.begin(), prologueCopies_.end(),
                                     [&](const Op *copy) { return copy->operands[0] == ring->result(); });
      if (copies + 1 != ring->result()->type.shape[0] || (lookahead_ && copies != lookahead_))
        return false;
      lookahead_ = copies;
    }
    if (guard_ && !slice(guard_->operands[0]))
      return false;
    if (tiles_)
      for (unsigned i : {0u, 1u, 2u})
        if (!slice(tiles_->operands[i]))
          return false;
    for (unsigned i : {0u, 1u, 2u})
      if (!slice(loop_->operands[i]))
        return false;
    for (Op *copy : loopCopies_)
      for (size_t i = 2; i < copy->operands.size(); ++i)
        if (!slice(copy->operands[i]))
          return false;
    return slice(loop_->regions[0]->ops.back()->operands[writeArg_ - 1]);
  }

  void cloneSlice(tir::Builder &b, const Block &from, tir::ValueMapping &mapping) {
    for (Op *op : order_)
      if (op->parent == &from)
        tir::cloneOp(b, *op, mapping);
  }

  Value *constant(tir::Builder &b, int64_t value, const Type &type) {
    return b.value(OpKind::Constant, {}, type, loop_->loc, {{"value", value}});
  }

  // The loop's ring state (read slot, its phase; the slot it writes, read
  // last) is carried, from constants.
  bool findRingState() {
    Block &body = *loop_->regions[0];
    auto waitPos =
        std::find_if(body.ops.begin(), body.ops.end(), [](const auto &op) { return op->kind == OpKind::TmaWait; });
    if (waitPos == body.ops.end())
      return false;
    const Op &wait = **waitPos;
    for (unsigned i : {1u, 2u})
      if (wait.operands[i]->ownerBlock() != &body || wait.operands[i]->index() == 0)
        return false;
    readArg_ = wait.operands[1]->index();
    phaseArg_ = wait.operands[2]->index();
    return tir::integerConstant(loop_->operands[3 + readArg_ - 1]) &&
           tir::integerConstant(loop_->operands[3 + phaseArg_ - 1]) &&
           tir::integerConstant(loop_->operands[3 + writeArg_ - 1]);
  }

  // ... and nothing is behind a guard: every tile copies the same way.
  bool canPersist() { return !guard_ && findRingState(); }

  // The consumers' ring state, as a loop over tiles carries it: the ring's
  // read slot, its phase and the slot read last (released next).
  std::vector<unsigned> ringArgs() const { return {readArg_, phaseArg_, writeArg_}; }

  // Each piece's value for the first tile (the constants the loop starts
  // from), made at `b`, and the loop's result that the next tile starts from.
  std::vector<Value *> ringStateInits(tir::Builder &b) {
    std::vector<Value *> inits;
    for (unsigned arg : ringArgs())
      inits.push_back(constant(b, *tir::integerConstant(loop_->operands[3 + arg - 1]), kI32));
    return inits;
  }
  std::vector<Value *> ringStateResults() const {
    std::vector<Value *> results;
    for (unsigned arg : ringArgs())
      results.push_back(loop_->result(arg - 1));
    return results;
  }
  // The loop starts each tile from `carried`, a tile loop's arguments.
  void startLoopFrom(const std::vector<Value *> &carried) {
    std::vector<unsigned> args = ringArgs();
    for (size_t i = 0; i < args.size(); ++i)
      loop_->operands[3 + args[i] - 1] = carried[i];
  }

  static void replaceProgramIds(Block &block, Value *tile) {
    std::vector<Value *> ids;
    tir::forEachOp(block, [&](Op &op) {
      if (op.kind == OpKind::ProgramId && op.intAttr("axis") == 0)
        ids.push_back(op.result());
    });
    for (Value *id : ids)
      tir::replaceAllUses(block, id, tile);
  }

  // Moves `block`'s ops (but those `stays` keeps after it) into a loop over
  // the tiles of axis 0 this CTA takes, carrying ring values from `inits`;
  // returns the loop's body, its tile and carried arguments.
  struct TileLoop {
    Block *body;
    Value *tile;
    std::vector<Value *> carried;
  };
  TileLoop loopOverTiles(Block &block, std::list<std::unique_ptr<Op>>::iterator from, Value *firstTile, Value *tiles,
                         Value *ctas, std::vector<Value *> inits, const std::function<bool(const Op &)> &stays) {
    SourceRange loc = loop_->loc;
    std::vector<std::unique_ptr<Op>> moved, after;
    for (auto it = from; it != block.ops.end();) {
      (stays(**it) ? after : moved).push_back(std::move(*it));
      it = block.ops.erase(it);
    }
    std::vector<Value *> operands{firstTile, tiles, ctas};
    operands.insert(operands.end(), inits.begin(), inits.end());
    Op *tileLoop = tir::Builder(block).create(OpKind::For, operands, std::vector<Type>(inits.size(), kI32), {}, loc);
    tileLoop->regions.push_back(std::make_unique<Block>());
    Block &body = *tileLoop->regions[0];
    TileLoop loop{&body, body.addArgument(kI32, "tile"), {}};
    for (size_t i = 0; i < inits.size(); ++i)
      loop.carried.push_back(body.addArgument(kI32, "ring"));
    for (auto &op : moved) {
      op->parent = &body;
      body.ops.push_back(std::move(op));
    }
    for (auto &op : after) {
      op->parent = &block;
      block.ops.push_back(std::move(op));
    }
    replaceProgramIds(body, loop.tile);
    return loop;
  }

  void makePersistent(Op *producer) {
    SourceRange loc = loop_->loc;
    Block &fn = function_.body;
    auto producerPos = tir::positionOf(fn, producer);
    // CTA c < min(tiles, SMs) takes tiles c, c + ctas, ...; the others none.
    tir::Builder pre(fn, producerPos);
    Value *tiles = pre.value(OpKind::NumPrograms, {}, kI32, loc, {{"axis", int64_t(0)}});
    Value *ctas = pre.value(OpKind::MinSI, {tiles, pre.value(OpKind::NumSms, {}, kI32, loc)}, kI32, loc);
    Value *cta = pre.value(OpKind::ProgramId, {}, kI32, loc, {{"axis", int64_t(0)}});
    Value *works = pre.value(OpKind::CmpI, {cta, ctas}, kI1, loc, {{"predicate", "slt"}});
    Value *firstTile = pre.value(OpKind::Select, {works, cta, tiles}, kI32, loc);

    // The consumers' ring state goes on from tile to tile.
    std::vector<Value *> inits = ringStateInits(pre), results = ringStateResults();
    // The rings' release and the meeting come once, after the tiles; a
    // one-slot buffer's release stays with its buffer in the tile.
    TileLoop consumers = loopOverTiles(fn, std::next(producerPos), firstTile, tiles, ctas, inits, [&](const Op &op) {
      return op.kind == OpKind::ProducerJoin || op.kind == OpKind::Return ||
             std::find(releases_.begin(), releases_.end(), &op) != releases_.end();
    });
    startLoopFrom(consumers.carried);
    tir::Builder(*consumers.body).create(OpKind::Yield, results, {}, {}, loc);

    // The producer: so do its write slot and phase, from the first.
    Block &region = *producer->regions[0];
    Op *stages = nullptr;
    for (auto &op : region.ops)
      if (op->kind == OpKind::For)
        stages = op.get();
    tir::Builder atStart(region, region.ops.begin());
    Value *zero = constant(atStart, 0, kI32);
    TileLoop producing =
        loopOverTiles(region, std::next(region.ops.begin()), firstTile, tiles, ctas, {zero, zero},
                      [](const Op &op) { return op.kind == OpKind::ProducerJoin || op.kind == OpKind::Yield; });
    stages->operands[3] = producing.carried[0];
    stages->operands[4] = producing.carried[1];
    tir::Builder(*producing.body).create(OpKind::Yield, {stages->result(0), stages->result(1)}, {}, {}, loc);
  }

  // The tile loop carries the consumers' ring state, from the constants
  // the loop started each tile with; the rings' release, after both roles
  // meet, comes once, after the tiles.
  void carryRingStateAcrossTiles() {
    SourceRange loc = tiles_->loc;
    Block &fn = function_.body;
    tir::Builder before(fn, tir::positionOf(fn, tiles_));
    std::vector<Value *> operands(tiles_->operands.begin(), tiles_->operands.end());
    for (Value *init : ringStateInits(before))
      operands.push_back(init);
    Op *carrying = before.create(OpKind::For, operands, {kI32, kI32, kI32}, tiles_->attrs, loc);
    carrying->regions.push_back(std::move(tiles_->regions[0]));
    std::vector<Value *> carried;
    for (size_t i = 0; i < ringArgs().size(); ++i)
      carried.push_back(home_->addArgument(kI32, "ring"));
    startLoopFrom(carried);
    std::vector<Value *> results = ringStateResults();
    Op &yield = *home_->ops.back();
    yield.operands.insert(yield.operands.end(), results.begin(), results.end());
    auto after = fn.ops.erase(tir::positionOf(fn, tiles_));
    tir::Builder(fn, after).create(OpKind::ProducerJoin, {}, {}, {}, loc);
    for (Op *release : releases_)
      tir::moveOp(*home_, tir::positionOf(*home_, release), fn, after);
  }

  Op *rewrite() {
    SourceRange loc = loop_->loc;
    Block &body = *loop_->regions[0];
    // The rings move to the function's start, each with a second set of
    // mbarriers: both roles name them, and they are set up before the
    // roles part.
    for (Op *ring : rings_) {
      ring->setAttr("barriers", int64_t(2));
      tir::moveOp(*home_, tir::positionOf(*home_, ring), function_.body, function_.body.ops.begin());
    }
    auto afterRings = std::next(function_.body.ops.begin(), std::ptrdiff_t(rings_.size()));
    Op *producer = tir::Builder(function_.body, afterRings)
                       .create(OpKind::WarpSpecialize, {}, {}, {{"warps", kProducerWarps}}, loc);
    producer->regions.push_back(std::make_unique<Block>());
    Block &region = *producer->regions[0];
    tir::Builder top(region);
    tir::ValueMapping mapping;
    cloneSlice(top, function_.body, mapping);
    auto mapped = [&](Value *v) {
      auto it = mapping.find(v);
      return it == mapping.end() ? v : it->second;
    };

    Block *copying = &region;
    // A tile loop's producer loops over the same tiles, its write slot and
    // phase going on from tile to tile.
    Value *firstSlot = nullptr, *firstPhase = nullptr;
    if (tiles_) {
      // A loop counting down (`descending`) does so in both roles.
      std::vector<tir::NamedAttribute> direction;
      if (tiles_->attr("descending"))
        direction.push_back({"descending", int64_t(1)});
      Op *producerTiles = top.create(OpKind::For,
                                     {mapped(tiles_->operands[0]), mapped(tiles_->operands[1]),
                                      mapped(tiles_->operands[2]), constant(top, 0, kI32), constant(top, 0, kI32)},
                                     {kI32, kI32}, direction, tiles_->loc);
      producerTiles->regions.push_back(std::make_unique<Block>());
      copying = producerTiles->regions[0].get();
      mapping[home_->args[0].get()] = copying->addArgument(home_->args[0]->type, "tile");
      firstSlot = copying->addArgument(kI32, "write_slot");
      firstPhase = copying->addArgument(kI32, "write_phase");
    }
    if (guard_) {
      Op *branch = top.create(OpKind::If, {mapped(guard_->operands[0])}, {}, {}, guard_->loc);
      for (int r = 0; r < 2; ++r) {
        branch->regions.push_back(std::make_unique<Block>());
        if (r == 1)
          tir::Builder(*branch->regions[1]).create(OpKind::Yield, {}, {}, {}, loc);
      }
      copying = branch->regions[0].get();
    }
    tir::Builder b(*copying);
    if (home_ != &function_.body)
      cloneSlice(b, *home_, mapping);

    // The producer's loop: the stage, the slot it copies into (from the
    // first) and the parity of that slot's round (flipped as the slot
    // wraps to 0).
    const Type &ivType = body.args[0]->type;
    Value *ahead = b.value(OpKind::MulI, {mapped(loop_->operands[2]), constant(b, lookahead_, ivType)}, ivType, loc);
    Op *producerLoop =
        b.create(OpKind::For,
                 {mapped(loop_->operands[0]), mapped(loop_->operands[1]), mapped(loop_->operands[2]),
                  firstSlot ? firstSlot : constant(b, 0, kI32), firstPhase ? firstPhase : constant(b, 0, kI32)},
                 {kI32, kI32}, {}, loc);
    producerLoop->regions.push_back(std::make_unique<Block>());
    Block &steps = *producerLoop->regions[0];
    Value *stage = steps.addArgument(ivType, "stage");
    Value *slot = steps.addArgument(kI32, "write_slot");
    Value *phase = steps.addArgument(kI32, "write_phase");
    mapping[body.args[writeArg_].get()] = slot;
    tir::Builder inLoop(steps);
    mapping[body.args[0].get()] = inLoop.value(OpKind::SubI, {stage, ahead}, ivType, loc);
    for (Op *ring : rings_)
      inLoop.create(OpKind::RingAcquire, {ring->result(), slot, phase}, {}, {}, loc);
    cloneSlice(inLoop, body, mapping);
    for (Op *copy : loopCopies_)
      tir::cloneOp(inLoop, *copy, mapping);
    Value *next = mapped(body.ops.back()->operands[writeArg_ - 1]);
    Value *wrapped = inLoop.value(OpKind::CmpI, {next, constant(inLoop, 0, kI32)}, kI1, loc, {{"predicate", "eq"}});
    Value *flipped = inLoop.value(OpKind::XorI, {phase, constant(inLoop, 1, kI32)}, kI32, loc);
    Value *nextPhase = inLoop.value(OpKind::Select, {wrapped, flipped, phase}, kI32, loc);
    inLoop.create(OpKind::Yield, {next, nextPhase}, {}, {}, loc);
    if (tiles_) {
      b.create(OpKind::Yield, {producerLoop->result(0), producerLoop->result(1)}, {}, {}, loc);
      top.create(OpKind::ProducerJoin, {}, {}, {}, loc);
    } else {
      b.create(OpKind::ProducerJoin, {}, {}, {}, loc);
      if (guard_)
        b.create(OpKind::Yield, {}, {}, {}, loc);
    }
    top.create(OpKind::Yield, {}, {}, {}, loc);

    // The consumers: no copies; each iteration after the first releases
    // the slot the previous one read, once its dots are done with it.
    auto erase = [](Block &block, Op *op) { block.ops.erase(tir::positionOf(block, op)); };
    for (Op *copy : prologueCopies_)
      erase(*home_, copy);
    for (Op *copy : loopCopies_)
      erase(body, copy);
    erase(body, barrier_);
    auto afterDot = std::next(tir::positionOf(body, lastDot_));
    tir::Builder release(body, afterDot);
    Value *notFirst =
        release.value(OpKind::CmpI, {body.args[0].get(), loop_->operands[0]}, kI1, loc, {{"predicate", "sgt"}});
    for (Op *ring : rings_)
      release.create(OpKind::RingRelease, {ring->result(), body.args[writeArg_].get(), notFirst}, {}, {}, loc);
    // The last iteration's slot, once the loop's exit has waited for its
    // dots: released too, so that a producer running on finds every slot
    // handed back.
    auto afterLoop = std::next(tir::positionOf(*home_, loop_));
    tir::Builder exit(*home_, afterLoop);
    Value *ran = exit.value(OpKind::CmpI, {loop_->operands[0], loop_->operands[1]}, kI1, loc, {{"predicate", "slt"}});
    for (Op *ring : rings_)
      exit.create(OpKind::RingRelease, {ring->result(), loop_->result(writeArg_ - 1), ran}, {}, {}, loc);
    if (!tiles_) // else after the tile loop (carryRingStateAcrossTiles)
      tir::Builder(*home_, tir::positionOf(*home_, releases_.front())).create(OpKind::ProducerJoin, {}, {}, {}, loc);
    // Where the guard fails the rings' mbarriers were set up all the same:
    // released before other buffers take their bytes.
    if (guard_) {
      Block &otherwise = *guard_->regions[1];
      tir::Builder atStart(otherwise, otherwise.ops.begin());
      for (Op *ring : rings_)
        atStart.create(OpKind::ReleaseBarriers, {ring->result()}, {}, {}, loc);
    }
    return producer;
  }

  tir::Function &function_;
  Op *loop_ = nullptr;
  Block *home_ = nullptr;
  Op *guard_ = nullptr;
  Op *tiles_ = nullptr; // the tile loop holding the loop
  Op *barrier_ = nullptr;
  Op *lastDot_ = nullptr;
  unsigned writeArg_ = 0;
  int64_t lookahead_ = 0;
  unsigned readArg_ = 0, phaseArg_ = 0;
  std::vector<Op *> rings_, prologueCopies_, loopCopies_, releases_;
  std::unordered_set<const Op *> sliced_;
  std::vector<Op *> order_; // sliced_, each op after those it reads
};

} // namespace

void warpSpecializeLoops(tir::Module &module) {
  if (!(module.warpSpecialize || module.warpSpecializeRequests) || !module.target.hasBulkTensorCopies())
    return;
  for (auto &function : module.functions)
    Specializer(*function).run(module.warpSpecialize, module.persistent);
}

} // namespace tritonc
