#include "tritonc/transforms/AssignLayouts.h"

#include "tritonc/analysis/AxisInfo.h"

#include <algorithm>
#include <functional>
#include <map>

namespace tritonc {

namespace {

void forEachOp(tir::Block &block, const std::function<void(tir::Op &)> &fn) {
  for (auto &op : block.ops) {
    fn(*op);
    for (auto &region : op->regions)
      forEachOp(*region, fn);
  }
}

} // namespace

void assignLayouts(tir::Module &module) {
  unsigned threads = 32 * module.numWarps;
  for (auto &f : module.functions) {
    AxisInfoAnalysis axis(*f);
    // The widest access each shape's anchors allow, in elements.
    std::map<std::vector<int64_t>, unsigned> widthByShape;
    forEachOp(f->body, [&](tir::Op &op) {
      if (op.kind != tir::OpKind::Load && op.kind != tir::OpKind::Store)
        return;
      const Type &pointer = op.operands[0]->type;
      if (!pointer.isTensor())
        return;
      int64_t perThread = std::max<int64_t>(1, pointer.numElements() / threads);
      unsigned width = unsigned(std::min<int64_t>(axis.vectorWidth(op.operands[0]), perThread));
      unsigned &w = widthByShape[pointer.shape];
      w = std::max(w, width);
    });
    auto layoutFor = [&](const Type &t) {
      auto it = widthByShape.find(t.shape);
      return defaultBlockedLayout(t.shape, it == widthByShape.end() ? 1 : it->second, module.numWarps);
    };
    forEachOp(f->body, [&](tir::Op &op) {
      for (auto &r : op.results)
        if (r->type.isTensor())
          r->type.layout = layoutFor(r->type);
      for (auto &region : op.regions)
        for (auto &arg : region->args)
          if (arg->type.isTensor())
            arg->type.layout = layoutFor(arg->type);
    });
  }
}

} // namespace tritonc
