// The kernel-independent runtime of autotuned launcher headers, as C++ text.
//
// Design choices:
//  - The tuning table is picked once per device (by cuDeviceGetName, as
//    `tritonc-tune` recorded it) and remembered per device ordinal without
//    a lock: a launch on the hot path reads one atomic.
//  - A device no table names takes the first table: a choice tuned on
//    another GPU is a better guess than none.
//  - A key no table entry has takes the entry nearest in the sum of
//    |log2 a - log2 b| over the key's values: problem sizes scale
//    multiplicatively, and a 2x smaller M is as far as a 2x larger one.
#include "AutotuneRuntime.h"

namespace tritonc {

namespace {

const char *const kRuntime = R"runtime(
#ifndef TRITONC_AUTOTUNE_RUNTIME_V1
#define TRITONC_AUTOTUNE_RUNTIME_V1

#include <atomic>
#include <cmath>
#include <cstring>

namespace tritonc_kernels {
namespace runtime {

// Python's `//` and `%`, which round toward negative infinity.
constexpr int64_t floorDiv(int64_t a, int64_t b) {
  return (a % b != 0 && ((a < 0) != (b < 0))) ? a / b - 1 : a / b;
}
constexpr int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

// triton.next_power_of_2: the smallest power of two >= n (1 for n <= 1).
constexpr int64_t nextPowerOf2(int64_t n) {
  int64_t p = 1;
  while (p < n && p < (int64_t(1) << 62))
    p <<= 1;
  return p;
}

template <typename T> constexpr T pick(bool first, T a, T b) { return first ? a : b; }

// One device's tuning results: `count` entries, each a key (`keys`, keyLength
// values per entry) and the configuration that won for it.
struct TuningTable {
  const char *device;
  const int64_t *keys;
  const int *configs;
  std::size_t count;
};

// The table for the current context's device, found by name once per device.
class DeviceTables {
public:
  const TuningTable *get(const TuningTable *tables, std::size_t count) {
    CUdevice device = 0;
    if (count == 0)
      return nullptr;
    if (cuCtxGetDevice(&device) != CUDA_SUCCESS || device < 0 || device >= kMaxDevices)
      return &tables[0];
    int slot = slots_[device].load(std::memory_order_acquire);
    if (slot == 0) {
      char name[256] = {};
      slot = 1;
      if (cuDeviceGetName(name, sizeof(name), device) == CUDA_SUCCESS)
        for (std::size_t i = 0; i < count; ++i)
          if (std::strcmp(name, tables[i].device) == 0) {
            slot = static_cast<int>(i) + 1;
            break;
          }
      slots_[device].store(slot, std::memory_order_release);
    }
    return &tables[slot - 1];
  }

private:
  static constexpr int kMaxDevices = 64;
  std::atomic<int> slots_[kMaxDevices] = {}; // 0: not looked up; else table index + 1
};

// The configuration `table` gives `key`: the exact entry's, else the
// nearest entry's; 0 without a table. With `powerOfTwo`, both sides are
// rounded up to powers of two first.
inline int tunedConfig(const TuningTable *table, const int64_t *key, std::size_t keyLength, bool powerOfTwo) {
  if (!table || table->count == 0)
    return 0;
  auto rounded = [&](int64_t v) { return powerOfTwo ? nextPowerOf2(v) : v; };
  auto log2Of = [](int64_t v) { return std::log2(static_cast<double>(v < 1 ? 1 : v)); };
  int best = table->configs[0];
  double bestDistance = HUGE_VAL;
  for (std::size_t i = 0; i < table->count; ++i) {
    double distance = 0;
    for (std::size_t k = 0; k < keyLength; ++k) {
      int64_t a = rounded(key[k]), b = rounded(table->keys[i * keyLength + k]);
      distance += std::fabs(log2Of(a) - log2Of(b));
    }
    if (distance < bestDistance) {
      bestDistance = distance;
      best = table->configs[i];
    }
  }
  return best;
}

// What tritonc-tune needs of a kernel: its configurations' names, its
// parameters (names and signature types, `*fp16`, `i32`), the key, the
// buffers to reset or restore before each timed run, Triton's timing
// budget (0: not given), and launch_config() and launch() taking a
// pointer to each argument.
struct TuningInterface {
  const char *kernel;
  int configCount;
  const char *const *configs;
  int paramCount;
  const char *const *paramNames;
  const char *const *paramTypes;
  int keyLength;
  const char *const *key;
  int resetToZeroCount;
  const char *const *resetToZero;
  int restoreValueCount;
  const char *const *restoreValue;
  double warmupMs, repMs;
  CUresult (*launch)(int config, CUstream stream, const void *const *args);
  CUresult (*launchChosen)(CUstream stream, const void *const *args);
};

} // namespace runtime
} // namespace tritonc_kernels

#endif // TRITONC_AUTOTUNE_RUNTIME_V1
)runtime";

} // namespace

const std::string &autotuneRuntimeSection() {
  static const std::string text = std::string(kRuntime).substr(1);
  return text;
}

} // namespace tritonc
