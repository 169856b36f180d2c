// Elementwise semantics on hand-built kernels: integer wrap-around, C
// division, PTX's clamped shifts and saturating conversions, fp16/bf16
// rounding, NaN in min/max, fused multiply-add.
#include "KernelFixture.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <limits>

using namespace tritonc;
using namespace tritonc::interp;
using tir::OpKind;
using tritonc::testing::mapKernel;
using tritonc::testing::runOnce;

namespace {

// out[i] = kind(inputs[0][i], ...), all inputs of C++ type T and IR type `in`.
template <typename R, typename T>
std::vector<R> apply(OpKind kind, ScalarKind in, ScalarKind out, const std::vector<std::vector<T>> &inputs,
                     std::vector<tir::NamedAttribute> attrs = {}) {
  int64_t n = int64_t(inputs[0].size());
  auto f = mapKernel({kind, std::vector<ScalarKind>(inputs.size(), in), {n}, {out}, {n}, std::move(attrs)});
  std::vector<HostBuffer> buffers;
  for (const auto &v : inputs)
    buffers.push_back(HostBuffer::of(in, v));
  buffers.push_back(HostBuffer::of(out, std::vector<R>(size_t(n))));
  RunResult r = runOnce(*f, buffers);
  INFO(r.error);
  REQUIRE(r.ok);
  return buffers.back().as<R>();
}

template <typename T> std::vector<T> same(OpKind kind, ScalarKind k, const std::vector<std::vector<T>> &inputs) {
  return apply<T, T>(kind, k, k, inputs);
}

uint16_t half(float x) { return std::bit_cast<uint16_t>(static_cast<_Float16>(x)); }
uint32_t bits(float x) { return std::bit_cast<uint32_t>(x); }

constexpr int32_t kMin = std::numeric_limits<int32_t>::min(), kMax = std::numeric_limits<int32_t>::max();
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

} // namespace

TEST_CASE("integer ops wrap at their width", "[interp][arith]") {
  using I8 = std::vector<int8_t>;
  using I32 = std::vector<int32_t>;
  CHECK(same<int8_t>(OpKind::AddI, ScalarKind::I8, {{100, -128, 127}, {100, -1, 1}}) == I8{-56, 127, -128});
  CHECK(same<uint8_t>(OpKind::SubI, ScalarKind::U8, {{0, 5}, {1, 3}}) == std::vector<uint8_t>{255, 2});
  CHECK(same<int32_t>(OpKind::MulI, ScalarKind::I32, {{65536, kMin, -3}, {65536, -1, 7}}) == I32{0, kMin, -21});
  CHECK(same<int64_t>(OpKind::AddI, ScalarKind::I64, {{INT64_MAX}, {1}}) == std::vector<int64_t>{INT64_MIN});
  CHECK(same<int32_t>(OpKind::AbsI, ScalarKind::I32, {{kMin, -5}}) == I32{kMin, 5});
}

TEST_CASE("integer division truncates toward zero", "[interp][arith]") {
  using I32 = std::vector<int32_t>;
  CHECK(same<int32_t>(OpKind::DivSI, ScalarKind::I32, {{-7, 7, kMin, 9}, {2, -2, -1, 3}}) == I32{-3, -3, kMin, 3});
  CHECK(same<int32_t>(OpKind::RemSI, ScalarKind::I32, {{-7, 7, kMin, 9}, {2, -2, -1, 3}}) == I32{-1, 1, 0, 0});
  CHECK(same<uint32_t>(OpKind::DivUI, ScalarKind::I32, {{0xffffffffu}, {2}}) == std::vector<uint32_t>{0x7fffffffu});
  CHECK(same<uint32_t>(OpKind::RemUI, ScalarKind::I32, {{0xffffffffu}, {10}}) == std::vector<uint32_t>{5});
}

TEST_CASE("integer division by zero is a fault", "[interp][arith][errors]") {
  auto f = mapKernel({OpKind::DivSI, {ScalarKind::I32, ScalarKind::I32}, {2}, {ScalarKind::I32}, {2}});
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::I32, std::vector<int32_t>{1, 2}),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>{1, 0}),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>{0, 0})};
  RunResult r = runOnce(*f, buffers);
  REQUIRE_FALSE(r.ok);
  CHECK(r.message == "integer division by zero in program (0, 0, 0)");
  CHECK(r.hasLocation);
}

TEST_CASE("shifts by the width or more clamp as PTX does", "[interp][arith]") {
  using I32 = std::vector<int32_t>;
  CHECK(same<int32_t>(OpKind::ShlI, ScalarKind::I32, {{1, 1, 3}, {31, 32, 1}}) == I32{kMin, 0, 6});
  CHECK(same<int32_t>(OpKind::ShrSI, ScalarKind::I32, {{-8, -8, 8}, {1, 40, 40}}) == I32{-4, -1, 0});
  CHECK(same<uint32_t>(OpKind::ShrUI, ScalarKind::I32, {{0x80000000u, 5}, {31, 99}}) == std::vector<uint32_t>{1, 0});
}

TEST_CASE("signed and unsigned min and max", "[interp][arith]") {
  using I32 = std::vector<int32_t>;
  CHECK(same<int32_t>(OpKind::MaxSI, ScalarKind::I32, {{-1, 4}, {1, 3}}) == I32{1, 4});
  CHECK(same<int32_t>(OpKind::MaxUI, ScalarKind::I32, {{-1, 4}, {1, 3}}) == I32{-1, 4});
  CHECK(same<int32_t>(OpKind::MinSI, ScalarKind::I32, {{-1, 4}, {1, 3}}) == I32{-1, 3});
  CHECK(same<int32_t>(OpKind::MinUI, ScalarKind::I32, {{-1, 4}, {1, 3}}) == I32{1, 3});
}

TEST_CASE("fp16 arithmetic rounds to nearest-even after each op", "[interp][arith][fp16]") {
  float ulpHalf = std::ldexp(1.0f, -11); // half an ulp of 1.0 in fp16
  std::vector<uint16_t> a{half(1.0f), half(1.0f), half(1.0f + 2 * ulpHalf), half(65504.0f), half(0.1f)};
  std::vector<uint16_t> b{half(ulpHalf), half(3 * ulpHalf), half(ulpHalf), half(16.0f), half(0.2f)};
  std::vector<uint16_t> sum = same<uint16_t>(OpKind::AddF, ScalarKind::F16, {a, b});
  CHECK(sum[0] == 0x3c00); // a tie rounds to the even 1.0
  CHECK(sum[1] == 0x3c02); // above the tie rounds up
  CHECK(sum[2] == 0x3c02); // a tie from an odd mantissa rounds up to even
  CHECK(sum[3] == 0x7c00); // 65520 is a tie between 65504 and 2^16: overflow to inf
  CHECK(sum[4] == half(float(static_cast<_Float16>(0.1f)) + float(static_cast<_Float16>(0.2f))));
  // bf16 keeps 8 significant bits: 1 + 2^-8 is a tie.
  std::vector<uint16_t> bf = same<uint16_t>(OpKind::AddF, ScalarKind::BF16, {{0x3f80, 0x3f80}, {0x3b80, 0x3c40}});
  CHECK(bf == std::vector<uint16_t>{0x3f80, 0x3f82}); // 1 + 2^-8 -> 1; 1 + 3 * 2^-8 -> 1 + 2^-6
}

TEST_CASE("NaN in the float min and max ops", "[interp][arith][nan]") {
  std::vector<std::vector<float>> in{{kNaN, 1.0f, -0.0f, kNaN}, {1.0f, kNaN, 0.0f, kNaN}};
  std::vector<float> maxnum = same<float>(OpKind::MaxNumF, ScalarKind::F32, in);
  std::vector<float> minnum = same<float>(OpKind::MinNumF, ScalarKind::F32, in);
  std::vector<float> maximum = same<float>(OpKind::MaximumF, ScalarKind::F32, in);
  std::vector<float> minimum = same<float>(OpKind::MinimumF, ScalarKind::F32, in);
  // The `num` forms return the number; the others propagate the NaN.
  CHECK((maxnum[0] == 1.0f && maxnum[1] == 1.0f && std::isnan(maxnum[3])));
  CHECK((minnum[0] == 1.0f && minnum[1] == 1.0f && std::isnan(minnum[3])));
  CHECK((std::isnan(maximum[0]) && std::isnan(maximum[1]) && std::isnan(maximum[3])));
  CHECK((std::isnan(minimum[0]) && std::isnan(minimum[1]) && std::isnan(minimum[3])));
  // -0 orders below +0.
  CHECK((bits(maxnum[2]) == bits(0.0f) && bits(maximum[2]) == bits(0.0f)));
  CHECK((bits(minnum[2]) == bits(-0.0f) && bits(minimum[2]) == bits(-0.0f)));
  // fp16 too, computed on the patterns.
  std::vector<uint16_t> h =
      same<uint16_t>(OpKind::MaxNumF, ScalarKind::F16, {{0x7e00, half(2.0f)}, {half(3.0f), 0x7e00}});
  CHECK(h == std::vector<uint16_t>{half(3.0f), half(2.0f)});
}

TEST_CASE("fma rounds once", "[interp][arith]") {
  float e = std::ldexp(1.0f, -23);
  std::vector<float> r = same<float>(OpKind::Fma, ScalarKind::F32, {{1 + e}, {1 - e}, {-1.0f}});
  CHECK(r[0] == -std::ldexp(1.0f, -46)); // a separate multiply would round 1 - 2^-46 to 1
}

TEST_CASE("float comparisons are ordered except une", "[interp][arith][nan]") {
  std::vector<std::vector<float>> in{{kNaN, 1.0f, 2.0f}, {1.0f, 1.0f, 1.0f}};
  auto cmp = [&](const char *p) {
    return apply<uint8_t, float>(OpKind::CmpF, ScalarKind::F32, ScalarKind::I1, in, {{"predicate", std::string(p)}});
  };
  CHECK(cmp("oeq") == std::vector<uint8_t>{0, 1, 0});
  CHECK(cmp("une") == std::vector<uint8_t>{1, 0, 1});
  CHECK(cmp("ogt") == std::vector<uint8_t>{0, 0, 1});
}

TEST_CASE("conversions round once and saturate as PTX's cvt", "[interp][casts]") {
  CHECK(apply<int32_t, float>(OpKind::FPToSI, ScalarKind::F32, ScalarKind::I32, {{kNaN, 3e9f, -3e9f, -2.7f}}) ==
        std::vector<int32_t>{0, kMax, kMin, -2});
  CHECK(apply<uint8_t, float>(OpKind::FPToUI, ScalarKind::F32, ScalarKind::U8, {{-5.0f, 300.0f, 2.9f}}) ==
        std::vector<uint8_t>{0, 255, 2});
  CHECK(apply<uint16_t, float>(OpKind::TruncF, ScalarKind::F32, ScalarKind::F16, {{65520.0f, 3e-8f, 1e-8f, 0.1f}}) ==
        std::vector<uint16_t>{0x7c00, 0x0001, 0x0000, half(0.1f)});
  CHECK(apply<float, uint16_t>(OpKind::ExtF, ScalarKind::F16, ScalarKind::F32, {{0x3555, 0x0001}}) ==
        std::vector<float>{float(std::bit_cast<_Float16>(uint16_t(0x3555))), std::ldexp(1.0f, -24)});
  // 2^60 + 2^52 + 1 is just above a bf16 tie; through a double it would
  // look like the tie itself and round down to even.
  int64_t big = (int64_t(1) << 60) + (int64_t(1) << 52) + 1;
  CHECK(apply<uint16_t, int64_t>(OpKind::SIToFP, ScalarKind::I64, ScalarKind::BF16, {{big, -1}}) ==
        std::vector<uint16_t>{0x5d81, 0xbf80});
  CHECK(apply<int32_t, int8_t>(OpKind::ExtSI, ScalarKind::I8, ScalarKind::I32, {{-1, 5}}) ==
        std::vector<int32_t>{-1, 5});
  CHECK(apply<uint32_t, uint8_t>(OpKind::ExtUI, ScalarKind::U8, ScalarKind::I32, {{255}}) ==
        std::vector<uint32_t>{255});
  CHECK(apply<int8_t, int32_t>(OpKind::TruncI, ScalarKind::I32, ScalarKind::I8, {{300, -129}}) ==
        std::vector<int8_t>{44, 127});
  CHECK(apply<int32_t, float>(OpKind::Bitcast, ScalarKind::F32, ScalarKind::I32, {{1.0f}}) ==
        std::vector<int32_t>{0x3f800000});
}
