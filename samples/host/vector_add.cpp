// samples/vector_add.py: exact, an fp32 addition has one right answer.
#include "add_kernel.h"
#include "checks.h"
#include "random_values.h"

namespace samples {

void checkVectorAdd(Session &session) {
  namespace kernel = tritonc_kernels::add_kernel;
  for (int n : {1, 1000, 1024, 300007}) {
    Random random(0xadd0000 + uint64_t(n));
    std::vector<double> x = random.normal(n, Dtype::F32), y = random.normal(n, Dtype::F32), want(n);
    for (int i = 0; i < n; ++i)
      want[i] = float(x[i]) + float(y[i]);
    DeviceBuffer dx = upload(x, Dtype::F32), dy = upload(y, Dtype::F32), out = poisoned(n, Dtype::F32);
    SAMPLES_CU(kernel::launch(session.stream(), {unsigned((n + 1023) / 1024), 1, 1}, dx.ptr(), dy.ptr(), out.ptr(), n));
    CaseResult result("vector_add n=" + std::to_string(n));
    result.expectClose("out", out, Dtype::F32, want, {0, 0});
    session.record(result);
  }
}

} // namespace samples
