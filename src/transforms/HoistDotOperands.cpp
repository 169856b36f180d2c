#include "tritonc/transforms/HoistDotOperands.h"

#include "tritonc/ir/Walk.h"

#include <map>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

bool hoistable(const Value *operand, const std::unordered_set<const Value *> &inside) {
  const Type &t = operand->type;
  return !inside.count(operand) && t.layout && !t.layout->shared && !t.layout->isSlice();
}

void hoistFrom(Block &parent, std::list<std::unique_ptr<Op>>::iterator loopPos) {
  Op &loop = **loopPos;
  Block &body = *loop.regions[0];
  std::unordered_set<const Value *> inside;
  tir::collectDefinitions(body, inside);
  std::map<Value *, Value *> staged; // operand -> its slot, read in the loop
  tir::Builder before(parent, loopPos);
  Value *slotIndex = nullptr;
  for (auto it = body.ops.begin(); it != body.ops.end(); ++it) {
    Op &dot = **it;
    if (dot.kind != OpKind::Dot || !dot.result()->type.layout->isMma())
      continue;
    for (unsigned i = 0; i < 2; ++i) {
      Value *operand = dot.operands[i];
      if (!hoistable(operand, inside))
        continue;
      if (!staged.count(operand)) {
        const Type &t = operand->type;
        if (!slotIndex)
          slotIndex = before.value(OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I32)), loop.loc,
                                   {{"value", int64_t(0)}});
        // Stored along the dim its threads hold contiguously.
        Layout shared = Layout::sharedMemory(t.layout->order()[0] == 0);
        Type bufferType = Type::tensor(t.elem, {1, t.shape[0], t.shape[1]});
        bufferType.layout = shared;
        Value *buffer = before.value(OpKind::LocalAlloc, {}, bufferType, loop.loc);
        before.create(OpKind::LocalStore, {buffer, slotIndex, operand}, {}, {}, loop.loc);
        Type slotType = t;
        slotType.layout = shared;
        staged[operand] =
            tir::Builder(body, body.ops.begin()).value(OpKind::LocalSlot, {buffer, slotIndex}, slotType, loop.loc);
      }
      dot.operands[i] = staged.at(operand);
    }
  }
}

} // namespace

void hoistInvariantDotOperands(tir::Module &module) {
  for (auto &f : module.functions)
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For}, hoistFrom);
}

} // namespace tritonc
