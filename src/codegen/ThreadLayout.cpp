#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

#include <algorithm>

namespace tritonc::codegen {

namespace {
// Elements per thread along dim d: one sizePerThread group per repetition
// of the CTA tile; a tile larger than the tensor wraps (replicates).
unsigned perThreadAlong(const BlockedLayout &l, const Type &type, unsigned d) {
  int64_t reps = std::max<int64_t>(1, type.shape[d] / l.tileSize(d));
  return unsigned(reps * std::min<int64_t>(l.sizePerThread[d], type.shape[d]));
}
} // namespace

unsigned elementsPerThread(const Type &type) {
  if (!type.isTensor())
    return 1;
  TRITONC_CHECK(type.layout.has_value(), "codegen reached a tensor without a layout");
  unsigned n = 1;
  for (unsigned d = 0; d < type.shape.size(); ++d)
    n *= perThreadAlong(type.layout->blocked, type, d);
  return n;
}

std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId) {
  const BlockedLayout &l = type.layout->blocked;
  unsigned rank = unsigned(type.shape.size());
  llvm::Value *lane = b.CreateAnd(threadId, 31);
  llvm::Value *warp = b.CreateLShr(threadId, 5);
  // Split the lane and warp ids over the dims, fastest dim first.
  std::vector<llvm::Value *> base(rank);
  for (unsigned d : l.order) {
    llvm::Value *laneCoord = b.CreateURem(lane, b.getInt32(l.threadsPerWarp[d]));
    lane = b.CreateUDiv(lane, b.getInt32(l.threadsPerWarp[d]));
    llvm::Value *warpCoord = b.CreateURem(warp, b.getInt32(l.warpsPerCTA[d]));
    warp = b.CreateUDiv(warp, b.getInt32(l.warpsPerCTA[d]));
    llvm::Value *thread = b.CreateAdd(laneCoord, b.CreateMul(warpCoord, b.getInt32(l.threadsPerWarp[d])));
    base[d] = b.CreateMul(thread, b.getInt32(l.sizePerThread[d]));
  }
  // Enumerate (repetition, offset-in-group) per dim; the fastest dim is the
  // innermost loop so each sizePerThread group stays together.
  std::vector<unsigned> counts(rank);
  for (unsigned d = 0; d < rank; ++d)
    counts[d] = perThreadAlong(l, type, d);
  std::vector<std::vector<llvm::Value *>> coords;
  std::vector<unsigned> index(rank, 0);
  unsigned total = elementsPerThread(type);
  for (unsigned n = 0; n < total; ++n) {
    std::vector<llvm::Value *> c(rank);
    for (unsigned d = 0; d < rank; ++d) {
      unsigned group = std::min<unsigned>(l.sizePerThread[d], unsigned(type.shape[d]));
      unsigned rep = index[d] / group, within = index[d] % group;
      llvm::Value *v = b.CreateAdd(base[d], b.getInt32(uint32_t(rep * l.tileSize(d) + within)));
      c[d] = b.CreateURem(v, b.getInt32(uint32_t(type.shape[d])));
    }
    coords.push_back(std::move(c));
    for (unsigned d : l.order) { // odometer, fastest dim first
      if (++index[d] < counts[d])
        break;
      index[d] = 0;
    }
  }
  return coords;
}

} // namespace tritonc::codegen
