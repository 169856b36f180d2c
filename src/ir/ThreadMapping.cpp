#include "tritonc/ir/ThreadMapping.h"

#include "tritonc/support/Diagnostics.h"

#include <algorithm>

namespace tritonc {

namespace {

const Layout &layoutOf(const Type &type) {
  TRITONC_CHECK(type.layout.has_value(), "thread mapping of a tensor without a layout");
  return *type.layout;
}

bool isSliced(const Layout &layout, unsigned d) {
  return std::find(layout.slicedDims.begin(), layout.slicedDims.end(), d) != layout.slicedDims.end();
}

// A tile larger than the tensor wraps: each thread still holds one group.
unsigned perThreadAlong(const BlockedLayout &l, const std::vector<int64_t> &shape, unsigned d) {
  int64_t reps = std::max<int64_t>(1, shape[d] / l.tileSize(d));
  return unsigned(reps * std::min<int64_t>(l.sizePerThread[d], shape[d]));
}

} // namespace

unsigned strideBefore(const std::vector<unsigned> &order, const std::vector<unsigned> &counts, unsigned d) {
  unsigned stride = 1;
  for (unsigned o : order) {
    if (o == d)
      break;
    stride *= counts[o];
  }
  return stride;
}

unsigned perThreadAlong(const Type &type, unsigned d) {
  const Layout &layout = layoutOf(type);
  return perThreadAlong(layout.blocked, layout.parentShape(type.shape), d);
}

unsigned contiguousPerThread(const Type &type, unsigned d) {
  const Layout &layout = layoutOf(type);
  return unsigned(std::min<int64_t>(layout.blocked.sizePerThread[d], layout.parentShape(type.shape)[d]));
}

unsigned elementsPerThread(const Type &type) {
  if (!type.isTensor())
    return 1;
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  unsigned n = 1;
  for (unsigned d = 0; d < shape.size(); ++d)
    n *= perThreadAlong(layout.blocked, shape, d);
  return n;
}

std::vector<std::vector<unsigned>> perThreadIndices(const Type &type) {
  const Layout &layout = layoutOf(type);
  const BlockedLayout &l = layout.blocked;
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  unsigned rank = unsigned(shape.size());
  std::vector<unsigned> counts(rank), index(rank, 0);
  for (unsigned d = 0; d < rank; ++d)
    counts[d] = perThreadAlong(l, shape, d);
  std::vector<std::vector<unsigned>> out;
  unsigned total = elementsPerThread(type);
  for (unsigned n = 0; n < total; ++n) {
    out.push_back(index);
    for (unsigned d : l.order) { // odometer, fastest dim first
      if (++index[d] < counts[d])
        break;
      index[d] = 0;
    }
  }
  return out;
}

std::map<std::vector<unsigned>, size_t> perThreadPositions(const Type &type) {
  std::map<std::vector<unsigned>, size_t> out;
  std::vector<std::vector<unsigned>> indices = perThreadIndices(type);
  for (size_t i = 0; i < indices.size(); ++i)
    out.emplace(indices[i], i);
  return out;
}

AxisSpread axisSpread(const Type &type, unsigned d) {
  const Layout &layout = layoutOf(type);
  const BlockedLayout &l = layout.blocked;
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  // Positions beyond these hold copies (the layout wraps around the dim).
  int64_t perLane = std::min<int64_t>(l.sizePerThread[d], shape[d]);
  unsigned lanes = unsigned(std::clamp<int64_t>(shape[d] / perLane, 1, l.threadsPerWarp[d]));
  unsigned warps = unsigned(std::clamp<int64_t>(shape[d] / (perLane * l.threadsPerWarp[d]), 1, l.warpsPerCTA[d]));
  return {strideBefore(l.order, l.threadsPerWarp, d), lanes, strideBefore(l.order, l.warpsPerCTA, d), warps};
}

bool replicatesElements(const Type &type) {
  if (!type.isTensor())
    return true;
  const Layout &layout = layoutOf(type);
  const BlockedLayout &l = layout.blocked;
  for (unsigned d = 0; d < l.rank(); ++d) {
    if (isSliced(layout, d)) {
      if (l.threadsPerWarp[d] > 1 || l.warpsPerCTA[d] > 1)
        return true;
      continue;
    }
    AxisSpread s = axisSpread(type, d);
    if (s.lanes < l.threadsPerWarp[d] || s.warps < l.warpsPerCTA[d])
      return true;
  }
  return false;
}

} // namespace tritonc
