#include "tritonc/transforms/LICM.h"

#include "tritonc/ir/Walk.h"

#include <algorithm>
#include <unordered_set>

namespace tritonc {

namespace {

using tir::OpKind;
using ValueSet = std::unordered_set<const tir::Value *>;

// Whether `op` may run where it did not before, and run when the loop it
// came from runs zero times (see LICM.h).
bool isSpeculatable(const tir::Op &op) {
  // A pure op's regions (a combine) read only their own values; they
  // must be as safe to run early as the op itself.
  return tir::isPure(op.kind) && !tir::hasTrait(op.kind, tir::kUnsafeToHoist) &&
         std::all_of(op.regions.begin(), op.regions.end(), [](const std::unique_ptr<tir::Block> &region) {
           return std::all_of(region->ops.begin(), region->ops.end(), [](const std::unique_ptr<tir::Op> &inner) {
             return inner->kind == OpKind::Yield || isSpeculatable(*inner);
           });
         });
}

// Moves the invariant ops of the loop at `loopPos` in `parent` to just
// before it, in their order, so an invariant op that uses another invariant
// op's result still follows it.
void hoistFrom(tir::Block &parent, std::list<std::unique_ptr<tir::Op>>::iterator loopPos) {
  if ((*loopPos)->attr("disable_licm")) // `tl.condition(..., disable_licm=True)`: the user keeps live ranges short
    return;
  ValueSet inside;
  for (const auto &region : (*loopPos)->regions)
    tir::collectDefinitions(*region, inside);
  for (const auto &region : (*loopPos)->regions) {
    for (auto it = region->ops.begin(); it != region->ops.end();) {
      auto next = std::next(it);
      tir::Op &op = **it;
      bool invariant = std::none_of(op.operands.begin(), op.operands.end(),
                                    [&](const tir::Value *v) { return inside.count(v) != 0; });
      if (invariant && isSpeculatable(op)) {
        for (const auto &r : op.results)
          inside.erase(r.get()); // now defined outside: its users may follow it
        op.parent = &parent;
        parent.ops.splice(loopPos, region->ops, it);
      }
      it = next;
    }
  }
}

} // namespace

void hoistLoopInvariants(tir::Module &module) {
  // Inner loops first: what they hoist lands in the outer loop's body,
  // where it may be invariant once more.
  for (auto &f : module.functions)
    tir::forEachLoopInnermostFirst(f->body, {OpKind::For, OpKind::While}, hoistFrom);
}

} // namespace tritonc
