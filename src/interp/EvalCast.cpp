// Conversions. Integer to float and float to float round to nearest-even
// once. Float to integer truncates toward zero and, where LLVM leaves the
// result undefined, does what PTX's `cvt.rzi` does: NaN becomes 0 and
// out-of-range values saturate to the type's bounds.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <cmath>

namespace tritonc::interp {

namespace {

using tir::OpKind;

template <typename Fn> void convert(const tir::Op &op, Frame &frame, Fn fn) {
  const RtValue &a = frame.get(op.operands[0]);
  RtValue &out = frame.define(op.result());
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = fn(a.bits[i]);
}

// An integer magnitude as a double, rounded to odd when it has more than 53
// significant bits: the sticky last bit keeps a later rounding to a
// narrower format from seeing a false tie, so the two roundings equal one.
double toDoubleRoundOdd(uint64_t magnitude) {
  if (magnitude < (uint64_t(1) << 53))
    return double(magnitude);
  int shift = 64 - 53 - std::countl_zero(magnitude);
  uint64_t kept = magnitude >> shift;
  if (magnitude & ((uint64_t(1) << shift) - 1))
    kept |= 1;
  return std::ldexp(double(kept), shift);
}

uint64_t intToFloat(uint64_t magnitude, bool negative, ScalarKind to) {
  // float(uint64) and double(uint64) round once, as the instruction does.
  if (to == ScalarKind::F32)
    return fromF32(negative ? -float(magnitude) : float(magnitude));
  if (to == ScalarKind::F64)
    return fromF64(negative ? -double(magnitude) : double(magnitude));
  double d = toDoubleRoundOdd(magnitude);
  return encodeFloat(negative ? -d : d, to);
}

uint64_t floatToInt(double v, unsigned width, bool isSigned) {
  if (std::isnan(v))
    return 0;
  v = std::trunc(v);
  double low = isSigned ? -std::ldexp(1, int(width) - 1) : 0;
  double high = std::ldexp(1, int(width) - (isSigned ? 1 : 0)); // one past the largest
  if (v <= low)
    return truncBits(uint64_t(int64_t(low)), width);
  if (v >= high)
    return truncBits(isSigned ? (uint64_t(1) << (width - 1)) - 1 : ~uint64_t(0), width);
  return truncBits(isSigned ? uint64_t(int64_t(v)) : uint64_t(v), width);
}

} // namespace

void evalCast(const tir::Op &op, Frame &frame) {
  ScalarKind from = op.operands[0]->type.elem.kind, to = op.result()->type.elem.kind;
  unsigned fromWidth = bitWidth(from), toWidth = bitWidth(to);
  switch (op.kind) {
  case OpKind::ExtSI:
    return convert(op, frame, [&](uint64_t a) { return truncBits(uint64_t(sextBits(a, fromWidth)), toWidth); });
  case OpKind::ExtUI:   // slots are zero-extended already
  case OpKind::Bitcast: // same width: the pattern is the value
    return convert(op, frame, [](uint64_t a) { return a; });
  case OpKind::TruncI: return convert(op, frame, [&](uint64_t a) { return truncBits(a, toWidth); });
  case OpKind::SIToFP:
    return convert(op, frame, [&](uint64_t a) {
      int64_t v = sextBits(a, fromWidth);
      return intToFloat(v < 0 ? 0 - uint64_t(v) : uint64_t(v), v < 0, to);
    });
  case OpKind::UIToFP: return convert(op, frame, [&](uint64_t a) { return intToFloat(a, false, to); });
  case OpKind::FPToSI:
    return convert(op, frame, [&](uint64_t a) { return floatToInt(decodeFloat(a, from), toWidth, true); });
  case OpKind::FPToUI:
    return convert(op, frame, [&](uint64_t a) { return floatToInt(decodeFloat(a, from), toWidth, false); });
  case OpKind::ExtF:
    if (from == ScalarKind::F8E5 && to == ScalarKind::BF16) // as codegen/Fp8Conversions.cpp: Triton's exponent move
      return convert(op, frame, [&](uint64_t a) {
        if ((a & 0x7C) != 0x7C)
          return encodeFloat(decodeFloat(a, from), to);
        return ((a & 0x80) << 8) | (uint64_t(143) << 7) | ((a & 3) << 5);
      });
    [[fallthrough]];
  case OpKind::TruncF: return convert(op, frame, [&](uint64_t a) { return encodeFloat(decodeFloat(a, from), to); });
  default: internalError(std::string("not a conversion: ") + mnemonic(op.kind));
  }
}

} // namespace tritonc::interp
