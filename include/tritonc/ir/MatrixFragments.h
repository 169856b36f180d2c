// Whether a layout holds its 2-D tensor as the 8x8 matrices of 16-bit
// elements that `ldmatrix` reads and `stmatrix` writes: in each matrix,
// lane l of a warp holds row l/4, columns 2*(l%4) and 2*(l%4)+1, as two
// consecutive elements of its list. The MMA accumulator layouts are such a
// layout. A warp then moves four of those matrices per instruction, 16
// bytes per matrix row, instead of one element pair per lane.
#pragma once

#include "tritonc/ir/Type.h"

#include <array>
#include <optional>
#include <vector>

namespace tritonc {

struct MatrixFragments {
  // Per matrix, in the thread's element order: the index of its first
  // element (the second follows it).
  std::vector<size_t> firstElements;
  // Per warp and matrix: the matrix's top-left (row, column).
  std::vector<std::vector<std::array<int64_t, 2>>> origins;
};

// The matrices of `type`, when every thread's elements form them, no
// element has two owners and every matrix starts at a multiple of 8 along
// both dims; none otherwise.
std::optional<MatrixFragments> matrixFragments(const Type &type);

} // namespace tritonc
