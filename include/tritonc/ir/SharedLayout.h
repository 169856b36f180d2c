// How a 2-D tile sits in shared memory for the dots (DESIGN.md §3):
// each stored line (a run of the tile's fastest dim) is cut into 16-byte
// chunks, and each line's chunk index is XORed with a phase that changes
// every `perPhase` lines and repeats after `maxPhase`. With it, a warp's
// 16-byte writes along a line and `ldmatrix` reads of eight lines at one
// column (with or without `.trans`) touch eight different 16-byte bank
// groups: no bank conflicts. Lines longer than 128 bytes are cut into
// 128-byte column blocks, each stored whole (all lines) before the next:
// within a block this is exactly the 128/64/32-byte swizzle that Hopper's
// `wgmma` descriptors name, counted from a 1024-byte aligned base.
#pragma once

#include <cstdint>

namespace tritonc {

struct SwizzledLayout {
  int64_t rowElements;    // elements per line (the tile's fastest dim)
  int64_t lines;          // stored lines
  int64_t blockElements;  // elements per line within one column block (at most 128 bytes)
  unsigned chunkElements; // elements per 16-byte chunk
  unsigned perPhase;      // consecutive lines that share a phase
  unsigned maxPhase;      // distinct phases

  // Element offset of (line, col) from the tile's start.
  int64_t offset(int64_t line, int64_t col) const;
  // Bytes from one column block to the next, and the swizzle's width in
  // bytes (the span a phase permutes: 128, 64, 32 or 16).
  int64_t blockBytes(unsigned elementBytes) const { return lines * blockElements * elementBytes; }
  unsigned swizzleBytes(unsigned elementBytes) const { return unsigned(blockElements) * elementBytes; }
};

// The swizzle for `lines` lines of `rowElements` elements of `elementBytes` each.
SwizzledLayout swizzledLayoutFor(int64_t rowElements, unsigned elementBytes, int64_t lines);

// A [rows, cols] tile stored row by row, or column by column when
// `colMajor` (its rows contiguous): each stored line swizzled as above.
struct SharedTile {
  SwizzledLayout swizzle;
  bool colMajor;

  SharedTile(int64_t rows, int64_t cols, unsigned elementBytes, bool colMajor)
      : swizzle(swizzledLayoutFor(colMajor ? rows : cols, elementBytes, colMajor ? cols : rows)), colMajor(colMajor) {}
  int64_t offset(int64_t row, int64_t col) const {
    return colMajor ? swizzle.offset(col, row) : swizzle.offset(row, col);
  }
};

} // namespace tritonc
