#include "tritonc/ir/FloatFormat.h"

#include "tritonc/support/Diagnostics.h"

#include <bit>
#include <cmath>

namespace tritonc {

namespace {

// A binary float format narrower than fp32. `ieeeTop`: the all-ones
// exponent means infinity/NaN (fp16, bf16, fp8e5); otherwise only the
// all-ones pattern is NaN and the top exponent holds finite values
// (fp8e4nv, "fn" in the OCP spec).
struct Narrow {
  int expBits, mantBits;
  bool ieeeTop, saturate;
  uint64_t nan;

  int bias() const { return (1 << (expBits - 1)) - 1; }
  int minExponent() const { return 1 - bias(); }
  uint64_t signBit() const { return uint64_t(1) << (expBits + mantBits); }
  uint64_t infBits() const { return uint64_t((1 << expBits) - 1) << mantBits; }
  uint64_t maxBits() const {
    uint64_t mantMask = (uint64_t(1) << mantBits) - 1;
    return ieeeTop ? (uint64_t((1 << expBits) - 2) << mantBits) | mantMask : infBits() | (mantMask - 1);
  }
  double maxFinite() const {
    return ieeeTop ? std::ldexp(2 - std::ldexp(1, -mantBits), bias())
                   : std::ldexp(2 - std::ldexp(2, -mantBits), bias() + 1);
  }
};

constexpr Narrow kF16{5, 10, true, false, 0x7fff};
constexpr Narrow kBF16{8, 7, true, false, 0x7fff};
constexpr Narrow kF8E5{5, 2, true, true, 0x7f};
constexpr Narrow kF8E4NV{4, 3, false, true, 0x7f};

const Narrow &narrow(ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F16: return kF16;
  case ScalarKind::BF16: return kBF16;
  case ScalarKind::F8E5: return kF8E5;
  case ScalarKind::F8E4NV: return kF8E4NV;
  default: internalError(std::string("not a narrow float kind: ") + irName(kind));
  }
}

double decodeNarrow(uint64_t bits, const Narrow &f) {
  uint64_t mantMask = (uint64_t(1) << f.mantBits) - 1;
  uint64_t expField = (bits >> f.mantBits) & ((uint64_t(1) << f.expBits) - 1);
  uint64_t mant = bits & mantMask;
  double sign = bits & f.signBit() ? -1.0 : 1.0;
  uint64_t topExp = (uint64_t(1) << f.expBits) - 1;
  if (f.ieeeTop && expField == topExp)
    return mant ? NAN : sign * INFINITY;
  if (!f.ieeeTop && expField == topExp && mant == mantMask)
    return NAN;
  if (expField == 0)
    return sign * std::ldexp(double(mant), f.minExponent() - f.mantBits);
  return sign * std::ldexp(double(mant | (mantMask + 1)), int(expField) - f.bias() - f.mantBits);
}

uint64_t encodeNarrow(double value, const Narrow &f) {
  if (std::isnan(value))
    return f.nan;
  uint64_t sign = std::signbit(value) ? f.signBit() : 0;
  double a = std::fabs(value);
  if (a == 0)
    return sign;
  uint64_t overflow = sign | (f.saturate ? f.maxBits() : f.infBits());
  if (std::isinf(a))
    return overflow;
  // Scale so that one unit in the last place of the result is 1, round to
  // an integer (nearbyint rounds to nearest-even in the default mode),
  // scale back. Below the normal range the quantum stays at the
  // subnormal one.
  int e;
  std::frexp(a, &e);
  int quantumExp = std::max(e - 1, f.minExponent()) - f.mantBits;
  double units = std::nearbyint(std::ldexp(a, -quantumExp));
  double rounded = std::ldexp(units, quantumExp);
  if (rounded > f.maxFinite())
    return overflow;
  if (rounded < std::ldexp(1.0, f.minExponent()))
    return sign | uint64_t(units); // subnormal: the units are the mantissa field
  int exponent = std::ilogb(rounded);
  uint64_t mant = uint64_t(std::ldexp(rounded, f.mantBits - exponent)) - (uint64_t(1) << f.mantBits);
  return sign | (uint64_t(exponent + f.bias()) << f.mantBits) | mant;
}

} // namespace

double decodeFloat(uint64_t bits, ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F32: return std::bit_cast<float>(uint32_t(bits));
  case ScalarKind::F64: return std::bit_cast<double>(bits);
  default: return decodeNarrow(bits, narrow(kind));
  }
}

uint64_t encodeFloat(double value, ScalarKind kind) {
  switch (kind) {
  case ScalarKind::F32: return std::bit_cast<uint32_t>(float(value));
  case ScalarKind::F64: return std::bit_cast<uint64_t>(value);
  default: return encodeNarrow(value, narrow(kind));
  }
}

} // namespace tritonc
