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

// An operand already written to shared memory before an earlier loop of
// the same block (attention's query tile, read by the unmasked blocks'
// loop and then by the diagonal's): its buffer and slot index. Reusing
// them keeps the operand's registers from living through the earlier loop
// only to be stored again after it.
struct StagedBefore {
  Value *buffer;
  Value *slotIndex;
};
using StagedOperands = std::map<Value *, StagedBefore>;

bool definedBefore(const Block &parent, std::list<std::unique_ptr<Op>>::iterator loopPos, const Value *v) {
  for (auto it = parent.ops.begin(); it != loopPos; ++it)
    if (it->get() == v->definingOp())
      return true;
  return false;
}

void hoistFrom(Block &parent, std::list<std::unique_ptr<Op>>::iterator loopPos, StagedOperands &earlier) {
  Op &loop = **loopPos;
  Block &body = *loop.regions[0];
  std::unordered_set<const Value *> inside;
  tir::collectDefinitions(body, inside);
  std::map<Value *, Value *> staged; // operand -> its slot, read in the loop
  tir::Builder before(parent, loopPos);
  Value *slotIndex = nullptr;
  for (auto it = body.ops.begin(); it != body.ops.end(); ++it) {
    Op &dot = **it;
    if (!tir::isTensorCoreDot(dot))
      continue;
    for (unsigned i = 0; i < 2; ++i) {
      Value *operand = dot.operands[i];
      if (!hoistable(operand, inside))
        continue;
      if (!staged.count(operand)) {
        auto reused = earlier.find(operand);
        StagedBefore at;
        if (reused != earlier.end() && definedBefore(parent, loopPos, reused->second.buffer) &&
            definedBefore(parent, loopPos, reused->second.slotIndex)) {
          at = reused->second;
        } else {
          if (!slotIndex)
            slotIndex = firstSlot(before, loop.loc);
          at = {storeInOneSlot(before, operand, slotIndex, /*overwrites=*/false, loop.loc), slotIndex};
          earlier[operand] = at;
        }
        Type slotType = operand->type;
        slotType.layout = at.buffer->type.layout;
        staged[operand] = tir::Builder(body, body.ops.begin())
                              .value(OpKind::LocalSlot, {at.buffer, at.slotIndex}, slotType, loop.loc);
      }
      dot.operands[i] = staged.at(operand);
    }
  }
}

} // namespace

void hoistInvariantDotOperands(tir::Module &module) {
  for (auto &f : module.functions) {
    StagedOperands earlier;
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For},
                                   [&](Block &parent, std::list<std::unique_ptr<Op>>::iterator loopPos) {
                                     hoistFrom(parent, loopPos, earlier);
                                   });
  }
}

} // namespace tritonc
