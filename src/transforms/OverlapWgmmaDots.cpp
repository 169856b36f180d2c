#include "tritonc/transforms/OverlapWgmmaDots.h"

#include <algorithm>
#include <iterator>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;

bool waitingWgmma(const Op &op) { return tir::isWgmmaDot(op) && !op.attr("pending"); }

bool operandsInSharedMemory(const Op &dot) {
  return std::all_of(dot.operands.begin(), dot.operands.begin() + 2,
                     [](const tir::Value *v) { return v->type.inSharedMemory(); });
}

void overlapIn(Block &block) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    for (auto &region : (*it)->regions)
      overlapIn(*region);
    auto next = std::next(it);
    if (next == block.ops.end())
      continue;
    Op &first = **it, &second = **next;
    if (!waitingWgmma(first) || !waitingWgmma(second) || first.attr("completes_carried") ||
        !operandsInSharedMemory(first) || !operandsInSharedMemory(second) ||
        std::find(second.operands.begin(), second.operands.end(), first.result()) != second.operands.end())
      continue;
    first.setAttr("pending", int64_t(1));
    second.setAttr("completes_previous", int64_t(1));
  }
}

} // namespace

void overlapWgmmaDots(tir::Module &module) {
  for (auto &f : module.functions)
    overlapIn(f->body);
}

} // namespace tritonc
