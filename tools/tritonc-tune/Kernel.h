// The tuner's view of the kernel it tunes, filled in Main.cpp from the
// generated header's `kTuning` (so that nothing else here depends on the
// header), and the error check every CUDA call goes through.
#pragma once

#include <cuda.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tritonc_tune {

struct KernelUnderTest {
  std::string name;
  std::vector<std::string> configs;                // labels, in launch_config()'s numbering
  std::vector<std::string> paramNames, paramTypes; // `*fp16`, `i32`, ...
  std::vector<std::string> key;
  std::vector<std::string> resetToZero, restoreValue;
  double warmupMs = 0, repMs = 0; // 0: not given in the decorator
  // launch_config(config, stream, args...) with args[i] pointing at
  // parameter i's value; config kChosen: launch(stream, args...), the
  // configuration the header's tuning table picks.
  std::function<CUresult(int, CUstream, const void *const *)> launch;
  static constexpr int kChosen = -1;
};

inline void check(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return;
  const char *name = nullptr;
  cuGetErrorName(status, &name);
  throw std::runtime_error(std::string(what) + " failed: " + (name ? name : "unknown CUDA error"));
}

} // namespace tritonc_tune
