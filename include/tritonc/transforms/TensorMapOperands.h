// The operands a bulk tensor op (`tma_copy`, `tma_store`: Ops.def) takes
// after its first three, as the software pipeliner and
// bulk-tensor-accesses both build them: the tensor map's fields, each a
// kernel parameter or a constant, then the window's coordinates.
#pragma once

#include "tritonc/analysis/TmaWindow.h"
#include "tritonc/ir/IR.h"

#include <utility>
#include <vector>

namespace tritonc {

struct TensorMapFields {
  std::vector<tir::Value *> tensor;                         // base, rows, cols, row stride, the unit column stride
  std::vector<std::pair<tir::Value *, tir::Value *>> outer; // each outer dim's size and stride
};

// `window`'s fields, constants made at `b` (at `loc`).
TensorMapFields tensorMapFields(tir::Builder &b, tir::Function &function, const TmaSource &window, SourceRange loc);

// The fields with the coordinates: row and column, then each outer dim's
// size, stride and coordinate, outermost first.
std::vector<tir::Value *> windowOperands(const TensorMapFields &fields, tir::Value *row, tir::Value *col,
                                         const std::vector<tir::Value *> &outerCoords);

} // namespace tritonc
