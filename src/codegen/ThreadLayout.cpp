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

llvm::Value *laneCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned d, llvm::Value *threadId) {
  const BlockedLayout &l = layoutOf(type).blocked;
  llvm::Value *lane = b.CreateAnd(threadId, 31);
  return b.CreateURem(b.CreateUDiv(lane, b.getInt32(strideBefore(l.order, l.threadsPerWarp, d))),
                      b.getInt32(l.threadsPerWarp[d]));
}

llvm::Value *warpCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned d, llvm::Value *threadId) {
  const BlockedLayout &l = layoutOf(type).blocked;
  llvm::Value *warp = b.CreateLShr(threadId, 5);
  return b.CreateURem(b.CreateUDiv(warp, b.getInt32(strideBefore(l.order, l.warpsPerCTA, d))),
                      b.getInt32(l.warpsPerCTA[d]));
}

std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId) {
  const Layout &layout = layoutOf(type);
  const BlockedLayout &l = layout.blocked;
  std::vector<int64_t> shape = layout.parentShape(type.shape);
  unsigned rank = unsigned(shape.size());
  std::vector<llvm::Value *> base(rank);
  for (unsigned d = 0; d < rank; ++d) {
    llvm::Value *thread = b.CreateAdd(laneCoordinate(b, type, d, threadId),
                                      b.CreateMul(warpCoordinate(b, type, d, threadId), b.getInt32(l.threadsPerWarp[d])));
    base[d] = b.CreateMul(thread, b.getInt32(l.sizePerThread[d]));
  }
  std::vector<std::vector<llvm::Value *>> coords;
  for (const std::vector<unsigned> &index : perThreadIndices(type)) {
    std::vector<llvm::Value *> c;
    for (unsigned d = 0; d < rank; ++d) {
      if (std::find(layout.slicedDims.begin(), layout.slicedDims.end(), d) != layout.slicedDims.end())
        continue;
      unsigned group = unsigned(std::min<int64_t>(l.sizePerThread[d], shape[d]));
      unsigned rep = index[d] / group, within = index[d] % group;
      llvm::Value *v = b.CreateAdd(base[d], b.getInt32(uint32_t(rep * l.tileSize(d) + within)));
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
  const BlockedLayout &l = layout.blocked;
  for (unsigned d = 0; d < l.rank(); ++d) {
    bool sliced = std::find(layout.slicedDims.begin(), layout.slicedDims.end(), d) != layout.slicedDims.end();
    AxisSpread s = axisSpread(type, d);
    // Along a sliced dim every position holds the same element.
    unsigned lanes = sliced || int(d) == warpSpreadDim ? 1 : s.lanes;
    unsigned warps = sliced ? 1 : s.warps;
    if (lanes < l.threadsPerWarp[d])
      first = b.CreateAnd(first, b.CreateICmpULT(laneCoordinate(b, type, d, threadId), b.getInt32(lanes)));
    if (warps < l.warpsPerCTA[d])
      first = b.CreateAnd(first, b.CreateICmpULT(warpCoordinate(b, type, d, threadId), b.getInt32(warps)));
  }
  return first;
}

} // namespace tritonc::codegen
