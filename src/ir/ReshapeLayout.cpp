#include "tritonc/ir/ReshapeLayout.h"

#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/WarpShuffle.h"

#include <bit>
#include <map>

namespace tritonc {

namespace {

// Where one bit of the flat index comes from.
struct FlatBit {
  BitSource source;
  unsigned bit; // lanes and warps: the bit of the lane (warp) id
};

bool isPowerOfTwo(int64_t x) { return x > 0 && (x & (x - 1)) == 0; }
unsigned log2Of(int64_t x) { return unsigned(std::countr_zero(uint64_t(x))); }

// The flat index's bits, lowest first, as `type`'s layout fills them.
std::optional<std::vector<FlatBit>> flatBits(const Type &type) {
  if (replicatesElements(type))
    return std::nullopt;
  std::vector<int64_t> shape = type.layout->parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  std::vector<FlatBit> bits;
  for (size_t d = shape.size(); d-- > 0;) {
    if (!isPowerOfTwo(shape[d]))
      return std::nullopt;
    size_t start = bits.size();
    for (const BitGroup &g : groups[d])
      for (unsigned i = 0; i < log2Of(g.count); ++i)
        bits.push_back({g.source, g.source == BitSource::Register ? 0 : g.shift + i});
    if (bits.size() - start != log2Of(shape[d]))
      return std::nullopt;
  }
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
      case BitSource::Register:
        if (phase == Registers)
          to.sizePerThread[e] *= 2;
        else
          phase = Repetitions;
        break;
      case BitSource::Lane:
        if (phase > Lanes || (phase == Lanes && unsigned(firstLane[e]) + log2Of(to.threadsPerWarp[e]) != b.bit))
          return std::nullopt;
        if (phase == Registers)
          firstLane[e] = int(b.bit);
        phase = Lanes;
        to.threadsPerWarp[e] *= 2;
        break;
      case BitSource::Warp:
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
  if (!from.layout || !to.layout || from.layout->shared || to.layout->shared || from.numElements() != to.numElements())
    return std::nullopt;
  auto warps = [](const Layout &l) {
    unsigned n = 1;
    for (unsigned w : l.warpsPerCTA())
      n *= w;
    return n;
  };
  unsigned numWarps = warps(*from.layout);
  if (warps(*to.layout) != numWarps)
    return std::nullopt;
  unsigned threads = 32 * numWarps;
  std::vector<std::vector<int64_t>> held = elementFlatIndices(from, threads);
  std::vector<std::vector<int64_t>> wanted = elementFlatIndices(to, threads);
  std::optional<std::vector<unsigned>> map;
  for (unsigned thread = 0; thread < threads; ++thread) {
    const std::vector<int64_t> &source = held[thread], &target = wanted[thread];
    std::map<int64_t, unsigned> registerOf;
    for (unsigned i = 0; i < source.size(); ++i)
      registerOf.emplace(source[i], i);
    std::vector<unsigned> threadMap;
    for (int64_t index : target) {
      auto it = registerOf.find(index);
      if (it == registerOf.end())
        return std::nullopt;
      threadMap.push_back(it->second);
    }
    if (!map)
      map = std::move(threadMap);
    else if (*map != threadMap)
      return std::nullopt;
  }
  return map;
}

} // namespace tritonc
