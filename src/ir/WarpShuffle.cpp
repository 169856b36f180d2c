#include "tritonc/ir/WarpShuffle.h"

#include "tritonc/ir/ThreadMapping.h"

#include <algorithm>
#include <unordered_map>

namespace tritonc {

namespace {

// Past this many elements per thread the search's tables grow large and
// the shuffles (one per element) stop being cheaper than shared memory.
constexpr unsigned kMaxElementsPerThread = 64;

unsigned warpsOf(const Layout &layout) {
  unsigned warps = 1;
  for (unsigned w : layout.warpsPerCTA())
    warps *= w;
  return warps;
}

} // namespace

std::vector<std::vector<int64_t>> elementFlatIndices(const Type &type, unsigned threads) {
  const Layout &layout = *type.layout;
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  // Where each element sits relative to its thread's first, the same in
  // every thread: computed once, then offset per thread.
  std::vector<std::vector<int64_t>> offsets;
  for (const std::vector<unsigned> &index : perThreadIndices(type)) {
    std::vector<int64_t> offset;
    for (unsigned d = 0; d < shape.size(); ++d)
      offset.push_back(registerOffset(groups[d], index[d]));
    offsets.push_back(std::move(offset));
  }
  std::vector<std::vector<int64_t>> out(threads);
  for (unsigned t = 0; t < threads; ++t) {
    unsigned lane = t % 32, warp = t / 32;
    std::vector<int64_t> base(shape.size(), 0);
    for (unsigned d = 0; d < shape.size(); ++d)
      for (const BitGroup &g : groups[d])
        if (g.source != BitSource::Register)
          base[d] += int64_t(((g.source == BitSource::Lane ? lane : warp) >> g.shift) & (g.count - 1)) * g.stride;
    for (const std::vector<int64_t> &offset : offsets) {
      int64_t flat = 0;
      for (unsigned d = 0; d < shape.size(); ++d)
        flat = flat * shape[d] + (base[d] + offset[d]) % shape[d]; // sliced dims have size 1 and add nothing
      out[t].push_back(flat);
    }
  }
  return out;
}

std::optional<WarpShufflePlan> warpShufflePlan(const Type &from, const Type &to) {
  if (!from.isTensor() || !from.layout || !to.layout || from.shape != to.shape ||
      warpsOf(*from.layout) != warpsOf(*to.layout) || elementsPerThread(from) > kMaxElementsPerThread ||
      elementsPerThread(to) > kMaxElementsPerThread)
    return std::nullopt;
  unsigned numWarps = warpsOf(*from.layout), threads = 32 * numWarps;
  std::vector<std::vector<int64_t>> heldFlat = elementFlatIndices(from, threads);
  std::vector<std::vector<int64_t>> wanted = elementFlatIndices(to, threads);
  // Which element of each source thread holds a flat index.
  std::vector<std::unordered_map<int64_t, unsigned>> held(threads);
  for (unsigned t = 0; t < threads; ++t)
    for (unsigned i = 0; i < heldFlat[t].size(); ++i)
      held[t].emplace(heldFlat[t][i], i); // the first copy, if the layout repeats one
  WarpShufflePlan plan;
  for (unsigned j = 0; j < wanted[0].size(); ++j) {
    // Candidates for the element every lane sends: where warp 0's lanes
    // hold what lane 0 wants.
    std::vector<unsigned> candidates;
    for (unsigned source = 0; source < 32; ++source) {
      auto it = held[source].find(wanted[0][j]);
      if (it != held[source].end() && std::find(candidates.begin(), candidates.end(), it->second) == candidates.end())
        candidates.push_back(it->second);
    }
    std::optional<WarpShufflePlan::Read> found;
    for (unsigned element : candidates) {
      unsigned lanes[32];
      bool ok = true;
      for (unsigned lane = 0; lane < 32 && ok; ++lane) {
        ok = false;
        for (unsigned source = 0; source < 32 && !ok; ++source) {
          bool everyWarp = true;
          for (unsigned w = 0; w < numWarps && everyWarp; ++w) {
            auto it = held[w * 32 + source].find(wanted[w * 32 + lane][j]);
            everyWarp = it != held[w * 32 + source].end() && it->second == element;
          }
          if (everyWarp) {
            lanes[lane] = source;
            ok = true;
          }
        }
      }
      if (!ok)
        continue;
      WarpShufflePlan::Read read{element, lanes[0], {}};
      for (unsigned b = 0; b < 5; ++b)
        read.laneBits[b] = lanes[1u << b] ^ lanes[0];
      for (unsigned lane = 0; lane < 32 && ok; ++lane) {
        unsigned predicted = read.laneBase;
        for (unsigned b = 0; b < 5; ++b)
          if (lane >> b & 1)
            predicted ^= read.laneBits[b];
        ok = predicted == lanes[lane];
      }
      if (ok) {
        found = read;
        break;
      }
    }
    if (!found)
      return std::nullopt;
    plan.reads.push_back(*found);
  }
  return plan;
}

} // namespace tritonc
