// The element types the samples read and write. On the host every tensor
// is a std::vector<double> holding values the dtype represents exactly;
// the dtype matters only where data crosses to or from the device.
#pragma once

#include "half_float.h"

#include <cstddef>

namespace samples {

enum class Dtype { F32, F16, BF16 };

inline std::size_t elementBytes(Dtype dtype) { return dtype == Dtype::F32 ? 4 : 2; }

inline const char *dtypeName(Dtype dtype) {
  return dtype == Dtype::F32 ? "fp32" : dtype == Dtype::F16 ? "fp16" : "bf16";
}

// Through fp32 first, as a kernel's `.to()` from an fp32 value would round.
inline double roundTo(Dtype dtype, double value) {
  float f = float(value);
  switch (dtype) {
  case Dtype::F16: return fromF16(toF16(f));
  case Dtype::BF16: return fromBf16(toBf16(f));
  case Dtype::F32: break;
  }
  return f;
}

} // namespace samples
