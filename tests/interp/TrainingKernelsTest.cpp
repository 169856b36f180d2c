// The training-side samples (dropout, cross-entropy, layer-norm backward)
// on the interpreter, at sizes that are not multiples of the block, on fresh
// random data with poisoned outputs and padding, against plain C++
// references.
//
// Dropout is compared bit for bit: the keep mask with the interpreter's own
// Philox reference (Philox.h) and the kept values with the kernel's fp32
// division. Cross-entropy is compared with a double reference within the
// fp32 noise of the interpreter's precise exp/log. Layer-norm backward is
// compared twice: dx with a double reference within fp16 rounding plus fp32
// noise, and the dw/db partial sums (accumulated per lock group in fp16
// buffers) bit for bit with an fp32/fp16 emulation of the kernels' own
// order of operations, then loosely with the mathematical sums.
#include "KernelFixture.h"

#include "tritonc/support/Signature.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/ir/FloatFormat.h"
#include "tritonc/interp/Interpreter.h"
#include "tritonc/interp/Philox.h"
#include "tritonc/lowering/Lowering.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/transforms/Pipeline.h"

#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>

using namespace tritonc;
using namespace tritonc::interp;
using tritonc::testing::CompiledKernel;
using tritonc::testing::compileKernel;
using tritonc::testing::randomEngine;

namespace {

constexpr uint32_t kPoison32 = 0x7fbadbad; // NaNs no kernel computes by accident
constexpr uint16_t kPoison16 = 0x7dad;     // fp16 NaN
const double kNaN = std::nan("");

const ScalarKind f16 = ScalarKind::F16;

double narrow(double v) { return decodeFloat(encodeFloat(v, f16), f16); }
uint16_t bitsOf(double v) { return uint16_t(encodeFloat(v, f16)); }
double valueOf(uint16_t bits) { return decodeFloat(bits, f16); }

// One fp16 unit in the last place at |v| (subnormals included).
double ulp(double v) {
  int e = v == 0 || !std::isfinite(v) ? -14 : std::max(std::ilogb(v), -14);
  return std::ldexp(1.0, e - 10);
}

std::vector<float> randomF32(size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(randomEngine());
  return v;
}

// Random values exactly representable in fp16, in [lo, hi).
std::vector<uint16_t> randomF16(size_t n, double lo, double hi) {
  std::uniform_real_distribution<double> dist(lo, hi);
  std::vector<uint16_t> v(n);
  for (uint16_t &b : v)
    b = bitsOf(dist(randomEngine()));
  return v;
}

std::vector<float> poisoned(size_t n) { return std::vector<float>(n, std::bit_cast<float>(kPoison32)); }

// fp32 output against a reference: element i within tol[i] of expected[i],
// or, where expected[i] is NaN, exactly the poison (memory the kernel must
// not write). Reports the first few mismatches.
bool closeF32(const std::vector<float> &got, const std::vector<double> &expected, const std::vector<double> &tol,
              std::string &why) {
  std::ostringstream out;
  int bad = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      if (std::bit_cast<uint32_t>(got[i]) != kPoison32 && bad++ < 5)
        out << "element " << i << ": wrote " << got[i] << " into padding\n";
      continue;
    }
    if (!(std::fabs(got[i] - expected[i]) <= tol[i]) && bad++ < 5)
      out << "element " << i << ": got " << got[i] << ", expected " << expected[i] << " (tolerance " << tol[i] << ")\n";
  }
  if (bad)
    out << bad << " of " << expected.size() << " elements wrong";
  why = out.str();
  return bad == 0;
}

// fp16 output against a reference: within `ulps` fp16 ulps plus slack[i],
// or exactly the poison where expected[i] is NaN.
bool closeF16(const std::vector<uint16_t> &got, const std::vector<double> &expected, double ulps,
              const std::vector<double> &slack, std::string &why) {
  std::ostringstream out;
  int bad = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (std::isnan(expected[i])) {
      if (got[i] != kPoison16 && bad++ < 5)
        out << "element " << i << ": wrote 0x" << std::hex << got[i] << std::dec << " into padding\n";
      continue;
    }
    double g = valueOf(got[i]), tol = ulps * ulp(expected[i]) + slack[i];
    if (!(std::fabs(g - expected[i]) <= tol) && bad++ < 5)
      out << "element " << i << ": got " << g << ", expected " << expected[i] << " (tolerance " << tol << ")\n";
  }
  if (bad)
    out << bad << " of " << expected.size() << " elements wrong";
  why = out.str();
  return bad == 0;
}

// fp16 bits equal, reporting the first few differences.
bool sameF16(const std::vector<uint16_t> &got, const std::vector<uint16_t> &expected, std::string &why) {
  std::ostringstream out;
  int bad = 0;
  for (size_t i = 0; i < expected.size(); ++i)
    if (got[i] != expected[i] && bad++ < 5)
      out << "element " << i << ": got " << valueOf(got[i]) << " (0x" << std::hex << got[i] << "), expected "
          << valueOf(expected[i]) << " (0x" << expected[i] << std::dec << ")\n";
  if (bad)
    out << bad << " of " << expected.size() << " elements differ";
  why = out.str();
  return bad == 0;
}

} // namespace

TEST_CASE("dropout keeps tl.rand(seed, offset) > p and scales by 1 / (1 - p)", "[interp][samples]") {
  auto kernel = compileKernel("samples/dropout.py", "*fp32:16, *fp32:16, i32, fp32, i32, 1024");
  int32_t n = GENERATE(1, 1000, 4099);
  float p = GENERATE(0.5f, 0.1f);
  // A negative seed checks the sign extension of randint4x's
  // `seed.to(tl.uint64)` (as Triton's int cast does): the key's high word
  // is then 0xffffffff.
  int32_t seed = GENERATE(123, -7);
  INFO("n = " << n << ", p = " << p << ", seed = " << seed);
  std::vector<float> x = randomF32(size_t(n), -100, 100), expected(x.size());
  size_t kept = 0;
  for (int32_t i = 0; i < n; ++i) {
    bool keep = tritonRand(uint64_t(int64_t(seed)), uint32_t(i)) > p;
    kept += keep;
    expected[size_t(i)] = keep ? x[size_t(i)] / (1.0f - p) : 0.0f;
  }
  // Buffers hold exactly n elements: a lane past the end that the mask did
  // not stop would fault.
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x),
                                  HostBuffer::of(ScalarKind::F32, poisoned(x.size()))};
  RunResult r = interpret(
      kernel.function(),
      {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::i32(n), KernelArg::f32(p), KernelArg::i32(seed)},
      buffers, {(n + 1023) / 1024, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<float> out = buffers[1].as<float>();
  std::ostringstream why;
  int bad = 0;
  for (size_t i = 0; i < out.size(); ++i)
    if (std::bit_cast<uint32_t>(out[i]) != std::bit_cast<uint32_t>(expected[i]) && bad++ < 5)
      why << "element " << i << ": got " << out[i] << ", expected " << expected[i] << " (x = " << x[i] << ")\n";
  INFO(why.str() << bad << " of " << n << " elements differ");
  CHECK(bad == 0);
  // The reference itself is no constant: about 1 - p of the lanes are kept.
  if (n == 4099)
    CHECK(std::fabs(double(kept) / n - (1 - p)) < 0.05);
}

TEST_CASE("cross_entropy: loss = logsumexp(x) - x[y], gradient softmax - onehot in place", "[interp][samples]") {
  // BLOCK_SIZE 256, so the online logsumexp and the gradient pass loop over
  // several column blocks, the last one partial. Rows are padded in memory
  // and the padding stays poisoned. Row 1 and row 4 carry ignore_index
  // (-100): loss 0 and a zero gradient. Row 3's logits rise along the row,
  // so the running max moves in every block and the sum is rescaled.
  auto kernel = compileKernel("samples/cross_entropy.py", "*fp32:16, i32, *i64:16, *fp32:16, i32, i32, 256");
  int32_t cols = GENERATE(1000, 300);
  const int32_t rows = cols == 1000 ? 7 : 5, stride = cols + 3, ignoreIndex = -100;
  INFO("cols = " << cols << ", rows = " << rows);
  std::vector<float> x = randomF32(size_t(rows * stride), -5, 5);
  for (int32_t c = 0; c < cols; ++c)
    x[size_t(3 * stride + c)] += 0.02f * float(c);
  // Labels in the first block, at the last column, at the start of a later
  // block and in the ragged last block.
  std::vector<int64_t> y(static_cast<size_t>(rows));
  for (int32_t r = 0; r < rows; ++r)
    y[size_t(r)] = std::uniform_int_distribution<int64_t>(0, cols - 1)(randomEngine());
  y[0] = 0;
  y[1] = ignoreIndex;
  y[2] = cols - 1;
  y[3] = 256;
  y[4] = ignoreIndex;
  if (rows > 5)
    y[5] = cols - 2;

  std::vector<double> expectedX(x.size(), kNaN), tolX(x.size(), 0.0), expectedLoss(static_cast<size_t>(rows)),
      tolLoss(static_cast<size_t>(rows), 0.0);
  for (int32_t r = 0; r < rows; ++r) {
    const float *row = &x[size_t(r * stride)];
    double *grad = &expectedX[size_t(r * stride)];
    if (y[size_t(r)] == ignoreIndex) {
      for (int32_t c = 0; c < cols; ++c)
        grad[c] = 0;
      expectedLoss[size_t(r)] = 0;
      continue;
    }
    double m = -INFINITY, d = 0;
    for (int32_t c = 0; c < cols; ++c)
      m = std::max(m, double(row[c]));
    for (int32_t c = 0; c < cols; ++c)
      d += std::exp(row[c] - m);
    double lse = m + std::log(d);
    expectedLoss[size_t(r)] = lse - row[y[size_t(r)]];
    // fp32 lse is good to a few ulps of its magnitude; the loss subtracts
    // x[y] exactly (after rounding), so its error is absolute.
    tolLoss[size_t(r)] = 1e-5 * std::fabs(expectedLoss[size_t(r)]) + 4e-7 * std::fabs(lse);
    for (int32_t c = 0; c < cols; ++c) {
      double softmax = std::exp(row[c] - m) / d;
      grad[c] = softmax - (c == y[size_t(r)] ? 1.0 : 0.0);
      // The fp32 error is relative to the softmax, before the onehot;
      // subtracting 1 rounds to an ulp of 1 (2^-24 below 1).
      tolX[size_t(r * stride + c)] = 1e-5 * softmax + (c == y[size_t(r)] ? 0x1p-24 : 0.0);
    }
  }
  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::F32, x), HostBuffer::of(ScalarKind::I64, y),
                                  HostBuffer::of(ScalarKind::F32, poisoned(size_t(rows)))};
  // Padding past each row is poisoned (the logits there are the kernel's to ignore).
  {
    std::vector<float> withPadding = x;
    for (int32_t r = 0; r < rows; ++r)
      for (int32_t c = cols; c < stride; ++c)
        withPadding[size_t(r * stride + c)] = std::bit_cast<float>(kPoison32);
    buffers[0] = HostBuffer::of(ScalarKind::F32, withPadding);
  }
  RunResult r = interpret(kernel.function(),
                          {KernelArg::pointer(0), KernelArg::i32(stride), KernelArg::pointer(1), KernelArg::pointer(2),
                           KernelArg::i32(cols), KernelArg::i32(ignoreIndex)},
                          buffers, {rows, 1, 1}, kernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::string whyLoss, whyX;
  bool okLoss = closeF32(buffers[2].as<float>(), expectedLoss, tolLoss, whyLoss);
  bool okX = closeF32(buffers[0].as<float>(), expectedX, tolX, whyX);
  INFO(whyLoss);
  CHECK(okLoss);
  INFO(whyX);
  CHECK(okX);
  // Ignored rows are exactly zero, loss and gradient.
  std::vector<float> gotX = buffers[0].as<float>(), gotLoss = buffers[2].as<float>();
  for (int32_t row : {1, 4}) {
    CHECK(std::bit_cast<uint32_t>(gotLoss[size_t(row)]) == 0u);
    for (int32_t c = 0; c < cols; ++c)
      if (std::bit_cast<uint32_t>(gotX[size_t(row * stride + c)]) != 0u) {
        FAIL_CHECK("ignored row " << row << " column " << c << " holds " << gotX[size_t(row * stride + c)]);
        break;
      }
  }
}

TEST_CASE("layer_norm backward: dx, then dw and db through per-group fp16 partial sums", "[interp][samples]") {
  // layer_norm_bwd_dx with N_GROUPS = 4 and BLOCK_N = 256 over M = 9 rows
  // of N = 200 (padded to a stride of 205; the padding of dx stays
  // poisoned): rows 0, 4, 8 share group 0's lock and partial-sum row, and
  // so on. The partial buffers start poisoned: each group's first row (its
  // flag still 0) must store without reading them. The spin lock never
  // spins, since programs run one after another. Then layer_norm_bwd_dwdb
  // with BLOCK_M = 32 (> 4 groups, masked) and BLOCK_N = 128 (two
  // programs, the second ragged) sums the groups.
  auto dxKernel = compileKernel("samples/layer_norm_bwd.py",
                                "*fp16:16, *fp16:16, *fp16:16, *fp16:16, *fp16:16, "
                                "*fp16:16, *fp32:16, *fp32:16, *i32:16, i32, i32, 4, 256",
                                "layer_norm_bwd_dx");
  auto dwdbKernel = compileKernel("samples/layer_norm_bwd.py",
                                  "*fp16:16, *fp16:16, *fp16:16, *fp16:16, i32, i32, 32, 128", "layer_norm_bwd_dwdb");
  REQUIRE(dxKernel.function().name == "layer_norm_bwd_dx");
  REQUIRE(dwdbKernel.function().name == "layer_norm_bwd_dwdb");
  const int32_t M = 9, N = 200, stride = 205, groups = 4;
  const float eps = 1e-5f;
  std::vector<uint16_t> x = randomF16(size_t(M * stride), -3, 5), dy = randomF16(size_t(M * stride), -1, 1);
  std::vector<uint16_t> w = randomF16(size_t(N), 0.5, 1.5);
  // Mean and 1/std as the forward pass would have stored them, in fp32;
  // the references use these fp32 values.
  std::vector<float> mean(static_cast<size_t>(M)), rstd(static_cast<size_t>(M));
  for (int32_t r = 0; r < M; ++r) {
    double s = 0, v = 0;
    for (int32_t c = 0; c < N; ++c)
      s += valueOf(x[size_t(r * stride + c)]);
    s /= N;
    for (int32_t c = 0; c < N; ++c)
      v += (valueOf(x[size_t(r * stride + c)]) - s) * (valueOf(x[size_t(r * stride + c)]) - s);
    mean[size_t(r)] = float(s);
    rstd[size_t(r)] = float(1 / std::sqrt(v / N + eps));
  }

  // dx in double, within fp16 rounding plus the fp32 noise of the kernel
  // (which subtracts terms of similar size).
  std::vector<double> expectedDx(x.size(), kNaN), slackDx(x.size(), 0.0);
  // dw/db: the mathematical sums, and each term's magnitude for their tolerance.
  std::vector<double> dwMath(size_t(N), 0.0), dbMath(size_t(N), 0.0), dwAbs(size_t(N), 0.0), dbAbs(size_t(N), 0.0);
  // The kernel's own arithmetic: fp32 xhat and dy * xhat, added in fp32 to
  // the group's fp16 partial row in program order and stored rounded to
  // fp16; the final sum of the group rows in fp32 in index order, rounded
  // to fp16.
  std::vector<uint16_t> partialDw(size_t(groups * N)), partialDb(size_t(groups * N));
  std::vector<bool> groupStarted(static_cast<size_t>(groups), false);
  for (int32_t r = 0; r < M; ++r) {
    double c1 = 0, c2 = 0;
    std::vector<double> xhat(static_cast<size_t>(N)), wdy(static_cast<size_t>(N));
    for (int32_t c = 0; c < N; ++c) {
      size_t i = size_t(r * stride + c);
      xhat[size_t(c)] = (valueOf(x[i]) - double(mean[size_t(r)])) * double(rstd[size_t(r)]);
      wdy[size_t(c)] = valueOf(w[size_t(c)]) * valueOf(dy[i]);
      c1 += xhat[size_t(c)] * wdy[size_t(c)];
      c2 += wdy[size_t(c)];
    }
    c1 /= N;
    c2 /= N;
    for (int32_t c = 0; c < N; ++c) {
      size_t i = size_t(r * stride + c);
      double a = wdy[size_t(c)], b = xhat[size_t(c)] * c1 + c2;
      expectedDx[i] = narrow((a - b) * rstd[size_t(r)]);
      slackDx[i] = 1e-5 * (std::fabs(a) + std::fabs(xhat[size_t(c)] * c1) + std::fabs(c2)) * rstd[size_t(r)];
      double dyv = valueOf(dy[i]);
      dwMath[size_t(c)] += dyv * xhat[size_t(c)];
      dbMath[size_t(c)] += dyv;
      dwAbs[size_t(c)] += std::fabs(dyv * xhat[size_t(c)]);
      dbAbs[size_t(c)] += std::fabs(dyv);
    }
    int32_t g = r % groups;
    for (int32_t c = 0; c < N; ++c) {
      size_t i = size_t(r * stride + c), p = size_t(g * N + c);
      float xhat32 = (float(valueOf(x[i])) - mean[size_t(r)]) * rstd[size_t(r)];
      float dy32 = float(valueOf(dy[i]));
      // `.to(w.dtype)` is a no-op: w was widened to fp32 on load, so the
      // term and its sum with the loaded partial are fp32, and only the
      // store rounds to fp16.
      float termDw = dy32 * xhat32, termDb = dy32;
      if (groupStarted[size_t(g)]) {
        termDw += float(valueOf(partialDw[p]));
        termDb += float(valueOf(partialDb[p]));
      }
      partialDw[p] = bitsOf(termDw);
      partialDb[p] = bitsOf(termDb);
    }
    groupStarted[size_t(g)] = true;
  }
  std::vector<uint16_t> finalDw(static_cast<size_t>(N)), finalDb(static_cast<size_t>(N));
  for (int32_t c = 0; c < N; ++c) {
    float sw = 0, sb = 0;
    for (int32_t g = 0; g < groups; ++g) {
      sw += float(valueOf(partialDw[size_t(g * N + c)]));
      sb += float(valueOf(partialDb[size_t(g * N + c)]));
    }
    finalDw[size_t(c)] = bitsOf(sw);
    finalDb[size_t(c)] = bitsOf(sb);
  }

  // Buffers in the dx kernel's parameter order: dx, dy, the dw and db
  // partial rows, x, w, mean, rstd, and the locks (N_GROUPS lock words, then
  // N_GROUPS flags).
  std::vector<HostBuffer> buffers{HostBuffer::of(f16, std::vector<uint16_t>(x.size(), kPoison16)),
                                  HostBuffer::of(f16, dy),
                                  HostBuffer::of(f16, std::vector<uint16_t>(size_t(groups * N), kPoison16)),
                                  HostBuffer::of(f16, std::vector<uint16_t>(size_t(groups * N), kPoison16)),
                                  HostBuffer::of(f16, x),
                                  HostBuffer::of(f16, w),
                                  HostBuffer::of(ScalarKind::F32, mean),
                                  HostBuffer::of(ScalarKind::F32, rstd),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(size_t(2 * groups), 0))};
  RunResult r = interpret(dxKernel.function(),
                          {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
                           KernelArg::pointer(4), KernelArg::pointer(5), KernelArg::pointer(6), KernelArg::pointer(7),
                           KernelArg::pointer(8), KernelArg::i32(stride), KernelArg::i32(N)},
                          buffers, {M, 1, 1}, dxKernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  // Every lock released, every group's flag set.
  CHECK(buffers[8].as<int32_t>() == std::vector<int32_t>{0, 0, 0, 0, 1, 1, 1, 1});
  std::string whyDx;
  bool okDx = closeF16(buffers[0].as<uint16_t>(), expectedDx, 1, slackDx, whyDx);
  INFO(whyDx);
  CHECK(okDx);
  std::string whyPartialDw, whyPartialDb;
  bool okPartialDw = sameF16(buffers[2].as<uint16_t>(), partialDw, whyPartialDw);
  bool okPartialDb = sameF16(buffers[3].as<uint16_t>(), partialDb, whyPartialDb);
  INFO("partial dw: " << whyPartialDw);
  CHECK(okPartialDw);
  INFO("partial db: " << whyPartialDb);
  CHECK(okPartialDb);

  // The second kernel on the first's partial sums: partial dw, partial db, dw, db.
  std::vector<HostBuffer> sums{buffers[2], buffers[3], HostBuffer::of(f16, std::vector<uint16_t>(size_t(N), kPoison16)),
                               HostBuffer::of(f16, std::vector<uint16_t>(size_t(N), kPoison16))};
  r = interpret(dwdbKernel.function(),
                {KernelArg::pointer(0), KernelArg::pointer(1), KernelArg::pointer(2), KernelArg::pointer(3),
                 KernelArg::i32(groups), KernelArg::i32(N)},
                sums, {(N + 127) / 128, 1, 1}, dwdbKernel.source.get());
  INFO(r.error);
  REQUIRE(r.ok);
  std::vector<uint16_t> gotDw = sums[2].as<uint16_t>(), gotDb = sums[3].as<uint16_t>();
  std::string whyDw, whyDb;
  bool okDw = sameF16(gotDw, finalDw, whyDw);
  bool okDb = sameF16(gotDb, finalDb, whyDb);
  INFO("dw against the kernel's arithmetic: " << whyDw);
  CHECK(okDw);
  INFO("db against the kernel's arithmetic: " << whyDb);
  CHECK(okDb);
  // And against the mathematical sums: fp16 rounding of each term and of
  // each partial sum, relative to the magnitudes summed (the sums cancel).
  std::vector<double> slackDw(static_cast<size_t>(N)), slackDb(static_cast<size_t>(N));
  for (int32_t c = 0; c < N; ++c) {
    slackDw[size_t(c)] = 1e-2 * dwAbs[size_t(c)];
    slackDb[size_t(c)] = 1e-2 * dbAbs[size_t(c)];
  }
  std::string whyDwMath, whyDbMath;
  bool okDwMath = closeF16(gotDw, dwMath, 1, slackDw, whyDwMath);
  bool okDbMath = closeF16(gotDb, dbMath, 1, slackDb, whyDbMath);
  INFO("dw against the sum of dy * xhat: " << whyDwMath);
  CHECK(okDwMath);
  INFO("db against the sum of dy: " << whyDbMath);
  CHECK(okDbMath);
}
