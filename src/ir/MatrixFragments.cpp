#include "tritonc/ir/MatrixFragments.h"

#include "tritonc/ir/LinearLayout.h"

namespace tritonc {

std::optional<MatrixFragments> matrixFragments(const Type &type) {
  if (!type.isTensor() || type.shape.size() != 2 || !type.layout || type.layout->isSlice())
    return std::nullopt;
  std::optional<LinearLayout> layout = LinearLayout::of(type);
  if (!layout || layout->replicates())
    return std::nullopt;
  auto at = [&](LayoutDim dim, uint64_t value) {
    std::vector<uint64_t> rowCol = layout->unpackOut(layout->apply(dim, value));
    return std::array<int64_t, 2>{int64_t(rowCol[0]), int64_t(rowCol[1])};
  };
  using RowCol = std::array<int64_t, 2>;
  // Inside a matrix: register bit 0 is the next column, lane bits 0-1 the
  // column pair, lane bits 2-4 the row.
  const RowCol inside[] = {{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  if (at(LayoutDim::Register, 1) != RowCol{0, 1})
    return std::nullopt;
  for (unsigned b = 0; b < 5; ++b)
    if (at(LayoutDim::Lane, 1u << b) != inside[b])
      return std::nullopt;
  // Every other register and warp bit moves whole matrices.
  auto movesWholeMatrices = [&](LayoutDim dim) {
    for (unsigned k = dim == LayoutDim::Register ? 1 : 0; k < layout->inBits(dim); ++k) {
      RowCol step = at(dim, uint64_t(1) << k);
      if (step[0] % 8 != 0 || step[1] % 8 != 0)
        return false;
    }
    return true;
  };
  if (!movesWholeMatrices(LayoutDim::Register) || !movesWholeMatrices(LayoutDim::Warp))
    return std::nullopt;
  MatrixFragments fragments;
  unsigned perThread = 1u << layout->inBits(LayoutDim::Register);
  for (size_t e = 0; e < perThread; e += 2)
    fragments.firstElements.push_back(e);
  for (unsigned w = 0; w < (1u << layout->inBits(LayoutDim::Warp)); ++w) {
    std::vector<RowCol> origins;
    for (size_t e : fragments.firstElements) {
      RowCol element = at(LayoutDim::Register, e), warp = at(LayoutDim::Warp, w);
      origins.push_back({element[0] ^ warp[0], element[1] ^ warp[1]});
    }
    fragments.origins.push_back(std::move(origins));
  }
  return fragments;
}

} // namespace tritonc
