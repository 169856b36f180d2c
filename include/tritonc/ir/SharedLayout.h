// How a 2-D tile sits in shared memory for the tensor cores (DESIGN.md §3):
// rows of the tile's fastest dim, cut into 16-byte chunks, each row's chunk
// index XORed with a phase that changes every `perPhase` rows and repeats
// after `maxPhase`. With it, a warp's 16-byte writes along a row and
// `ldmatrix` reads of eight rows at one column (with or without `.trans`)
// touch eight different 16-byte bank groups: no bank conflicts.
#pragma once

#include <cstdint>

namespace tritonc {

struct SwizzledLayout {
  int64_t rowElements;  // elements per row (the tile's fastest dim)
  unsigned chunkElements; // elements per 16-byte chunk
  unsigned perPhase;    // consecutive rows that share a phase
  unsigned maxPhase;    // distinct phases

  // Element offset of (row, col) from the tile's start.
  int64_t offset(int64_t row, int64_t col) const;
};

// The swizzle for rows of `rowElements` elements of `elementBytes` each.
SwizzledLayout swizzledLayoutFor(int64_t rowElements, unsigned elementBytes);

// A [rows, cols] tile stored row by row, or column by column when
// `colMajor` (its rows contiguous): each stored line swizzled as above.
struct SharedTile {
  SwizzledLayout swizzle;
  bool colMajor;

  SharedTile(int64_t rows, int64_t cols, unsigned elementBytes, bool colMajor)
      : swizzle(swizzledLayoutFor(colMajor ? rows : cols, elementBytes)), colMajor(colMajor) {}
  int64_t offset(int64_t row, int64_t col) const { return colMajor ? swizzle.offset(col, row) : swizzle.offset(row, col); }
};

} // namespace tritonc
