// fp8 conversions and arithmetic (tests/kernels/fp8.py) on the
// interpreter: hand-checked roundings (ties to even, saturation, NaN,
// subnormals) through every source format, exact widening back, and fp8
// arithmetic as one fp32 op with one rounding each.
#include "KernelFixture.h"

#include "tritonc/interp/Interpreter.h"
#include "tritonc/ir/FloatFormat.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;

namespace {

const char *kFile = "tests/kernels/fp8.py";

struct Expected {
  float value;
  uint8_t e4m3, e5m2;
};

// Each value with its fp8 patterns, worked out by hand from the formats
// (e4m3: bias 7, max 448, no infinity; e5m2: bias 15, max 57344) and
// `cvt.rn.satfinite` (nearest even; beyond the largest finite, infinities
// included, the largest finite; NaN to 0x7f).
const Expected kCases[] = {
    {0.0f, 0x00, 0x00},
    {-0.0f, 0x80, 0x80},
    {1.0f, 0x38, 0x3c},
    {-2.0f, 0xc0, 0xc0},
    {1.0625f, 0x38, 0x3c},  // e4m3: halfway 1 and 1.125, to the even 1
    {1.1875f, 0x3a, 0x3d},  // e4m3: halfway 1.125 and 1.25, to the even 1.25; e5m2: nearer 1.25
    {448.0f, 0x7e, 0x5f},   // e4m3's largest; e5m2: halfway 384 and 512, to the even 512
    {464.0f, 0x7e, 0x5f},   // past e4m3's largest: saturates
    {1e6f, 0x7e, 0x7b},     // both saturate
    {57344.0f, 0x7e, 0x7b}, // e5m2's largest
    {std::numeric_limits<float>::infinity(), 0x7e, 0x7b},
    {-std::numeric_limits<float>::infinity(), 0xfe, 0xfb},
    {std::numeric_limits<float>::quiet_NaN(), 0x7f, 0x7f},
    {0.001953125f, 0x01, 0x18},       // 2^-9: e4m3's smallest subnormal
    {0.0009765625f, 0x00, 0x14},      // 2^-10: e4m3 halfway 0 and 2^-9, to the even 0
    {1.52587890625e-05f, 0x00, 0x01}, // 2^-16: e5m2's smallest subnormal
};

} // namespace

TEST_CASE("fp8 conversions round to nearest even, saturate and widen back exactly", "[interp][fp8]") {
  auto kernel = compileKernel(kFile,
                              "*fp32, *fp16, *bf16, *fp8e4nv, *fp8e5, *fp8e4nv, *fp8e5, *fp8e4nv, *fp8e5, *fp32, "
                              "*fp16, *bf16, i32, 32",
                              "fp8_convert");
  size_t n = std::size(kCases);
  std::vector<float> x;
  std::vector<uint16_t> h, b;
  for (const Expected &c : kCases) {
    x.push_back(c.value);
    h.push_back(uint16_t(encodeFloat(c.value, ScalarKind::F16)));
    b.push_back(uint16_t(encodeFloat(c.value, ScalarKind::BF16)));
  }
  std::vector<uint8_t> poison8(n, 0x55);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x), HostBuffer::of(ScalarKind::F16, h),
                                  HostBuffer::of(ScalarKind::BF16, b)};
  for (ScalarKind k : {ScalarKind::F8E4NV, ScalarKind::F8E5, ScalarKind::F8E4NV, ScalarKind::F8E5, ScalarKind::F8E4NV,
                       ScalarKind::F8E5})
    buffers.push_back(HostBuffer::of(k, poison8));
  buffers.push_back(HostBuffer::of(ScalarKind::F32, std::vector<float>(n, 12345.0f)));
  buffers.push_back(HostBuffer::of(ScalarKind::F16, std::vector<uint16_t>(n, 0x5555)));
  buffers.push_back(HostBuffer::of(ScalarKind::BF16, std::vector<uint16_t>(n, 0x5555)));
  std::vector<KernelArg> args;
  for (uint32_t i = 0; i < 12; ++i)
    args.push_back(KernelArg::pointer(i));
  args.push_back(KernelArg::i32(int32_t(n)));
  RunResult r = interpret(kernel.function(), args, buffers, {1, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);

  std::vector<uint8_t> e4 = buffers[3].as<uint8_t>(), e5 = buffers[4].as<uint8_t>();
  std::vector<uint8_t> e4h = buffers[5].as<uint8_t>(), e5h = buffers[6].as<uint8_t>();
  std::vector<uint8_t> e4b = buffers[7].as<uint8_t>(), e5b = buffers[8].as<uint8_t>();
  std::vector<float> back32 = buffers[9].as<float>();
  std::vector<uint16_t> back16 = buffers[10].as<uint16_t>(), backbf = buffers[11].as<uint16_t>();
  for (size_t i = 0; i < n; ++i) {
    const Expected &c = kCases[i];
    INFO("value " << c.value);
    CHECK(int(e4[i]) == int(c.e4m3));
    CHECK(int(e5[i]) == int(c.e5m2));
    // fp16 and bf16 hold these values exactly (or overflow alike), so they quantize the same.
    CHECK(int(e4h[i]) == int(c.e4m3));
    CHECK(int(e5h[i]) == int(c.e5m2));
    CHECK(int(e4b[i]) == int(c.e4m3));
    CHECK(int(e5b[i]) == int(c.e5m2));
    double e4Value = decodeFloat(c.e4m3, ScalarKind::F8E4NV), e5Value = decodeFloat(c.e5m2, ScalarKind::F8E5);
    if (std::isnan(c.value)) {
      CHECK(std::isnan(back32[i]));
      CHECK(std::isnan(decodeFloat(back16[i], ScalarKind::F16)));
      CHECK(std::isnan(decodeFloat(backbf[i], ScalarKind::BF16)));
    } else {
      CHECK(double(back32[i]) == e4Value);
      CHECK(decodeFloat(back16[i], ScalarKind::F16) == e5Value);
      CHECK(decodeFloat(backbf[i], ScalarKind::BF16) == e4Value);
    }
  }
}

TEST_CASE("fp8 arithmetic computes in fp32 and rounds once per op", "[interp][fp8]") {
  auto kernel = compileKernel(kFile, "*fp8e5, *fp8e5, i32, 64", "fp8_arithmetic");
  // Every e5m2 pattern but NaNs, in programs of 64.
  std::vector<uint8_t> x;
  for (unsigned bits = 0; bits < 256; ++bits)
    if (!std::isnan(decodeFloat(bits, ScalarKind::F8E5)))
      x.push_back(uint8_t(bits));
  int32_t n = int32_t(x.size());
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F8E5, x),
                                  HostBuffer::of(ScalarKind::F8E5, std::vector<uint8_t>(x.size(), 0x55))};
  RunResult r = interpret(kernel.function(), {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(n)}, buffers,
                          {(n + 63) / 64, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<uint8_t> y = buffers[1].as<uint8_t>();
  for (size_t i = 0; i < x.size(); ++i) {
    float v = float(decodeFloat(x[i], ScalarKind::F8E5));
    uint64_t doubled = encodeFloat(v * 2.0f, ScalarKind::F8E5);
    uint64_t expected = encodeFloat(float(decodeFloat(doubled, ScalarKind::F8E5)) + v, ScalarKind::F8E5);
    INFO("x = " << v);
    CHECK(int(y[i]) == int(expected));
  }
}
