#include "tritonc/transforms/ReduceByDims.h"

#include "tritonc/ir/ReshapeLayout.h"

namespace tritonc {

namespace {

using tir::OpKind;

// The input of a built-in reduction of every element through a reshape
// to one dim that moves data; null otherwise.
tir::Value *unrenamedFlattening(const tir::Op &reduce) {
  if (reduce.kind != OpKind::Reduce || reduce.operands.size() != 1 || reduce.results.size() != 1 ||
      reduce.result()->type.isTensor())
    return nullptr;
  const std::string &kind = reduce.strAttr("kind");
  if (kind != "sum" && kind != "max" && kind != "min")
    return nullptr;
  const tir::Op *reshape = reduce.operands[0]->definingOp();
  if (!reshape || reshape->kind != OpKind::Reshape)
    return nullptr;
  tir::Value *tile = reshape->operands[0];
  if (tile->type.shape.size() < 2 || !tile->type.layout || !reshape->result()->type.layout)
    return nullptr;
  if (reshapeRegisterMap(tile->type, reshape->result()->type))
    return nullptr;
  return tile;
}

void rewriteBlock(tir::Block &block, tir::Block &body) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    tir::Op &op = **it;
    for (auto &region : op.regions)
      rewriteBlock(*region, body);
    tir::Value *tile = unrenamedFlattening(op);
    if (!tile)
      continue;
    tir::Builder b(block, it);
    tir::Value *v = tile;
    for (int64_t d = int64_t(tile->type.shape.size()) - 1; d >= 0; --d) {
      Type reduced = op.result()->type;
      if (d > 0) {
        reduced = v->type;
        reduced.shape.erase(reduced.shape.begin() + d);
        reduced.layout = v->type.layout->sliced(unsigned(d));
      }
      v = b.value(OpKind::Reduce, {v}, reduced, op.loc, {{"axis", d}, {"kind", op.strAttr("kind")}});
    }
    tir::replaceAllUses(body, op.result(), v);
  }
}

} // namespace

void reduceUnrenamedFlatteningsByDims(tir::Module &module) {
  for (auto &f : module.functions)
    rewriteBlock(f->body, f->body);
}

} // namespace tritonc
