#include "only100.h"
#include "only80.h"
#include "bigsmem.h"
#include "smem200k.h"
#include "vector_add.h"
#include <cstdio>
#include <thread>
#include <vector>
namespace k = tritonc_kernels;
static int fails = 0;
static void expect(const char *what, CUresult got, CUresult want) {
  std::printf("%s %s: got %d want %d\n", got == want ? "PASS" : "FAIL", what, int(got), int(want));
  fails += got != want;
}
static CUresult addOnce(CUdeviceptr buf, int n) { return k::add_kernel::launch(nullptr, buf, buf, buf, n); }
int main() {
  CUdevice dev; cuInit(0); cuDeviceGet(&dev, 0);
  expect("no context", addOnce(0, 1), CUDA_ERROR_INVALID_CONTEXT);
  for (int round = 0; round < 3; ++round) {
    CUcontext ctx; cuCtxCreate(&ctx, nullptr, 0, dev);
    std::printf("context %p\n", (void *)ctx);
    CUdeviceptr buf; cuMemAlloc(&buf, 1 << 20);
    expect("launch in fresh context", addOnce(buf, 1000), CUDA_SUCCESS);
    expect("sync", cuCtxSynchronize(), CUDA_SUCCESS);
    cuMemFree(buf); cuCtxDestroy(ctx);
  }
  CUcontext primary; cuDevicePrimaryCtxRetain(&primary, dev); cuCtxSetCurrent(primary);
  CUdeviceptr buf; cuMemAlloc(&buf, 1 << 22);
  std::vector<std::thread> threads; std::vector<CUresult> results(16);
  for (int t = 0; t < 16; ++t) threads.emplace_back([&, t] { cuCtxSetCurrent(primary); results[t] = k::only80::launch(nullptr, buf, buf, buf, 1 << 20); });
  for (auto &t : threads) t.join();
  for (CUresult r : results) expect("16 threads, first launch, sm_80 fallback", r, CUDA_SUCCESS);
  expect("only sm_100a", k::only100::launch(nullptr, buf, buf, buf, 10), CUDA_ERROR_NO_BINARY_FOR_GPU);
  expect("64 KB dynamic smem", k::bigsmem::launch(nullptr, buf, buf, buf, 10), CUDA_SUCCESS);
  expect("240000 B dynamic smem (over the limit)", k::smem200k::launch(nullptr, buf, buf, buf, 10), CUDA_ERROR_INVALID_VALUE);
  expect("sync", cuCtxSynchronize(), CUDA_SUCCESS);
  expect("misaligned", k::add_kernel::launch(nullptr, buf + 8, buf, buf, 10), CUDA_ERROR_INVALID_VALUE);
  std::printf("%s\n", fails ? "RUNTIME FAIL" : "RUNTIME PASS");
  return fails != 0;
}
