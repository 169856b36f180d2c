#include "tritonc/analysis/TensorMaps.h"

#include "tritonc/ir/SharedLayout.h"
#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <functional>

namespace tritonc {

TmaBox tmaBox(int64_t rows, int64_t cols, unsigned elementBytes) {
  SwizzledLayout layout = SharedTile(rows, cols, elementBytes, /*colMajor=*/false).swizzle;
  TmaBox box;
  box.rows = rows;
  box.cols = layout.blockElements;
  box.swizzleBytes = layout.maxPhase > 1 ? layout.swizzleBytes(elementBytes) : 0;
  box.copies = cols / layout.blockElements;
  return box;
}

std::optional<KernelScalar> kernelScalar(const tir::Function &function, const tir::Value *v) {
  if (const tir::Op *def = v->definingOp()) {
    const int64_t *value = def->kind == tir::OpKind::Constant ? std::get_if<int64_t>(def->attr("value")) : nullptr;
    if (!value || v->type.isTensor())
      return std::nullopt;
    return KernelScalar{std::nullopt, *value};
  }
  if (v->ownerBlock() != &function.body)
    return std::nullopt;
  return KernelScalar{v->index(), 0};
}

TensorMaps::TensorMaps(const tir::Function &function) {
  std::function<void(const tir::Block &)> walk = [&](const tir::Block &block) {
    for (const auto &op : block.ops) {
      for (const auto &region : op->regions)
        walk(*region);
      if (op->kind == tir::OpKind::TmaCopy || op->kind == tir::OpKind::TmaStore)
        add(function, *op);
    }
  };
  walk(function.body);
}

void TensorMaps::add(const tir::Function &function, const tir::Op &op) {
  auto known = [&](unsigned operand) {
    std::optional<KernelScalar> s = kernelScalar(function, op.operands[operand]);
    TRITONC_CHECK(s.has_value(), "a bulk tensor op's tensor map field the host cannot know");
    return *s;
  };
  const Type &buffer = op.operands[0]->type;
  TensorMap map;
  std::optional<KernelScalar> base = kernelScalar(function, op.operands[3]);
  TRITONC_CHECK(base && base->param, "a bulk tensor op's base is not a kernel parameter");
  map.baseParam = *base->param;
  map.elem = buffer.elem.kind;
  map.rows = known(4);
  map.cols = known(5);
  map.rowStride = known(6);
  TRITONC_CHECK(known(7) == (KernelScalar{std::nullopt, 1}), "a bulk tensor op's columns are not contiguous");
  for (unsigned i = 10; i + 2 < op.operands.size(); i += 3) {
    map.outerSizes.push_back(known(i));
    map.outerStrides.push_back(known(i + 1));
  }
  map.box = tmaBox(buffer.shape[1], buffer.shape[2], bitWidth(map.elem) / 8);
  auto found = std::find(maps_.begin(), maps_.end(), map);
  index_[&op] = unsigned(found - maps_.begin());
  if (found == maps_.end())
    maps_.push_back(map);
}

} // namespace tritonc
