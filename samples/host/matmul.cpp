// samples/matmul.py, C = gelu(A @ B + bias) in fp16 on the tensor cores.
// The signature promises M, N, K and the leading strides divisible by 16,
// so sizes are ragged against the 128x128x64 tiles rather than odd; a size
// that breaks the promise must be refused without a launch. Padding
// between rows holds NaN: in A and B it must never be read, in C never
// written.
#include "checks.h"
#include "matmul_bias_act.h"
#include "random_values.h"

#include <cmath>
#include <limits>

namespace samples {

namespace {

namespace kernel = tritonc_kernels::matmul_bias_act;
constexpr int kBlockM = 128, kBlockN = 128;

double gelu(double x) {
  double u = 0.7978845608028654 * (x + 0.044715 * x * x * x);
  return x / (1.0 + std::exp(-2.0 * u));
}

unsigned programs(int m, int n) { return unsigned(((m + kBlockM - 1) / kBlockM) * ((n + kBlockN - 1) / kBlockN)); }

} // namespace

void checkMatmul(Session &session) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  struct Shape {
    int m, n, k, pad;
  };
  for (Shape s : {Shape{272, 144, 208, 16}, Shape{1040, 272, 336, 0}, Shape{16, 16, 16, 0}}) {
    int lda = s.k + s.pad, ldb = s.n + s.pad, ldc = s.n + s.pad;
    Random random(0x3a7 + uint64_t(s.m));
    std::vector<double> a = random.normal(std::size_t(s.m) * lda, Dtype::F16, 0.5);
    std::vector<double> b = random.normal(std::size_t(s.k) * ldb, Dtype::F16, 0.5);
    std::vector<double> bias = random.normal(s.n, Dtype::F16);
    for (int i = 0; i < s.m; ++i)
      for (int j = s.k; j < lda; ++j)
        a[std::size_t(i) * lda + j] = nan;
    for (int i = 0; i < s.k; ++i)
      for (int j = s.n; j < ldb; ++j)
        b[std::size_t(i) * ldb + j] = nan;
    std::vector<double> c(std::size_t(s.m) * ldc, nan), row(s.n);
    for (int i = 0; i < s.m; ++i) {
      std::fill(row.begin(), row.end(), 0.0);
      for (int p = 0; p < s.k; ++p) {
        double aip = a[std::size_t(i) * lda + p];
        const double *bp = &b[std::size_t(p) * ldb];
        for (int j = 0; j < s.n; ++j)
          row[j] += aip * bp[j];
      }
      for (int j = 0; j < s.n; ++j)
        c[std::size_t(i) * ldc + j] = gelu(row[j] + bias[j]);
    }
    DeviceBuffer dA = upload(a, Dtype::F16), dB = upload(b, Dtype::F16), dBias = upload(bias, Dtype::F16);
    DeviceBuffer dC = poisoned(c.size(), Dtype::F16);
    SAMPLES_CU(kernel::launch(session.stream(), {programs(s.m, s.n), 1, 1}, dA.ptr(), dB.ptr(), dC.ptr(), dBias.ptr(),
                              s.m, s.n, s.k, lda, 1, ldb, 1, ldc, 1));
    CaseResult result("matmul_bias_act fp16 gelu " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                      std::to_string(s.k) + (s.pad ? " padded rows" : ""));
    result.expectClose("c", dC, Dtype::F16, c);
    session.record(result);
  }

  // M = 257 breaks `i32:16`: the launcher must refuse it and launch nothing.
  std::vector<double> zeros(std::size_t(272) * 16, 0.0);
  DeviceBuffer dA = upload(zeros, Dtype::F16), dB = upload(zeros, Dtype::F16), dBias = upload(zeros, Dtype::F16);
  DeviceBuffer dC = poisoned(std::size_t(257) * 16, Dtype::F16);
  CUresult status = kernel::launch(session.stream(), {programs(257, 16), 1, 1}, dA.ptr(), dB.ptr(), dC.ptr(),
                                   dBias.ptr(), 257, 16, 16, 16, 1, 16, 1, 16, 1);
  CaseResult refused("matmul_bias_act M=257 against the promise M % 16 == 0");
  refused.expect(status == CUDA_ERROR_INVALID_VALUE,
                 "launch() returned " + std::to_string(int(status)) + ", expected CUDA_ERROR_INVALID_VALUE");
  refused.expectClose("c", dC, Dtype::F16, std::vector<double>(std::size_t(257) * 16, nan));
  session.record(refused);
}

} // namespace samples
