// fp16 and bf16 as the kernels store them. Inputs are rounded on the host
// with round-to-nearest-even, so the CPU reference starts from exactly the
// values the GPU reads.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

namespace samples {

inline uint32_t floatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

inline float bitsFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

inline uint16_t toBf16(float f) {
  uint32_t u = floatBits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) // keep a NaN a NaN: rounding could carry it into inf
    return uint16_t((u >> 16) | 0x40);
  u += 0x7fffu + ((u >> 16) & 1);
  return uint16_t(u >> 16);
}

inline float fromBf16(uint16_t h) { return bitsFloat(uint32_t(h) << 16); }

inline uint16_t toF16(float f) {
  uint32_t u = floatBits(f);
  uint16_t sign = uint16_t((u >> 16) & 0x8000u);
  uint32_t magnitude = u & 0x7fffffffu;
  if (magnitude >= 0x7f800000u)
    return uint16_t(sign | (magnitude > 0x7f800000u ? 0x7e00u : 0x7c00u));
  if (magnitude >= 0x477ff000u) // 65520 and up round past 65504, the largest fp16
    return uint16_t(sign | 0x7c00u);
  if (magnitude < 0x38800000u) {
    // Below 2^-14 fp16 is fixed point in steps of 2^-24; scaling by 2^24 is
    // exact, and nearbyint rounds half to even. 1024 is the first normal.
    float steps = bitsFloat(magnitude) * 16777216.0f;
    return uint16_t(sign | uint16_t(std::nearbyint(steps)));
  }
  uint32_t rebiased = magnitude - ((127u - 15u) << 23);
  rebiased += 0xfffu + ((rebiased >> 13) & 1);
  return uint16_t(sign | (rebiased >> 13));
}

inline float fromF16(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000u) << 16, exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
  if (exponent == 0)
    return bitsFloat(sign) + (sign ? -1.0f : 1.0f) * float(mantissa) * 5.9604644775390625e-8f;
  if (exponent == 31)
    return bitsFloat(sign | 0x7f800000u | (mantissa << 13));
  return bitsFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
}

} // namespace samples
