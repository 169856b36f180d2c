#include "tritonc/transforms/StageTransposedOperands.h"

#include "tritonc/ir/Walk.h"
#include "tritonc/transforms/OneSlotBuffer.h"

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// The product (an MMA-layout tile in registers) whose transpose `operand`
// is, through the layout conversion every transpose of an accumulator
// takes first (a transpose itself moves no data); null when there is none.
// Other register tiles gain nothing: their staging already writes them as
// they are held.
Value *transposedTile(const Value *operand) {
  const Op *trans = operand->definingOp();
  if (!trans || trans->kind != OpKind::Trans || trans->operands[0]->type.shape.size() != 2)
    return nullptr;
  const Op *convert = trans->operands[0]->definingOp();
  if (!convert || convert->kind != OpKind::ConvertLayout)
    return nullptr;
  Value *tile = convert->operands[0];
  return inRegisters(tile) && tile->type.layout->isTensorCoreAccumulator() && bitWidth(tile->type.elem.kind) == 16
             ? tile
             : nullptr;
}

void stageIn(Block &block) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    Op &dot = **it;
    for (auto &region : dot.regions)
      stageIn(*region);
    if (!tir::isWgmmaDot(dot))
      continue;
    for (unsigned i = 0; i < 2; ++i) {
      Value *tile = transposedTile(dot.operands[i]);
      if (!tile)
        continue;
      tir::Builder b(block, it);
      Value *slotIndex = firstSlot(b, dot.loc);
      Value *buffer = storeInOneSlot(b, tile, slotIndex, /*overwrites=*/true, dot.loc);
      Type viewType = dot.operands[i]->type;
      viewType.layout = Layout::sharedMemory(!heldColMajor(tile->type));
      dot.operands[i] = b.value(OpKind::LocalSlot, {buffer, slotIndex}, viewType, dot.loc);
    }
  }
}

} // namespace

void stageTransposedOperands(tir::Module &module) {
  for (auto &f : module.functions)
    stageIn(f->body);
}

} // namespace tritonc
