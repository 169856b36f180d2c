// samples/cross_entropy.py: rows three blocks wide, some rows ignored, and
// the gradient written over the logits in place. The row padding holds
// NaN: the kernel must neither read it into a row's sums nor write it.
#include "checks.h"
#include "cross_entropy_kernel.h"
#include "random_values.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace samples {

void checkCrossEntropy(Session &session) {
  namespace kernel = tritonc_kernels::cross_entropy_kernel;
  constexpr int32_t kIgnore = -100;
  struct Shape {
    int rows, classes, stride;
  };
  for (Shape s : {Shape{29, 10000, 10016}, Shape{4, 4096, 4096}, Shape{3, 32, 48}}) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Random random(0xce + uint64_t(s.classes));
    std::vector<double> logits = random.normal(std::size_t(s.rows) * s.stride, Dtype::F32, 3.0);
    std::vector<int64_t> labels(s.rows);
    for (int r = 0; r < s.rows; ++r) {
      labels[r] = r % 7 == 3 ? kIgnore : int64_t(random.bits() % uint64_t(s.classes));
      std::fill(logits.begin() + std::ptrdiff_t(r) * s.stride + s.classes,
                logits.begin() + std::ptrdiff_t(r + 1) * s.stride, nan);
    }
    std::vector<double> grad(logits.size(), nan), loss(s.rows);
    for (int r = 0; r < s.rows; ++r) {
      const double *z = &logits[std::size_t(r) * s.stride];
      double *g = &grad[std::size_t(r) * s.stride];
      if (labels[r] == kIgnore) {
        std::fill(g, g + s.classes, 0.0);
        loss[r] = 0;
        continue;
      }
      double max = *std::max_element(z, z + s.classes), sum = 0;
      for (int c = 0; c < s.classes; ++c)
        sum += std::exp(z[c] - max);
      for (int c = 0; c < s.classes; ++c)
        g[c] = std::exp(z[c] - max) / sum - (c == labels[r] ? 1.0 : 0.0);
      loss[r] = max + std::log(sum) - z[labels[r]];
    }
    DeviceBuffer dz = upload(logits, Dtype::F32), dlabels = uploadInts(labels), dloss = poisoned(s.rows, Dtype::F32);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned(s.rows), 1, 1}, dz.ptr(), s.stride, dlabels.ptr(),
                              dloss.ptr(), s.classes, kIgnore));
    CaseResult result("cross_entropy fp32 " + std::to_string(s.rows) + "x" + std::to_string(s.classes) + " stride " +
                      std::to_string(s.stride));
    result.expectClose("loss", dloss, Dtype::F32, loss);
    // Probabilities down to 1e-9: a floor for the absolute error, and room
    // for exp through ex2.approx.
    result.expectClose("grad", dz, Dtype::F32, grad, {2e-7, 2e-5});
    session.record(result);
  }
}

} // namespace samples
