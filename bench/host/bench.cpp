#include "bench.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <utility>

namespace hostbench {
namespace {

constexpr double kL2Bytes = 64 << 20;  // samples_bench.py's L2_BYTES
constexpr int kBatch = 20;             // launches per timed batch
constexpr int kRepeats = 15;           // timed batches; odd, so the median is one of them
constexpr std::size_t kChecked = 4096; // elements checked at each end of an output

// splitmix64: fast enough for the 2^26-element inputs, seeded per run.
uint64_t state = 0;

} // namespace

uint64_t randomBits() {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t seedInputs() {
  state = (uint64_t(std::random_device{}()) << 32) ^ std::random_device{}();
  return state;
}

namespace {

double uniform() { return double(randomBits() >> 11) * 0x1.0p-53; }

// The sum of four 16-bit uniforms from one draw, scaled to mean 0 and
// variance 1: close enough to a normal for a bandwidth benchmark.
double roughNormal() {
  uint64_t r = randomBits();
  double sum = 0;
  for (int i = 0; i < 4; ++i, r >>= 16)
    sum += double(r & 0xffff) / 65536.0;
  return (sum - 2.0) * std::sqrt(3.0);
}

void store(Elem elem, unsigned char *out, double value) {
  float f = float(value);
  switch (elem) {
  case Elem::F32: std::memcpy(out, &f, 4); return;
  case Elem::F16: {
    __half h = __float2half_rn(f);
    std::memcpy(out, &h, 2);
    return;
  }
  case Elem::BF16: {
    __nv_bfloat16 b = __float2bfloat16_rn(f);
    std::memcpy(out, &b, 2);
    return;
  }
  }
}

bool isNan(Elem elem, const unsigned char *in) {
  if (elem == Elem::F32) {
    float f;
    std::memcpy(&f, in, 4);
    return std::isnan(f);
  }
  uint16_t bits;
  std::memcpy(&bits, in, 2);
  uint16_t exponent = elem == Elem::F16 ? 0x7c00 : 0x7f80;
  return (bits & exponent) == exponent && (bits & ~exponent & 0x7fff) != 0;
}

DeviceBuffer generated(std::size_t count, Elem elem, const std::function<double()> &draw) {
  std::size_t size = elemBytes(elem);
  std::vector<unsigned char> host(count * size);
  for (std::size_t i = 0; i < count; ++i)
    store(elem, &host[i * size], draw());
  return uploadBuffer(host.data(), host.size());
}

} // namespace

void fail(const std::string &message) {
  std::fflush(stdout);
  std::fprintf(stderr, "HOSTBENCH error: %s\n", message.c_str());
  std::exit(1);
}

void check(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return;
  const char *name = nullptr;
  cuGetErrorName(status, &name);
  fail("CUDA driver error " + std::to_string(int(status)) + " (" + (name ? name : "?") + ") in " + what);
}

void check(cudaError_t status, const char *what) {
  if (status == cudaSuccess)
    return;
  fail("CUDA runtime error " + std::to_string(int(status)) + " (" + cudaGetErrorName(status) + ") in " + what);
}

std::size_t elemBytes(Elem elem) { return elem == Elem::F32 ? 4 : 2; }

DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) { HB_CHECK(cudaMalloc(&data_, bytes)); }

DeviceBuffer::~DeviceBuffer() {
  if (data_)
    cudaFree(data_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : data_(std::exchange(other.data_, nullptr)), bytes_(other.bytes_) {}

DeviceBuffer randomBuffer(std::size_t count, Elem elem) { return generated(count, elem, roughNormal); }

DeviceBuffer uniformBuffer(std::size_t count, Elem elem, float lo, float hi) {
  return generated(count, elem, [=] { return lo + (hi - lo) * uniform(); });
}

DeviceBuffer uploadBuffer(const void *host, std::size_t bytes) {
  DeviceBuffer buffer(bytes);
  HB_CHECK(cudaMemcpy(reinterpret_cast<void *>(buffer.ptr()), host, bytes, cudaMemcpyHostToDevice));
  return buffer;
}

DeviceBuffer poisonedBuffer(std::size_t count, Elem elem) {
  DeviceBuffer buffer(count * elemBytes(elem));
  HB_CHECK(cudaMemset(reinterpret_cast<void *>(buffer.ptr()), 0xff, buffer.bytes()));
  return buffer;
}

void expectWritten(const DeviceBuffer &buffer, std::size_t count, Elem elem, const std::string &what) {
  std::size_t size = elemBytes(elem), checked = std::min(count, kChecked);
  for (std::size_t start : {std::size_t(0), count - checked}) {
    std::vector<unsigned char> host(checked * size);
    HB_CHECK(cudaMemcpy(host.data(), reinterpret_cast<void *>(buffer.ptr() + start * size), host.size(),
                        cudaMemcpyDeviceToHost));
    for (std::size_t i = 0; i < checked; ++i) {
      if (isNan(elem, &host[i * size]))
        fail(what + ": output element " + std::to_string(start + i) + " is NaN (never written?)");
    }
  }
}

int setCount(double bytesPerCall) {
  return int(std::max(1.0, std::min(8.0, std::ceil(4 * kL2Bytes / std::max(1.0, bytesPerCall)))));
}

void run(const Workload &workload) {
  std::string what = "launch of " + workload.name;
  cudaStream_t stream = nullptr;
  HB_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  for (int set = 0; set < workload.sets; ++set)
    check(workload.launch(stream, set), what.c_str());
  HB_CHECK(cudaStreamSynchronize(stream));
  for (int set = 0; set < workload.sets; ++set)
    workload.checkSet(set);

  // Warm-up and timing as samples_bench.py's median_ms.
  for (int i = 0; i < 3 * workload.sets; ++i)
    check(workload.launch(stream, i % workload.sets), what.c_str());
  cudaEvent_t start = nullptr, end = nullptr;
  HB_CHECK(cudaEventCreate(&start));
  HB_CHECK(cudaEventCreate(&end));
  std::vector<float> perLaunchMs;
  for (int repeat = 0; repeat < kRepeats; ++repeat) {
    HB_CHECK(cudaEventRecord(start, stream));
    for (int i = 0; i < kBatch; ++i)
      check(workload.launch(stream, i % workload.sets), what.c_str());
    HB_CHECK(cudaEventRecord(end, stream));
    HB_CHECK(cudaEventSynchronize(end));
    float ms = 0;
    HB_CHECK(cudaEventElapsedTime(&ms, start, end));
    perLaunchMs.push_back(ms / kBatch);
  }
  HB_CHECK(cudaEventDestroy(start));
  HB_CHECK(cudaEventDestroy(end));
  HB_CHECK(cudaStreamDestroy(stream));
  std::nth_element(perLaunchMs.begin(), perLaunchMs.begin() + kRepeats / 2, perLaunchMs.end());
  double ms = perLaunchMs[kRepeats / 2];
  std::printf("HOSTBENCH %s %.1f\n", workload.name.c_str(), workload.bytes / (ms * 1e-3) / 1e9);
  std::fflush(stdout);
}

std::string shapeName(const std::vector<int> &dims) {
  std::string name = "[";
  for (std::size_t i = 0; i < dims.size(); ++i)
    name += (i ? "," : "") + std::to_string(dims[i]);
  return name + "]";
}

} // namespace hostbench
