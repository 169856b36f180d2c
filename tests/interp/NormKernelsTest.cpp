// The normalisation and rotation samples (softmax at fp16, RMSNorm, layer
// norm, RoPE) on the interpreter, at sizes that are not multiples of the
// block, with padded rows whose padding must stay poisoned, against plain
// C++ references computed in double.
//
// The references round to fp16/bf16 wherever the kernel converts to the
// narrow type (an explicit `.to()`, a narrow-by-narrow op, the store), so
// what is left is the difference between fp32 and double arithmetic, which
// can move a value across a rounding boundary: outputs are compared within
// a few units in the last place of the narrow type. fp32 outputs (mean,
// 1/std) are compared to a relative 1e-5. The interpreter computes exp and
// sqrt with the C library, so no allowance is made for fast approximations.
#include "KernelFixture.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/interp/Interpreter.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <sstream>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

constexpr uint32_t kPoison32 = 0x7fbadbad; // NaNs no kernel computes by accident
constexpr uint16_t kPoison16 = 0x7dad;     // fp16 NaN
constexpr uint16_t kPoisonBF16 = 0x7fad;   // bf16 NaN

uint16_t poisonOf(ScalarKind kind) { return kind == ScalarKind::BF16 ? kPoisonBF16 : kPoison16; }

// Rounds to the narrow type (nearest-even) and back.
double narrow(double v, ScalarKind kind) { return decodeFloat(encodeFloat(v, kind), kind); }
uint16_t bitsOf(double v, ScalarKind kind) { return uint16_t(encodeFloat(v, kind)); }
double valueOf(uint16_t bits, ScalarKind kind) { return decodeFloat(bits, kind); }

// One unit in the last place of the narrow type at |v| (subnormals included).
double ulp(double v, ScalarKind kind) {
  int mantissa = kind == ScalarKind::BF16 ? 7 : 10;
  int minExp = kind == ScalarKind::BF16 ? -126 : -14;
  int e = v == 0 || !std::isfinite(v) ? minExp : std::max(std::ilogb(v), minExp);
  return std::ldexp(1.0, e - mantissa);
}

// Random values exactly representable in `kind`, in [lo, hi).
std::vector<uint16_t> randomNarrow(size_t n, ScalarKind kind, double lo, double hi) {
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<uint16_t> v(n);
  for (uint16_t &b : v)
    b = bitsOf(dist(randomEngine()), kind);
  return v;
}

std::vector<float> randomF32(size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(randomEngine());
  return v;
}

// Compares a narrow-typed output with its reference: element i must be
// within `ulps` units in the last place of expected[i] plus `slack[i]` (the
// fp32 noise of the kernel's arithmetic, 0 when it has none), or, where
// expected[i] is NaN, hold exactly `poison` (memory the kernel must not
// write). Reports the first few mismatches.
struct NarrowCheck {
  ScalarKind kind;
  double ulps;
  std::vector<double> slack = {};

  bool operator()(const std::vector<uint16_t> &got, const std::vector<double> &expected, std::string &why) const {
    std::ostringstream out;
    int bad = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
      if (std::isnan(expected[i])) {
        if (got[i] != poisonOf(kind) && bad++ < 5)
          out << "element " << i << ": wrote 0x" << std::hex << got[i] << std::dec << " into padding\n";
        continue;
      }
      double g = valueOf(got[i], kind);
      double tol = ulps * ulp(expected[i], kind) + (slack.empty() ? 0.0 : slack[i]);
      if (!(std::fabs(g - expected[i]) <= tol) && bad++ < 5)
        out << "element " << i << ": got " << g << ", expected " << expected[i] << " (tolerance " << tol << ")\n";
    }
    if (bad)
      out << bad << " of " << expected.size() << " elements wrong";
    why = out.str();
    return bad == 0;
  }
};

bool closeF32(const std::vector<float> &got, const std::vector<double> &expected, double rel, double abs,
              std::string &why) {
  std::ostringstream out;
  int bad = 0;
  for (size_t i = 0; i < expected.size(); ++i)
    if (!(std::fabs(got[i] - expected[i]) <= rel * std::fabs(expected[i]) + abs) && bad++ < 5)
      out << "element " << i << ": got " << got[i] << ", expected " << expected[i] << "\n";
  why = out.str();
  return bad == 0;
}

const double kNaN = std::nan("");

} // namespace

TEST_CASE("softmax at fp16 matches a reference at ragged widths", "[interp][samples]") {
  // tl.max widens fp16 to fp32 (as Triton's does), so x - max, exp, the sum
  // and the division are fp32; only the store rounds to fp16.
  auto kernel = compileKernel("samples/softmax.py", "*fp16, *fp16, i32, i32, i32, i32, 128, 4");
  const ScalarKind f16 = ScalarKind::F16;
  int32_t cols = GENERATE(1, 77, 128);
  const int32_t rows = 5, inStride = cols + 3, outStride = cols + 5;
  INFO("cols = " << cols);
  std::vector<uint16_t> x = randomNarrow(size_t(rows * inStride), f16, -8, 8);
  std::vector<double> expected(size_t(rows * outStride), kNaN);
  for (int32_t r = 0; r < rows; ++r) {
    const uint16_t *row = &x[size_t(r * inStride)];
    double max = -INFINITY;
    for (int32_t c = 0; c < cols; ++c)
      max = std::max(max, valueOf(row[c], f16));
    double sum = 0;
    for (int32_t c = 0; c < cols; ++c)
      sum += std::exp(valueOf(row[c], f16) - max);
    for (int32_t c = 0; c < cols; ++c)
      expected[size_t(r * outStride + c)] = narrow(std::exp(valueOf(row[c], f16) - max) / sum, f16);
  }
  std::vector<HostBuffer> buffers{HostBuffer::of(f16, std::vector<uint16_t>(expected.size(), kPoison16)),
                                  HostBuffer::of(f16, x)};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(inStride),
                           KernelArg::i32(outStride), KernelArg::i32(rows), KernelArg::i32(cols)},
                          buffers, {2, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::string whyY;
  bool okY = NarrowCheck{f16, 1}(buffers[0].as<uint16_t>(), expected, whyY);
  INFO(whyY);
  CHECK(okY);
}

TEST_CASE("rms_norm matches y = fp16(x * rstd) * w at ragged widths", "[interp][samples]") {
  // rstd = 1 / sqrt(mean(x^2) + eps) in fp32, stored per row; x * rstd is
  // rounded to fp16 before the fp16 multiply by w.
  auto kernel = compileKernel("samples/rms_norm.py", "*fp16, i32, *fp16, i32, *fp16, *fp32, i32, fp32, 128");
  const ScalarKind f16 = ScalarKind::F16;
  int32_t cols = GENERATE(1, 100, 128);
  const int32_t rows = 3, xStride = cols + 5, yStride = cols + 2;
  const float eps = 1e-6f;
  INFO("cols = " << cols);
  std::vector<uint16_t> x = randomNarrow(size_t(rows * xStride), f16, -4, 4);
  std::vector<uint16_t> w = randomNarrow(size_t(cols), f16, 0.5, 1.5);
  std::vector<double> expected(size_t(rows * yStride), kNaN), expectedRstd(static_cast<size_t>(rows));
  for (int32_t r = 0; r < rows; ++r) {
    const uint16_t *row = &x[size_t(r * xStride)];
    double ms = 0;
    for (int32_t c = 0; c < cols; ++c)
      ms += valueOf(row[c], f16) * valueOf(row[c], f16);
    double rstd = 1 / std::sqrt(ms / cols + double(eps));
    expectedRstd[size_t(r)] = rstd;
    for (int32_t c = 0; c < cols; ++c)
      expected[size_t(r * yStride + c)] =
          narrow(narrow(valueOf(row[c], f16) * rstd, f16) * valueOf(w[size_t(c)], f16), f16);
  }
  std::vector<HostBuffer> buffers{
      HostBuffer::of(f16, x), HostBuffer::of(f16, std::vector<uint16_t>(expected.size(), kPoison16)),
      HostBuffer::of(f16, w), HostBuffer::of(ScalarKind::F32, std::vector<uint32_t>(size_t(rows), kPoison32))};
  RunResult r =
      interpret(kernel.function(),
                {KernelArg::pointer(0), KernelArg::i32(xStride), KernelArg::pointer(1), KernelArg::i32(yStride),
                 KernelArg::pointer(2), KernelArg::pointer(3), KernelArg::i32(cols), KernelArg::f32(eps)},
                buffers, {rows, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  // fp32 vs double can flip the rounding of x * rstd by one fp16 ulp, which
  // the multiply by w (< 2) turns into at most 2 ulps of y, plus y's own
  // rounding.
  std::string whyY;
  bool okY = NarrowCheck{f16, 3}(buffers[1].as<uint16_t>(), expected, whyY);
  INFO(whyY);
  CHECK(okY);
  std::string whyRstd;
  bool okRstd = closeF32(buffers[3].as<float>(), expectedRstd, 1e-5, 0, whyRstd);
  INFO(whyRstd);
  CHECK(okRstd);
}

TEST_CASE("layer_norm matches (x - mean) * rstd * w + b over several blocks", "[interp][samples]") {
  // Three passes over the row in BLOCK_SIZE = 64 chunks: widths below one
  // block, exactly one block, and two and a bit.
  auto kernel = compileKernel("samples/layer_norm.py", "*fp16, *fp16, *fp16, *fp16, *fp32, *fp32, i32, i32, fp32, 64");
  const ScalarKind f16 = ScalarKind::F16;
  int32_t n = GENERATE(1, 64, 150);
  const int32_t rows = 3, stride = n + 7;
  const float eps = 1e-5f;
  INFO("N = " << n);
  std::vector<uint16_t> x = randomNarrow(size_t(rows * stride), f16, -3, 5);
  std::vector<uint16_t> w = randomNarrow(size_t(n), f16, 0.5, 1.5), b = randomNarrow(size_t(n), f16, -1, 1);
  std::vector<double> expected(size_t(rows * stride), kNaN), slack(expected.size(), 0.0);
  std::vector<double> expectedMean(static_cast<size_t>(rows)), expectedRstd(static_cast<size_t>(rows));
  double meanScale = 0;
  for (int32_t r = 0; r < rows; ++r) {
    const uint16_t *row = &x[size_t(r * stride)];
    double mean = 0, var = 0;
    for (int32_t c = 0; c < n; ++c)
      mean += valueOf(row[c], f16);
    mean /= n;
    for (int32_t c = 0; c < n; ++c)
      var += (valueOf(row[c], f16) - mean) * (valueOf(row[c], f16) - mean);
    double rstd = 1 / std::sqrt(var / n + double(eps));
    expectedMean[size_t(r)] = mean;
    expectedRstd[size_t(r)] = rstd;
    for (int32_t c = 0; c < n; ++c) {
      double xw = (valueOf(row[c], f16) - mean) * rstd * valueOf(w[size_t(c)], f16);
      double bias = valueOf(b[size_t(c)], f16);
      size_t i = size_t(r * stride + c);
      expected[i] = narrow(xw + bias, f16);
      // fp32 arithmetic (and a mean and 1/std good to about 1e-6) before the
      // rounding to fp16.
      slack[i] = 1e-5 * (std::fabs(xw) + std::fabs(bias));
    }
    for (int32_t c = 0; c < n; ++c)
      meanScale = std::max(meanScale, std::fabs(valueOf(row[c], f16)));
  }
  // Buffers in the kernel's parameter order: X, Y, W, B, Mean, Rstd.
  std::vector<HostBuffer> buffers{HostBuffer::of(f16, x),
                                  HostBuffer::of(f16, std::vector<uint16_t>(expected.size(), kPoison16)),
                                  HostBuffer::of(f16, w),
                                  HostBuffer::of(f16, b),
                                  HostBuffer::of(ScalarKind::F32, std::vector<uint32_t>(size_t(rows), kPoison32)),
                                  HostBuffer::of(ScalarKind::F32, std::vector<uint32_t>(size_t(rows), kPoison32))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
                           KernelArg::pointer(4), KernelArg::pointer(5), KernelArg::i32(stride), KernelArg::i32(n),
                           KernelArg::f32(eps)},
                          buffers, {rows, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::string whyY;
  bool okY = NarrowCheck{f16, 1, slack}(buffers[1].as<uint16_t>(), expected, whyY);
  INFO(whyY);
  CHECK(okY);
  // The mean of values of either sign can be near zero: its error is
  // relative to the values summed.
  std::string whyMean;
  bool okMean = closeF32(buffers[4].as<float>(), expectedMean, 0, 1e-6 * meanScale, whyMean);
  INFO(whyMean);
  CHECK(okMean);
  std::string whyRstd;
  bool okRstd = closeF32(buffers[5].as<float>(), expectedRstd, 1e-5, 0, whyRstd);
  INFO(whyRstd);
  CHECK(okRstd);
}

TEST_CASE("rope rotates every head of a padded [seq, batch, heads, dim] tensor", "[interp][samples]") {
  // 5 heads in a BLOCK_H of 8; heads, batch entries and positions padded in
  // memory, and the padding must stay poisoned. The backward pass rotates
  // by -theta.
  bool backward = GENERATE(false, true);
  auto kernel =
      compileKernel("samples/rope.py", std::string("*bf16, *bf16, *fp32, *fp32, i32, i32, i32, i32, i32, 64, 8, ") +
                                           (backward ? "True" : "False"));
  const ScalarKind bf16 = ScalarKind::BF16;
  const int32_t seq = 3, batch = 2, heads = 5, dim = 64, half = dim / 2;
  const int32_t strideH = dim + 8, strideB = heads * strideH + 16, strideS = batch * strideB + 24;
  const size_t size = size_t(seq * strideS);
  INFO("backward = " << backward);
  std::vector<uint16_t> x = randomNarrow(size, bf16, -2, 2);
  // cos/sin tables [seq, dim], each frequency in both halves.
  std::vector<float> theta = randomF32(size_t(seq * half), 0, 6.28f), cosT(size_t(seq * dim)), sinT(cosT.size());
  for (int32_t s = 0; s < seq; ++s)
    for (int32_t d = 0; d < dim; ++d) {
      cosT[size_t(s * dim + d)] = std::cos(theta[size_t(s * half + d % half)]);
      sinT[size_t(s * dim + d)] = std::sin(theta[size_t(s * half + d % half)]);
    }
  std::vector<double> expected(size, kNaN), slack(size, 0.0);
  for (int32_t s = 0; s < seq; ++s)
    for (int32_t b = 0; b < batch; ++b)
      for (int32_t h = 0; h < heads; ++h)
        for (int32_t d = 0; d < half; ++d) {
          size_t i = size_t(s * strideS + b * strideB + h * strideH + d);
          double x1 = valueOf(x[i], bf16), x2 = valueOf(x[i + half], bf16);
          double c = cosT[size_t(s * dim + d)], sn = sinT[size_t(s * dim + d)] * (backward ? -1.0 : 1.0);
          expected[i] = narrow(x1 * c - x2 * sn, bf16);
          expected[i + half] = narrow(x2 * c + x1 * sn, bf16);
          slack[i] = slack[i + half] = 1e-6 * (std::fabs(x1) + std::fabs(x2));
        }
  std::vector<HostBuffer> buffers{HostBuffer::of(bf16, x),
                                  HostBuffer::of(bf16, std::vector<uint16_t>(size, kPoisonBF16)),
                                  HostBuffer::of(ScalarKind::F32, cosT), HostBuffer::of(ScalarKind::F32, sinT)};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
                           KernelArg::i32(strideS), KernelArg::i32(strideB), KernelArg::i32(strideH),
                           KernelArg::i32(batch), KernelArg::i32(heads)},
                          buffers, {seq * batch, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::string whyOut;
  bool okOut = NarrowCheck{bf16, 1, slack}(buffers[1].as<uint16_t>(), expected, whyOut);
  INFO(whyOut);
  CHECK(okOut);
}
