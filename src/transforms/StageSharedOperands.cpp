#include "tritonc/transforms/StageSharedOperands.h"

#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/transforms/OneSlotBuffer.h"

#include <map>
#include <vector>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

// Whether `dot` would stage its operand `i` from registers into shared
// memory itself.
bool stagesOperand(const Op &dot, unsigned i) {
  if (!tir::isTensorCoreDot(dot) || dot.attr("pending") || dot.attr("completes_carried"))
    return false;
  const Value *operand = dot.operands[i];
  if (!inRegisters(operand) || operand->type.shape.size() != 2 || bitWidth(operand->type.elem.kind) != 16)
    return false;
  return i != 0 || !accumulatorFeedsOperandA(operand->type, *dot.result()->type.layout);
}

void stageIn(Block &block) {
  // Each register tile's readers in this block, in order: (dot, operand).
  std::map<Value *, std::vector<std::pair<Op *, unsigned>>> readers;
  std::vector<Value *> tiles;
  for (auto &op : block.ops) {
    for (auto &region : op->regions)
      stageIn(*region);
    for (unsigned i = 0; i < 2 && op->kind == OpKind::Dot; ++i) {
      if (!stagesOperand(*op, i))
        continue;
      auto &list = readers[op->operands[i]];
      if (list.empty())
        tiles.push_back(op->operands[i]);
      list.push_back({op.get(), i});
    }
  }
  for (Value *tile : tiles) {
    const auto &uses = readers.at(tile);
    size_t dots = 0;
    for (size_t u = 0; u < uses.size(); ++u)
      dots += u == 0 || uses[u].first != uses[u - 1].first;
    if (dots < 2)
      continue;
    Op *first = uses.front().first;
    auto at = block.ops.begin();
    while (at->get() != first)
      ++at;
    tir::Builder b(block, at);
    Value *slotIndex = firstSlot(b, first->loc);
    // An earlier iteration's dots read the slot: the store waits for them.
    Value *buffer = storeInOneSlot(b, tile, slotIndex, /*overwrites=*/true, first->loc);
    Type slotType = tile->type;
    slotType.layout = buffer->type.layout;
    Value *slot = b.value(OpKind::LocalSlot, {buffer, slotIndex}, slotType, first->loc);
    for (auto [dot, i] : uses)
      dot->operands[i] = slot;
  }
}

} // namespace

void stageSharedDotOperands(tir::Module &module) {
  for (auto &f : module.functions)
    stageIn(f->body);
}

} // namespace tritonc
