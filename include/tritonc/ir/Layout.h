// How the elements of a tensor are spread over the threads of a CTA
// (DESIGN.md §3). Only the blocked layout exists so far; slice, MMA and
// shared layouts join it as the ops that need them arrive.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

// Each thread owns sizePerThread[d] contiguous elements along each dim d;
// a warp's threads and a CTA's warps tile the dims in `order` (fastest
// first); the pattern repeats to cover the tensor, or wraps (replicating
// elements over threads) when the tensor is smaller than one tile.
struct BlockedLayout {
  std::vector<unsigned> sizePerThread;
  std::vector<unsigned> threadsPerWarp;
  std::vector<unsigned> warpsPerCTA;
  std::vector<unsigned> order;

  bool operator==(const BlockedLayout &o) const = default;
  unsigned rank() const { return unsigned(order.size()); }
  // Elements one CTA tile covers along dim d.
  int64_t tileSize(unsigned d) const {
    return int64_t(sizePerThread[d]) * threadsPerWarp[d] * warpsPerCTA[d];
  }
};

// A blocked layout, or a slice of one: the layout of a tensor obtained by
// removing `slicedDims` (parent dims, ascending) from a tensor with the
// blocked layout, e.g. by a reduction. A sliced tensor of shape S is laid
// out exactly as the parent layout lays out S with a size-1 dim put back at
// each sliced dim, so `expand_dims` and reductions need no data movement.
struct Layout {
  BlockedLayout blocked; // for a slice: the parent
  std::vector<unsigned> slicedDims;

  bool isSlice() const { return !slicedDims.empty(); }
  bool operator==(const Layout &o) const = default;
  std::string str() const;
  // The shape the parent lays out: `shape` with 1 at each sliced dim.
  std::vector<int64_t> parentShape(const std::vector<int64_t> &shape) const;
  // The slice of this layout without tensor dim `axis`.
  Layout sliced(unsigned axis) const;
  // The parent dim of tensor dim `axis`.
  unsigned parentDim(unsigned axis) const;
  // The tensor dim of parent dim `d`; none when `d` is sliced away.
  std::optional<unsigned> tensorDim(unsigned d) const;
};

// The default blocked layout for `shape`: `vectorWidth` contiguous elements
// per thread along the fastest dim, lanes and warps filling dims fastest
// first, as Triton's default for loads, stores and elementwise ops.
Layout defaultBlockedLayout(const std::vector<int64_t> &shape, unsigned vectorWidth, unsigned numWarps);

} // namespace tritonc
