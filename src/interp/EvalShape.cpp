// Ops that create or move elements without computing on them: constants,
// ranges, splats, the shape ops, the compiler hints and `select`. Tensors
// are row-major, so expand_dims and reshape keep the elements as they are;
// broadcast and trans gather them through per-dimension strides.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>

namespace tritonc::interp {

namespace {

using tir::OpKind;

// Fills `out` (of shape `shape`, row-major) from `src`: the element at
// index (i0, i1, ...) is src[sum(ik * strides[k])].
void gather(std::vector<uint64_t> &out, const std::vector<uint64_t> &src, const std::vector<int64_t> &shape,
            const std::vector<int64_t> &strides) {
  std::vector<int64_t> index(shape.size(), 0);
  int64_t offset = 0;
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = src[size_t(offset)];
    // Advance the index like an odometer, last dimension fastest.
    for (size_t d = shape.size(); d-- > 0;) {
      offset += strides[d];
      if (++index[d] < shape[d])
        break;
      offset -= strides[d] * shape[d];
      index[d] = 0;
    }
  }
}

std::vector<int64_t> rowMajorStrides(const std::vector<int64_t> &shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (size_t d = shape.size(); d-- > 1;)
    strides[d - 1] = strides[d] * shape[d];
  return strides;
}

uint64_t constantBits(const tir::Op &op, ScalarKind kind) {
  const tir::Attribute &value = *op.attr("value");
  if (isFloat(kind))
    return encodeFloat(
        std::holds_alternative<double>(value) ? std::get<double>(value) : double(std::get<int64_t>(value)), kind);
  if (isInteger(kind)) {
    if (kind == ScalarKind::I1)
      return std::get<int64_t>(value) != 0;
    return truncBits(uint64_t(std::get<int64_t>(value)), bitWidth(kind));
  }
  if (kind == ScalarKind::Ptr) // the null pointer a pointer's truth test compares with
    return uint64_t(std::get<int64_t>(value));
  internalError(std::string("a constant of type ") + irName(kind));
}

} // namespace

void evalShape(const tir::Op &op, Frame &frame) {
  RtValue &out = frame.define(op.result());
  const std::vector<int64_t> &shape = op.result()->type.shape;
  switch (op.kind) {
  case OpKind::Constant: std::fill(out.bits.begin(), out.bits.end(), constantBits(op, out.kind())); return;
  case OpKind::MakeRange: {
    int64_t start = op.intAttr("start");
    for (size_t i = 0; i < out.bits.size(); ++i)
      out.bits[i] = truncBits(uint64_t(start + int64_t(i)), 32);
    return;
  }
  case OpKind::Splat: std::fill(out.bits.begin(), out.bits.end(), frame.get(op.operands[0]).bits[0]); return;
  case OpKind::ExpandDims:
  case OpKind::Reshape:
  case OpKind::MultipleOf: // hints pass the value through
  case OpKind::MaxContiguous:
  case OpKind::WindowPointers: // a record for the pipeliner, the pointers themselves
    out.bits = frame.get(op.operands[0]).bits;
    return;
  case OpKind::Broadcast: {
    // Operand dims align with the result's last dims; size-1 dims repeat.
    const std::vector<int64_t> &from = op.operands[0]->type.shape;
    std::vector<int64_t> fromStrides = rowMajorStrides(from), strides(shape.size(), 0);
    size_t lead = shape.size() - from.size();
    for (size_t d = 0; d < from.size(); ++d)
      strides[lead + d] = from[d] == 1 ? 0 : fromStrides[d];
    gather(out.bits, frame.get(op.operands[0]).bits, shape, strides);
    return;
  }
  case OpKind::Trans: {
    const std::vector<int64_t> &order = std::get<std::vector<int64_t>>(*op.attr("order"));
    std::vector<int64_t> fromStrides = rowMajorStrides(op.operands[0]->type.shape), strides;
    for (int64_t d : order)
      strides.push_back(fromStrides[size_t(d)]);
    gather(out.bits, frame.get(op.operands[0]).bits, shape, strides);
    return;
  }
  case OpKind::Gather: { // an index outside the source's axis is a fault, as it reads no element
    const RtValue &src = frame.get(op.operands[0]), &index = frame.get(op.operands[1]);
    size_t axis = size_t(op.intAttr("axis"));
    const std::vector<int64_t> &from = op.operands[0]->type.shape;
    std::vector<int64_t> fromStrides = rowMajorStrides(from), resultStrides = rowMajorStrides(shape);
    unsigned indexBits = bitWidth(op.operands[1]->type.elem.kind);
    bool indexSigned = isSigned(op.operands[1]->type.elem.kind);
    for (size_t i = 0; i < out.bits.size(); ++i) {
      int64_t at = indexSigned ? sextBits(index.bits[i], indexBits) : int64_t(index.bits[i]);
      if (at < 0 || at >= from[axis])
        throw KernelFault(op, fmt::format("gather index {} is outside [0, {})", at, from[axis]));
      int64_t offset = 0;
      for (size_t d = 0; d < shape.size(); ++d) {
        int64_t coordinate = (int64_t(i) / resultStrides[d]) % shape[d];
        offset += (d == axis ? at : coordinate) * fromStrides[d];
      }
      out.bits[i] = src.bits[size_t(offset)];
    }
    return;
  }
  case OpKind::Select: {
    const RtValue &c = frame.get(op.operands[0]), &a = frame.get(op.operands[1]), &b = frame.get(op.operands[2]);
    for (size_t i = 0; i < out.bits.size(); ++i)
      out.bits[i] = c.bits[i] ? a.bits[i] : b.bits[i];
    return;
  }
  default: internalError(std::string("not a shape op: ") + mnemonic(op.kind));
  }
}

} // namespace tritonc::interp
