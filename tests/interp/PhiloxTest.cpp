// Philox4x32-10 against Random123's known-answer vectors (kat_vectors),
// and tl.rand's mapping to [0, 1).
#include "tritonc/interp/Philox.h"

#include <catch2/catch.hpp>

using namespace tritonc::interp;

TEST_CASE("philox4x32-10 matches Random123's known answers", "[interp][philox]") {
  using W = std::array<uint32_t, 4>;
  CHECK(philox4x32_10({0, 0, 0, 0}, {0, 0}) == W{0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8});
  CHECK(philox4x32_10({0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}, {0xffffffff, 0xffffffff}) ==
        W{0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd});
  CHECK(philox4x32_10({0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344}, {0xa4093822, 0x299f31d0}) ==
        W{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1});
}

TEST_CASE("tl.randint and tl.rand build on the first Philox word", "[interp][philox]") {
  CHECK(tritonRandint(0, 0) == 0x6627e8d5);
  // The key is (seed low, seed high); the counter (offset, 0, 0, 0).
  CHECK(tritonRandint(0xffffffffffffffffull, 0xffffffff) ==
        philox4x32_10({0xffffffff, 0, 0, 0}, {0xffffffff, 0xffffffff})[0]);
  for (uint32_t offset = 0; offset < 10000; ++offset) {
    float r = tritonRand(12345, offset);
    REQUIRE(r >= 0.0f);
    REQUIRE(r < 1.0f);
  }
  // 0x6627e8d5 is positive as an int32: 1713891541 * 4.6566127342e-10f.
  CHECK(tritonRand(0, 0) == float(1713891541) * 4.6566127342e-10f);
}
