#include "tritonc/ir/DotOperandLayout.h"

#include "tritonc/ir/ThreadMapping.h"

#include <bit>

namespace tritonc {

namespace {

unsigned bitsOf(int64_t extent) { return unsigned(std::countr_zero(uint64_t(extent))); }

} // namespace

LinearLayout mmaOperandALayout(const std::vector<int64_t> &shape, const std::vector<unsigned> &resultWarps) {
  const int64_t rows = shape[0], cols = shape[1];
  const int64_t rowWarps = resultWarps[0], colWarps = resultWarps[1];
  // A coordinate to A's flat index; rows beyond a tile smaller than the
  // warps' span wrap, so those warps hold the same rows again.
  auto at = [&](int64_t row, int64_t col) { return uint64_t((row % rows) * cols + col % cols); };
  std::vector<uint64_t> registers{at(0, 1), at(8, 0), at(0, 8)};
  for (int64_t step = 16; step < cols; step *= 2)
    registers.push_back(at(0, step));
  for (int64_t rep = 16 * rowWarps; rep < rows; rep *= 2)
    registers.push_back(at(rep, 0));
  std::vector<uint64_t> lanes{at(0, 2), at(0, 4), at(1, 0), at(2, 0), at(4, 0)};
  // The warp id counts the result's column warps fastest.
  std::vector<uint64_t> warps;
  for (int64_t w = 1; w < colWarps; w *= 2)
    warps.push_back(0);
  for (int64_t w = 1; w < rowWarps; w *= 2)
    warps.push_back(at(16 * w, 0));
  LinearLayout::Dims ins{{LayoutDim::Register, unsigned(registers.size())},
                         {LayoutDim::Lane, 5},
                         {LayoutDim::Warp, unsigned(warps.size())}};
  LinearLayout::Dims outs{{tensorLayoutDim(0), bitsOf(rows)}, {tensorLayoutDim(1), bitsOf(cols)}};
  return LinearLayout(std::move(ins), std::move(outs), {registers, lanes, warps});
}

std::optional<std::vector<unsigned>> operandAFromRegisters(const Type &a, const Layout &result) {
  if (!a.isTensor() || a.shape.size() != 2 || bitWidth(a.elem.kind) != 16 || !result.isTensorCoreAccumulator() ||
      a.shape[0] < 16 || a.shape[1] < 16)
    return std::nullopt;
  // None, too, for dims that are not powers of two.
  std::optional<LinearLayout> held = LinearLayout::of(a);
  if (!held)
    return std::nullopt;
  LinearLayout wanted = mmaOperandALayout(a.shape, result.warpsPerCTA());
  // Every lane and warp holds the elements its fragments want.
  if (!LinearLayout::placesAlike(*held, wanted, LayoutDim::Lane) ||
      !LinearLayout::placesAlike(*held, wanted, LayoutDim::Warp))
    return std::nullopt;
  std::optional<LinearLayout> sources = LinearLayout::sourcesOf(*held, wanted);
  if (!sources)
    return std::nullopt;
  std::vector<unsigned> elements;
  for (uint64_t j = 0; j < (uint64_t(1) << wanted.inBits(LayoutDim::Register)); ++j) {
    std::vector<uint64_t> source = sources->unpackOut(sources->apply(LayoutDim::Register, j));
    if (source[1] != 0 || source[2] != 0) // held by another lane or warp
      return std::nullopt;
    elements.push_back(unsigned(source[0]));
  }
  return elements;
}

bool accumulatorFeedsOperandA(const Type &a, const Layout &result) {
  return operandAFromRegisters(a, result).has_value();
}

} // namespace tritonc
