// samples/softmax.py: rows with padded strides (the padding must stay
// untouched), and fewer programs than rows, so each program loops.
#include "checks.h"
#include "random_values.h"
#include "softmax_kernel.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace samples {

void checkSoftmax(Session &session) {
  namespace kernel = tritonc_kernels::softmax_kernel;
  struct Shape {
    int rows, cols, inStride, outStride, programs;
  };
  for (Shape s : {Shape{64, 1008, 1024, 1040, 24}, Shape{32, 8192, 8192, 8192, 32}, Shape{16, 16, 32, 16, 5}}) {
    Random random(0x50f7 + uint64_t(s.cols));
    std::vector<double> x = random.normal(std::size_t(s.rows) * s.inStride, Dtype::F32, 4.0);
    std::vector<double> want(std::size_t(s.rows) * s.outStride, std::numeric_limits<double>::quiet_NaN());
    for (int r = 0; r < s.rows; ++r) {
      const double *in = &x[std::size_t(r) * s.inStride];
      double *out = &want[std::size_t(r) * s.outStride];
      double max = *std::max_element(in, in + s.cols), sum = 0;
      for (int c = 0; c < s.cols; ++c)
        sum += std::exp(in[c] - max);
      for (int c = 0; c < s.cols; ++c)
        out[c] = std::exp(in[c] - max) / sum;
    }
    DeviceBuffer in = upload(x, Dtype::F32), out = poisoned(want.size(), Dtype::F32);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned(s.programs), 1, 1}, out.ptr(), in.ptr(), s.inStride,
                              s.outStride, s.rows, s.cols));
    CaseResult result("softmax fp32 " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + " strides " +
                      std::to_string(s.inStride) + "/" + std::to_string(s.outStride) + ", " +
                      std::to_string(s.programs) + " programs");
    // A sum of up to 8192 terms in fp32: its rounding depends on the order.
    result.expectClose("out", out, Dtype::F32, want, {1e-7, 1e-4});
    session.record(result);
  }
}

} // namespace samples
