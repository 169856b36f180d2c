// One header, two specialisations of samples/vector_add.py (all hinted
// `:16`, and none), two archs (sm_80, sm_90a), cubins where the build has
// ptxas: which specialisation and which image each launch takes.
#include "vector_add_two.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::add_kernel;
namespace strict = k::detail::spec0;
namespace general = k::detail::spec1;

int strictTests();
int tensorMapTests();
int autotuneTablesTests();
int autotuneBucketsTests();
int autotunePlainTests();

namespace {

// What a device that runs `image`'s cubin as it is loads: the cubin, or
// the PTX when the build had no ptxas.
const void *cubinOr(const tritonc_kernels::runtime::Image &image) {
  return image.cubin ? static_cast<const void *>(image.cubin) : image.ptx;
}

bool hasCubin(const tritonc_kernels::runtime::Image &image) { return image.cubin != nullptr; }

constexpr CUdeviceptr kX = 0x10000, kY = 0x20000, kOut = 0x30000;

void alignedArgumentsTakeTheHintedCode() {
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 4096) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == cubinOr(strict::kImages[1]));
  FAKE_CHECK(fake::driver().gridX == 4);
  // Loaded once per context.
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 4096) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().loads == 1 && fake::driver().launches == 2);
}

void anOffsetPointerOrAnOddSizeTakesTheGeneralCode() {
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::launch(nullptr, kX + 4, kY, kOut, 4096) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == cubinOr(general::kImages[1]));
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 4100) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == cubinOr(general::kImages[1]));
  FAKE_CHECK(fake::driver().gridX == 5);
  FAKE_CHECK(k::launch(nullptr, tritonc_kernels::Grid{7, 1, 1}, kX, kY, kOut + 8, 4096) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().gridX == 7);
  FAKE_CHECK(fake::driver().launchedImage == cubinOr(general::kImages[1]));
}

void aCubinRunsOnLaterMinorVersionsOfItsMajor() {
  fake::driver().reset(8, 6);
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 1024) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == cubinOr(strict::kImages[0]));
}

void aNewerDeviceJitsThePtx() {
  fake::driver().reset(10, 0);
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 1024) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == strict::kImages[0].ptx);
}

void aRefusedCubinFallsBackToPtx() {
  fake::driver().reset(9, 0);
  fake::driver().refuseCubins = true;
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 1024) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launchedImage == strict::kImages[1].ptx);
  FAKE_CHECK(fake::driver().loads == (hasCubin(strict::kImages[1]) ? 2 : 1));
}

void anOlderDeviceHasNoImage() {
  fake::driver().reset(7, 5);
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 1024) == CUDA_ERROR_NO_BINARY_FOR_GPU);
  FAKE_CHECK(fake::driver().launches == 0);
}

void anEmptyGridLaunchesNothing() {
  fake::driver().reset(9, 0);
  FAKE_CHECK(k::launch(nullptr, kX, kY, kOut, 0) == CUDA_SUCCESS);
  FAKE_CHECK(fake::driver().launches == 0 && fake::driver().loads == 0);
}

} // namespace

int main() {
  // Where the build had ptxas, every image has its cubin.
  FAKE_CHECK(hasCubin(strict::kImages[0]) == hasCubin(general::kImages[1]));
  std::printf("cubins embedded: %s\n", hasCubin(strict::kImages[0]) ? "yes" : "no (no ptxas)");
  alignedArgumentsTakeTheHintedCode();
  anOffsetPointerOrAnOddSizeTakesTheGeneralCode();
  aCubinRunsOnLaterMinorVersionsOfItsMajor();
  aNewerDeviceJitsThePtx();
  aRefusedCubinFallsBackToPtx();
  anOlderDeviceHasNoImage();
  anEmptyGridLaunchesNothing();
  strictTests();
  tensorMapTests();
  autotuneTablesTests();
  autotuneBucketsTests();
  autotunePlainTests();
  std::printf("%d failed checks\n", fake::failures);
  return fake::failures == 0 ? 0 : 1;
}
