// samples/dropout.py: the keep mask is recomputed on the CPU from the seed
// (philox.h), so every element is checked, not only the kept fraction.
#include "checks.h"
#include "dropout_kernel.h"
#include "philox.h"
#include "random_values.h"

namespace samples {

void checkDropout(Session &session) {
  namespace kernel = tritonc_kernels::dropout_kernel;
  struct Case {
    int n;
    float p;
    int32_t seed;
  };
  for (Case c : {Case{100003, 0.3f, 1234}, Case{4099, 0.75f, 987654321}, Case{1, 0.5f, 7}}) {
    Random random(0xd50 + uint64_t(c.n));
    std::vector<double> x = random.normal(c.n, Dtype::F32), want(c.n);
    int kept = 0;
    for (int i = 0; i < c.n; ++i) {
      bool keep = tritonRand(uint64_t(c.seed), uint32_t(i)) > c.p;
      want[i] = keep ? double(float(x[i]) / (1.0f - c.p)) : 0.0;
      kept += keep;
    }
    DeviceBuffer dx = upload(x, Dtype::F32), out = poisoned(c.n, Dtype::F32);
    SAMPLES_CU(
        kernel::launch(session.stream(), {unsigned((c.n + 1023) / 1024), 1, 1}, dx.ptr(), out.ptr(), c.n, c.p, c.seed));
    CaseResult result("dropout fp32 n=" + std::to_string(c.n) + " p=" + std::to_string(c.p).substr(0, 4) +
                      " seed=" + std::to_string(c.seed) + " (" + std::to_string(kept) + " kept)");
    // A division by 1 - p with div.full: within 2 ulp.
    result.expectClose("out", out, Dtype::F32, want, {0, 3e-7});
    session.record(result);
  }
}

} // namespace samples
