// samples/rope.py, forward, [seq, batch, heads, 128] in bf16: fewer heads
// than the block holds (the rest masked), and a head stride with padding
// that must stay untouched.
#include "checks.h"
#include "random_values.h"
#include "rope_kernel.h"

#include <cmath>
#include <limits>

namespace samples {

void checkRope(Session &session) {
  namespace kernel = tritonc_kernels::rope_kernel;
  constexpr int kDim = 128, kHalf = kDim / 2;
  struct Shape {
    int seq, batch, heads, headStride;
  };
  for (Shape s : {Shape{37, 3, 16, 128}, Shape{5, 2, 32, 128}, Shape{9, 1, 16, 144}}) {
    int strideB = s.heads * s.headStride, strideS = s.batch * strideB;
    Random random(0x307e + uint64_t(s.seq * 100 + s.heads));
    std::vector<double> x = random.normal(std::size_t(s.seq) * strideS, Dtype::BF16, 1.0);
    std::vector<double> cosines(std::size_t(s.seq) * kDim), sines(cosines.size());
    for (int p = 0; p < s.seq; ++p)
      for (int i = 0; i < kDim; ++i) {
        double theta = p * std::pow(10000.0, -2.0 * (i % kHalf) / kDim);
        cosines[std::size_t(p) * kDim + i] = float(std::cos(theta));
        sines[std::size_t(p) * kDim + i] = float(std::sin(theta));
      }
    std::vector<double> want(x.size(), std::numeric_limits<double>::quiet_NaN());
    for (int p = 0; p < s.seq; ++p)
      for (int b = 0; b < s.batch; ++b)
        for (int h = 0; h < s.heads; ++h)
          for (int d = 0; d < kHalf; ++d) {
            std::size_t at = std::size_t(p) * strideS + std::size_t(b) * strideB + std::size_t(h) * s.headStride + d;
            double c = cosines[std::size_t(p) * kDim + d], sn = sines[std::size_t(p) * kDim + d];
            want[at] = x[at] * c - x[at + kHalf] * sn;
            want[at + kHalf] = x[at + kHalf] * c + x[at] * sn;
          }
    DeviceBuffer dx = upload(x, Dtype::BF16), dcos = upload(cosines, Dtype::F32), dsin = upload(sines, Dtype::F32);
    DeviceBuffer out = poisoned(want.size(), Dtype::BF16);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned(s.seq * s.batch), 1, 1}, dx.ptr(), out.ptr(), dcos.ptr(),
                              dsin.ptr(), strideS, strideB, s.headStride, s.batch, s.heads));
    CaseResult result("rope_fwd bf16 [" + std::to_string(s.seq) + "," + std::to_string(s.batch) + "," +
                      std::to_string(s.heads) + ",128] head stride " + std::to_string(s.headStride));
    result.expectClose("out", out, Dtype::BF16, want);
    session.record(result);
  }
}

} // namespace samples
