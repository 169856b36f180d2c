#include "tritonc/transforms/DCE.h"

#include "tritonc/ir/Walk.h"

#include <memory>
#include <set>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// Removes dead pure ops and unread loads; returns whether anything was removed.
bool sweep(Block &block, const std::unordered_set<const Value *> &used) {
  bool changed = false;
  for (auto it = block.ops.begin(); it != block.ops.end();) {
    Op &op = **it;
    for (auto &region : op.regions)
      changed |= sweep(*region, used);
    // Pure ops with their regions, which are pure too (Ops.def); and loads
    // nothing reads (one repeated in another layout by rematerialize), as
    // Triton drops them, unless volatile.
    bool dead = tir::isPure(op.kind) || (op.kind == OpKind::Load && !op.attr("volatile"));
    for (const auto &r : op.results)
      dead = dead && !used.count(r.get());
    if (dead) {
      it = block.ops.erase(it);
      changed = true;
    } else {
      ++it;
    }
  }
  return changed;
}

// The carried values of `loop` that nothing reads after it and nothing in
// it reads but the ops computing the next values of such carried values (a
// pointer tile whose loads became TMA copies): indices among the carried
// values. A carried value is live once its result is read after the loop
// or its argument is read by something live; the rest are dead together,
// those that only feed each other's updates too.
std::set<unsigned> deadCarried(const Op &loop, const std::unordered_set<const Value *> &usedAnywhere) {
  const Block &body = *loop.regions[0];
  const Op &yield = *body.ops.back();
  std::vector<bool> carriedLive(yield.operands.size());
  for (unsigned i = 0; i < carriedLive.size(); ++i)
    carriedLive[i] = usedAnywhere.count(loop.result(i)) > 0;
  // A dot that completes a carried value names it by index: keep that one.
  for (const auto &op : body.ops)
    if (op->attr("completes_carried"))
      carriedLive[size_t(op->intAttr("completes_carried"))] = true;
  for (bool grew = true; grew;) {
    std::unordered_set<const Value *> live;
    for (unsigned i = 0; i < carriedLive.size(); ++i)
      if (carriedLive[i])
        live.insert(yield.operands[i]);
    for (auto it = std::next(body.ops.rbegin()); it != body.ops.rend(); ++it) {
      const Op &op = **it;
      bool needed = !tir::isPure(op.kind) || !op.regions.empty();
      for (const auto &r : op.results)
        needed = needed || live.count(r.get());
      if (!needed)
        continue;
      live.insert(op.operands.begin(), op.operands.end());
      for (const auto &region : op.regions)
        tir::collectUses(*region, live);
    }
    grew = false;
    for (unsigned i = 0; i < carriedLive.size(); ++i)
      if (!carriedLive[i] && live.count(body.args[1 + i].get()))
        carriedLive[i] = grew = true;
  }
  std::set<unsigned> dead;
  for (unsigned i = 0; i < carriedLive.size(); ++i)
    if (!carriedLive[i])
      dead.insert(i);
  return dead;
}

// `loop` again without the carried values `drop`; the values they were
// computed from are left for the sweep.
void dropCarried(Block &parent, tir::OpPosition pos, const std::set<unsigned> &drop) {
  Op &loop = **pos;
  Block &body = *loop.regions[0];
  Op &yield = *body.ops.back();
  std::vector<Value *> operands(loop.operands.begin(), loop.operands.begin() + 3);
  std::vector<Type> types;
  std::vector<unsigned> kept;
  for (unsigned i = 0; i < loop.results.size(); ++i)
    if (!drop.count(i)) {
      kept.push_back(i);
      operands.push_back(loop.operands[3 + i]);
      types.push_back(loop.result(i)->type);
    }
  Op *rebuilt = tir::Builder(parent, pos).create(OpKind::For, operands, types, loop.attrs, loop.loc);
  auto block = std::make_unique<Block>();
  Value *iv = block->addArgument(body.args[0]->type, body.args[0]->nameHint);
  tir::replaceAllUses(body, body.args[0].get(), iv);
  std::vector<Value *> yielded;
  for (unsigned n = 0; n < kept.size(); ++n) {
    unsigned i = kept[n];
    Value *arg = block->addArgument(body.args[1 + i]->type, body.args[1 + i]->nameHint);
    tir::replaceAllUses(body, body.args[1 + i].get(), arg);
    tir::replaceAllUses(parent, loop.result(i), rebuilt->result(n));
    rebuilt->result(n)->nameHint = loop.result(i)->nameHint;
    yielded.push_back(yield.operands[i]);
  }
  yield.operands = yielded;
  for (auto &op : body.ops) {
    op->parent = block.get();
    if (op->attr("completes_carried")) {
      int64_t index = op->intAttr("completes_carried");
      op->setAttr("completes_carried", index - int64_t(std::distance(drop.begin(), drop.lower_bound(unsigned(index)))));
    }
  }
  block->ops.splice(block->ops.end(), body.ops);
  rebuilt->regions.push_back(std::move(block));
  parent.ops.erase(pos);
}

// Drops dead carried values of every `for` in `block`; returns whether any.
bool dropDeadCarried(Block &block, const std::unordered_set<const Value *> &used) {
  bool changed = false;
  std::vector<std::pair<Block *, Op *>> loops;
  tir::forEachLoopInnermostFirst(block, {OpKind::For},
                                 [&](Block &parent, tir::OpPosition pos) { loops.emplace_back(&parent, pos->get()); });
  for (auto [parent, loop] : loops) {
    std::set<unsigned> dead = deadCarried(*loop, used);
    if (dead.empty())
      continue;
    auto pos = tir::positionOf(*parent, loop);
    dropCarried(*parent, pos, dead);
    changed = true;
  }
  return changed;
}

} // namespace

void eliminateDeadCode(tir::Module &module) {
  for (auto &f : module.functions) {
    bool changed = true;
    while (changed) { // removing an op can make its operands dead
      std::unordered_set<const Value *> used;
      tir::collectUses(f->body, used);
      changed = sweep(f->body, used);
      if (!changed)
        changed = dropDeadCarried(f->body, used);
    }
  }
}

} // namespace tritonc
