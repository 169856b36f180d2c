#include "tritonc/transforms/RematerializeConversions.h"

#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <functional>
#include <map>
#include <vector>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// Beyond this many ops, recomputing stops being obviously cheaper than a
// round trip through shared memory and a barrier...
constexpr size_t kMaxOps = 8;
// ...unless each copy is a few elements a thread: a mask or a column
// broadcast over a narrow tile that a whole block shares (a row band of
// 128 x 2 over 16 warps: one element a thread), whose chain of ranges,
// splats and comparisons is long but costs each thread a few instructions.
constexpr size_t kMaxCheapOps = 24;
constexpr unsigned kMaxCheapWork = 32; // elements a thread, summed over the copies

// A tensor with at most one dim longer than 1: an index vector, or one
// made a row or column of a tile.
bool vectorLike(const Type &t) {
  return std::count_if(t.shape.begin(), t.shape.end(), [](int64_t n) { return n > 1; }) <= 1;
}

// Triton's rule for a load worth repeating rather than exchanging: fewer
// elements than the block has threads, so that a second copy costs each
// thread at most one more cached read. Triton repeats such loads in each
// layout its users want, right after the original: matching it keeps the
// order of definitions, on which LLVM's choice of which product a
// fused multiply-add rounds depends (Liger's RoPE in bf16).
bool cheapLoad(const Op &op, unsigned numWarps) {
  return op.kind == OpKind::Load && !op.attr("volatile") && op.result()->type.numElements() < int64_t(numWarps) * 32;
}

struct Chain {
  std::vector<std::pair<const Op *, Layout>> ops; // operands before users
  const Op *load = nullptr;                       // the repeated load, if any
  // Values converted from the chain's own layout: the copies read the
  // conversion's operand.
  std::map<const Value *, Value *> unconverted;
  bool computes = false; // some copy is float or select work, not index arithmetic
  unsigned work = 0;     // the copies' elements a thread
};

// The ops computing `v` in layout `l`, each with the layout its copy
// takes, when all are recomputable (or expand an index vector into a row
// or column, or broadcast such a row or column over a tile, or are one
// cheap load reached through such expansions and broadcasts only) and
// few; empty otherwise.
// Scalar operands (splats' sources, the tile index) are read where they
// are.
Chain chainOf(const Value *v, const Layout &l, unsigned numWarps) {
  Chain chain;
  std::vector<std::pair<const Op *, Layout>> &order = chain.ops;
  bool ok = true;
  std::function<void(const Value *, const Layout &, bool)> visit = [&](const Value *value, const Layout &layout,
                                                                       bool onlyExpansionsAbove) {
    if (!ok || !value->type.isTensor())
      return;
    const Op *def = value->definingOp();
    if (def && def->kind == OpKind::ConvertLayout && def->operands[0]->type.layout &&
        *def->operands[0]->type.layout == layout) {
      chain.unconverted[value] = def->operands[0];
      return;
    }
    bool expands = def && def->kind == OpKind::ExpandDims;
    bool repeatedLoad = def && onlyExpansionsAbove && !chain.load && cheapLoad(*def, numWarps);
    // A tile is worth computing again only as index arithmetic over
    // broadcasts of vectors (a causal mask `o[:, None] >= o[None, :]`):
    // broadcasting moves no data, so each thread computes its own elements.
    bool broadcastsVector = def && def->kind == OpKind::Broadcast && vectorLike(def->operands[0]->type);
    bool vectorOnly = def && (expands || repeatedLoad) && vectorLike(def->result()->type);
    bool computes = def && !tir::hasTrait(def->kind, tir::kIndexArith) && tir::isElementwise(*def);
    if (!def || !(tir::hasTrait(def->kind, tir::kIndexArith) || broadcastsVector || vectorOnly || computes)) {
      ok = false;
      return;
    }
    chain.computes = chain.computes || computes;
    if (repeatedLoad)
      chain.load = def;
    for (const auto &[done, doneLayout] : order)
      if (done == def) {
        ok = ok && doneLayout == layout; // one copy per op: a second layout is not worth it
        return;
      }
    for (const Value *operand : def->operands)
      visit(operand, expands ? layout.sliced(unsigned(def->intAttr("axis"))) : layout,
            (expands || broadcastsVector) && onlyExpansionsAbove);
    order.emplace_back(def, layout);
    Type copy = def->result()->type;
    copy.layout = layout;
    chain.work += elementsPerThread(copy);
    bool cheap = order.size() <= kMaxCheapOps && chain.work <= kMaxCheapWork;
    ok = ok && (chain.computes ? cheap : order.size() <= kMaxOps || cheap);
  };
  visit(v, l, true);
  // A repeated load's copies go right after it, where a value converted
  // later may not be defined yet.
  if (!ok || (chain.load && !chain.unconverted.empty()))
    return {};
  return chain;
}

// Inside the load's block, right after it: the copy reads what the load
// read, whatever is stored later, and everything it computes from is
// defined there (the load's operands, and expansions of the load).
tir::Builder insertionPoint(Block &block, std::list<std::unique_ptr<Op>>::iterator convert, const Op *load) {
  if (!load)
    return tir::Builder(block, convert);
  Block &home = *load->parent;
  auto pos = tir::positionOf(home, load);
  return tir::Builder(home, std::next(pos));
}

void rematerializeIn(Block &block, unsigned numWarps) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    Op &op = **it;
    for (auto &region : op.regions)
      rematerializeIn(*region, numWarps);
    if (op.kind != OpKind::ConvertLayout)
      continue;
    Chain chain = chainOf(op.operands[0], *op.result()->type.layout, numWarps);
    if (chain.ops.empty())
      continue;
    tir::Builder b = insertionPoint(block, it, chain.load);
    std::map<const Value *, Value *> copies;
    for (const auto &[converted, original] : chain.unconverted)
      copies[converted] = original;
    for (const auto &[original, layout] : chain.ops) {
      std::vector<Value *> operands;
      for (Value *operand : original->operands)
        operands.push_back(copies.count(operand) ? copies.at(operand) : operand);
      Type type = original->result()->type;
      type.layout = layout;
      copies[original->result()] = b.value(original->kind, operands, type, original->loc, original->attrs);
    }
    op.operands[0] = copies.at(op.operands[0]);
    // What remains converts a value to its own layout: use it directly.
    tir::replaceAllUses(block, op.result(), op.operands[0]);
  }
}

} // namespace

void rematerializeConversions(tir::Module &module) {
  for (auto &f : module.functions)
    rematerializeIn(f->body, module.numWarps);
}

} // namespace tritonc
