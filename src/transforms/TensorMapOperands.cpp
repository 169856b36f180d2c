#include "tritonc/transforms/TensorMapOperands.h"

namespace tritonc {

namespace {

tir::Value *hostValue(tir::Builder &b, tir::Function &function, const KernelScalar &s, SourceRange loc) {
  if (s.param)
    return function.body.args[*s.param].get();
  return b.value(tir::OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I64)), loc,
                 {{"value", s.constant}});
}

} // namespace

TensorMapFields tensorMapFields(tir::Builder &b, tir::Function &function, const TmaSource &window, SourceRange loc) {
  TensorMapFields fields;
  for (const KernelScalar &s : {window.base, window.rows, window.cols, window.rowStride, KernelScalar{std::nullopt, 1}})
    fields.tensor.push_back(hostValue(b, function, s, loc));
  for (const OuterDim &d : window.outer)
    fields.outer.emplace_back(hostValue(b, function, d.size, loc), hostValue(b, function, d.stride, loc));
  return fields;
}

std::vector<tir::Value *> windowOperands(const TensorMapFields &fields, tir::Value *row, tir::Value *col,
                                         const std::vector<tir::Value *> &outerCoords) {
  std::vector<tir::Value *> operands = fields.tensor;
  operands.insert(operands.end(), {row, col});
  for (size_t d = 0; d < fields.outer.size(); ++d)
    operands.insert(operands.end(), {fields.outer[d].first, fields.outer[d].second, outerCoords[d]});
  return operands;
}

} // namespace tritonc
