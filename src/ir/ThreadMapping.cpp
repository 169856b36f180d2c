#include "tritonc/ir/ThreadMapping.h"

#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <bit>

namespace tritonc {

namespace {

const Layout &layoutOf(const Type &type) {
  TRITONC_CHECK(type.layout.has_value() && !type.layout->shared,
                "thread mapping of a tensor without a layout, or in shared memory");
  return *type.layout;
}

bool isSliced(const Layout &layout, unsigned d) {
  return std::find(layout.slicedDims.begin(), layout.slicedDims.end(), d) != layout.slicedDims.end();
}

unsigned log2(unsigned x) { return unsigned(std::countr_zero(x)); }

// Groups as the layout defines them, before the tensor's size shrinks the
// register groups: (source, count, shift).
struct RawGroup {
  BitSource source;
  unsigned count, shift;
};

std::vector<std::vector<RawGroup>> rawGroups(const Layout &layout) {
  using S = BitSource;
  if (layout.mma) {
    const std::vector<unsigned> &w = layout.mma->warpsPerCTA;
    // Lane l: row l/4, column pair l%4; warp id = column warp + w[1] * row warp.
    return {{{S::Lane, 8, 2}, {S::Register, 2, 0}, {S::Warp, w[0], log2(w[1])}},
            {{S::Register, 2, 0}, {S::Lane, 4, 0}, {S::Warp, w[1], 0}}};
  }
  const BlockedLayout &l = layout.blocked;
  std::vector<std::vector<RawGroup>> out;
  for (unsigned d = 0; d < l.rank(); ++d)
    out.push_back({{S::Register, l.sizePerThread[d], 0},
                   {S::Lane, l.threadsPerWarp[d], log2(strideBefore(l.order, l.threadsPerWarp, d))},
                   {S::Warp, l.warpsPerCTA[d], log2(strideBefore(l.order, l.warpsPerCTA, d))}});
  return out;
}

const BitGroup *findGroup(const std::vector<BitGroup> &groups, BitSource source) {
  for (const BitGroup &g : groups)
    if (g.source == source)
      return &g;
  return nullptr;
}

// How many distinct positions a lane or warp group reaches before wrapping.
unsigned distinct(const BitGroup &g, int64_t size) {
  return unsigned(std::clamp<int64_t>(size / g.stride, 1, g.count));
}

} // namespace

int64_t registerOffset(const std::vector<BitGroup> &groups, unsigned index) {
  int64_t offset = 0;
  for (const BitGroup &g : groups)
    if (g.source == BitSource::Register) {
      offset += int64_t(index % g.count) * g.stride;
      index /= g.count;
    }
  return offset;
}

unsigned strideBefore(const std::vector<unsigned> &order, const std::vector<unsigned> &counts, unsigned d) {
  unsigned stride = 1;
  for (unsigned o : order) {
    if (o == d)
      break;
    stride *= counts[o];
  }
  return stride;
}

std::vector<std::vector<BitGroup>> dimGroups(const Type &type) {
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> out;
  std::vector<std::vector<RawGroup>> raw = rawGroups(layout);
  for (unsigned d = 0; d < raw.size(); ++d) {
    std::vector<BitGroup> groups;
    int64_t stride = 1;
    for (const RawGroup &r : raw[d]) {
      unsigned count = r.count;
      if (r.source == BitSource::Register)
        count = unsigned(std::clamp<int64_t>(shape[d] / stride, 1, r.count));
      groups.push_back({r.source, count, r.shift, stride});
      stride *= r.count;
    }
    // Repetitions of the CTA tile cover the rest of the dim.
    groups.push_back({BitSource::Register, unsigned(std::max<int64_t>(1, shape[d] / stride)), 0, stride});
    out.push_back(std::move(groups));
  }
  return out;
}

unsigned perThreadAlong(const Type &type, unsigned d) {
  unsigned n = 1;
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  for (const BitGroup &g : groups[d])
    if (g.source == BitSource::Register)
      n *= g.count;
  return n;
}

unsigned contiguousPerThread(const Type &type, unsigned d) {
  BitGroup first = dimGroups(type)[d].front();
  return first.source == BitSource::Register ? first.count : 1;
}

unsigned elementsPerThread(const Type &type) {
  if (!type.isTensor())
    return 1;
  unsigned n = 1;
  for (unsigned d = 0; d < layoutOf(type).parentRank(); ++d)
    n *= perThreadAlong(type, d);
  return n;
}

std::vector<std::vector<unsigned>> perThreadIndices(const Type &type) {
  const Layout &layout = layoutOf(type);
  unsigned rank = layout.parentRank();
  std::vector<unsigned> counts(rank), index(rank, 0);
  for (unsigned d = 0; d < rank; ++d)
    counts[d] = perThreadAlong(type, d);
  std::vector<std::vector<unsigned>> out;
  unsigned total = elementsPerThread(type);
  std::vector<unsigned> order = layout.order();
  for (unsigned n = 0; n < total; ++n) {
    out.push_back(index);
    for (unsigned d : order) { // odometer, fastest dim first
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

std::vector<std::vector<int64_t>> elementCoordinatesOf(const Type &type, unsigned threadId) {
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  unsigned lane = threadId % 32, warp = threadId / 32;
  std::vector<int64_t> base(shape.size(), 0);
  for (unsigned d = 0; d < shape.size(); ++d)
    for (const BitGroup &g : groups[d])
      if (g.source != BitSource::Register)
        base[d] += int64_t(((g.source == BitSource::Lane ? lane : warp) >> g.shift) & (g.count - 1)) * g.stride;
  std::vector<std::vector<int64_t>> out;
  for (const std::vector<unsigned> &index : perThreadIndices(type)) {
    std::vector<int64_t> c;
    for (unsigned d = 0; d < shape.size(); ++d)
      c.push_back((base[d] + registerOffset(groups[d], index[d])) % shape[d]);
    out.push_back(std::move(c));
  }
  return out;
}

AxisSpread axisSpread(const Type &type, unsigned d) {
  const Layout &layout = layoutOf(type);
  int64_t size = layout.parentShape(type.shape)[d];
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  AxisSpread s{1, 1, 1, 1};
  if (const BitGroup *g = findGroup(groups[d], BitSource::Lane))
    s.laneStride = 1u << g->shift, s.lanes = distinct(*g, size);
  if (const BitGroup *g = findGroup(groups[d], BitSource::Warp))
    s.warpStride = 1u << g->shift, s.warps = distinct(*g, size);
  return s;
}

bool replicatesElements(const Type &type) {
  if (!type.isTensor())
    return true;
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  for (unsigned d = 0; d < groups.size(); ++d)
    for (const BitGroup &g : groups[d])
      if (g.source != BitSource::Register && g.count > 1 && (isSliced(layout, d) || distinct(g, shape[d]) < g.count))
        return true;
  return false;
}

} // namespace tritonc
