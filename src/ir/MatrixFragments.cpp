#include "tritonc/ir/MatrixFragments.h"

#include "tritonc/ir/ThreadMapping.h"

namespace tritonc {

std::optional<MatrixFragments> matrixFragments(const Type &type) {
  if (!type.isTensor() || type.shape.size() != 2 || !type.layout || type.layout->isSlice() || type.layout->shared ||
      replicatesElements(type))
    return std::nullopt;
  unsigned perThread = elementsPerThread(type);
  if (perThread % 2 != 0)
    return std::nullopt;
  unsigned warps = 1;
  for (unsigned w : type.layout->warpsPerCTA())
    warps *= w;
  MatrixFragments fragments;
  for (size_t e = 0; e < perThread; e += 2)
    fragments.firstElements.push_back(e);
  for (unsigned w = 0; w < warps; ++w) {
    std::vector<std::vector<int64_t>> lane0 = elementCoordinatesOf(type, 32 * w);
    std::vector<std::array<int64_t, 2>> origins;
    for (size_t e : fragments.firstElements) {
      if (lane0[e][0] % 8 != 0 || lane0[e][1] % 8 != 0)
        return std::nullopt;
      origins.push_back({lane0[e][0], lane0[e][1]});
    }
    for (unsigned lane = 0; lane < 32; ++lane) {
      std::vector<std::vector<int64_t>> own = elementCoordinatesOf(type, 32 * w + lane);
      for (size_t m = 0; m < origins.size(); ++m) {
        size_t e = fragments.firstElements[m];
        int64_t row = origins[m][0] + lane / 4, col = origins[m][1] + 2 * (lane % 4);
        if (own[e] != std::vector<int64_t>{row, col} || own[e + 1] != std::vector<int64_t>{row, col + 1})
          return std::nullopt;
      }
    }
    fragments.origins.push_back(std::move(origins));
  }
  return fragments;
}

} // namespace tritonc
