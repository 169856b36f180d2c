#include "TensorConstants.h"

#include "tritonc/sema/Promotion.h"

#include <cmath>
#include <cstdint>
#include <utility>

namespace tritonc::sema {

namespace {

using K = ConstexprValue::Kind;
using Wide = unsigned __int128;

bool isNumber(const ConstexprValue &v) { return v.kind == K::Int || v.kind == K::Float || v.kind == K::Bool; }

// The bits of an integer of `kind`, sign-extended for signed kinds.
ConstInt wrap(ConstInt v, ScalarKind kind) {
  unsigned bits = bitWidth(kind);
  Wide mask = bits >= 128 ? ~Wide(0) : (Wide(1) << bits) - 1;
  Wide u = Wide(v) & mask;
  if (isSigned(kind) && (u >> (bits - 1)) & 1)
    return ConstInt(u) - (ConstInt(1) << bits);
  return ConstInt(u);
}

ConstexprValue held(ConstInt v, ScalarKind kind) {
  return kind == ScalarKind::I1 ? ConstexprValue::ofBool(v != 0) : ConstexprValue::ofInt(wrap(v, kind));
}

ConstInt asInt(const ConstexprValue &v) { return v.kind == K::Bool ? ConstInt(v.boolValue) : v.intValue; }

bool isHeldFloat(ScalarKind k) { return k == ScalarKind::F32 || k == ScalarKind::F64; }
bool isHeldInt(ScalarKind k) { return isInteger(k) && k != ScalarKind::I1; }

} // namespace

std::optional<ScalarKind> tensorTypeOf(const ConstexprValue &v) {
  switch (v.kind) {
  case K::Bool: return ScalarKind::I1;
  case K::Int:
    if (v.intValue < ConstInt(INT64_MIN) || v.intValue > ConstInt(UINT64_MAX))
      return std::nullopt; // Triton: "Nonrepresentable integer"
    return pythonIntType(v.intValue, false);
  case K::Float: {
    double a = std::fabs(v.floatValue);
    bool fp32 = std::isinf(a) || a == 0.0 || std::isnan(a) ||
                (a >= std::ldexp(1.0, -126) && a <= std::ldexp(2.0 - std::ldexp(1.0, -23), 127));
    return fp32 ? ScalarKind::F32 : ScalarKind::F64;
  }
  default: return std::nullopt;
  }
}

std::optional<ConstexprValue> convertTo(const ConstexprValue &v, ScalarKind kind) {
  if (!isNumber(v))
    return std::nullopt;
  if (kind == ScalarKind::I1)
    return ConstexprValue::ofBool(v.kind == K::Float ? v.floatValue != 0.0 : asInt(v) != 0);
  if (isHeldInt(kind)) {
    if (v.kind == K::Float)
      return std::nullopt; // promotion never turns a float into an integer
    return held(asInt(v), kind);
  }
  if (!isHeldFloat(kind))
    return std::nullopt;
  if (v.kind == K::Float)
    return ConstexprValue::ofFloat(kind == ScalarKind::F32 ? double(float(v.floatValue)) : v.floatValue);
  // Integers of at most 64 bits convert with one rounding, as cvt.rn does.
  ConstInt i = asInt(v);
  bool unsignedRange = i > ConstInt(INT64_MAX);
  double d = kind == ScalarKind::F32 ? (unsignedRange ? double(float(uint64_t(i))) : double(float(int64_t(i))))
                                     : (unsignedRange ? double(uint64_t(i)) : double(int64_t(i)));
  return ConstexprValue::ofFloat(d);
}

namespace {

// Both operands as `common` holds them, or nullopt.
std::optional<std::pair<ConstexprValue, ConstexprValue>> bothAs(const ConstexprValue &a, const ConstexprValue &b,
                                                                ScalarKind common) {
  std::optional<ConstexprValue> x = convertTo(a, common), y = convertTo(b, common);
  if (!x || !y)
    return std::nullopt;
  return std::make_pair(*x, *y);
}

} // namespace

std::optional<ConstexprValue> foldTensorBinary(ast::BinaryOp op, const ConstexprValue &a, const ConstexprValue &b,
                                               ScalarKind common) {
  auto operands = bothAs(a, b, common);
  if (!operands)
    return std::nullopt;
  const ConstexprValue *x = &operands->first, *y = &operands->second;
  using Op = ast::BinaryOp;
  if (isHeldFloat(common)) {
    double p = x->floatValue, q = y->floatValue, r;
    switch (op) {
    case Op::Add: r = p + q; break;
    case Op::Sub: r = p - q; break;
    case Op::Mul: r = p * q; break;
    case Op::Div: r = p / q; break;
    default: return std::nullopt;
    }
    // In fp32 the operation runs in single precision, rounding once as
    // the GPU's add/sub/mul and correctly rounded division do.
    if (common == ScalarKind::F32) {
      float fp = float(p), fq = float(q);
      float fr = op == Op::Add ? fp + fq : op == Op::Sub ? fp - fq : op == Op::Mul ? fp * fq : fp / fq;
      r = double(fr);
    }
    return ConstexprValue::ofFloat(r);
  }
  if (common == ScalarKind::I1) {
    bool p = x->boolValue, q = y->boolValue;
    switch (op) {
    case Op::BitAnd: return ConstexprValue::ofBool(p && q);
    case Op::BitOr: return ConstexprValue::ofBool(p || q);
    case Op::BitXor: return ConstexprValue::ofBool(p != q);
    default: return std::nullopt;
    }
  }
  if (!isHeldInt(common))
    return std::nullopt;
  ConstInt p = x->intValue, q = y->intValue;
  unsigned bits = bitWidth(common);
  switch (op) {
  case Op::Add: return held(ConstInt(Wide(p) + Wide(q)), common);
  case Op::Sub: return held(ConstInt(Wide(p) - Wide(q)), common);
  case Op::Mul: return held(ConstInt(Wide(p) * Wide(q)), common);
  case Op::BitAnd: return held(p & q, common);
  case Op::BitOr: return held(p | q, common);
  case Op::BitXor: return held(p ^ q, common);
  case Op::FloorDiv:
  case Op::Mod: {
    // Triton divides tensors as C does: the quotient truncates and the
    // remainder takes the dividend's sign. Unsigned values are held
    // non-negative, so the same operators serve.
    if (q == 0 || (isSigned(common) && q == -1 && p == -(ConstInt(1) << (bits - 1))))
      return std::nullopt;
    return held(op == Op::FloorDiv ? p / q : p % q, common);
  }
  case Op::Shl:
    if (q < 0 || q >= ConstInt(bits))
      return std::nullopt;
    return held(ConstInt(Wide(p) << unsigned(q)), common);
  default: return std::nullopt; // `>>` follows Triton's own rule at run time
  }
}

std::optional<ConstexprValue> foldTensorCompare(ast::CompareOp op, const ConstexprValue &a, const ConstexprValue &b,
                                                ScalarKind common) {
  auto operands = bothAs(a, b, common);
  if (!operands)
    return std::nullopt;
  const ConstexprValue *x = &operands->first, *y = &operands->second;
  using Op = ast::CompareOp;
  if (isHeldFloat(common)) {
    double p = x->floatValue, q = y->floatValue;
    switch (op) {
    case Op::Lt: return ConstexprValue::ofBool(p < q);
    case Op::Le: return ConstexprValue::ofBool(p <= q);
    case Op::Gt: return ConstexprValue::ofBool(p > q);
    case Op::Ge: return ConstexprValue::ofBool(p >= q);
    case Op::Eq: return ConstexprValue::ofBool(p == q);
    case Op::Ne: return ConstexprValue::ofBool(p != q); // true beside a NaN, as `une`
    default: return std::nullopt;
    }
  }
  ConstInt p = asInt(*x), q = asInt(*y);
  switch (op) {
  case Op::Lt: return ConstexprValue::ofBool(p < q);
  case Op::Le: return ConstexprValue::ofBool(p <= q);
  case Op::Gt: return ConstexprValue::ofBool(p > q);
  case Op::Ge: return ConstexprValue::ofBool(p >= q);
  case Op::Eq: return ConstexprValue::ofBool(p == q);
  case Op::Ne: return ConstexprValue::ofBool(p != q);
  default: return std::nullopt;
  }
}

std::optional<ConstexprValue> foldTensorUnary(ast::UnaryOp op, const ConstexprValue &a, ScalarKind kind) {
  std::optional<ConstexprValue> x = convertTo(a, kind);
  if (!x)
    return std::nullopt;
  switch (op) {
  case ast::UnaryOp::Pos: return x;
  case ast::UnaryOp::Neg: // 0 - x, so -(0.0) is +0.0 as on the GPU
    if (isHeldFloat(kind))
      return ConstexprValue::ofFloat(kind == ScalarKind::F32 ? double(0.0f - float(x->floatValue))
                                                             : 0.0 - x->floatValue);
    if (kind == ScalarKind::I1)
      return x; // 0 - b is b in one bit
    return held(ConstInt(Wide(0) - Wide(x->intValue)), kind);
  case ast::UnaryOp::Invert:
    if (kind == ScalarKind::I1)
      return ConstexprValue::ofBool(!x->boolValue);
    if (!isHeldInt(kind))
      return std::nullopt;
    return held(~x->intValue, kind);
  case ast::UnaryOp::Not: return std::nullopt;
  }
  return std::nullopt;
}

} // namespace tritonc::sema
