// Reshapes and transposes that move no data. A reshape keeps the
// row-major flat index of every element, a transpose permutes each
// element's coordinates; when each thread holds the same elements before
// and after, either only renames registers (LinearLayout's
// registerRenaming). Shapes are powers of two, so every dim is a run of
// bits of the flat index, and a layout that replicates nothing gives each
// of those bits one source: a register, a lane or a warp bit. The layout
// for the other shape gives each of its dims the same bits.
#pragma once

#include "tritonc/ir/Layout.h"
#include "tritonc/ir/Type.h"

#include <optional>
#include <vector>

namespace tritonc {

// A blocked layout for `toShape` under which every thread holds the flat
// indices it holds under `from` (a layout of `fromShape`): none when `from`
// replicates elements or its bits do not group into a blocked layout.
std::optional<Layout> reshapedLayout(const Layout &from, const std::vector<int64_t> &fromShape,
                                     const std::vector<int64_t> &toShape);

// When every thread holds the same flat indices under `from` and `to`, the
// register of `from` that each register of `to` takes (the same map in every
// thread); none otherwise, and the reshape goes through shared memory.
std::optional<std::vector<unsigned>> reshapeRegisterMap(const Type &from, const Type &to);

// The same for a transpose (`trans` with `order`): when each thread holds
// under `to` the elements it holds under `from`, with their dims permuted.
// Layout assignment gives every transpose such a pair of layouts.
std::optional<std::vector<unsigned>> transposeRegisterMap(const Type &from, const Type &to,
                                                          const std::vector<int64_t> &order);

} // namespace tritonc
