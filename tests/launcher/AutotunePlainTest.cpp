// The same kernel with no tuning table: launch() runs the first
// configuration, and launch_config() any other.
#include "autotuned_plain.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::scale_kernel;

int autotunePlainTests() {
  constexpr CUdeviceptr x = 0x10000;
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::choose_config(x, 1024, 1.0f) == 0);
  FAKE_CHECK(k::launch(nullptr, x, 1000, 2.0f) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().gridX == 16);
  FAKE_CHECK(k::launch_config(1, nullptr, x, 1000, 2.0f) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().gridX == 8);
  FAKE_CHECK(k::launch_config(2, nullptr, tritonc_kernels::Grid{3, 1, 1}, x, 1000, 2.0f) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().gridX == 3);
  return fake::failures;
}
