#include "tritonc/analysis/TmaWindow.h"

#include "tritonc/ir/Walk.h"

#include <algorithm>

namespace tritonc {

namespace {

using tir::Op;
using tir::OpKind;
using tir::Value;

// Sizes extended to the width an address computes in keep their value.
const Value *throughExtensions(const Value *v) {
  while (v->definingOp() && (v->definingOp()->kind == OpKind::ExtSI || v->definingOp()->kind == OpKind::ExtUI))
    v = v->definingOp()->operands[0];
  return v;
}

} // namespace

bool tmaMovesTile(ScalarKind kind, int64_t rows, int64_t cols) {
  bool copyable = kind == ScalarKind::F16 || kind == ScalarKind::BF16 || kind == ScalarKind::F32 ||
                  kind == ScalarKind::I8 || kind == ScalarKind::U8 || isFp8(kind);
  if (!copyable)
    return false;
  unsigned bytes = bitWidth(kind) / 8;
  TmaBox box = tmaBox(rows, cols, bytes);
  return box.rows <= 256 && box.cols <= 256 && box.cols * bytes >= 16 && box.copies * box.cols == cols;
}

std::optional<TmaSource> tmaWindow(const tir::Function &function, const AxisInfoAnalysis &axis, const Value *pointers,
                                   bool descriptorOnly) {
  const Op *window = pointers->definingOp();
  if (window && tir::isUnitReshape(*window))
    window = window->operands[0]->definingOp();
  if (!window || window->kind != OpKind::WindowPointers || (descriptorOnly && !window->attr("descriptor")))
    return std::nullopt;
  const std::vector<int64_t> &windowShape = window->result()->type.shape;
  size_t rank = windowShape.size();
  if (rank < 2)
    return std::nullopt;
  std::vector<int64_t> tile(windowShape.end() - 2, windowShape.end());
  // TMA copies tensors of at most five dims.
  if (rank > 5 || window->operands.size() != 2 + 3 * rank ||
      (pointers->type.shape != windowShape && pointers->type.shape != tile) ||
      !std::all_of(windowShape.begin(), windowShape.end() - 2, [](int64_t d) { return d == 1; }) ||
      (rank > 2 && !window->attr("descriptor")))
    return std::nullopt;
  // Operands: pointers, base, a shape per dim, a stride per dim, an offset
  // per dim; the last two dims are the tile's rows and columns.
  auto shapeOf = [&](size_t d) { return window->operands[2 + d]; };
  auto strideOf = [&](size_t d) { return window->operands[2 + rank + d]; };
  auto offsetOf = [&](size_t d) { return window->operands[2 + 2 * rank + d]; };
  ScalarKind kind = pointers->type.elem.pointee;
  if (!tmaMovesTile(kind, tile[0], tile[1]))
    return std::nullopt;
  unsigned bytes = bitWidth(kind) / 8;
  auto known = [&](const Value *v) { return kernelScalar(function, throughExtensions(v)); };
  std::optional<KernelScalar> base = known(window->operands[1]), rows = known(shapeOf(rank - 2)),
                              cols = known(shapeOf(rank - 1)), rowStride = known(strideOf(rank - 2)),
                              colStride = known(strideOf(rank - 1));
  if (!base || !base->param || !rows || !cols || !rowStride || colStride != KernelScalar{std::nullopt, 1})
    return std::nullopt;
  auto divisibility = [&](const KernelScalar &s) {
    return s.param ? function.paramHints[*s.param].divisibility : s.constant;
  };
  // A tensor descriptor's base and row stride are 16-byte aligned by the
  // language's contract (Triton's descriptors assume it as well).
  bool aligned = window->attr("descriptor") != nullptr;
  if ((!aligned && (divisibility(*base) % 16 != 0 || (divisibility(*rowStride) * bytes) % 16 != 0)) ||
      (axis.get(offsetOf(rank - 1)).divisibility[0] * bytes) % 16 != 0)
    return std::nullopt;
  for (const KernelScalar &positive : {*rows, *cols, *rowStride})
    if (!positive.param && positive.constant <= 0)
      return std::nullopt;
  TmaSource source{*base, *rows, *cols, *rowStride, offsetOf(rank - 2), offsetOf(rank - 1), {}};
  for (size_t d = 0; d + 2 < rank; ++d) {
    std::optional<KernelScalar> size = known(shapeOf(d)), stride = known(strideOf(d));
    // A stride of 0 (one matrix for every batch) is no tensor map's.
    if (!size || !stride || (!size->param && size->constant <= 0) || (!stride->param && stride->constant <= 0))
      return std::nullopt;
    source.outer.push_back({*size, *stride, offsetOf(d)});
  }
  return source;
}

} // namespace tritonc
