// An autotuned header with two tuning tables (tests/launcher/autotune):
// the table of the current device's name (the first for an unknown name),
// the exact key's configuration else the nearest's, the heuristic's
// variant within it, and the interface tritonc-tune drives.
#include "autotuned_tables.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::scale_kernel;

namespace {

constexpr CUdeviceptr kX = 0x10000;

// What a device of compute capability 9.0 loads of variant v's image.
const void *loaded(const tritonc_kernels::runtime::Image &image) {
  return image.cubin ? static_cast<const void *>(image.cubin) : image.ptx;
}

// launch() on `device` for `n` runs variant `image` on `grid` programs.
void launches(int device, int32_t n, const void *image, unsigned grid) {
  fake::driver().reset(9, 0);
  fake::driver().device = device;
  FAKE_CHECK(k::launch(nullptr, kX, n, 2.0f) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == image);
  FAKE_CHECK(fake::driver().gridX == grid);
}

} // namespace

int autotuneTablesTests() {
  // Device 0 is "Fake GPU A": an exact key, then the nearest in log2.
  // Variant v is configuration v / 2, with EVEN true for even v.
  FAKE_CHECK(k::choose_config(kX, 1024, 1.0f) == 1);
  launches(0, 1024, loaded(k::variant2::detail::kImages[0]), 8);
  launches(0, 1100, loaded(k::variant3::detail::kImages[0]), 9);    // nearest: 1024
  launches(0, 2000, loaded(k::variant1::detail::kImages[0]), 32);   // nearest: 1500, BLOCK 64, 2000 % 64 != 0
  launches(0, 40000, loaded(k::variant5::detail::kImages[0]), 157); // nearest: 65536, BLOCK 256
  launches(0, 64, loaded(k::variant0::detail::kImages[0]), 1);
  // Device 1 is "Fake GPU B", with a table of its own.
  launches(1, 1024, loaded(k::variant4::detail::kImages[0]), 4);
  // Device 2's name is in no table: the first table.
  fake::driver().device = 2;
  FAKE_CHECK(k::choose_config(kX, 65536, 1.0f) == 2);
  // Any configuration on demand, through the packed interface too.
  FAKE_CHECK(k::kTuning.configCount == 3 && k::kNumConfigs == 3);
  FAKE_CHECK(k::launch_config(3, nullptr, kX, 1000, 2.0f) == CUDA_ERROR_INVALID_VALUE);
  fake::driver().reset(9, 0);
  CUdeviceptr x = kX;
  int32_t n = 1000;
  float factor = 0.5f;
  const void *args[] = {&x, &n, &factor};
  FAKE_CHECK(k::kTuning.launch(2, nullptr, args) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == loaded(k::variant5::detail::kImages[0]) && fake::driver().gridX == 4);
  return fake::failures;
}
