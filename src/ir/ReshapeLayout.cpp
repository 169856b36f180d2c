#include "tritonc/ir/ReshapeLayout.h"

#include "tritonc/ir/LinearLayout.h"

#include <bit>
#include <map>

namespace tritonc {

namespace {

// Where one bit of the flat index comes from.
struct FlatBit {
  LayoutDim source; // Register, Lane or Warp
  unsigned bit;     // lanes and warps: the bit of the lane (warp) id
};

bool isPowerOfTwo(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }
unsigned log2Of(int64_t x) { return unsigned(std::countr_zero(uint64_t(x))); }

// The flat index's bits, lowest first, as `type`'s layout fills them.
std::optional<std::vector<FlatBit>> flatBits(const Type &type) {
  std::optional<LinearLayout> layout = LinearLayout::of(type);
  if (!layout || layout->replicates())
    return std::nullopt;
  // Without replication, each input bit of a distributed layout moves one
  // flat-index bit, so its image names the bit it fills.
  std::vector<FlatBit> bits(layout->totalOutBits());
  for (LayoutDim dim : {LayoutDim::Register, LayoutDim::Lane, LayoutDim::Warp})
    for (unsigned k = 0; k < layout->inBits(dim); ++k)
      bits[unsigned(std::countr_zero(layout->image(dim, k)))] = {dim, dim == LayoutDim::Register ? 0 : k};
  return bits;
}

} // namespace

std::optional<Layout> reshapedLayout(const Layout &from, const std::vector<int64_t> &fromShape,
                                     const std::vector<int64_t> &toShape) {
  if (!from.isSet() || from.shared)
    return std::nullopt;
  Type source = Type::tensor(ElemType::scalar(ScalarKind::I32), fromShape);
  source.layout = from;
  std::optional<std::vector<FlatBit>> bits = flatBits(source);
  if (!bits)
    return std::nullopt;
  unsigned rank = unsigned(toShape.size());
  BlockedLayout to{std::vector<unsigned>(rank, 1), std::vector<unsigned>(rank, 1), std::vector<unsigned>(rank, 1), {}};
  // Each dim's bits, finest first, must read: registers, then consecutive
  // lane bits, then consecutive warp bits, then registers (repetitions).
  std::vector<int> firstLane(rank, -1), firstWarp(rank, -1);
  size_t next = 0;
  for (unsigned e = rank; e-- > 0;) {
    if (!isPowerOfTwo(toShape[e]))
      return std::nullopt;
    enum { Registers, Lanes, Warps, Repetitions } phase = Registers;
    for (unsigned i = 0; i < log2Of(toShape[e]); ++i, ++next) {
      if (next >= bits->size())
        return std::nullopt;
      const FlatBit &b = (*bits)[next];
      switch (b.source) {
      case LayoutDim::Register:
        if (phase == Registers)
          to.sizePerThread[e] *= 2;
        else
          phase = Repetitions;
        break;
      case LayoutDim::Lane:
        if (phase > Lanes || (phase == Lanes && unsigned(firstLane[e]) + log2Of(to.threadsPerWarp[e]) != b.bit))
          return std::nullopt;
        if (phase == Registers)
          firstLane[e] = int(b.bit);
        phase = Lanes;
        to.threadsPerWarp[e] *= 2;
        break;
      default: // a warp bit
        if (phase > Warps || (phase == Warps && unsigned(firstWarp[e]) + log2Of(to.warpsPerCTA[e]) != b.bit))
          return std::nullopt;
        if (phase != Warps)
          firstWarp[e] = int(b.bit);
        phase = Warps;
        to.warpsPerCTA[e] *= 2;
        break;
      }
    }
  }
  if (next != bits->size())
    return std::nullopt;
  // The order lists dims with lanes by their first lane bit, and dims with
  // warps by their first warp bit; both chains must fit one order. Ties go
  // to the later dim, as in a row-major default.
  std::vector<std::vector<unsigned>> after(rank);
  std::vector<unsigned> incoming(rank, 0);
  for (const std::vector<int> *first : {&firstLane, &firstWarp}) {
    std::map<int, unsigned> chain;
    for (unsigned e = 0; e < rank; ++e)
      if ((*first)[e] >= 0)
        chain[(*first)[e]] = e;
    for (auto it = chain.begin(); it != chain.end() && std::next(it) != chain.end(); ++it) {
      after[it->second].push_back(std::next(it)->second);
      ++incoming[std::next(it)->second];
    }
  }
  std::vector<bool> placed(rank, false);
  while (to.order.size() < rank) {
    int pick = -1;
    for (unsigned e = rank; e-- > 0;)
      if (!placed[e] && incoming[e] == 0) {
        pick = int(e);
        break;
      }
    if (pick < 0)
      return std::nullopt;
    placed[size_t(pick)] = true;
    to.order.push_back(unsigned(pick));
    for (unsigned n : after[size_t(pick)])
      --incoming[n];
  }
  Layout result;
  result.blocked = to;
  Type target = Type::tensor(source.elem, toShape);
  target.layout = result;
  if (!reshapeRegisterMap(source, target))
    return std::nullopt;
  return result;
}

std::optional<std::vector<unsigned>> reshapeRegisterMap(const Type &from, const Type &to) {
  if (from.numElements() != to.numElements())
    return std::nullopt;
  std::optional<LinearLayout> held = LinearLayout::of(from), wanted = LinearLayout::of(to);
  if (!held || !wanted)
    return std::nullopt;
  return LinearLayout::registerRenaming(held->reshaped(to.shape), *wanted);
}

std::optional<std::vector<unsigned>> transposeRegisterMap(const Type &from, const Type &to,
                                                          const std::vector<int64_t> &order) {
  std::optional<LinearLayout> held = LinearLayout::of(from), wanted = LinearLayout::of(to);
  if (!held || !wanted || order.size() != from.shape.size())
    return std::nullopt;
  return LinearLayout::registerRenaming(held->transposed(order), *wanted);
}

} // namespace tritonc
