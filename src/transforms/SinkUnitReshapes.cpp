#include "tritonc/transforms/SinkUnitReshapes.h"

#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <unordered_map>

namespace tritonc {

namespace {

using tir::isUnitReshape;
using tir::OpKind;

// The operand of the unit reshape that defines `v`, if one does.
tir::Value *unitReshapeSource(tir::Value *v) {
  tir::Op *def = v->definingOp();
  return def && isUnitReshape(*def) ? def->operands[0] : nullptr;
}

class Sinker {
public:
  explicit Sinker(tir::Function &function) : body_(function.body) { tir::collectUsers(body_, users_); }

  void run(tir::Block &block) {
    for (auto it = block.ops.begin(); it != block.ops.end();) {
      tir::Op &op = **it;
      for (auto &region : op.regions)
        run(*region);
      auto next = std::next(it);
      if (tir::isElementwise(op))
        sinkThroughElementwise(block, it);
      else if (op.kind == OpKind::Store)
        storeUnreshaped(block, it);
      else if (isUnitReshape(op))
        reshapeWhatIsLoaded(block, it);
      it = next;
    }
  }

private:
  // Whether `v` is a dot's result, or computed from one elementwise or by
  // unit reshapes: a value that may live in an MMA accumulator's layout.
  // Other values keep their reshapes, whose layouts rename registers (a
  // sort's compare-and-swap steps reshape to [1, 2, n] and back).
  bool fromDot(const tir::Value *v) {
    if (auto it = fromDot_.find(v); it != fromDot_.end())
      return it->second;
    fromDot_[v] = false; // until shown otherwise, should the search come back here
    const tir::Op *def = v->definingOp();
    bool result = false;
    if (def && def->kind == OpKind::Dot)
      result = true;
    else if (def && (tir::isElementwise(*def) || isUnitReshape(*def)))
      result = std::any_of(def->operands.begin(), def->operands.end(), [&](const tir::Value *o) { return fromDot(o); });
    else if (def && def->kind == OpKind::For) // an accumulator carried out of its loop
      for (size_t i = 0; i < def->results.size(); ++i)
        if (def->result(unsigned(i)) == v)
          result = fromDot(def->regions[0]->ops.back()->operands[i]);
    return fromDot_[v] = result;
  }

  // `v` with shape `shape` (the same elements in the same order), built
  // before `pos`: a constant or splat made again, a unit reshape's operand
  // reshaped once, anything else reshaped.
  tir::Value *reshaped(tir::Block &block, tir::OpPosition pos, tir::Value *v, const std::vector<int64_t> &shape) {
    if (v->type.shape == shape)
      return v;
    Type type = Type::tensor(v->type.elem, shape);
    tir::Builder b(block, pos);
    tir::Op *def = v->definingOp();
    if (def && def->kind == OpKind::Constant)
      return b.value(OpKind::Constant, {}, type, def->loc, def->attrs);
    if (def && def->kind == OpKind::Splat)
      return b.value(OpKind::Splat, {def->operands[0]}, type, def->loc);
    if (tir::Value *source = unitReshapeSource(v))
      return reshaped(block, pos, source, shape);
    return b.value(OpKind::Reshape, {v}, type, def ? def->loc : SourceRange{});
  }

  // An elementwise op of unit reshapes from one shape computes at that
  // shape; its result is reshaped back for its users.
  void sinkThroughElementwise(tir::Block &block, tir::OpPosition pos) {
    tir::Op &op = **pos;
    if (!op.result()->type.isTensor())
      return;
    std::optional<std::vector<int64_t>> shape;
    for (tir::Value *v : op.operands) {
      if (!v->type.isTensor())
        continue;
      if (tir::Value *source = unitReshapeSource(v); source && fromDot(source)) {
        if (shape && *shape != source->type.shape)
          return;
        shape = source->type.shape;
        continue;
      }
      tir::Op *def = v->definingOp();
      if (!def || (def->kind != OpKind::Constant && def->kind != OpKind::Splat))
        return;
    }
    if (!shape || *shape == op.result()->type.shape)
      return;
    std::vector<tir::Value *> operands;
    for (tir::Value *v : op.operands)
      operands.push_back(v->type.isTensor() ? reshaped(block, pos, v, *shape) : v);
    tir::Builder b(block, pos);
    tir::Value *computed = b.value(op.kind, operands, Type::tensor(op.result()->type.elem, *shape), op.loc, op.attrs);
    tir::Value *back = b.value(OpKind::Reshape, {computed}, op.result()->type, op.loc);
    tir::replaceAllUses(body_, op.result(), back);
  }

  // store(p, reshape(v), m) -> store(reshape(p), v, reshape(m)).
  void storeUnreshaped(tir::Block &block, tir::OpPosition pos) {
    tir::Op &store = **pos;
    if (store.operands.size() < 2)
      return;
    tir::Value *source = unitReshapeSource(store.operands[1]);
    if (!source || !fromDot(source) || !store.operands[0]->type.isTensor())
      return;
    for (size_t i = 0; i < store.operands.size(); ++i)
      store.operands[i] = i == 1 ? source : reshaped(block, pos, store.operands[i], source->type.shape);
  }

  // reshape(load(p, m, o)) -> load(reshape(p), reshape(m), reshape(o)),
  // issued where the load was; both old ops go (`pos` is the reshape's).
  void reshapeWhatIsLoaded(tir::Block &block, tir::OpPosition pos) {
    tir::Op &reshape = **pos;
    tir::Op *load = reshape.operands[0]->definingOp();
    auto loadUsers = users_.find(load ? load->result() : nullptr);
    if (!load || load->kind != OpKind::Load || load->parent != &block || loadUsers == users_.end() ||
        loadUsers->second.size() != 1 || !tir::reachesDotOperand(reshape.result(), users_))
      return;
    auto loadPos = tir::positionOf(block, load);
    const std::vector<int64_t> &shape = reshape.result()->type.shape;
    std::vector<tir::Value *> operands;
    for (tir::Value *v : load->operands)
      operands.push_back(v->type.isTensor() ? reshaped(block, loadPos, v, shape) : v);
    tir::Builder b(block, loadPos);
    tir::Value *loaded = b.value(OpKind::Load, operands, reshape.result()->type, load->loc, load->attrs);
    tir::replaceAllUses(body_, reshape.result(), loaded);
    users_[loaded] = users_[reshape.result()];
    block.ops.erase(pos);
    block.ops.erase(loadPos);
  }

  tir::Block &body_;
  // Users as the function was before the pass. The rewrites only hand a
  // value's use from one op to a new reshape (a store's pointers and mask,
  // a load's operands) or leave the old user dead, so a load read by one op
  // here is read by at most one now. A load this pass makes takes over the
  // users of the reshape it replaces.
  tir::Users users_;
  std::unordered_map<const tir::Value *, bool> fromDot_;
};

} // namespace

void sinkUnitReshapes(tir::Module &module) {
  for (auto &f : module.functions)
    Sinker(*f).run(f->body);
}

} // namespace tritonc
