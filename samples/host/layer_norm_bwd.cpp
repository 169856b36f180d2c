// samples/layer_norm_bwd.py: dx, then dw and db through the N_GROUPS
// partial rows that programs take turns on under a spin lock. The partial
// buffers start poisoned: a group that is summed without having been
// filled would show as NaN in dw and db.
#include "checks.h"
#include "layer_norm_bwd_dwdb.h"
#include "layer_norm_bwd_dx.h"
#include "random_values.h"

#include <cmath>
#include <limits>

namespace samples {

void checkLayerNormBwd(Session &session) {
  namespace dxKernel = tritonc_kernels::layer_norm_bwd_dx;
  namespace dwdbKernel = tritonc_kernels::layer_norm_bwd_dwdb;
  constexpr int kGroups = 64; // N_GROUPS in the signature; dwdb needs every group filled
  struct Shape {
    int rows, cols, stride;
  };
  for (Shape s : {Shape{200, 1000, 1008}, Shape{64, 1024, 1024}, Shape{97, 48, 48}}) {
    Random random(0x1b + uint64_t(s.cols));
    std::size_t size = std::size_t(s.rows) * s.stride;
    std::vector<double> x = random.normal(size, Dtype::F16), dy = random.normal(size, Dtype::F16);
    std::vector<double> w = random.normal(s.cols, Dtype::F16, 0.5);
    for (double &v : w)
      v = roundTo(Dtype::F16, v + 1.0);
    std::vector<double> mean(s.rows), rstd(s.rows);
    std::vector<double> dx(size, std::numeric_limits<double>::quiet_NaN()), dw(s.cols, 0.0), db(s.cols, 0.0);
    for (int r = 0; r < s.rows; ++r) {
      const double *xr = &x[std::size_t(r) * s.stride], *dyr = &dy[std::size_t(r) * s.stride];
      double sum = 0, sq = 0;
      for (int c = 0; c < s.cols; ++c)
        sum += xr[c];
      for (int c = 0; c < s.cols; ++c)
        sq += (xr[c] - sum / s.cols) * (xr[c] - sum / s.cols);
      // The kernel reads them as fp32, as the forward pass stores them.
      mean[r] = float(sum / s.cols);
      rstd[r] = float(1.0 / std::sqrt(sq / s.cols + 1e-5));
      double sumGx = 0, sumG = 0;
      for (int c = 0; c < s.cols; ++c) {
        double xhat = (xr[c] - mean[r]) * rstd[r], g = w[c] * dyr[c];
        sumGx += xhat * g;
        sumG += g;
        dw[c] += dyr[c] * xhat;
        db[c] += dyr[c];
      }
      for (int c = 0; c < s.cols; ++c) {
        double xhat = (xr[c] - mean[r]) * rstd[r], g = w[c] * dyr[c];
        dx[std::size_t(r) * s.stride + c] = (g - (xhat * sumGx / s.cols + sumG / s.cols)) * rstd[r];
      }
    }

    DeviceBuffer dX = upload(x, Dtype::F16), dDy = upload(dy, Dtype::F16), dW = upload(w, Dtype::F16);
    DeviceBuffer dMean = upload(mean, Dtype::F32), dRstd = upload(rstd, Dtype::F32);
    DeviceBuffer locks = uploadInts(std::vector<int32_t>(2 * kGroups, 0));
    DeviceBuffer dwPartial = poisoned(std::size_t(kGroups) * s.cols, Dtype::F16),
                 dbPartial = poisoned(std::size_t(kGroups) * s.cols, Dtype::F16);
    DeviceBuffer outDx = poisoned(size, Dtype::F16), outDw = poisoned(s.cols, Dtype::F16),
                 outDb = poisoned(s.cols, Dtype::F16);
    SAMPLES_CU(dxKernel::launch(session.stream(), {unsigned(s.rows), 1, 1}, outDx.ptr(), dDy.ptr(), dwPartial.ptr(),
                                dbPartial.ptr(), dX.ptr(), dW.ptr(), dMean.ptr(), dRstd.ptr(), locks.ptr(), s.stride,
                                s.cols));
    SAMPLES_CU(dwdbKernel::launch(session.stream(), {unsigned((s.cols + 127) / 128), 1, 1}, dwPartial.ptr(),
                                  dbPartial.ptr(), outDw.ptr(), outDb.ptr(), kGroups, s.cols));
    CaseResult result("layer_norm_bwd fp16 " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + " stride " +
                      std::to_string(s.stride) + ", " + std::to_string(kGroups) + " groups");
    result.expectClose("dx", outDx, Dtype::F16, dx);
    // Each group's partial row is rounded to fp16 after every row added.
    result.expectClose("dw", outDw, Dtype::F16, dw, {5e-2, 1e-2});
    result.expectClose("db", outDb, Dtype::F16, db, {5e-2, 1e-2});
    session.record(result);
  }
}

} // namespace samples
