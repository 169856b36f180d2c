// Timing one configuration on one problem, as Triton's autotuner does but
// in C++: a first run that must succeed, warm-up runs, then runs each
// preceded by the reset/restore the decorator asks for and by an L2 flush
// (a write of a buffer larger than L2), each between two CUDA events; the
// median of their times.
#pragma once

#include "Arguments.h"
#include "Kernel.h"

#include <string>

namespace tritonc_tune {

struct TimingOptions {
  double warmupMs = 25, repMs = 100; // time budgets, as Triton's do_bench
  int minRuns = 10, maxRuns = 1000;
  CUdeviceptr flush = 0; // the L2 flush buffer
  size_t flushBytes = 0;
};

struct Timing {
  bool ok = false;
  std::string error; // when not ok: the CUDA error of the first launch
  double medianMs = 0;
  int runs = 0;
};

Timing timeConfiguration(const KernelUnderTest &kernel, int config, const Arguments &args, const TimingOptions &options,
                         CUstream stream);

} // namespace tritonc_tune
