// The boxes of TMA copies (TensorMaps.h) against the swizzled slot layout
// (SharedLayout.h) they write: the box is one column block of the slot,
// and the swizzle the copy applies is the layout's.
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/ir/SharedLayout.h"

#include <catch2/catch.hpp>

using namespace tritonc;

TEST_CASE("a TMA box is one 128-byte column block of the slot", "[analysis][tma]") {
  TmaBox a = tmaBox(128, 64, 2); // fp16 A tile, BLOCK_K = 64: one box
  CHECK(a.rows == 128);
  CHECK(a.cols == 64);
  CHECK(a.swizzleBytes == 128);
  CHECK(a.copies == 1);
  TmaBox b = tmaBox(64, 256, 2); // fp16 B tile read along N: four blocks
  CHECK(b.cols == 64);
  CHECK(b.copies == 4);
  TmaBox f32 = tmaBox(64, 64, 4);
  CHECK(f32.cols == 32);
  CHECK(f32.copies == 2);
  TmaBox fp8 = tmaBox(128, 128, 1);
  CHECK(fp8.cols == 128);
  CHECK(fp8.copies == 1);
}

TEST_CASE("narrow lines take the narrower swizzles, 16-byte lines none", "[analysis][tma]") {
  CHECK(tmaBox(64, 32, 2).swizzleBytes == 64);
  CHECK(tmaBox(64, 16, 2).swizzleBytes == 32);
  CHECK(tmaBox(64, 8, 2).swizzleBytes == 0);
}

TEST_CASE("the box's swizzle is the one the slot layout applies", "[analysis][tma]") {
  // TMA's 128/64/32-byte swizzles XOR a line's 16-byte chunk index with
  // (line / (128 / swizzle bytes)) mod (swizzle bytes / 16).
  for (int64_t cols : {8, 16, 32, 64, 128}) {
    TmaBox box = tmaBox(64, cols, 2);
    SharedTile tile(64, cols, 2, /*colMajor=*/false);
    for (int64_t line = 0; line < 64; ++line)
      for (int64_t col = 0; col < box.cols; col += 8) {
        int64_t chunk = col / 8, swizzled = chunk;
        if (box.swizzleBytes) {
          int64_t chunks = box.swizzleBytes / 16, linesPerPhase = 128 / box.swizzleBytes;
          swizzled = chunk ^ ((line / linesPerPhase) % chunks);
        }
        CHECK(tile.offset(line, col) == line * box.cols + swizzled * 8);
      }
  }
}
