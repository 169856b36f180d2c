// Shared pieces of the header-launched benchmark (see bench_main.cpp): error
// checks, device buffers, random inputs, the timing loop and the report.
//
// Each case_<name>.cpp includes exactly one generated header: two
// specialisations of one kernel (softmax_f32 and softmax_f16, say) declare
// the same namespace tritonc_kernels::<kernel>, so they cannot share a
// translation unit. Across translation units they are safe: a header's
// contents have internal linkage.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hostbench {

// A benchmark whose launch failed has no meaningful number: report the
// failure and exit non-zero.
[[noreturn]] void fail(const std::string &message);
void check(CUresult status, const char *what);
void check(cudaError_t status, const char *what);
#define HB_CHECK(call) ::hostbench::check((call), #call)

// Seeds the input generator from std::random_device; returns the seed.
uint64_t seedInputs();

enum class Elem { F32, F16, BF16 };
std::size_t elemBytes(Elem elem);

class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(DeviceBuffer &&) = delete;
  CUdeviceptr ptr() const { return reinterpret_cast<CUdeviceptr>(data_); }
  std::size_t bytes() const { return bytes_; }

private:
  void *data_ = nullptr;
  std::size_t bytes_ = 0;
};

// `count` elements of roughly standard-normal data (torch.randn's role),
// fresh from the per-run seed.
DeviceBuffer randomBuffer(std::size_t count, Elem elem);
// Uniform in [lo, hi), as torch.rand(...) * (hi - lo) + lo.
DeviceBuffer uniformBuffer(std::size_t count, Elem elem, float lo, float hi);
// 64 random bits from the same generator (for integer inputs).
uint64_t randomBits();
DeviceBuffer uploadBuffer(const void *host, std::size_t bytes);
// All bytes 0xff: a NaN in fp32, fp16 and bf16 alike, so an element the
// kernel never wrote is visible.
DeviceBuffer poisonedBuffer(std::size_t count, Elem elem);
// Exits non-zero if the first or last few thousand of `count` elements are
// still NaN: a launch that wrote nothing must not be timed.
void expectWritten(const DeviceBuffer &buffer, std::size_t count, Elem elem, const std::string &what);

// How many input sets a case rotates through so that the working set is
// larger than L2, as samples_bench.py's rotation().
int setCount(double bytesPerCall);

// One timed workload: `launch(stream, set)` runs on input set `set`.
struct Workload {
  std::string name; // exactly as samples_bench.py prints it
  double bytes;     // bytes per launch, counted as samples_bench.py does
  int sets;
  std::function<CUresult(CUstream, int)> launch;
  // Called once after one launch per set, before timing.
  std::function<void(int)> checkSet;
};

// Warm-up, sanity check, then the median of timed batches of back-to-back
// launches; prints "HOSTBENCH <name> <GB/s>".
void run(const Workload &workload);

std::string shapeName(const std::vector<int> &dims); // [a,b,c]

// The cases, one per translation unit.
void benchSoftmaxF32(int rows, int cols);
void benchSoftmaxF16(int rows, int cols);
void benchLayerNormF16(int rows, int cols);
void benchRmsNormF16(int rows, int cols);
void benchRopeFwd(int seq, int batch, int heads, int dim);
void benchRopeBwd(int seq, int batch, int heads, int dim);
void benchRopeD64H16(int seq, int batch, int heads, int dim);
void benchRopeD128H64(int seq, int batch, int heads, int dim);
void benchDropout(int n);
void benchCrossEntropy(int rows, int vocab);

} // namespace hostbench
