#include "tritonc/transforms/StageSharedOperands.h"

#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/transforms/OneSlotBuffer.h"

#include <list>
#include <map>
#include <memory>
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

// A register tile the dots of a block stage, where the first of them is
// and which operands of which dots read it.
struct StagedTile {
  std::list<std::unique_ptr<Op>>::iterator firstDot;
  std::vector<std::pair<Op *, unsigned>> reads;
  unsigned dots = 0;
};

void stageIn(Block &block) {
  std::map<Value *, StagedTile> tiles;
  std::vector<Value *> order; // first read first, for a stable rewrite
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    Op &op = **it;
    for (auto &region : op.regions)
      stageIn(*region);
    for (unsigned i = 0; i < 2 && op.kind == OpKind::Dot; ++i) {
      if (!stagesOperand(op, i))
        continue;
      auto [entry, fresh] = tiles.try_emplace(op.operands[i], StagedTile{it, {}, 0});
      if (fresh)
        order.push_back(op.operands[i]);
      StagedTile &tile = entry->second;
      tile.dots += tile.reads.empty() || tile.reads.back().first != &op;
      tile.reads.push_back({&op, i});
    }
  }
  for (Value *value : order) {
    const StagedTile &tile = tiles.at(value);
    if (tile.dots < 2)
      continue;
    const Op &first = **tile.firstDot;
    tir::Builder b(block, tile.firstDot);
    Value *slotIndex = firstSlot(b, first.loc);
    // An earlier iteration's dots read the slot: the store waits for them.
    Value *buffer = storeInOneSlot(b, value, slotIndex, /*overwrites=*/true, first.loc);
    Type slotType = value->type;
    slotType.layout = buffer->type.layout;
    Value *slot = b.value(OpKind::LocalSlot, {buffer, slotIndex}, slotType, first.loc);
    for (auto [dot, i] : tile.reads)
      dot->operands[i] = slot;
  }
}

} // namespace

void stageSharedDotOperands(tir::Module &module) {
  for (auto &f : module.functions)
    stageIn(f->body);
}

} // namespace tritonc
