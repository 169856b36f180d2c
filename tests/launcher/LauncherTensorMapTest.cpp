// A kernel whose sm_90a image copies with TMA (tests/gpu/kernels/
// tensor_descriptors.py, desc_matmul), in two specialisations: with the
// alignment hints, and without. Its tensor descriptors promise 16-byte
// aligned rows whatever the hints (`tl.make_tensor_descriptor`'s contract),
// so both copy with TMA, A and B in, C out (its store is a bulk store):
// the launcher builds the three maps from its arguments and passes them
// after the kernel's six parameters. Arguments that keep
// the contract meet the hints; those that break it (the unhinted
// specialisation's) get the driver's refusal back, with nothing launched.
#include "desc_matmul_two.h"

#include "FakeDriver.h"

namespace k = tritonc_kernels::desc_matmul;

namespace {

constexpr CUdeviceptr kA = 0x100000, kB = 0x200000, kC = 0x300000;

void alignedArgumentsGetTheirTensorMaps() {
  fake::Driver &driver = fake::driver();
  driver.reset(9, 0);
  driver.launchedParams = 9;
  driver.launchedMapCount = 3;
  const int M = 1000, N = 136, K = 504;
  FAKE_CHECK(k::launch(nullptr, {8, 2, 1}, kA, kB, kC, M, N, K) == CUDA_SUCCESS);
  FAKE_CHECK(driver.launches == 1 && driver.tensorMapsEncoded == 3);
  const unsigned long long *a = driver.launchedMaps[0], *b = driver.launchedMaps[1], *c = driver.launchedMaps[2];
  // A: [M, K] in boxes of 128 rows x 64 columns, rows K fp16 apart.
  FAKE_CHECK(a[fake::kType] == CU_TENSOR_MAP_DATA_TYPE_FLOAT16 && a[fake::kBase] == kA);
  FAKE_CHECK(a[fake::kDim0] == K && a[fake::kDim1] == M && a[fake::kStride] == 2 * K);
  FAKE_CHECK(a[fake::kBox] == (64ull | 128ull << 32) && a[fake::kSwizzle] == CU_TENSOR_MAP_SWIZZLE_128B);
  // B: [K, N] in boxes of 64 x 64 (each slot's 128 columns take two).
  FAKE_CHECK(b[fake::kBase] == kB && b[fake::kDim0] == N && b[fake::kDim1] == K && b[fake::kStride] == 2 * N);
  FAKE_CHECK(b[fake::kBox] == (64ull | 64ull << 32));
  // C: [M, N] stored from slots of 128 rows, two boxes of 64 columns each.
  FAKE_CHECK(c[fake::kBase] == kC && c[fake::kDim0] == N && c[fake::kDim1] == M && c[fake::kStride] == 2 * N);
  FAKE_CHECK(c[fake::kBox] == (64ull | 128ull << 32) && c[fake::kSwizzle] == CU_TENSOR_MAP_SWIZZLE_128B);
}

void rowsBreakingTheContractAreRefused() {
  fake::Driver &driver = fake::driver();
  driver.reset(9, 0);
  // K = 501 fp16: A's rows 1002 bytes apart.
  FAKE_CHECK(k::launch(nullptr, {8, 2, 1}, kA, kB, kC, 1000, 136, 501) == CUDA_ERROR_INVALID_VALUE);
  FAKE_CHECK(driver.launches == 0);
}

void anEmptyTensorLeavesItsMapZeroed() {
  fake::Driver &driver = fake::driver();
  driver.reset(9, 0);
  driver.launchedParams = 9;
  driver.launchedMapCount = 3;
  FAKE_CHECK(k::launch(nullptr, {1, 1, 1}, kA, kB, kC, 0, 136, 504) == CUDA_SUCCESS);
  FAKE_CHECK(driver.tensorMapsEncoded == 1); // B's; A and C have no rows
  FAKE_CHECK(driver.launchedMaps[0][fake::kBase] == 0 && driver.launchedMaps[1][fake::kBase] == kB &&
             driver.launchedMaps[2][fake::kBase] == 0);
}

} // namespace

int tensorMapTests() {
  alignedArgumentsGetTheirTensorMaps();
  rowsBreakingTheContractAreRefused();
  anEmptyTensorLeavesItsMapZeroed();
  return 0;
}
