// The narrow float formats against GCC's _Float16 conversions (IEEE,
// round-to-nearest-even) and hand-checked bf16 and fp8 values.
#include "tritonc/ir/FloatFormat.h"

#include "KernelFixture.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>

using namespace tritonc;
using namespace tritonc::interp;

TEST_CASE("fp16: every pattern decodes as _Float16 and encodes back", "[interp][float-format]") {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    double v = decodeFloat(b, ScalarKind::F16);
    double reference = float(std::bit_cast<_Float16>(uint16_t(b)));
    if (std::isnan(reference)) {
      REQUIRE(std::isnan(v));
      REQUIRE(encodeFloat(v, ScalarKind::F16) == 0x7fff);
      continue;
    }
    REQUIRE(v == reference);
    REQUIRE(encodeFloat(v, ScalarKind::F16) == b);
  }
}

TEST_CASE("fp16: rounding random floats matches _Float16", "[interp][float-format]") {
  std::uniform_int_distribution<uint32_t> dist;
  for (int i = 0; i < 200000; ++i) {
    // Random patterns, mostly in fp16's range so rounding is exercised.
    uint32_t pattern = dist(tritonc::testing::randomEngine());
    if (i % 2)
      pattern = (pattern & 0x87ffffff) | 0x38000000;
    float x = std::bit_cast<float>(pattern);
    if (std::isnan(x))
      continue;
    INFO("x = " << x << " (0x" << std::hex << pattern << ")");
    REQUIRE(encodeFloat(x, ScalarKind::F16) == std::bit_cast<uint16_t>(static_cast<_Float16>(x)));
  }
}

TEST_CASE("bf16 rounds to nearest-even and overflows to infinity", "[interp][float-format]") {
  CHECK(encodeFloat(1.0, ScalarKind::BF16) == 0x3f80);
  CHECK(encodeFloat(1.0 + std::ldexp(1, -8), ScalarKind::BF16) == 0x3f80);     // tie, to even
  CHECK(encodeFloat(1.0 + 3 * std::ldexp(1, -8), ScalarKind::BF16) == 0x3f82); // tie, to even (up)
  CHECK(encodeFloat(-2.5, ScalarKind::BF16) == 0xc020);
  CHECK(encodeFloat(3.4e38, ScalarKind::BF16) == 0x7f80);
  CHECK(encodeFloat(std::ldexp(1, -133), ScalarKind::BF16) == 0x0001); // smallest subnormal
  CHECK(decodeFloat(0x7f7f, ScalarKind::BF16) == std::ldexp(255.0, 120));
}

TEST_CASE("fp8 formats saturate and keep NaN", "[interp][float-format]") {
  // e4m3 "fn": no infinity, 0x7f is NaN, 448 the largest value.
  CHECK(decodeFloat(0x7e, ScalarKind::F8E4NV) == 448.0);
  CHECK(std::isnan(decodeFloat(0x7f, ScalarKind::F8E4NV)));
  CHECK(encodeFloat(1000.0, ScalarKind::F8E4NV) == 0x7e);
  CHECK(encodeFloat(-INFINITY, ScalarKind::F8E4NV) == 0xfe);
  CHECK(encodeFloat(NAN, ScalarKind::F8E4NV) == 0x7f);
  CHECK(encodeFloat(1.0625, ScalarKind::F8E4NV) == 0x38); // tie between 1 and 1.125
  CHECK(encodeFloat(std::ldexp(1, -9), ScalarKind::F8E4NV) == 0x01);
  // e5m2: IEEE-like, saturating at 57344.
  CHECK(decodeFloat(0x7b, ScalarKind::F8E5) == 57344.0);
  CHECK(decodeFloat(0x7c, ScalarKind::F8E5) == INFINITY);
  CHECK(encodeFloat(1e6, ScalarKind::F8E5) == 0x7b);
  CHECK(encodeFloat(1.5, ScalarKind::F8E5) == 0x3e);
  for (uint32_t b = 0; b < 0x100; ++b) {
    for (ScalarKind k : {ScalarKind::F8E4NV, ScalarKind::F8E5}) {
      double v = decodeFloat(b, k);
      if (!std::isnan(v) && !std::isinf(v))
        REQUIRE(encodeFloat(v, k) == b);
    }
  }
}
