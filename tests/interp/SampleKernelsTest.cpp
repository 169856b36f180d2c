// Every sample and test kernel on the interpreter, at sizes that are not
// multiples of the block, on fresh random data with poisoned outputs,
// compared exactly with a plain C++ reference.
#include "KernelFixture.h"

#include "tritonc/interp/Interpreter.h"

#include <catch2/catch.hpp>

#include <bit>
#include <chrono>
#include <cmath>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

constexpr uint32_t kPoison = 0x7fbadbad; // a NaN no kernel computes by accident

std::vector<float> randomFloats(size_t n) {
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(randomEngine());
  return v;
}

std::vector<float> poisoned(size_t n) { return std::vector<float>(n, std::bit_cast<float>(kPoison)); }

bool sameBits(const std::vector<float> &a, const std::vector<float> &b) {
  if (a.size() != b.size())
    return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::bit_cast<uint32_t>(a[i]) != std::bit_cast<uint32_t>(b[i]))
      return false;
  return true;
}

} // namespace

TEST_CASE("vector_add matches x + y at ragged sizes", "[interp][samples]") {
  auto kernel = compileKernel("samples/vector_add.py", "*fp32:16, *fp32:16, *fp32:16, i32, 1024");
  int32_t n = GENERATE(1, 1000, 1000003);
  INFO("n = " << n);
  std::vector<float> x = randomFloats(size_t(n)), y = randomFloats(size_t(n)), expected(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    expected[i] = x[i] + y[i];
  // Buffers hold exactly n elements: a lane past the end that the mask did
  // not stop would fault.
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x), HostBuffer::of(ScalarKind::F32, y),
                                  HostBuffer::of(ScalarKind::F32, poisoned(size_t(n)))};
  auto start = std::chrono::steady_clock::now();
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(n)},
                          buffers, {(n + 1023) / 1024, 1, 1}, kernel.source.get());
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(sameBits(buffers[2].as<float>(), expected));
  if (n == 1000003)
    WARN("vector_add of 1000003 elements interpreted in " << seconds << " s");
}

TEST_CASE("vector_add leaves masked-off memory alone", "[interp][samples]") {
  auto kernel = compileKernel("samples/vector_add.py", "*fp32:16, *fp32:16, *fp32:16, i32, 1024");
  // The buffers are longer than n_elements: lanes n..1023 are masked off and
  // must neither read nor write, whatever memory is there.
  std::vector<float> x = randomFloats(20), y = randomFloats(20);
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x), HostBuffer::of(ScalarKind::F32, y),
                                  HostBuffer::of(ScalarKind::F32, poisoned(20))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::i32(10)},
                          buffers, {1, 1, 1}, kernel.source.get());
  REQUIRE(r.ok);
  std::vector<float> out = buffers[2].as<float>();
  for (size_t i = 0; i < 20; ++i)
    CHECK(std::bit_cast<uint32_t>(out[i]) == (i < 10 ? std::bit_cast<uint32_t>(x[i] + y[i]) : kPoison));
}

TEST_CASE("loops kernel: for, if and while over ragged rows", "[interp][samples]") {
  // scale_rows: each program scales one row in BLOCK-wide chunks when
  // scale > 0, counts its chunks in a while loop, then stores scale at
  // y[0] and y[1] (a static_range of 2).
  auto kernel = compileKernel("tests/interp/kernels/loops.py", "*fp32:16, *fp32:16, i32:16, fp32, 1024");
  int32_t cols = GENERATE(16, 1008, 2064);
  float scale = GENERATE(2.5f, -1.0f);
  const int32_t rows = 3;
  INFO("cols = " << cols << ", scale = " << scale);
  std::vector<float> x = randomFloats(size_t(rows * cols)), expected(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    expected[i] = scale > 0 ? x[i] * scale : x[i];
  expected[0] = expected[1] = scale;
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, poisoned(x.size()))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(cols), KernelArg::f32(scale)},
                          buffers, {rows, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(sameBits(buffers[1].as<float>(), expected));
}

TEST_CASE("an unmasked out-of-bounds load is reported at its source location", "[interp][errors]") {
  auto kernel = compileKernel("tests/interp/kernels/unmasked_add.py", "*fp32, *fp32, *fp32, 256");
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, randomFloats(300)),
                                  HostBuffer::of(ScalarKind::F32, randomFloats(300)),
                                  HostBuffer::of(ScalarKind::F32, poisoned(300))};
  RunResult r = interpret(kernel.function(), {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2)},
                          buffers, {2, 1, 1}, kernel.source.get());
  REQUIRE_FALSE(r.ok);
  CHECK(r.error == kernel.source->path() +
                       ":10:9: error: load out of bounds in program (1, 0, 0): element 44 reads byte offset 1200 "
                       "of `x_ptr`, which has 1200 bytes");
  // Program 0 ran completely before program 1 faulted.
  std::vector<float> x = buffers[0].as<float>(), y = buffers[1].as<float>(), out = buffers[2].as<float>();
  CHECK(out[255] == x[255] + y[255]);
  CHECK(std::bit_cast<uint32_t>(out[256]) == kPoison);
}

TEST_CASE("arguments that break the signature's promises are refused", "[interp][errors]") {
  auto kernel = compileKernel("tests/interp/kernels/loops.py", "*fp32:16, *fp32:16, i32:16, fp32, 1024");
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, randomFloats(100)),
                                  HostBuffer::of(ScalarKind::F32, poisoned(100))};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(100), KernelArg::f32(1.0f)},
                          buffers, {1, 1, 1}, kernel.source.get());
  REQUIRE_FALSE(r.ok);
  CHECK(r.error == "error: argument 3 (`n_cols`) is 100, which the signature promises divisible by 16");
}

TEST_CASE("softmax matches a row-by-row reference at ragged widths", "[interp][samples]") {
  // Programs stride over the rows (tl.range from program_id by
  // num_programs); rows are padded in memory, and the padding stays poisoned.
  auto kernel = compileKernel("samples/softmax.py", "*fp32, *fp32, i32, i32, i32, i32, 128, 4");
  int32_t cols = GENERATE(1, 100, 128);
  const int32_t rows = 5, stride = cols + 3;
  INFO("cols = " << cols);
  std::vector<float> x = randomFloats(size_t(rows * stride)), expected = poisoned(x.size());
  for (int32_t r = 0; r < rows; ++r) {
    const float *row = &x[size_t(r * stride)];
    float max = -INFINITY, sum = 0;
    for (int32_t c = 0; c < cols; ++c)
      max = std::max(max, row[c]);
    // The kernel sums all 128 lanes in index order; masked lanes add exp(-inf) = 0.
    for (int32_t c = 0; c < cols; ++c)
      sum += std::exp(row[c] - max);
    for (int32_t c = 0; c < cols; ++c)
      expected[size_t(r * stride + c)] = std::exp(row[c] - max) / sum;
  }
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, poisoned(x.size())),
                                  HostBuffer::of(ScalarKind::F32, x)};
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(stride), KernelArg::i32(stride),
                           KernelArg::i32(rows), KernelArg::i32(cols)},
                          buffers, {2, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(sameBits(buffers[0].as<float>(), expected));
}
