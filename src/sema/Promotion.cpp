#include "tritonc/sema/Promotion.h"

#include <fmt/format.h>

namespace tritonc {

namespace {
// Triton's kind order for the scalar rule: bool < integer < float; a
// Python int beside an unsigned tile takes the tile's type, as beside a
// signed one.
int kindRank(ScalarKind k) {
  if (k == ScalarKind::I1)
    return 0;
  return isInteger(k) ? 1 : 2;
}

ScalarKind integerPromote(ScalarKind a, ScalarKind b) {
  unsigned wa = bitWidth(a), wb = bitWidth(b);
  bool sa = isSigned(a), sb = isSigned(b);
  if (sa == sb)
    return wa > wb ? a : b;
  if (!sa) // a unsigned
    return wa >= wb ? a : b;
  return wb >= wa ? b : a;
}
} // namespace

ScalarKind pythonIntType(ConstInt value, bool isUnsignedBits) {
  if (isUnsignedBits && value < 0)
    return ScalarKind::U64;
  if (value >= INT32_MIN && value <= INT32_MAX)
    return ScalarKind::I32;
  if (value > INT32_MAX && value <= ConstInt(UINT32_MAX)) // Triton: 2^31 <= x < 2^32 is uint32
    return ScalarKind::U32;
  if (value > ConstInt(INT64_MAX) && value <= ConstInt(UINT64_MAX)) // 2^63 <= x < 2^64 is uint64
    return ScalarKind::U64;
  return ScalarKind::I64;
}

std::optional<ScalarKind> computationType(PromotionOperand a, PromotionOperand b, bool divOrMod, std::string &why) {
  if (a.isPythonScalar != b.isPythonScalar) {
    PromotionOperand scalar = a.isPythonScalar ? a : b;
    PromotionOperand tensor = a.isPythonScalar ? b : a;
    if (kindRank(scalar.kind) <= kindRank(tensor.kind)) {
      if (divOrMod && (tensor.kind == ScalarKind::F16 || tensor.kind == ScalarKind::BF16))
        return ScalarKind::F32;
      return tensor.kind;
    }
  }
  ScalarKind x = a.kind, y = b.kind;
  if (x == ScalarKind::F64 || y == ScalarKind::F64)
    return ScalarKind::F64;
  if (x == ScalarKind::F32 || y == ScalarKind::F32)
    return ScalarKind::F32;
  // Triton's order: fp16 wins over anything narrower (bf16 included), bf16
  // stays bf16 only beside bf16, and two fp8 formats meet in fp16.
  if (x == ScalarKind::F16 || y == ScalarKind::F16)
    return divOrMod ? ScalarKind::F32 : ScalarKind::F16;
  if (x == ScalarKind::BF16 && y == ScalarKind::BF16)
    return divOrMod ? ScalarKind::F32 : ScalarKind::BF16;
  if (x == ScalarKind::BF16 || y == ScalarKind::BF16)
    return ScalarKind::F32;
  if (isFp8(x) && isFp8(y))
    return x == y ? x : ScalarKind::F16;
  if (isFp8(x) || isFp8(y)) {
    why = fmt::format("`{}` and `{}` have no common type; convert one with `.to(...)`", tritonName(x), tritonName(y));
    return std::nullopt;
  }
  if (divOrMod && isSigned(x) != isSigned(y) && x != ScalarKind::I1 && y != ScalarKind::I1) {
    why =
        fmt::format("`/`, `//` and `%` cannot mix `{}` and `{}`; cast one operand first", tritonName(x), tritonName(y));
    return std::nullopt;
  }
  return integerPromote(x, y);
}

} // namespace tritonc
