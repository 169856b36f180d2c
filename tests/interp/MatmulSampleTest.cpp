// samples/matmul.py on the interpreter: C = act(A @ B + bias) over a grid
// of tiles with a ragged edge in M, N and K, against a double reference.
#include "KernelFixture.h"

#include "tritonc/interp/Interpreter.h"
#include "tritonc/ir/FloatFormat.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::fp16Buffer;
using tritonc::testing::randomHalves;

namespace {

double activation(double x, const std::string &name) {
  if (name == "relu")
    return std::max(x, 0.0);
  double u = 0.7978845608028654 * (x + 0.044715 * x * x * x); // GELU, tanh form
  return x / (1.0 + std::exp(-2.0 * u));
}

} // namespace

TEST_CASE("the matmul sample computes act(A @ B + bias) over ragged tiles", "[interp][samples][matmul]") {
  std::string act = GENERATE(std::string("gelu"), std::string("relu"));
  const int32_t M = 45, N = 37, K = 50, block = 16;
  INFO("activation " << act);
  auto kernel = compileKernel(
      "samples/matmul.py",
      "*fp16, *fp16, *fp16, *fp16, i32, i32, i32, i32, i32, i32, i32, i32, i32, 16, 16, 16, 2, '" + act + "'",
      "matmul_bias_act");
  std::vector<double> a = randomHalves(size_t(M * K)), b = randomHalves(size_t(K * N)), bias = randomHalves(size_t(N));
  std::vector<HostBuffer> buffers{fp16Buffer(a), fp16Buffer(b), fp16Buffer(std::vector<double>(size_t(M * N), 0.0)),
                                  fp16Buffer(bias)};
  std::vector<KernelArg> args{KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2),
                              KernelArg::pointer(3)};
  for (int32_t v : {M, N, K, K, 1, N, 1, N, 1})
    args.push_back(KernelArg::i32(v));
  int64_t programs = int64_t((M + block - 1) / block) * ((N + block - 1) / block);
  RunResult r = interpret(kernel.function(), args, buffers, {programs, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<uint16_t> c = buffers[2].as<uint16_t>();
  for (int32_t i = 0; i < M; ++i)
    for (int32_t j = 0; j < N; ++j) {
      double sum = bias[size_t(j)], magnitude = std::fabs(sum);
      for (int32_t p = 0; p < K; ++p) {
        sum += a[size_t(i * K + p)] * b[size_t(p * N + j)];
        magnitude += std::fabs(a[size_t(i * K + p)] * b[size_t(p * N + j)]);
      }
      double expected = activation(sum, act);
      double got = decodeFloat(c[size_t(i * N + j)], ScalarKind::F16);
      // An fp32 sum of K products, an fp32 activation, then fp16 rounding.
      double tolerance = K * std::ldexp(magnitude, -23) + std::ldexp(std::fabs(expected), -10) + 1e-6;
      INFO("C[" << i << ", " << j << "]");
      REQUIRE(std::fabs(got - expected) <= tolerance);
    }
}
