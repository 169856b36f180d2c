// tl.dot and argmax/argmin (tests/interp/kernels/dot.py, argmax_*.py) on the
// interpreter, against plain C++ references: products summed in double for
// dot (compared within the error of an fp32 sum), and the first index of
// the largest / smallest value for argmax / argmin, with many ties.
#include "KernelFixture.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/interp/Interpreter.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

// Small integers as floats: many equal values, so ties are the common case.
std::vector<float> fewDistinct(size_t n) {
  std::uniform_int_distribution<int> dist(-3, 3);
  std::vector<float> v(n);
  for (float &x : v)
    x = float(dist(randomEngine()));
  return v;
}

// The first index of the best value in [begin, begin + count * stride).
int32_t firstBest(const std::vector<float> &x, size_t begin, size_t count, size_t stride, bool largest) {
  size_t best = 0;
  for (size_t k = 1; k < count; ++k) {
    float v = x[begin + k * stride], b = x[begin + best * stride];
    if (largest ? v > b : v < b)
      best = k;
  }
  return int32_t(best);
}

constexpr int64_t kM = 16, kN = 32, kK = 64;

// a [M,K] and b [K,N] as doubles, and c + a @ b summed in double with the
// sum of |products| per element (what bounds an fp32 sum's error).
struct DotReference {
  std::vector<double> value, magnitude;

  DotReference(const std::vector<double> &a, const std::vector<double> &b, const std::vector<double> &c)
      : value(c), magnitude(c.size()) {
    for (int64_t i = 0; i < kM; ++i)
      for (int64_t j = 0; j < kN; ++j)
        for (int64_t p = 0; p < kK; ++p) {
          double product = a[size_t(i * kK + p)] * b[size_t(p * kN + j)];
          value[size_t(i * kN + j)] += product;
          magnitude[size_t(i * kN + j)] += std::fabs(product);
        }
  }
};

std::vector<double> randomValues(size_t n, ScalarKind kind) {
  std::uniform_real_distribution<double> dist(-2.0, 2.0);
  std::vector<double> v(n);
  for (double &x : v) // representable in `kind`, so the kernel reads exactly these
    x = decodeFloat(encodeFloat(dist(randomEngine()), kind), kind);
  return v;
}

template <typename T> std::vector<T> encoded(const std::vector<double> &values, ScalarKind kind) {
  std::vector<T> bits;
  for (double v : values)
    bits.push_back(T(encodeFloat(v, kind)));
  return bits;
}

std::vector<KernelArg> pointers(uint32_t count) {
  std::vector<KernelArg> args;
  for (uint32_t i = 0; i < count; ++i)
    args.push_back(KernelArg::pointer(i));
  return args;
}

} // namespace

TEST_CASE("tl.max with indices, argmax and argmin keep the first index among ties", "[interp][argmax]") {
  auto kernel = compileKernel("tests/interp/kernels/argmax_rows.py", "*fp32, *fp32, *i32, *i32, i32, 64");
  int32_t rows = 5, cols = GENERATE(1, 37, 64);
  INFO("cols = " << cols);
  std::vector<float> x = fewDistinct(size_t(rows * cols));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(rows))),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(size_t(rows))),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(size_t(rows)))};
  std::vector<KernelArg> args = pointers(4);
  args.push_back(KernelArg::i32(cols));
  RunResult r = interpret(kernel.function(), args, buffers, {rows, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> maxima = buffers[1].as<float>();
  std::vector<int32_t> argmax = buffers[2].as<int32_t>(), argmin = buffers[3].as<int32_t>();
  for (int32_t row = 0; row < rows; ++row) {
    size_t begin = size_t(row * cols);
    int32_t expectedMax = firstBest(x, begin, size_t(cols), 1, true);
    CHECK(argmax[size_t(row)] == expectedMax);
    CHECK(maxima[size_t(row)] == x[begin + size_t(expectedMax)]);
    CHECK(argmin[size_t(row)] == firstBest(x, begin, size_t(cols), 1, false));
  }
}

TEST_CASE("argmax and argmin along either axis of a tile", "[interp][argmax]") {
  auto kernel = compileKernel("tests/interp/kernels/argmax_tile.py", "*fp32, *i32, *i32, 16, 32");
  const size_t rows = 16, cols = 32;
  std::vector<float> x = fewDistinct(rows * cols);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(rows)),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(cols))};
  RunResult r = interpret(kernel.function(), pointers(3), buffers, {1, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<int32_t> perRow = buffers[1].as<int32_t>(), perColumn = buffers[2].as<int32_t>();
  for (size_t i = 0; i < rows; ++i)
    CHECK(perRow[i] == firstBest(x, i * cols, cols, 1, true));
  for (size_t j = 0; j < cols; ++j)
    CHECK(perColumn[j] == firstBest(x, j, rows, cols, false));
}

TEST_CASE("tl.dot on fp16 and fp32 tiles accumulates into c within fp32 error", "[interp][dot]") {
  ScalarKind in = GENERATE(ScalarKind::F16, ScalarKind::F32);
  bool outFp16 = in == ScalarKind::F16 && GENERATE(false, true);
  ScalarKind out = outFp16 ? ScalarKind::F16 : ScalarKind::F32;
  INFO("inputs " << irName(in) << ", result " << irName(out));
  std::string signature = std::string("*") + signatureName(in) + ", *" + signatureName(in) + ", *" +
                          signatureName(out) + ", 16, 32, 64, " + (outFp16 ? "1" : "0");
  auto kernel = compileKernel("tests/interp/kernels/dot.py", signature);
  std::vector<double> a = randomValues(kM * kK, in), b = randomValues(kK * kN, in), c = randomValues(kM * kN, out);
  auto buffer = [](ScalarKind kind, const std::vector<double> &v) {
    return kind == ScalarKind::F32 ? HostBuffer::of(kind, encoded<uint32_t>(v, kind))
                                   : HostBuffer::of(kind, encoded<uint16_t>(v, kind));
  };
  std::vector<HostBuffer> buffers{buffer(in, a), buffer(in, b), buffer(out, c)};
  RunResult r = interpret(kernel.function(), pointers(3), buffers, {1, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  DotReference expected(a, b, c);
  for (size_t i = 0; i < expected.value.size(); ++i) {
    double got = out == ScalarKind::F32 ? double(buffers[2].as<float>()[i])
                                        : decodeFloat(buffers[2].as<uint16_t>()[i], ScalarKind::F16);
    // An fp32 sum of K products errs by at most K units of 2^-24 of the
    // magnitudes; an fp16 result adds half an fp16 unit (2^-11 relative).
    double tolerance =
        kK * std::ldexp(expected.magnitude[i], -24) + (outFp16 ? std::ldexp(std::fabs(expected.value[i]), -11) : 0.0);
    INFO("element " << i);
    CHECK(std::fabs(got - expected.value[i]) <= tolerance);
  }
}

TEST_CASE("tl.dot on int8 tiles accumulates exactly in int32", "[interp][dot]") {
  auto kernel = compileKernel("tests/interp/kernels/dot.py", "*i8, *i8, *i32, 16, 32, 64, 0");
  std::uniform_int_distribution<int> byte(-128, 127);
  std::vector<int8_t> a(kM * kK), b(kK * kN);
  for (int8_t &v : a)
    v = int8_t(byte(randomEngine()));
  for (int8_t &v : b)
    v = int8_t(byte(randomEngine()));
  std::vector<int32_t> c(kM * kN, 1000), expected = c;
  for (int64_t i = 0; i < kM; ++i)
    for (int64_t j = 0; j < kN; ++j)
      for (int64_t p = 0; p < kK; ++p)
        expected[size_t(i * kN + j)] += int32_t(a[size_t(i * kK + p)]) * int32_t(b[size_t(p * kN + j)]);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::I8, a), HostBuffer::of(ScalarKind::I8, b),
                                  HostBuffer::of(ScalarKind::I32, c)};
  RunResult r = interpret(kernel.function(), pointers(3), buffers, {1, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(buffers[2].as<int32_t>() == expected);
}
