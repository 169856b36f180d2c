// How the elements of a tensor are spread over the threads of a CTA
// (DESIGN.md §3): blocked layouts, the accumulator layout of the tensor
// cores (`mma.sync` and wgmma), and slices of either. Which thread owns which element is worked out in
// one place for all of them (tritonc/ir/ThreadMapping.h).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

struct Type;

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
  int64_t tileSize(unsigned d) const { return int64_t(sizePerThread[d]) * threadsPerWarp[d] * warpsPerCTA[d]; }
};

// The accumulator layout of `mma.sync.m16n8k16` (and `m16n8k8`/`m16n8k32`,
// which share it) on a 2-D tile: each warp owns 16x8 instruction tiles, lane
// l holding rows l/4 and l/4+8 and columns 2*(l%4) and 2*(l%4)+1 of each;
// the warps tile the CTA's 16*wpc[0] x 8*wpc[1] block (warp id = column
// warp + wpc[1] * row warp), repeated over the tensor. A thread's elements
// are listed column-fastest, so each instruction tile's four accumulators
// c0..c3 come in the order `mma.sync` names them.
//
// Hopper's wgmma (version 3) keeps the same map: a warpgroup's four warps
// each own 16 of its instruction's 64 rows, laid out as above, so every
// question about which thread holds what is answered alike for both. What
// differs is recorded here, decided once by layout assignment: the
// instruction (version 2 is `mma.sync`, 3 is wgmma) and the shape (M, N, K)
// of one instruction, which every stage after reads rather than works out
// again from the dot.
struct MmaLayout {
  unsigned version;
  std::vector<unsigned> instrShape;
  std::vector<unsigned> warpsPerCTA;

  bool operator==(const MmaLayout &o) const = default;
};

// A blocked or MMA layout, or a slice of one: the layout of a tensor obtained by
// removing `slicedDims` (parent dims, ascending) from a tensor with the
// blocked layout, e.g. by a reduction. A sliced tensor of shape S is laid
// out exactly as the parent layout lays out S with a size-1 dim put back at
// each sliced dim, so `expand_dims` and reductions need no data movement.
struct Layout {
  BlockedLayout blocked;        // the parent, unless `mma` is set
  std::optional<MmaLayout> mma; // the parent is an MMA accumulator layout
  std::vector<unsigned> slicedDims;
  // Not spread over threads at all: the tensor sits in shared memory, each
  // 2-D slice of its last two dims swizzled (tritonc/ir/SharedLayout.h),
  // its last dim contiguous, or with `sharedColMajor` the one before.
  bool shared = false;
  bool sharedColMajor = false;

  bool isSlice() const { return !slicedDims.empty(); }
  bool isMma() const { return mma.has_value(); }
  // The questions passes ask of a layout, answered here so that none of
  // them inspects the kind itself.
  // Spread over threads with every dim its parent's: a tile a thread can
  // write to shared memory as it holds it.
  bool isWholeRegisterTile() const { return !shared && !isSlice(); }
  // A whole blocked tile: each thread's elements run along `order()`.
  bool isBlockedTile() const { return isWholeRegisterTile() && !isMma(); }
  // The accumulator of a tensor-core dot (`mma.sync` or wgmma), whole.
  bool isTensorCoreAccumulator() const { return isMma() && !isSlice(); }
  // In shared memory with the dim before last contiguous.
  bool isSharedColumnMajor() const { return shared && sharedColMajor; }
  // Whether a layout was chosen at all (a default-constructed one is not).
  bool isSet() const { return shared || mma || !blocked.order.empty(); }
  static Layout sharedMemory(bool colMajor) {
    Layout l;
    l.shared = true;
    l.sharedColMajor = colMajor;
    return l;
  }
  unsigned parentRank() const { return mma ? 2 : blocked.rank(); }
  // The parent's dims, the one whose per-thread elements are listed
  // fastest first.
  std::vector<unsigned> order() const { return mma ? std::vector<unsigned>{1, 0} : blocked.order; }
  // Warps along each parent dim.
  const std::vector<unsigned> &warpsPerCTA() const { return mma ? mma->warpsPerCTA : blocked.warpsPerCTA; }
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

// Whether `order` names each of dims 0..rank-1 once: a layout's order, a
// transpose's.
template <typename Dim> bool permutesDims(std::vector<Dim> order, size_t rank) {
  std::sort(order.begin(), order.end());
  for (size_t d = 0; d < order.size(); ++d)
    if (order[d] != Dim(d))
      return false;
  return order.size() == rank;
}

// The default blocked layout for `shape`: `vectorWidth` contiguous elements
// per thread along the fastest dim, lanes and warps filling dims fastest
// first, as Triton's default for loads, stores and elementwise ops.
// With `fastestDim`, that dim takes the vector and the first lanes instead
// of the last (a tile read down its columns), the others following in
// row-major order.
Layout defaultBlockedLayout(const std::vector<int64_t> &shape, unsigned vectorWidth, unsigned numWarps,
                            std::optional<unsigned> fastestDim = std::nullopt);

// The shape (M, N, K) of one tensor-core instruction of `version` for a dot
// whose operands have elements of `operandBits` bits and whose result is `n`
// columns wide: `mma.sync` m16n8 and wgmma m64 with as many columns as it
// takes at once (at most 256), both covering 32 bytes of K.
std::vector<unsigned> mmaInstructionShape(unsigned version, unsigned operandBits, int64_t n);

// The MMA layout for a [M, N] accumulator of `version` and `instrShape`:
// wgmma puts every warp along M (warpgroups of four); `mma.sync` splits
// the rows first, as far as each warp keeps at least one 16-row
// instruction tile, then the columns, so a warp's share of A (rows) and B
// (columns) read from shared memory stays small.
Layout mmaLayoutFor(const std::vector<int64_t> &shape, unsigned numWarps, unsigned version,
                    std::vector<unsigned> instrShape);

// The first rule of a well-formed layout that tensor type `t`'s breaks, for
// a CTA of `numWarps` warps, or none: a shared-memory tensor has at least 2
// dims; a slice's dims are distinct parent dims, ascending; an MMA layout
// is 2-D with its warps powers of two; a blocked layout has one entry per
// (parent) dim, an order that permutes them, 32 lanes per warp, the CTA's
// warps and a power of two elements per thread along each dim (every
// layout being a map of register, lane and warp bits, LinearLayout.h); an
// MMA layout's instruction shape is one `version` has, and wgmma's warps
// form whole warpgroups along M.
std::optional<std::string> brokenLayoutRule(const Type &t, unsigned numWarps);

} // namespace tritonc
