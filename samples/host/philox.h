// tl.rand(seed, offset) on the CPU: Philox4x32 with ten rounds, as
// triton/language/random.py defines it (counter (offset, 0, 0, 0), key the
// two halves of the seed), and its int32-to-uniform-float mapping. The
// dropout check needs it to know which elements the kernel keeps.
#pragma once

#include <cstdint>

namespace samples {

inline uint32_t philoxFirstWord(uint64_t seed, uint32_t offset) {
  uint32_t c0 = offset, c1 = 0, c2 = 0, c3 = 0;
  uint32_t k0 = uint32_t(seed), k1 = uint32_t(seed >> 32);
  for (int round = 0; round < 10; ++round) {
    uint64_t productA = uint64_t(0xD2511F53u) * c0, productB = uint64_t(0xCD9E8D57u) * c2;
    c0 = uint32_t(productB >> 32) ^ c1 ^ k0;
    c2 = uint32_t(productA >> 32) ^ c3 ^ k1;
    c1 = uint32_t(productB);
    c3 = uint32_t(productA);
    k0 += 0x9E3779B9u;
    k1 += 0xBB67AE85u;
  }
  return c0;
}

// In [0, 1): the word as an int32, negatives folded onto [0, 2^31), times
// the largest float below 2^-31 -- in fp32, as the GPU computes it.
inline float tritonRand(uint64_t seed, uint32_t offset) {
  int32_t x = int32_t(philoxFirstWord(seed, offset));
  if (x < 0)
    x = -(x + 1);
  return float(x) * 4.6566127342e-10f;
}

} // namespace samples
