// Tensor descriptors (tests/gpu/kernels/tensor_descriptors.py) on the
// interpreter at ragged sizes: every tile that overhangs the tensor reads
// the padding and writes nothing outside it (the interpreter faults on any
// access outside a buffer, so a missing bound fails the run itself).
#include "KernelFixture.h"

#include "tritonc/interp/Interpreter.h"
#include "tritonc/ir/FloatFormat.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::fp16Buffer;
using tritonc::testing::randomEngine;
using tritonc::testing::randomHalves;

namespace {

const char *const kFile = "tests/gpu/kernels/tensor_descriptors.py";

int64_t cdiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

} // namespace

TEST_CASE("a matmul through tensor descriptors covers ragged M, N and K", "[interp][tensor-descriptors]") {
  auto kernel = compileKernel(kFile, "*fp16, *fp16, *fp16, i32, i32, i32, 16, 16, 16", "desc_matmul");
  const int32_t M = 37, N = 24, K = 40;
  std::vector<double> a = randomHalves(size_t(M * K)), b = randomHalves(size_t(K * N));
  std::vector<HostBuffer> buffers{fp16Buffer(a), fp16Buffer(b), fp16Buffer(std::vector<double>(size_t(M * N), 7.0))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(M),
                           KernelArg::i32(N), KernelArg::i32(K)},
                          buffers, {cdiv(M, 16), cdiv(N, 16), 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<uint16_t> c = buffers[2].as<uint16_t>();
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      double sum = 0, magnitude = 0;
      for (int32_t p = 0; p < K; ++p) {
        sum += a[size_t(i * K + p)] * b[size_t(p * N + j)];
        magnitude += std::fabs(a[size_t(i * K + p)] * b[size_t(p * N + j)]);
      }
      double got = decodeFloat(c[size_t(i * N + j)], ScalarKind::F16);
      INFO("C[" << i << ", " << j << "]");
      REQUIRE(std::fabs(got - sum) <= K * std::ldexp(magnitude, -23) + std::ldexp(std::fabs(sum), -10) + 1e-6);
    }
}

TEST_CASE("a tensor descriptor padded with NaN reads NaN past the tensor's edge", "[interp][tensor-descriptors]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, i32, 16, 64", "desc_nan_rows");
  int32_t rows = GENERATE(1, 19), cols = GENERATE(20, 64, 70);
  INFO(rows << " x " << cols);
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> x(size_t(rows * cols));
  for (float &v : x)
    v = dist(randomEngine());
  const float poison = std::bit_cast<float>(0x7fbadbadu);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(x.size(), poison))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(rows), KernelArg::i32(cols)},
                          buffers, {cdiv(rows, 16), cdiv(cols, 64), 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> out = buffers[1].as<float>();
  for (int32_t i = 0; i < rows; ++i)
    for (int32_t j = 0; j < cols; ++j) {
      // A tile that overhangs the columns sums NaN padding: its rows are -1.
      bool overhangs = j / 64 * 64 + 64 > cols;
      float expected = overhangs ? -1.0f : x[size_t(i * cols + j)] * 0.5f;
      INFO("out[" << i << ", " << j << "]");
      REQUIRE(std::bit_cast<uint32_t>(out[size_t(i * cols + j)]) == std::bit_cast<uint32_t>(expected));
    }
}
