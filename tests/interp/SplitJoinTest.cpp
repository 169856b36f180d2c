// tl.split, tl.join and tl.interleave, run on the interpreter against a
// plain C++ reference: every value keeps its bits (signed zeros and NaNs).
#include "KernelFixture.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <limits>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

} // namespace

TEST_CASE("split, join and interleave move every element bit for bit", "[interp][shapes]") {
  auto kernel = compileKernel("tests/interp/kernels/split_join.py", "*fp32, *fp32, *fp32, *fp32, *fp32, i32, 64");
  int32_t n = GENERATE(1, 63, 64, 1000);
  INFO("n = " << n);
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  std::vector<float> x(size_t(2 * n));
  for (float &v : x)
    v = dist(randomEngine());
  x[0] = -0.0f;
  if (n > 1)
    x[3] = std::numeric_limits<float>::quiet_NaN();
  const float poison = std::bit_cast<float>(0x7fbadbadu);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(n), poison)),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(n), poison)),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(2 * n), poison)),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(2 * n), poison))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
                           KernelArg::pointer(4), KernelArg::i32(n)},
                          buffers, {(n + 63) / 64, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> a = buffers[1].as<float>(), b = buffers[2].as<float>();
  std::vector<float> y = buffers[3].as<float>(), z = buffers[4].as<float>();
  for (size_t i = 0; i < size_t(n); ++i) {
    INFO("i = " << i);
    CHECK(bits(a[i]) == bits(x[2 * i]));
    CHECK(bits(b[i]) == bits(x[2 * i + 1]));
    CHECK(bits(y[2 * i]) == bits(x[2 * i]));
    CHECK(bits(y[2 * i + 1]) == bits(2.0f * x[2 * i + 1]));
    CHECK(bits(z[2 * i]) == bits(x[2 * i + 1]));
    CHECK(bits(z[2 * i + 1]) == bits(x[2 * i]));
  }
}
