#include "tritonc/ir/WarpShuffle.h"

#include "tritonc/ir/LinearLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <algorithm>

namespace tritonc {

namespace {

// Past this many elements per thread the shuffles (one per element) stop
// being cheaper than a round trip through shared memory.
constexpr unsigned kMaxElementsPerThread = 64;

} // namespace

std::optional<WarpShufflePlan> warpShufflePlan(const Type &from, const Type &to) {
  if (from.shape != to.shape)
    return std::nullopt;
  std::optional<LinearLayout> held = LinearLayout::of(from), wanted = LinearLayout::of(to);
  // Every warp must hold what it wants: the warps place elements alike.
  if (!held || !wanted || !LinearLayout::placesAlike(*held, *wanted, LayoutDim::Warp))
    return std::nullopt;
  WarpShufflePlan plan;
  // Where lanes place elements alike too (replicated ones included: a
  // row of an MMA accumulator's slice lives in four lanes under both), each
  // lane keeps what it holds.
  if (std::optional<std::vector<unsigned>> renaming = LinearLayout::registerRenaming(*held, *wanted)) {
    for (unsigned r : *renaming)
      plan.reads.push_back({r, 0, {1, 2, 4, 8, 16}});
    return plan;
  }
  if (elementsPerThread(from) > kMaxElementsPerThread || elementsPerThread(to) > kMaxElementsPerThread)
    return std::nullopt;
  // For each register and lane bit of the destination, the (register,
  // lane, warp) of the source holding the same element.
  std::optional<LinearLayout> sources = LinearLayout::sourcesOf(*held, *wanted);
  if (!sources)
    return std::nullopt;
  struct Source {
    unsigned element, lane, warp;
  };
  auto sourceOf = [&](LayoutDim dim, uint64_t value) {
    std::vector<uint64_t> at = sources->unpackOut(sources->apply(dim, value));
    return Source{unsigned(at[0]), unsigned(at[1]), unsigned(at[2])};
  };
  unsigned laneBits[5] = {};
  for (unsigned b = 0; b < 5; ++b) {
    // A lane bit may change the sending lane, never the element sent.
    Source s = sourceOf(LayoutDim::Lane, uint64_t(1) << b);
    if (s.element != 0 || s.warp != 0)
      return std::nullopt;
    laneBits[b] = s.lane;
  }
  for (unsigned j = 0; j < elementsPerThread(to); ++j) {
    Source s = sourceOf(LayoutDim::Register, j);
    if (s.warp != 0)
      return std::nullopt;
    WarpShufflePlan::Read read{s.element, s.lane, {}};
    std::copy(std::begin(laneBits), std::end(laneBits), read.laneBits);
    plan.reads.push_back(read);
  }
  return plan;
}

} // namespace tritonc
