// samples/rms_norm.py: the normalised row is rounded to fp16 before the
// weight multiplies it, so the reference rounds there too.
#include "checks.h"
#include "random_values.h"
#include "rms_norm_fwd.h"

#include <cmath>
#include <limits>

namespace samples {

void checkRmsNorm(Session &session) {
  namespace kernel = tritonc_kernels::rms_norm_fwd;
  struct Shape {
    int rows, cols, xStride, yStride;
  };
  const float eps = 1e-6f;
  for (Shape s : {Shape{33, 4000, 4096, 4000}, Shape{5, 4096, 4096, 4112}, Shape{7, 48, 64, 48}}) {
    Random random(0x5315 + uint64_t(s.cols));
    std::vector<double> x = random.normal(std::size_t(s.rows) * s.xStride, Dtype::F16, 1.5);
    std::vector<double> w = random.normal(s.cols, Dtype::F16, 1.0);
    std::vector<double> y(std::size_t(s.rows) * s.yStride, std::numeric_limits<double>::quiet_NaN()), rstd(s.rows);
    for (int r = 0; r < s.rows; ++r) {
      const double *row = &x[std::size_t(r) * s.xStride];
      double sq = 0;
      for (int c = 0; c < s.cols; ++c)
        sq += row[c] * row[c];
      rstd[r] = 1.0 / std::sqrt(sq / s.cols + eps);
      for (int c = 0; c < s.cols; ++c)
        y[std::size_t(r) * s.yStride + c] = roundTo(Dtype::F16, row[c] * rstd[r]) * w[c];
    }
    DeviceBuffer dx = upload(x, Dtype::F16), dw = upload(w, Dtype::F16);
    DeviceBuffer dy = poisoned(y.size(), Dtype::F16), drstd = poisoned(s.rows, Dtype::F32);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned(s.rows), 1, 1}, dx.ptr(), s.xStride, dy.ptr(), s.yStride,
                              dw.ptr(), drstd.ptr(), s.cols, eps));
    CaseResult result("rms_norm_fwd fp16 " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + " strides " +
                      std::to_string(s.xStride) + "/" + std::to_string(s.yStride));
    result.expectClose("y", dy, Dtype::F16, y);
    result.expectClose("rstd", drstd, Dtype::F32, rstd);
    session.record(result);
  }
}

} // namespace samples
