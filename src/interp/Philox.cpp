#include "tritonc/interp/Philox.h"

namespace tritonc::interp {

namespace {
// The round multipliers and the Weyl key increments (golden ratio and
// sqrt(3) - 1), as named in Random123 and triton/language/random.py.
constexpr uint32_t kMultiplierA = 0xD2511F53, kMultiplierB = 0xCD9E8D57;
constexpr uint32_t kKeyBumpA = 0x9E3779B9, kKeyBumpB = 0xBB67AE85;

uint32_t mulhi(uint32_t a, uint32_t b) { return uint32_t((uint64_t(a) * b) >> 32); }
} // namespace

std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> c, std::array<uint32_t, 2> k) {
  for (int round = 0; round < 10; ++round) {
    uint32_t c0 = c[0], c2 = c[2];
    c[0] = mulhi(kMultiplierB, c2) ^ c[1] ^ k[0];
    c[2] = mulhi(kMultiplierA, c0) ^ c[3] ^ k[1];
    c[1] = kMultiplierB * c2;
    c[3] = kMultiplierA * c0;
    k[0] += kKeyBumpA;
    k[1] += kKeyBumpB;
  }
  return c;
}

uint32_t tritonRandint(uint64_t seed, uint32_t offset) {
  return philox4x32_10({offset, 0, 0, 0}, {uint32_t(seed), uint32_t(seed >> 32)})[0];
}

float tritonRand(uint64_t seed, uint32_t offset) {
  // random.py's uint_to_uniform_float: the int32 view folded onto
  // [0, 2^31) and scaled by the largest float that keeps the result < 1,
  // with fp32 conversion and multiply as on the GPU.
  int32_t x = int32_t(tritonRandint(seed, offset));
  if (x < 0)
    x = -(x + 1);
  return float(x) * 4.6566127342e-10f;
}

} // namespace tritonc::interp
