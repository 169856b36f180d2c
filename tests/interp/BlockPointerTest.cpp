// Block pointers (tl.make_block_ptr, tl.advance, boundary_check,
// padding_option) run on the interpreter against plain C++ references at
// ragged sizes. The interpreter faults on any access outside a buffer, so
// a missing or wrong boundary check fails the run itself.
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

const char *const kFile = "tests/interp/kernels/block_pointers.py";
const float kPoison = std::bit_cast<float>(0x7fbadbadu);

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }

std::vector<float> randomFloats(size_t n) {
  std::uniform_real_distribution<float> dist(-4.0f, 4.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(randomEngine());
  return v;
}

int32_t cdiv(int32_t a, int32_t b) { return (a + b - 1) / b; }

} // namespace

TEST_CASE("a block-pointer transpose moves every element of a ragged matrix once", "[interp][block-pointers]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, i32, i32, i32, i32, i32, 16, 32", "transpose_tiles");
  int32_t m = GENERATE(1, 17, 40);
  int32_t n = GENERATE(5, 33, 64);
  int32_t ldx = n + 3; // rows of x padded: the stride is not the width
  INFO("M = " << m << ", N = " << n);
  std::vector<float> x = randomFloats(size_t(m) * size_t(ldx));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(m * n), kPoison))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(m), KernelArg::i32(n),
                           KernelArg::i32(ldx), KernelArg::i32(1), KernelArg::i32(m), KernelArg::i32(1)},
                          buffers, {cdiv(m, 16), cdiv(n, 32), 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> y = buffers[1].as<float>();
  for (int32_t i = 0; i < m; ++i)
    for (int32_t j = 0; j < n; ++j) {
      INFO("x[" << i << ", " << j << "]");
      CHECK(bits(y[size_t(j * m + i)]) == bits(x[size_t(i * ldx + j)]));
    }
}

TEST_CASE("a K loop advancing a block pointer sums ragged rows", "[interp][block-pointers]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, i32, i32, i32:1, 16, 32", "row_sums");
  int32_t m = GENERATE(1, 37, 64);
  int32_t k = GENERATE(1, 31, 95);
  INFO("M = " << m << ", K = " << k);
  std::vector<float> a = randomFloats(size_t(m * k));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, a),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(m), kPoison))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(m), KernelArg::i32(k),
                           KernelArg::i32(k), KernelArg::i32(1)},
                          buffers, {cdiv(m, 16), 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> out = buffers[1].as<float>();
  for (int32_t i = 0; i < m; ++i) {
    double ref = 0, scale = 0;
    for (int32_t j = 0; j < k; ++j)
      ref += a[size_t(i * k + j)], scale += std::fabs(a[size_t(i * k + j)]);
    INFO("row " << i);
    CHECK(std::fabs(out[size_t(i)] - ref) <= 1e-5 * (scale + 1));
  }
}

TEST_CASE("padding_option=\"nan\" fills what lies past the shape with NaN", "[interp][block-pointers]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, 64", "pad_with_nan");
  int32_t n = GENERATE(1, 50, 64, 130);
  INFO("n = " << n);
  int32_t padded = cdiv(n, 64) * 64;
  std::vector<float> x = randomFloats(size_t(n));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(padded), kPoison))};
  RunResult r = interpret(kernel.function(), {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(n)}, buffers,
                          {cdiv(n, 64), 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> y = buffers[1].as<float>();
  for (int32_t i = 0; i < padded; ++i) {
    INFO("i = " << i);
    if (i < n)
      CHECK(bits(y[size_t(i)]) == bits(x[size_t(i)]));
    else
      CHECK((std::isnan(y[size_t(i)]) && bits(y[size_t(i)]) != bits(kPoison)));
  }
}

TEST_CASE("block pointers carried through a while loop and a branch, offsets below zero checked",
          "[interp][block-pointers]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, i32, i32, 16, 32", "walk_back_and_forth");
  int32_t m = GENERATE(1, 15, 16, 50);
  int32_t n = GENERATE(3, 32, 70);
  int32_t ld = n + 1;
  INFO("M = " << m << ", N = " << n);
  std::vector<float> x = randomFloats(size_t(m * ld));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(n), kPoison))};
  RunResult r = interpret(
      kernel.function(),
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(m), KernelArg::i32(n), KernelArg::i32(ld)}, buffers,
      {cdiv(n, 32), 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> y = buffers[1].as<float>();
  for (int32_t j = 0; j < n; ++j) {
    double ref = 0, scale = 0;
    for (int32_t i = 0; i < m; ++i)
      ref += x[size_t(i * ld + j)], scale += std::fabs(x[size_t(i * ld + j)]);
    INFO("column " << j);
    CHECK(std::fabs(y[size_t(j)] - ref) <= 1e-5 * (scale + 1));
  }
}

TEST_CASE("a block pointer passed to a helper and returned from both branches of a run-time if",
          "[interp][block-pointers]") {
  auto kernel = compileKernel(kFile, "*fp32, *fp32, i32, i32, i32, 16, 32", "copy_shifted");
  int32_t m = GENERATE(3, 17);
  int32_t n = GENERATE(20, 100);
  int32_t twice = GENERATE(0, 1);
  INFO("M = " << m << ", N = " << n << ", twice = " << twice);
  int32_t shift = 32 * (twice ? 2 : 1);
  std::vector<float> x = randomFloats(size_t(m * n));
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, std::vector<float>(size_t(m * n), kPoison))};
  RunResult r = interpret(
      kernel.function(),
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(m), KernelArg::i32(n), KernelArg::i32(twice)},
      buffers, {cdiv(m, 16), cdiv(n, 32), 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> y = buffers[1].as<float>();
  for (int32_t i = 0; i < m; ++i)
    for (int32_t j = 0; j < n; ++j) {
      INFO("y[" << i << ", " << j << "]");
      float expected = j + shift < n ? x[size_t(i * n + j + shift)] : 0.0f;
      CHECK(bits(y[size_t(i * n + j)]) == bits(expected));
    }
}
