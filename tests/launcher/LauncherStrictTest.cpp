// A header without a general specialisation (`:16` everywhere, `:4`
// everywhere): arguments that keep neither's promises launch nothing. The
// same kernel's other header is in another translation unit of the same
// program: each keeps its own modules.
#include "vector_add_strict.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::add_kernel;

int strictTests() {
  constexpr CUdeviceptr x = 0x10000, y = 0x20000, out = 0x30000;
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::launch(nullptr, {1, 1, 1}, x, y, out, 32) == CUDA_SUCCESS);
  const tritonc_kernels::runtime::Image &first = k::detail::spec0::kImages[0];
  const tritonc_kernels::runtime::Image &second = k::detail::spec1::kImages[0];
  FAKE_CHECK(fake::driver().launchedImage == first.cubin || fake::driver().launchedImage == first.ptx);
  FAKE_CHECK(k::launch(nullptr, {1, 1, 1}, x + 4, y, out, 36) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == second.cubin || fake::driver().launchedImage == second.ptx);
  FAKE_CHECK(fake::driver().launches == 2);
  FAKE_CHECK(k::launch(nullptr, {1, 1, 1}, x + 2, y, out, 32) == CUDA_ERROR_INVALID_VALUE);
  FAKE_CHECK(k::launch(nullptr, {1, 1, 1}, x, y, out, 33) == CUDA_ERROR_INVALID_VALUE);
  FAKE_CHECK(fake::driver().launches == 2);
  return 0;
}
