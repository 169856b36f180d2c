#include "tritonc/transforms/HoistDotOperands.h"

#include "tritonc/ir/Walk.h"
#include "tritonc/transforms/OneSlotBuffer.h"

#include <map>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

bool hoistable(const Value *operand, const std::unordered_set<const Value *> &inside) {
  return !inside.count(operand) && inRegisters(operand);
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
        if (!slotIndex)
          slotIndex = firstSlot(before, loop.loc);
        Value *buffer = storeInOneSlot(before, operand, slotIndex, /*overwrites=*/false, loop.loc);
        Type slotType = operand->type;
        slotType.layout = buffer->type.layout;
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
