// Reductions and scans along one axis. Elements combine in index order
// (reverse index order for a reverse scan), each combine rounding as its
// element type does; a GPU combines in a tree, so float sums may differ in
// the last bits. `max`/`min` on floats ignore NaN as Triton's `tl.max` /
// `tl.min` do (maxnumf); argmax/argmin keep the first index among equal
// values, with Triton's combine `v1 > v2 or (v1 == v2 and i1 < i2)`. A
// combine region runs once per combine on the parts of both sides.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
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
template <typename Body>
void withCombiner(const tir::Op &op, const std::string &reduction, ScalarKind kind, Body body) {
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
  throw KernelFault(op,
                    fmt::format("the interpreter has no `{}` {} of {}", reduction, mnemonic(op.kind), irName(kind)));
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
  bool reverse = tir::scansInReverse(op);
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

// One element of each operand (or result): the parts of a combine.
using Parts = std::vector<uint64_t>;

// Combines the parts of a left and a right value with the op's region.
class RegionCombiner {
public:
  RegionCombiner(const tir::Op &op, Frame &frame, const RunRegion &runRegion)
      : region_(*op.regions[0]), frame_(frame), runRegion_(runRegion), parts_(op.operands.size()) {}

  Parts operator()(const Parts &left, const Parts &right) const {
    for (size_t i = 0; i < parts_; ++i) {
      frame_.define(region_.args[i].get()).bits[0] = left[i];
      frame_.define(region_.args[parts_ + i].get()).bits[0] = right[i];
    }
    Parts out;
    for (const tir::Value *v : runRegion_(region_).operands)
      out.push_back(frame_.get(v).bits[0]);
    return out;
  }

private:
  const tir::Block &region_;
  Frame &frame_;
  const RunRegion &runRegion_;
  size_t parts_;
};

std::vector<const RtValue *> operandsOf(const tir::Op &op, Frame &frame) {
  std::vector<const RtValue *> in;
  for (const tir::Value *v : op.operands)
    in.push_back(&frame.get(v));
  return in;
}

Parts partsAt(const std::vector<const RtValue *> &values, size_t at) {
  Parts p;
  for (const RtValue *v : values)
    p.push_back(v->bits[at]);
  return p;
}

std::vector<RtValue *> resultsOf(const tir::Op &op, Frame &frame) {
  std::vector<RtValue *> out;
  for (const auto &r : op.results)
    out.push_back(&frame.define(r.get()));
  return out;
}

void store(const std::vector<RtValue *> &values, size_t at, const Parts &parts) {
  for (size_t p = 0; p < values.size(); ++p)
    values[p]->bits[at] = parts[p];
}

void reduceCombine(const tir::Op &op, Frame &frame, const AxisView &view, const RegionCombiner &combine) {
  std::vector<const RtValue *> in = operandsOf(op, frame);
  std::vector<RtValue *> out = resultsOf(op, frame);
  for (int64_t o = 0; o < view.outer; ++o)
    for (int64_t i = 0; i < view.inner; ++i) {
      Parts acc = partsAt(in, view.at(o, 0, i));
      for (int64_t k = 1; k < view.length; ++k)
        acc = combine(acc, partsAt(in, view.at(o, k, i)));
      store(out, size_t(o * view.inner + i), acc);
    }
}

void scanCombine(const tir::Op &op, Frame &frame, const AxisView &view, const RegionCombiner &combine) {
  std::vector<const RtValue *> in = operandsOf(op, frame);
  std::vector<RtValue *> out = resultsOf(op, frame);
  bool reverse = tir::scansInReverse(op);
  for (int64_t o = 0; o < view.outer; ++o)
    for (int64_t i = 0; i < view.inner; ++i) {
      Parts acc;
      for (int64_t step = 0; step < view.length; ++step) {
        int64_t k = reverse ? view.length - 1 - step : step;
        Parts x = partsAt(in, view.at(o, k, i));
        acc = step == 0 ? x : combine(acc, x);
        store(out, view.at(o, k, i), acc);
      }
    }
}

} // namespace

void evalReduce(const tir::Op &op, Frame &frame, const RunRegion &runRegion) {
  AxisView view(op.operands[0]->type.shape, op.intAttr("axis"));
  const std::string &reduction = op.strAttr("kind");
  if (reduction == "combine") {
    RegionCombiner combine(op, frame, runRegion);
    return op.kind == tir::OpKind::Scan ? scanCombine(op, frame, view, combine)
                                        : reduceCombine(op, frame, view, combine);
  }
  if (op.kind == tir::OpKind::Scan)
    return scan(op, frame, view, reduction);
  if (reduction == "argmax" || reduction == "argmin")
    return reduceArg(op, frame, view, reduction == "argmax");
  reduceValues(op, frame, view, reduction);
}

} // namespace tritonc::interp
