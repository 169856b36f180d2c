#include "tritonc/transforms/DCE.h"

#include "tritonc/ir/Walk.h"

#include <unordered_set>

namespace tritonc {

namespace {

// Removes dead pure ops; returns whether anything was removed.
bool sweep(tir::Block &block, const std::unordered_set<const tir::Value *> &used) {
  bool changed = false;
  for (auto it = block.ops.begin(); it != block.ops.end();) {
    tir::Op &op = **it;
    for (auto &region : op.regions)
      changed |= sweep(*region, used);
    bool dead = tir::isPure(op.kind); // with its regions, which are pure too (Ops.def)
    for (const auto &r : op.results)
      dead = dead && !used.count(r.get());
    if (dead) {
      it = block.ops.erase(it);
      changed = true;
    } else {
      ++it;
    }
  }
  return changed;
}

} // namespace

void eliminateDeadCode(tir::Module &module) {
  for (auto &f : module.functions) {
    bool changed = true;
    while (changed) { // removing an op can make its operands dead
      std::unordered_set<const tir::Value *> used;
      tir::collectUses(f->body, used);
      changed = sweep(f->body, used);
    }
  }
}

} // namespace tritonc
