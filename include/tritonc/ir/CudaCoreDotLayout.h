// The accumulator layout of a dot on CUDA cores (codegen/DotEmitter.cpp).
#pragma once

#include "tritonc/ir/Layout.h"

#include <optional>

namespace tritonc {

// For a [M, N] result: each thread owns up to 8x8 results and reads per K
// step one element of each of their rows of A and columns of B, each used
// across the block; lanes and warps tile near-square blocks, so that a
// warp reads few distinct rows and columns. A thread's rows are one per
// repetition and its columns come in runs of at most four, so that a
// warp's lanes read A at rows one apart and B side by side.
// None for a tile with fewer elements than threads, or one these blocks
// cannot cover without repeating elements over threads.
std::optional<Layout> cudaCoreDotLayout(const std::vector<int64_t> &shape, unsigned numWarps);

} // namespace tritonc
