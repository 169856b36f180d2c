// tl.reduce and tl.associative_scan with combine functions
// (tests/kernels/combine.py) on the interpreter, at ragged sizes, against
// plain C++ references: sums of squares in double (compared within fp32
// rounding), the first index of the largest value (with many ties), a
// running product and the linear recurrence x[j] = a[j] * x[j-1] + b[j]
// computed left to right in double. Outputs past the valid elements are
// poisoned first and must stay so.
#include "KernelFixture.h"

#include "tritonc/interp/Interpreter.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

const char *kFile = "tests/kernels/combine.py";

std::vector<float> uniform(size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(randomEngine());
  return v;
}

// Small integers as floats: many equal values, so ties are the common case.
std::vector<float> fewDistinct(size_t n) {
  std::uniform_int_distribution<int> dist(-3, 3);
  std::vector<float> v(n);
  for (float &x : v)
    x = float(dist(randomEngine()));
  return v;
}

float poison() {
  uint32_t bits = 0x7fbadbad;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

bool isPoison(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  return bits == 0x7fbadbad;
}

void run(const testing::CompiledKernel &kernel, std::vector<HostBuffer> &buffers, const std::vector<KernelArg> &args,
         int64_t programs = 1) {
  RunResult r = interpret(kernel.function(), args, buffers, {programs, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
}

// Within the error of an fp32 sum of `terms` values of total magnitude `magnitude`.
bool closeToSum(float got, double expected, double magnitude, int64_t terms) {
  return std::fabs(double(got) - expected) <= double(terms + 1) * std::ldexp(magnitude, -24);
}

} // namespace

TEST_CASE("tl.reduce with a combine function: per row (axis=1) and over the tile (axis=None)", "[interp][combine]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, *fp32, i32, i32, 16, 32", "sum_of_squares_rows");
  int32_t rows = GENERATE(1, 5, 16), cols = GENERATE(1, 19, 32);
  INFO("rows = " << rows << ", cols = " << cols);
  std::vector<float> x = uniform(size_t(rows * cols), -2.0f, 2.0f);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(16, poison())),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(1, poison()))};
  run(kernel, buffers,
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(rows),
       KernelArg::i32(cols)});
  std::vector<float> perRow = buffers[1].as<float>();
  double total = 0;
  for (int32_t i = 0; i < 16; ++i) {
    INFO("row " << i);
    if (i >= rows) {
      CHECK(isPoison(perRow[size_t(i)]));
      continue;
    }
    double sum = 0;
    for (int32_t j = 0; j < cols; ++j)
      sum += double(x[size_t(i * cols + j)]) * double(x[size_t(i * cols + j)]);
    CHECK(closeToSum(perRow[size_t(i)], sum, sum, cols));
    total += sum;
  }
  CHECK(closeToSum(buffers[2].as<float>()[0], total, total, 16 * 32));
}

TEST_CASE("tl.reduce of a (value, index) tuple with a hand-written argmax combine", "[interp][combine]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, *i32, i32, 64", "argmax_rows");
  int32_t rows = 5, cols = GENERATE(1, 37, 64);
  INFO("cols = " << cols);
  std::vector<float> x = fewDistinct(size_t(rows * cols));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(rows))),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(size_t(rows), -1))};
  run(kernel, buffers, {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(cols)},
      rows);
  for (int32_t row = 0; row < rows; ++row) {
    size_t begin = size_t(row * cols), best = 0;
    for (size_t k = 1; k < size_t(cols); ++k)
      if (x[begin + k] > x[begin + best])
        best = k;
    INFO("row " << row);
    CHECK(buffers[2].as<int32_t>()[size_t(row)] == int32_t(best));
    CHECK(buffers[1].as<float>()[size_t(row)] == x[begin + best]);
  }
}

TEST_CASE("tl.associative_scan: a running product", "[interp][combine]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, 64", "running_product");
  int32_t n = GENERATE(1, 45, 64);
  INFO("n = " << n);
  std::vector<float> x = uniform(size_t(n), 0.8f, 1.25f);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(64, poison()))};
  run(kernel, buffers, {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(n)});
  std::vector<float> y = buffers[1].as<float>();
  double product = 1;
  for (int32_t i = 0; i < 64; ++i) {
    INFO("element " << i);
    if (i >= n) {
      CHECK(isPoison(y[size_t(i)]));
      continue;
    }
    product *= double(x[size_t(i)]);
    // Each fp32 multiply rounds once: i + 1 half-ulps at most.
    CHECK(std::fabs(double(y[size_t(i)]) - product) <= double(i + 1) * std::ldexp(std::fabs(product), -24));
  }
}

TEST_CASE("tl.associative_scan of (a, b) pairs: the first-order linear recurrence", "[interp][combine]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, *fp32, i32, 64", "linear_recurrence");
  int32_t rows = 3, cols = GENERATE(1, 33, 64);
  INFO("cols = " << cols);
  size_t n = size_t(rows * cols);
  std::vector<float> a = uniform(n, -1.0f, 1.0f), b = uniform(n, -1.0f, 1.0f);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, a), HostBuffer::of(ScalarKind::F32, b),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(n, poison()))};
  run(kernel, buffers, {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(cols)},
      rows);
  std::vector<float> x = buffers[2].as<float>();
  for (int32_t row = 0; row < rows; ++row) {
    double state = 0;
    for (int32_t j = 0; j < cols; ++j) {
      size_t at = size_t(row * cols + j);
      state = double(a[at]) * state + double(b[at]);
      INFO("row " << row << ", column " << j);
      // |a| < 1 keeps the state bounded by the sum of |b|: errors stay near fp32 rounding.
      CHECK(std::fabs(double(x[at]) - state) <= 1e-5 * double(j + 1));
    }
  }
}

TEST_CASE("reverse scans: suffix sums and the recurrence run from the end", "[interp][combine]") {
  auto kernel = compileKernel("tests/gpu/kernels/reductions_atomics.py",
                              "*fp32, *fp32, *fp32, *fp32, *fp32, i32, i32, 4, 64", "reverse_scans");
  int32_t rows = GENERATE(1, 6), cols = GENERATE(1, 37, 64);
  INFO("rows = " << rows << ", cols = " << cols);
  size_t n = size_t(rows * cols);
  std::vector<float> x = uniform(n, -2.0f, 2.0f), a = uniform(n, -1.0f, 1.0f), b = uniform(n, -1.0f, 1.0f);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(n, poison())),
                                  HostBuffer::of(ScalarKind::F32, a), HostBuffer::of(ScalarKind::F32, b),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(n, poison()))};
  run(kernel, buffers,
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
       KernelArg::pointer(4), KernelArg::i32(rows), KernelArg::i32(cols)},
      (rows + 3) / 4);
  std::vector<float> sums = buffers[1].as<float>(), r = buffers[4].as<float>();
  for (int32_t row = 0; row < rows; ++row) {
    double suffix = 0, magnitude = 0, state = 0;
    for (int32_t j = cols - 1; j >= 0; --j) {
      size_t at = size_t(row * cols + j);
      suffix += double(x[at]);
      magnitude += std::fabs(double(x[at]));
      state = double(a[at]) * state + double(b[at]);
      INFO("row " << row << ", column " << j);
      CHECK(closeToSum(sums[at], suffix, magnitude, cols - j));
      CHECK(std::fabs(double(r[at]) - state) <= 1e-5 * double(cols - j));
    }
  }
}

TEST_CASE("float atomic_max/atomic_min: Triton's integer atomics on the bits", "[interp][atomics]") {
  auto kernel =
      compileKernel("tests/gpu/kernels/reductions_atomics.py", "*fp32, *fp32, *fp32, i32, i32, 64", "scatter_minmax");
  int32_t n = 1000, bins = 7;
  std::vector<float> x = uniform(size_t(n), -10.0f, 10.0f);
  x[3] = -0.0f; // -0.0 takes the signed path, where it never wins against a stored negative value
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(bins), -INFINITY)),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(bins), INFINITY))};
  run(kernel, buffers,
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(n), KernelArg::i32(bins)},
      (n + 63) / 64);
  std::vector<float> maxima = buffers[1].as<float>(), minima = buffers[2].as<float>();
  for (int32_t bin = 0; bin < bins; ++bin) {
    float hi = -INFINITY, lo = INFINITY;
    for (int32_t i = bin; i < n; i += bins) {
      hi = std::max(hi, x[size_t(i)]);
      lo = std::min(lo, x[size_t(i)]);
    }
    INFO("bin " << bin);
    CHECK(maxima[size_t(bin)] == hi);
    CHECK(minima[size_t(bin)] == lo);
  }
}
