// The generated launchers of kernels that copy with TMA
// (tests/gpu/kernels/tensor_descriptors.py: desc_matmul, bundle case
// desc_mm_f16; host_desc_matmul, case host_desc_mm, whose descriptors
// arrive from the host as base, shapes and strides; host_desc_batched_matmul,
// case host_desc_batched, whose A and C are 3-D, so its A map is too):
// launch() builds the tensor maps from its arguments and passes them after
// the parameters.
// Checks the products at ragged sizes against a float64 reference on the
// CPU, and that an argument breaking a hint is refused before anything is
// built or launched.
//
//   nvcc -std=c++17 -I BUNDLE tma_launcher_test.cpp -o tma_launcher_test -lcuda
#include "desc_mm_f16.h"
#include "host_desc_batched.h"
#include "host_desc_mm.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

uint16_t toHalf(float f) {
  // Inputs are small integers and halves: exact in fp16, no rounding needed.
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  uint32_t sign = (bits >> 16) & 0x8000u;
  int exponent = int((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = (bits >> 13) & 0x3ffu;
  if ((bits & 0x7fffffffu) == 0)
    return uint16_t(sign);
  return uint16_t(sign | (uint32_t(exponent) << 10) | mantissa);
}

float fromHalf(uint16_t h) {
  float sign = (h & 0x8000u) ? -1.0f : 1.0f;
  int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  if (exponent == 31)
    return mantissa ? NAN : sign * INFINITY;
  if (exponent == 0)
    return sign * std::ldexp(float(mantissa), -24);
  return sign * std::ldexp(float(1024 + mantissa), exponent - 25);
}

#define CHECK_CU(call)                                                                                                 \
  do {                                                                                                                 \
    CUresult status_ = (call);                                                                                         \
    if (status_ != CUDA_SUCCESS) {                                                                                     \
      std::printf("FAIL: %s returned %d\n", #call, int(status_));                                                      \
      return false;                                                                                                    \
    }                                                                                                                  \
  } while (0)

// C[b] = A[b] B for `batches` batches (1 unless the kernel is the batched one).
bool product(int M, int N, int K, bool hostDescriptors, std::mt19937 &rng, int batches = 1) {
  std::uniform_int_distribution<int> small(-4, 4);
  std::vector<uint16_t> a(size_t(batches) * M * K), b(size_t(K) * N), c(size_t(batches) * M * N, 0x7e00); // NaN-poisoned
  std::vector<float> af(a.size()), bf(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = toHalf(af[i] = float(small(rng)) * 0.5f);
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = toHalf(bf[i] = float(small(rng)) * 0.5f);
  CUdeviceptr da, db, dc;
  CHECK_CU(cuMemAlloc(&da, a.size() * 2));
  CHECK_CU(cuMemAlloc(&db, b.size() * 2));
  CHECK_CU(cuMemAlloc(&dc, c.size() * 2));
  CHECK_CU(cuMemcpyHtoD(da, a.data(), a.size() * 2));
  CHECK_CU(cuMemcpyHtoD(db, b.data(), b.size() * 2));
  CHECK_CU(cuMemcpyHtoD(dc, c.data(), c.size() * 2));
  tritonc_kernels::Grid grid{unsigned((M + 127) / 128), unsigned((N + 127) / 128), unsigned(batches)};
  CUresult refused = CUDA_SUCCESS;
  if (batches > 1) {
    using namespace tritonc_kernels::host_desc_batched_matmul;
    int64_t aBatch = int64_t(M) * K, cBatch = int64_t(M) * N;
    CHECK_CU(launch(nullptr, grid, da, batches, M, K, aBatch, K, db, K, N, N, dc, batches, M, N, cBatch, N, K));
    // Refused: A's batch stride breaks its `i64:8` hint.
    refused = launch(nullptr, grid, da, batches, M, K, aBatch - 1, K, db, K, N, N, dc, batches, M, N, cBatch, N, K);
  } else if (hostDescriptors) {
    using namespace tritonc_kernels::host_desc_matmul;
    CHECK_CU(launch(nullptr, grid, da, M, K, K, db, K, N, N, dc, M, N, N, K));
    // Refused: A's row stride breaks its `i64:8` hint.
    refused = launch(nullptr, grid, da, M, K, K - 1, db, K, N, N, dc, M, N, N, K);
  } else {
    using namespace tritonc_kernels::desc_matmul;
    CHECK_CU(launch(nullptr, grid, da, db, dc, M, N, K));
    // Refused: K breaks its `i32:8` hint (rows would not be 16-byte aligned).
    refused = launch(nullptr, grid, da, db, dc, M, N, K - 1);
  }
  CHECK_CU(cuCtxSynchronize());
  CHECK_CU(cuMemcpyDtoH(c.data(), dc, c.size() * 2));
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  size_t bad = 0;
  for (int batch = 0; batch < batches; ++batch)
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        double ref = 0;
        for (int k = 0; k < K; ++k)
          ref += double(af[(size_t(batch) * M + i) * K + k]) * bf[size_t(k) * N + j];
        double got = fromHalf(c[(size_t(batch) * M + i) * N + j]);
        if (!(std::fabs(got - ref) <= 2e-3 * std::fabs(ref) + 0.5))
          ++bad;
      }
  bool ok = bad == 0 && refused == CUDA_ERROR_INVALID_VALUE;
  std::printf("%s launcher with tensor maps (%s) %dx%dx%d: %zu wrong elements, broken hint %s\n", ok ? "PASS" : "FAIL",
              batches > 1       ? "3-D host descriptors, 3 batches"
              : hostDescriptors ? "host descriptors"
                                : "descriptors made in the kernel",
              M, N, K, bad,
              refused == CUDA_ERROR_INVALID_VALUE ? "refused" : "NOT refused");
  return ok;
}

} // namespace

int main() {
  if (cuInit(0) != CUDA_SUCCESS) {
    std::printf("FAIL: cuInit\n");
    return 1;
  }
  CUdevice device;
  CUcontext context;
  if (cuDeviceGet(&device, 0) != CUDA_SUCCESS || cuDevicePrimaryCtxRetain(&context, device) != CUDA_SUCCESS ||
      cuCtxSetCurrent(context) != CUDA_SUCCESS) {
    std::printf("FAIL: no context\n");
    return 1;
  }
  std::mt19937 rng(7);
  bool ok = true;
  for (auto [M, N, K] : {std::array<int, 3>{1000, 1000, 504}, {130, 8, 64}, {1, 24, 8}, {300, 264, 200}})
    for (bool hostDescriptors : {false, true})
      ok &= product(M, N, K, hostDescriptors, rng);
  for (auto [M, N, K] : {std::array<int, 3>{300, 264, 200}, {130, 8, 64}})
    ok &= product(M, N, K, true, rng, 3);
  return ok ? 0 : 1;
}
