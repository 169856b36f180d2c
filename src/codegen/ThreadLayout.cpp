#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

#include <algorithm>

namespace tritonc::codegen {

namespace {

const Layout &layoutOf(const Type &type) {
  TRITONC_CHECK(type.layout.has_value(), "codegen reached a tensor without a layout");
  return *type.layout;
}

} // namespace

namespace {

// The group of `source` bits along parent dim d, if any.
std::optional<BitGroup> groupOf(const Type &type, unsigned d, BitSource source) {
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  for (const BitGroup &g : groups[d])
    if (g.source == source)
      return g;
  return std::nullopt;
}

llvm::Value *groupIndex(llvm::IRBuilder<> &b, const BitGroup &g, llvm::Value *threadId) {
  llvm::Value *id = g.source == BitSource::Lane ? b.CreateAnd(threadId, 31) : b.CreateLShr(threadId, 5);
  return b.CreateAnd(b.CreateLShr(id, g.shift), b.getInt32(g.count - 1));
}

} // namespace

llvm::Value *laneCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned d, llvm::Value *threadId) {
  std::optional<BitGroup> g = groupOf(type, d, BitSource::Lane);
  return g ? groupIndex(b, *g, threadId) : b.getInt32(0);
}

llvm::Value *warpCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned d, llvm::Value *threadId) {
  std::optional<BitGroup> g = groupOf(type, d, BitSource::Warp);
  return g ? groupIndex(b, *g, threadId) : b.getInt32(0);
}

std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId) {
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  unsigned rank = unsigned(shape.size());
  std::vector<llvm::Value *> base(rank);
  for (unsigned d = 0; d < rank; ++d) {
    base[d] = b.getInt32(0);
    for (const BitGroup &g : groups[d])
      if (g.source != BitSource::Register && g.count > 1)
        base[d] = b.CreateAdd(base[d], b.CreateMul(groupIndex(b, g, threadId), b.getInt32(uint32_t(g.stride))));
  }
  std::vector<std::vector<llvm::Value *>> coords;
  for (const std::vector<unsigned> &index : perThreadIndices(type)) {
    std::vector<llvm::Value *> c;
    for (unsigned d = 0; d < rank; ++d) {
      if (!layout.tensorDim(d))
        continue;
      llvm::Value *v = b.CreateAdd(base[d], b.getInt32(uint32_t(registerOffset(groups[d], index[d]))));
      c.push_back(b.CreateURem(v, b.getInt32(uint32_t(shape[d]))));
    }
    coords.push_back(std::move(c));
  }
  return coords;
}

llvm::Value *isFirstOwner(llvm::IRBuilder<> &b, const Type &type, llvm::Value *threadId, int warpSpreadDim) {
  llvm::Value *first = b.getTrue();
  if (!type.isTensor()) // a scalar lives in every thread
    return b.CreateICmpEQ(threadId, b.getInt32(0));
  const Layout &layout = layoutOf(type);
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  std::vector<std::vector<BitGroup>> groups = dimGroups(type);
  for (unsigned d = 0; d < groups.size(); ++d) {
    bool sliced = !layout.tensorDim(d);
    for (const BitGroup &g : groups[d]) {
      if (g.source == BitSource::Register || g.count == 1)
        continue;
      // Along a sliced dim every position holds the same element; with
      // warpSpreadDim, each warp along it holds its own partial result.
      unsigned distinct = unsigned(std::clamp<int64_t>(shape[d] / g.stride, 1, g.count));
      if (sliced || (int(d) == warpSpreadDim && g.source == BitSource::Lane))
        distinct = 1;
      if (distinct < g.count)
        first = b.CreateAnd(first, b.CreateICmpULT(groupIndex(b, g, threadId), b.getInt32(distinct)));
    }
  }
  return first;
}

llvm::Value *flatIndex(llvm::IRBuilder<> &b, const std::vector<int64_t> &shape,
                       const std::vector<llvm::Value *> &coord) {
  llvm::Value *flat = b.getInt32(0);
  for (size_t d = 0; d < shape.size(); ++d)
    flat = b.CreateAdd(b.CreateMul(flat, b.getInt32(uint32_t(shape[d]))), coord[d]);
  return flat;
}

} // namespace tritonc::codegen
