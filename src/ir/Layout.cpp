#include "tritonc/ir/Layout.h"
#include "tritonc/ir/Type.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>

namespace tritonc {

std::string Layout::str() const {
  if (shared)
    return sharedColMajor ? "#shared<colmajor>" : "#shared";
  const BlockedLayout &b = blocked;
  std::string parent =
      mma ? fmt::format("#mma<v{}, instr=[{}], wpc=[{}]>", mma->version, fmt::join(mma->instrShape, ","),
                        fmt::join(mma->warpsPerCTA, ","))
          : fmt::format("#blocked<spt=[{}], tpw=[{}], wpc=[{}], order=[{}]>", fmt::join(b.sizePerThread, ","),
                        fmt::join(b.threadsPerWarp, ","), fmt::join(b.warpsPerCTA, ","), fmt::join(b.order, ","));
  if (!isSlice())
    return parent;
  return fmt::format("#slice<dims=[{}], {}>", fmt::join(slicedDims, ","), parent);
}

std::vector<int64_t> Layout::parentShape(const std::vector<int64_t> &shape) const {
  std::vector<int64_t> out = shape;
  for (unsigned d : slicedDims) // ascending, so earlier inserts do not shift later ones
    out.insert(out.begin() + d, 1);
  return out;
}

unsigned Layout::parentDim(unsigned axis) const {
  unsigned d = 0;
  for (unsigned seen = 0;; ++d) {
    bool sliced = std::find(slicedDims.begin(), slicedDims.end(), d) != slicedDims.end();
    if (!sliced && seen++ == axis)
      return d;
  }
}

std::optional<unsigned> Layout::tensorDim(unsigned d) const {
  if (std::find(slicedDims.begin(), slicedDims.end(), d) != slicedDims.end())
    return std::nullopt;
  return unsigned(d - std::count_if(slicedDims.begin(), slicedDims.end(), [&](unsigned s) { return s < d; }));
}

Layout Layout::sliced(unsigned axis) const {
  Layout out = *this;
  out.slicedDims.push_back(parentDim(axis));
  std::sort(out.slicedDims.begin(), out.slicedDims.end());
  return out;
}

Layout defaultBlockedLayout(const std::vector<int64_t> &shape, unsigned vectorWidth, unsigned numWarps,
                            std::optional<unsigned> fastestDim) {
  unsigned rank = unsigned(shape.size());
  BlockedLayout b;
  b.sizePerThread.assign(rank, 1);
  b.threadsPerWarp.assign(rank, 1);
  b.warpsPerCTA.assign(rank, 1);
  for (unsigned i = 0; i < rank; ++i)
    b.order.push_back(rank - 1 - i); // row-major: the last dim is the fastest
  if (fastestDim && *fastestDim != b.order[0]) {
    b.order.erase(std::find(b.order.begin(), b.order.end(), *fastestDim));
    b.order.insert(b.order.begin(), *fastestDim);
  }
  b.sizePerThread[b.order[0]] = vectorWidth;

  // Fill the fastest dims first with lanes, then warps; what is left over
  // (the tensor is smaller than the CTA) replicates along the slowest dim.
  int64_t lanesLeft = 32, warpsLeft = numWarps, threadsLeft = int64_t(32) * numWarps;
  for (unsigned d : b.order) {
    int64_t wanted = std::max<int64_t>(1, shape[d] / b.sizePerThread[d]);
    int64_t threads = std::clamp<int64_t>(threadsLeft, 1, wanted);
    int64_t lanes = std::clamp<int64_t>(threads, 1, lanesLeft);
    int64_t warps = std::clamp<int64_t>(threads / lanes, 1, warpsLeft);
    b.threadsPerWarp[d] = unsigned(lanes);
    b.warpsPerCTA[d] = unsigned(warps);
    lanesLeft /= lanes;
    warpsLeft /= warps;
    threadsLeft = std::max<int64_t>(1, threadsLeft / threads);
  }
  unsigned slowest = b.order.back();
  b.threadsPerWarp[slowest] *= unsigned(lanesLeft);
  b.warpsPerCTA[slowest] *= unsigned(warpsLeft);
  Layout layout;
  layout.blocked = b;
  return layout;
}

std::vector<unsigned> mmaInstructionShape(unsigned version, unsigned operandBits, int64_t n) {
  unsigned k = 256 / operandBits;
  if (version == 3)
    return {64, unsigned(std::min<int64_t>(n, 256)), k};
  return {16, 8, k};
}

Layout mmaLayoutFor(const std::vector<int64_t> &shape, unsigned numWarps, unsigned version,
                    std::vector<unsigned> instrShape) {
  // Grow the side with more instruction tiles per warp left, so that each
  // warp's block stays near square in instructions.
  std::vector<unsigned> w{1, 1};
  if (version == 3)
    w = {numWarps, 1};
  while (w[0] * w[1] < numWarps) {
    int64_t rowTiles = shape[0] / (16 * int64_t(w[0])), colTiles = shape[1] / (8 * int64_t(w[1]));
    if (rowTiles > 1 && rowTiles >= colTiles)
      w[0] *= 2;
    else if (colTiles > 1)
      w[1] *= 2;
    else // a tile smaller than the CTA: the extra warps replicate rows
      w[0] *= 2;
  }
  Layout l;
  l.mma = MmaLayout{version, std::move(instrShape), w};
  return l;
}

std::optional<std::string> brokenLayoutRule(const Type &t, unsigned numWarps) {
  const Layout &l = *t.layout;
  if (l.shared) {
    if (t.shape.size() < 2 || l.isSlice())
      return "a shared-memory tensor has at least 2 dims";
    return std::nullopt;
  }
  const BlockedLayout &b = l.blocked;
  size_t rank = t.shape.size() + l.slicedDims.size();
  for (size_t i = 0; i < l.slicedDims.size(); ++i)
    if (l.slicedDims[i] >= rank || (i > 0 && l.slicedDims[i - 1] >= l.slicedDims[i]))
      return "sliced dims are distinct parent dims, ascending";
  if (l.mma) {
    const std::vector<unsigned> &w = l.mma->warpsPerCTA;
    if (rank != 2 || w.size() != 2)
      return "an MMA layout is 2-D";
    if (!std::has_single_bit(w[0]) || !std::has_single_bit(w[1]) || w[0] * w[1] != numWarps)
      return fmt::format("MMA layout has num_warps = {} warps, a power of two along each dim", numWarps);
    const MmaLayout &m = *l.mma;
    if (m.version != 2 && m.version != 3)
      return "an MMA layout is version 2 (`mma.sync`) or 3 (wgmma)";
    const std::vector<unsigned> &s = m.instrShape;
    bool kFits = s.size() == 3 && (s[2] == 8 || s[2] == 16 || s[2] == 32);
    if (m.version == 2 && !(kFits && s[0] == 16 && s[1] == 8))
      return "a version 2 MMA layout (`mma.sync`) has instr = [16,8,K], K 8, 16 or 32";
    if (m.version == 3 && !(kFits && s[0] == 64 && s[1] % 8 == 0 && s[1] >= 8 && s[1] <= 256))
      return "a version 3 MMA layout (wgmma) has instr = [64,N,K], N a multiple of 8 up to 256, K 8, 16 or 32";
    if (m.version == 3 && (w[1] != 1 || w[0] % 4 != 0))
      return "a version 3 MMA layout (wgmma) has its warps in whole warpgroups along M: wpc = [num_warps,1]";
    return std::nullopt;
  }
  if (b.sizePerThread.size() != rank || b.threadsPerWarp.size() != rank || b.warpsPerCTA.size() != rank ||
      b.order.size() != rank)
    return "layout has one entry per tensor dimension";
  if (!permutesDims(b.order, rank))
    return "layout order is a permutation of the dimensions";
  unsigned lanes = 1, warps = 1;
  for (size_t d = 0; d < rank; ++d) {
    lanes *= b.threadsPerWarp[d];
    warps *= b.warpsPerCTA[d];
  }
  if (lanes != 32)
    return "layout has 32 threads per warp";
  if (!std::all_of(b.sizePerThread.begin(), b.sizePerThread.end(), [](unsigned n) { return std::has_single_bit(n); }))
    return "layout has a power of two elements per thread along each dim";
  if (warps != numWarps)
    return fmt::format("layout has num_warps = {} warps", numWarps);
  return std::nullopt;
}

} // namespace tritonc
