// samples/layer_norm.py, forward: rows wider than one block (the loops run
// twice) and rows that fit in one, with a mean far from zero, which a
// one-pass variance would get wrong.
#include "checks.h"
#include "layer_norm_fwd.h"
#include "random_values.h"

#include <cmath>
#include <limits>

namespace samples {

void checkLayerNorm(Session &session) {
  namespace kernel = tritonc_kernels::layer_norm_fwd;
  struct Shape {
    int rows, cols, stride;
  };
  const float eps = 1e-5f;
  for (Shape s : {Shape{37, 5008, 5120}, Shape{8, 1024, 1024}, Shape{3, 16, 16}}) {
    Random random(0x1a7e2 + uint64_t(s.cols));
    std::vector<double> x = random.normal(std::size_t(s.rows) * s.stride, Dtype::F16, 2.0);
    for (double &v : x)
      v = roundTo(Dtype::F16, v + 3.0);
    std::vector<double> w = random.normal(s.cols, Dtype::F16, 0.5), b = random.normal(s.cols, Dtype::F16, 0.5);
    for (double &v : w)
      v = roundTo(Dtype::F16, v + 1.0);

    std::vector<double> y(x.size(), std::numeric_limits<double>::quiet_NaN()), mean(s.rows), rstd(s.rows);
    for (int r = 0; r < s.rows; ++r) {
      const double *row = &x[std::size_t(r) * s.stride];
      double sum = 0, sq = 0;
      for (int c = 0; c < s.cols; ++c)
        sum += row[c];
      mean[r] = sum / s.cols;
      for (int c = 0; c < s.cols; ++c)
        sq += (row[c] - mean[r]) * (row[c] - mean[r]);
      rstd[r] = 1.0 / std::sqrt(sq / s.cols + eps);
      for (int c = 0; c < s.cols; ++c)
        y[std::size_t(r) * s.stride + c] = (row[c] - mean[r]) * rstd[r] * w[c] + b[c];
    }

    DeviceBuffer dx = upload(x, Dtype::F16), dw = upload(w, Dtype::F16), db = upload(b, Dtype::F16);
    DeviceBuffer dy = poisoned(y.size(), Dtype::F16), dmean = poisoned(s.rows, Dtype::F32),
                 drstd = poisoned(s.rows, Dtype::F32);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned(s.rows), 1, 1}, dx.ptr(), dy.ptr(), dw.ptr(), db.ptr(),
                              dmean.ptr(), drstd.ptr(), s.stride, s.cols, eps));
    CaseResult result("layer_norm_fwd fp16 " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + " stride " +
                      std::to_string(s.stride));
    result.expectClose("y", dy, Dtype::F16, y);
    result.expectClose("mean", dmean, Dtype::F32, mean);
    result.expectClose("rstd", drstd, Dtype::F32, rstd);
    session.record(result);
  }
}

} // namespace samples
