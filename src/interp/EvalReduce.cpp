// Reductions and scans along one axis. Elements combine in index order
// (reverse index order for a reverse scan), each combine rounding as its
// element type does; a GPU combines in a tree, so float sums may differ in
// the last bits. `max`/`min` on floats ignore NaN as Triton's `tl.max` /
// `tl.min` do (maxnumf); argmax/argmin keep the first index among equal
// values, with Triton's combine `v1 > v2 or (v1 == v2 and i1 < i2)`.
#include "Machine.h"

#include "tritonc/interp/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <cmath>

namespace tritonc::interp {

namespace {

// The operand viewed as [outer, length, inner] around the axis.
struct AxisView {
  int64_t outer = 1, length = 1, inner = 1;

  AxisView(const std::vector<int64_t> &shape, int64_t axis) {
    for (size_t d = 0; d < shape.size(); ++d)
      (int64_t(d) < axis ? outer : int64_t(d) == axis ? length : inner) *= shape[d];
  }
  size_t at(int64_t o, int64_t k, int64_t i) const { return size_t((o * length + k) * inner + i); }
};

// Calls `body` with the combine function for `reduction` on `kind` slots.
template <typename Body> void withCombiner(const tir::Op &op, const std::string &reduction, ScalarKind kind, Body body) {
  unsigned width = bitWidth(kind);
  if (isInteger(kind)) {
    bool sign = isSigned(kind);
    auto less = [=](uint64_t a, uint64_t b) { return sign ? sextBits(a, width) < sextBits(b, width) : a < b; };
    if (reduction == "sum")
      return body([=](uint64_t a, uint64_t b) { return truncBits(a + b, width); });
    if (reduction == "max")
      return body([=](uint64_t a, uint64_t b) { return less(a, b) ? b : a; });
    if (reduction == "min")
      return body([=](uint64_t a, uint64_t b) { return less(b, a) ? b : a; });
  } else if (isFloat(kind)) {
    auto value = [=](uint64_t s) { return decodeFloat(s, kind); };
    if (reduction == "sum") {
      if (kind == ScalarKind::F32)
        return body([](uint64_t a, uint64_t b) { return fromF32(asF32(a) + asF32(b)); });
      if (kind == ScalarKind::F64)
        return body([](uint64_t a, uint64_t b) { return fromF64(asF64(a) + asF64(b)); });
      return body([=](uint64_t a, uint64_t b) { return encodeFloat(float(value(a)) + float(value(b)), kind); });
    }
    // maxnum/minnum: a NaN loses to any number; -0 orders below +0.
    if (reduction == "max")
      return body([=](uint64_t a, uint64_t b) {
        double x = value(a), y = value(b);
        if (std::isnan(x) || std::isnan(y))
          return std::isnan(x) ? b : a;
        return x > y || (x == y && !std::signbit(x)) ? a : b;
      });
    if (reduction == "min")
      return body([=](uint64_t a, uint64_t b) {
        double x = value(a), y = value(b);
        if (std::isnan(x) || std::isnan(y))
          return std::isnan(x) ? b : a;
        return x < y || (x == y && std::signbit(x)) ? a : b;
      });
  }
  throw KernelFault(op, fmt::format("the interpreter has no `{}` {} of {}", reduction, mnemonic(op.kind), irName(kind)));
}

void reduceValues(const tir::Op &op, Frame &frame, const AxisView &view, const std::string &reduction) {
  const RtValue &in = frame.get(op.operands[0]);
  RtValue &out = frame.define(op.result());
  withCombiner(op, reduction, in.kind(), [&](auto combine) {
    for (int64_t o = 0; o < view.outer; ++o)
      for (int64_t i = 0; i < view.inner; ++i) {
        uint64_t acc = in.bits[view.at(o, 0, i)];
        for (int64_t k = 1; k < view.length; ++k)
          acc = combine(acc, in.bits[view.at(o, k, i)]);
        out.bits[size_t(o * view.inner + i)] = acc;
      }
  });
}

void reduceArg(const tir::Op &op, Frame &frame, const AxisView &view, bool isMax) {
  const RtValue &values = frame.get(op.operands[0]), &indices = frame.get(op.operands[1]);
  RtValue &outValue = frame.define(op.result(0)), &outIndex = frame.define(op.result(1));
  ScalarKind kind = values.kind();
  unsigned indexWidth = bitWidth(indices.kind());
  auto key = [&](uint64_t s) {
    if (isFloat(kind))
      return decodeFloat(s, kind);
    unsigned w = bitWidth(kind);
    return isSigned(kind) ? double(sextBits(s, w)) : double(s);
  };
  // Integers wider than a double's mantissa compare exactly through
  // int64/uint64 rather than the double key.
  auto better = [&](uint64_t v1, uint64_t v2) {
    if (isInteger(kind) && bitWidth(kind) > 32) {
      bool gt = isSigned(kind) ? int64_t(v1) > int64_t(v2) : v1 > v2;
      bool lt = isSigned(kind) ? int64_t(v1) < int64_t(v2) : v1 < v2;
      return isMax ? gt : lt;
    }
    return isMax ? key(v1) > key(v2) : key(v1) < key(v2);
  };
  auto equal = [&](uint64_t v1, uint64_t v2) { return isFloat(kind) ? key(v1) == key(v2) : v1 == v2; };
  for (int64_t o = 0; o < view.outer; ++o)
    for (int64_t i = 0; i < view.inner; ++i) {
      uint64_t v = values.bits[view.at(o, 0, i)], idx = indices.bits[view.at(o, 0, i)];
      for (int64_t k = 1; k < view.length; ++k) {
        uint64_t v2 = values.bits[view.at(o, k, i)], idx2 = indices.bits[view.at(o, k, i)];
        bool keep = better(v, v2) || (equal(v, v2) && sextBits(idx, indexWidth) < sextBits(idx2, indexWidth));
        if (!keep) {
          v = v2;
          idx = idx2;
        }
      }
      size_t at = size_t(o * view.inner + i);
      outValue.bits[at] = v;
      outIndex.bits[at] = idx;
    }
}

void scan(const tir::Op &op, Frame &frame, const AxisView &view, const std::string &reduction) {
  const RtValue &in = frame.get(op.operands[0]);
  RtValue &out = frame.define(op.result());
  const tir::Attribute *reverseAttr = op.attr("reverse");
  bool reverse = reverseAttr && std::get<int64_t>(*reverseAttr) != 0;
  withCombiner(op, reduction, in.kind(), [&](auto combine) {
    for (int64_t o = 0; o < view.outer; ++o)
      for (int64_t i = 0; i < view.inner; ++i) {
        uint64_t acc = 0;
        for (int64_t step = 0; step < view.length; ++step) {
          int64_t k = reverse ? view.length - 1 - step : step;
          uint64_t x = in.bits[view.at(o, k, i)];
          acc = step == 0 ? x : combine(acc, x);
          out.bits[view.at(o, k, i)] = acc;
        }
      }
  });
}

} // namespace

void evalReduce(const tir::Op &op, Frame &frame) {
  AxisView view(op.operands[0]->type.shape, op.intAttr("axis"));
  const std::string &reduction = op.strAttr("kind");
  if (op.kind == tir::OpKind::Scan)
    return scan(op, frame, view, reduction);
  if (reduction == "argmax" || reduction == "argmin")
    return reduceArg(op, frame, view, reduction == "argmax");
  reduceValues(op, frame, view, reduction);
}

} // namespace tritonc::interp
