// The same kernel and first table with TUNING_BUCKETS pow2: keys are
// rounded up to powers of two before matching, so 1100 falls in 1500's
// bucket (2048) rather than going to the nearer 1024.
#include "autotuned_pow2.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::scale_kernel;

int autotuneBucketsTests() {
  constexpr CUdeviceptr x = 0x10000;
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::choose_config(x, 1100, 1.0f) == 0);
  FAKE_CHECK(k::choose_config(x, 1024, 1.0f) == 1);
  FAKE_CHECK(k::choose_config(x, 900, 1.0f) == 1);
  FAKE_CHECK(k::choose_config(x, 50000, 1.0f) == 2);
  return fake::failures;
}
