// GPU test of samples/vector_add.py compiled by tritonc, launched through
// the generated header (vector_add.h) with the CUDA driver API only.
//
//   vector_add_test check N...   exact comparison against the CPU, per size
//   vector_add_test bench N...   bandwidth: "BENCH n gbps median_us" per size
//
// Exit status: 0 when every check passed, 1 otherwise. Every CUDA call is
// checked; a failure is reported with its name and aborts that size only.
#include "vector_add.h"
#include "cuda_check.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace kernel = tritonc_kernels::add_kernel;

namespace {

constexpr unsigned kBlock = 1024;         // BLOCK_SIZE in the signature
constexpr uint32_t kPoison = 0x7fc0deadu; // a NaN no addition produces
constexpr size_t kGuard = 4096;           // poisoned elements after the output

// splitmix64: fast enough for 2^28 elements, and seeded per run so that
// every run tests new data.
struct Random {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  // Finite, never zero, random sign, mantissa and exponent (2^-20..2^20), so
  // sums exercise rounding, cancellation and carries, not just one scale.
  float nextFloat() {
    uint64_t r = next();
    uint32_t sign = uint32_t(r >> 63) << 31;
    uint32_t exponent = uint32_t(127 - 20 + (r >> 32) % 41) << 23;
    uint32_t mantissa = uint32_t(r) & 0x7fffffu;
    uint32_t bits = sign | exponent | mantissa;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
};

struct DeviceBuffer {
  CUdeviceptr ptr = 0;
  ~DeviceBuffer() {
    if (ptr)
      cuMemFree(ptr);
  }
};

unsigned gridFor(size_t n) { return unsigned((n + kBlock - 1) / kBlock); }

bool checkSize(size_t n, CUstream stream, Random &random) {
  std::vector<float> x(n), y(n), expected(n);
  for (size_t i = 0; i < n; ++i) {
    x[i] = random.nextFloat();
    y[i] = random.nextFloat();
    expected[i] = x[i] + y[i];
  }
  DeviceBuffer dx, dy, dout;
  size_t bytes = n * sizeof(float);
  if (!CU(cuMemAlloc(&dx.ptr, bytes)) || !CU(cuMemAlloc(&dy.ptr, bytes)) ||
      !CU(cuMemAlloc(&dout.ptr, bytes + kGuard * sizeof(float))))
    return false;
  if (!CU(cuMemcpyHtoD(dx.ptr, x.data(), bytes)) || !CU(cuMemcpyHtoD(dy.ptr, y.data(), bytes)) ||
      !CU(cuMemsetD32(dout.ptr, kPoison, n + kGuard)))
    return false;

  tritonc_kernels::Grid grid = kernel::grid(dx.ptr, dy.ptr, dout.ptr, int32_t(n));
  if (grid.x != gridFor(n) || grid.y != 1 || grid.z != 1) {
    std::printf("  grid() gave (%u, %u, %u), expected (%u, 1, 1)\n", grid.x, grid.y, grid.z, gridFor(n));
    return false;
  }
  if (!CU(kernel::launch(stream, tritonc_kernels::Grid{gridFor(n), 1, 1}, dx.ptr, dy.ptr, dout.ptr, int32_t(n))) ||
      !CU(cuStreamSynchronize(stream)))
    return false;

  std::vector<uint32_t> got(n + kGuard);
  if (!CU(cuMemcpyDtoH(got.data(), dout.ptr, got.size() * sizeof(uint32_t))))
    return false;
  size_t wrong = 0;
  for (size_t i = 0; i < n; ++i) {
    uint32_t want;
    std::memcpy(&want, &expected[i], 4);
    if (got[i] != want && wrong++ < 5)
      std::printf("  out[%zu] = 0x%08x, expected 0x%08x (%a + %a)\n", i, got[i], want, double(x[i]), double(y[i]));
  }
  size_t clobbered = size_t(std::count_if(got.begin() + long(n), got.end(), [](uint32_t v) { return v != kPoison; }));
  if (wrong || clobbered)
    std::printf("  %zu wrong elements, %zu written past the end\n", wrong, clobbered);
  return wrong == 0 && clobbered == 0;
}

// The launcher's own contract: a broken hint is refused without a launch,
// an empty grid launches nothing, and both leave the output alone.
bool checkLauncherContract(CUstream stream) {
  DeviceBuffer buffer;
  if (!CU(cuMemAlloc(&buffer.ptr, 4096)) || !CU(cuMemsetD32(buffer.ptr, kPoison, 1024)))
    return false;
  CUdeviceptr p = buffer.ptr;
  CUresult misaligned = kernel::launch(stream, {1, 1, 1}, p + 4, p, p + 2048, 16);
  if (misaligned != CUDA_ERROR_INVALID_VALUE) {
    std::printf("  misaligned pointer: got %d, expected CUDA_ERROR_INVALID_VALUE\n", int(misaligned));
    return false;
  }
  if (!CU(kernel::launch(stream, {0, 1, 1}, p, p, p + 2048, 16)) || !CU(cuStreamSynchronize(stream)))
    return false;
  std::vector<uint32_t> got(1024);
  if (!CU(cuMemcpyDtoH(got.data(), p, 4096)))
    return false;
  bool untouched = std::all_of(got.begin(), got.end(), [](uint32_t v) { return v == kPoison; });
  if (!untouched)
    std::printf("  a refused or empty launch wrote to memory\n");
  return untouched;
}

bool benchSize(size_t n, CUstream stream, Random &random) {
  std::vector<float> host(n);
  for (float &v : host)
    v = random.nextFloat();
  DeviceBuffer dx, dy, dout;
  size_t bytes = n * sizeof(float);
  if (!CU(cuMemAlloc(&dx.ptr, bytes)) || !CU(cuMemAlloc(&dy.ptr, bytes)) || !CU(cuMemAlloc(&dout.ptr, bytes)) ||
      !CU(cuMemcpyHtoD(dx.ptr, host.data(), bytes)) || !CU(cuMemcpyHtoD(dy.ptr, host.data(), bytes)))
    return false;
  auto launch = [&] { return kernel::launch(stream, dx.ptr, dy.ptr, dout.ptr, int32_t(n)); };
  for (int i = 0; i < 20; ++i)
    if (!CU(launch()))
      return false;
  constexpr int kRuns = 100;
  std::vector<CUevent> events(2 * kRuns);
  for (CUevent &e : events)
    if (!CU(cuEventCreate(&e, CU_EVENT_DEFAULT)))
      return false;
  for (int i = 0; i < kRuns; ++i)
    if (!CU(cuEventRecord(events[2 * i], stream)) || !CU(launch()) || !CU(cuEventRecord(events[2 * i + 1], stream)))
      return false;
  if (!CU(cuStreamSynchronize(stream)))
    return false;
  std::vector<float> ms(kRuns);
  for (int i = 0; i < kRuns; ++i)
    if (!CU(cuEventElapsedTime(&ms[i], events[2 * i], events[2 * i + 1])))
      return false;
  for (CUevent e : events)
    cuEventDestroy(e);
  std::sort(ms.begin(), ms.end());
  double median = (ms[kRuns / 2 - 1] + ms[kRuns / 2]) / 2.0;
  double gbps = 3.0 * 4.0 * double(n) / (median * 1e-3) / 1e9;
  std::printf("BENCH %zu %.1f %.2f\n", n, gbps, median * 1e3);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3 || (std::strcmp(argv[1], "check") != 0 && std::strcmp(argv[1], "bench") != 0)) {
    std::fprintf(stderr, "usage: %s check|bench N...\n", argv[0]);
    return 2;
  }
  bool bench = std::strcmp(argv[1], "bench") == 0;
  CUdevice device = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  if (!CU(cuInit(0)) || !CU(cuDeviceGet(&device, 0)) || !CU(cuDevicePrimaryCtxRetain(&context, device)) ||
      !CU(cuCtxSetCurrent(context)) || !CU(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING)))
    return 1;

  uint64_t seed = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
  Random random{seed};
  std::printf("seed %" PRIu64 "\n", seed);
  bool allPassed = true;
  if (!bench) {
    bool passed = checkLauncherContract(stream);
    std::printf("%s launcher contract\n", passed ? "PASS" : "FAIL");
    allPassed &= passed;
  }
  for (int i = 2; i < argc; ++i) {
    size_t n = std::strtoull(argv[i], nullptr, 0);
    bool passed = bench ? benchSize(n, stream, random) : checkSize(n, stream, random);
    if (!bench || !passed)
      std::printf("%s n=%zu\n", passed ? "PASS" : "FAIL", n);
    allPassed &= passed;
  }
  cuStreamDestroy(stream);
  cuDevicePrimaryCtxRelease(device);
  return allPassed ? 0 : 1;
}
