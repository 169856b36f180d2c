// Deterministic inputs: each case seeds its own generator with a fixed
// number, so a failure reproduces exactly and cases do not depend on the
// order they run in.
#pragma once

#include "dtype.h"

#include <cmath>
#include <cstdint>
#include <vector>

namespace samples {

class Random {
public:
  explicit Random(uint64_t seed) : state_(seed) {}

  // splitmix64.
  uint64_t bits() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // [lo, hi), from the top 53 bits.
  double uniform(double lo, double hi) { return lo + (hi - lo) * double(bits() >> 11) * 0x1p-53; }

  // Box-Muller; the sine half is dropped to keep the generator stateless
  // beyond its counter.
  double normal() {
    double u = uniform(0x1p-53, 1.0), v = uniform(0.0, 1.0);
    return std::sqrt(-2.0 * std::log(u)) * std::cos(6.283185307179586 * v);
  }

  std::vector<double> normal(std::size_t count, Dtype dtype, double scale = 1.0) {
    std::vector<double> values(count);
    for (double &value : values)
      value = roundTo(dtype, scale * normal());
    return values;
  }

  std::vector<double> uniform(std::size_t count, Dtype dtype, double lo, double hi) {
    std::vector<double> values(count);
    for (double &value : values)
      value = roundTo(dtype, uniform(lo, hi));
    return values;
  }

private:
  uint64_t state_;
};

} // namespace samples
