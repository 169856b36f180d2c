// Timing.h's measurement. Warm-up and run counts come from a first
// estimate, so that a 20 us kernel and a 20 ms one both get their budget.
#include "Timing.h"

#include <algorithm>
#include <vector>

namespace tritonc_tune {

namespace {

// Milliseconds of each of `count` runs; each run flushed unless `warm`.
std::vector<double> timedRuns(const KernelUnderTest &kernel, int config, const Arguments &args,
                              const TimingOptions &options, CUstream stream, int count) {
  std::vector<CUevent> starts(static_cast<size_t>(count)), ends(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    check(cuEventCreate(&starts[size_t(i)], CU_EVENT_DEFAULT), "cuEventCreate");
    check(cuEventCreate(&ends[size_t(i)], CU_EVENT_DEFAULT), "cuEventCreate");
  }
  for (int i = 0; i < count; ++i) {
    args.prepare(stream);
    if (options.flushBytes)
      check(cuMemsetD32Async(options.flush, uint32_t(i), options.flushBytes / 4, stream), "cuMemsetD32Async");
    check(cuEventRecord(starts[size_t(i)], stream), "cuEventRecord");
    check(kernel.launch(config, stream, args.pointers()), "launch_config");
    check(cuEventRecord(ends[size_t(i)], stream), "cuEventRecord");
  }
  check(cuStreamSynchronize(stream), "cuStreamSynchronize");
  std::vector<double> ms;
  for (int i = 0; i < count; ++i) {
    float elapsed = 0;
    check(cuEventElapsedTime(&elapsed, starts[size_t(i)], ends[size_t(i)]), "cuEventElapsedTime");
    ms.push_back(elapsed);
    cuEventDestroy(starts[size_t(i)]);
    cuEventDestroy(ends[size_t(i)]);
  }
  return ms;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

Timing timeConfiguration(const KernelUnderTest &kernel, int config, const Arguments &args, const TimingOptions &options,
                         CUstream stream) {
  Timing t;
  args.prepare(stream);
  CUresult first = kernel.launch(config, stream, args.pointers());
  if (first == CUDA_SUCCESS)
    first = cuStreamSynchronize(stream);
  if (first != CUDA_SUCCESS) {
    const char *name = nullptr;
    cuGetErrorName(first, &name);
    t.error = name ? name : "unknown CUDA error";
    // A launch the kernel could not take leaves the context usable; a
    // fault does not, and the next configuration would fail too.
    if (first != CUDA_ERROR_INVALID_VALUE && first != CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES &&
        first != CUDA_ERROR_NO_BINARY_FOR_GPU && first != CUDA_ERROR_INVALID_PTX)
      check(first, "the first launch");
    return t;
  }
  double estimate = std::max(median(timedRuns(kernel, config, args, options, stream, 5)), 1e-3);
  int warmup = std::max(1, int(options.warmupMs / estimate));
  int runs = std::clamp(int(options.repMs / estimate), options.minRuns, options.maxRuns);
  for (int i = 0; i < warmup; ++i) {
    args.prepare(stream);
    check(kernel.launch(config, stream, args.pointers()), "launch_config");
  }
  t.medianMs = median(timedRuns(kernel, config, args, options, stream, runs));
  t.runs = runs;
  t.ok = true;
  return t;
}

} // namespace tritonc_tune
