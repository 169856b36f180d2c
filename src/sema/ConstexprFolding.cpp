#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

#include <cmath>

namespace tritonc {

namespace {
using K = ConstexprValue::Kind;

bool isIntLike(const ConstexprValue &v) { return v.kind == K::Int || v.kind == K::Bool; }
bool isNumber(const ConstexprValue &v) { return isIntLike(v) || v.kind == K::Float; }
ConstInt asInt(const ConstexprValue &v) { return v.kind == K::Bool ? ConstInt(v.boolValue) : v.intValue; }
double asFloat(const ConstexprValue &v) { return v.kind == K::Float ? v.floatValue : double(asInt(v)); }

// Python's integers are unbounded; compile-time ones here have 128 bits
// (ConstexprValue.h), and a result past them is reported, not wrapped.
constexpr const char *kOverflow = "the result overflows 128-bit integers in a compile-time expression";
constexpr ConstInt kMinInt = ConstInt(1) << 127; // wraps to the most negative value

// x ** y by squaring; false on overflow.
bool power(ConstInt x, ConstInt y, ConstInt &out) {
  ConstInt result = 1, base = x;
  while (y > 0) {
    if ((y & 1) && __builtin_mul_overflow(result, base, &result))
      return false;
    y >>= 1;
    if (y > 0 && __builtin_mul_overflow(base, base, &base))
      return false;
  }
  out = result;
  return true;
}

// Python's floor division and modulo: the remainder takes the divisor's sign.
ConstInt floorDiv(ConstInt a, ConstInt b) {
  ConstInt q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
ConstInt floorMod(ConstInt a, ConstInt b) { return a - floorDiv(a, b) * b; }

std::string typeName(const ConstexprValue &v) {
  switch (v.kind) {
  case K::Int: return "int";
  case K::Float: return "float";
  case K::Bool: return "bool";
  case K::String: return "str";
  case K::DType: return "dtype";
  case K::None: return "NoneType";
  }
  return "";
}
} // namespace

bool truthy(const ConstexprValue &v) {
  switch (v.kind) {
  case K::Int: return v.intValue != 0;
  case K::Float: return v.floatValue != 0;
  case K::Bool: return v.boolValue;
  case K::String: return !v.text.empty();
  case K::DType: return true;
  case K::None: return false;
  }
  return false;
}

std::optional<ConstexprValue> foldBinary(ast::BinaryOp op, const ConstexprValue &a, const ConstexprValue &b,
                                         std::string &why) {
  using ast::BinaryOp;
  if (op == BinaryOp::Add && a.kind == K::String && b.kind == K::String)
    return ConstexprValue::ofString(a.text + b.text);
  if (!isNumber(a) || !isNumber(b)) {
    why = fmt::format("unsupported operand types for `{}`: `{}` and `{}`", ast::spelling(op), typeName(a), typeName(b));
    return std::nullopt;
  }
  bool ints = isIntLike(a) && isIntLike(b);
  if ((op == BinaryOp::Div || op == BinaryOp::FloorDiv || op == BinaryOp::Mod) && asFloat(b) == 0) {
    why = "division by zero in a compile-time expression";
    return std::nullopt;
  }
  if (ints) {
    ConstInt x = asInt(a), y = asInt(b), r = 0;
    auto checked = [&](bool overflowed) -> std::optional<ConstexprValue> {
      if (overflowed) {
        why = kOverflow;
        return std::nullopt;
      }
      return ConstexprValue::ofInt(r);
    };
    switch (op) {
    case BinaryOp::Add: return checked(__builtin_add_overflow(x, y, &r));
    case BinaryOp::Sub: return checked(__builtin_sub_overflow(x, y, &r));
    case BinaryOp::Mul: return checked(__builtin_mul_overflow(x, y, &r));
    case BinaryOp::Div: return ConstexprValue::ofFloat(double(x) / double(y));
    case BinaryOp::FloorDiv:
    case BinaryOp::Mod:
      if (x == kMinInt && y == -1) { // the one quotient that does not fit
        if (op == BinaryOp::Mod)
          return ConstexprValue::ofInt(0);
        return checked(true);
      }
      return ConstexprValue::ofInt(op == BinaryOp::FloorDiv ? floorDiv(x, y) : floorMod(x, y));
    case BinaryOp::BitAnd: return ConstexprValue::ofInt(x & y);
    case BinaryOp::BitOr: return ConstexprValue::ofInt(x | y);
    case BinaryOp::BitXor: return ConstexprValue::ofInt(x ^ y);
    case BinaryOp::Shl:
    case BinaryOp::Shr:
      if (y < 0 || y > 127) {
        why = "shift count " + intText(y) + " is outside 0..127";
        return std::nullopt;
      }
      if (op == BinaryOp::Shr)
        return ConstexprValue::ofInt(x >> int(y));
      r = ConstInt((unsigned __int128)x << int(y));
      return checked((r >> int(y)) != x);
    case BinaryOp::Pow:
      if (y >= 0)
        return checked(!power(x, y, r));
      return ConstexprValue::ofFloat(std::pow(double(x), double(y)));
    case BinaryOp::MatMul: break;
    }
  } else {
    double x = asFloat(a), y = asFloat(b);
    switch (op) {
    case BinaryOp::Add: return ConstexprValue::ofFloat(x + y);
    case BinaryOp::Sub: return ConstexprValue::ofFloat(x - y);
    case BinaryOp::Mul: return ConstexprValue::ofFloat(x * y);
    case BinaryOp::Div: return ConstexprValue::ofFloat(x / y);
    case BinaryOp::FloorDiv: return ConstexprValue::ofFloat(std::floor(x / y));
    case BinaryOp::Mod: {
      double r = std::fmod(x, y);
      if (r != 0 && ((r < 0) != (y < 0)))
        r += y;
      return ConstexprValue::ofFloat(r);
    }
    case BinaryOp::Pow: return ConstexprValue::ofFloat(std::pow(x, y));
    default: break;
    }
  }
  why = fmt::format("unsupported operand types for `{}`: `{}` and `{}`", ast::spelling(op), typeName(a), typeName(b));
  return std::nullopt;
}

std::optional<ConstexprValue> foldUnary(ast::UnaryOp op, const ConstexprValue &a, std::string &why) {
  if (op == ast::UnaryOp::Not)
    return ConstexprValue::ofBool(!truthy(a));
  if (isIntLike(a)) {
    ConstInt x = asInt(a);
    switch (op) {
    case ast::UnaryOp::Neg:
      if (x == kMinInt) {
        why = kOverflow;
        return std::nullopt;
      }
      return ConstexprValue::ofInt(-x);
    case ast::UnaryOp::Pos: return ConstexprValue::ofInt(x);
    case ast::UnaryOp::Invert: return ConstexprValue::ofInt(~x);
    default: break;
    }
  } else if (a.kind == K::Float && op != ast::UnaryOp::Invert) {
    return ConstexprValue::ofFloat(op == ast::UnaryOp::Neg ? -a.floatValue : a.floatValue);
  }
  why = fmt::format("bad operand type for unary `{}`: `{}`", ast::spelling(op), typeName(a));
  return std::nullopt;
}

std::optional<ConstexprValue> foldCompare(ast::CompareOp op, const ConstexprValue &a, const ConstexprValue &b,
                                          std::string &why) {
  using ast::CompareOp;
  bool result = false;
  if (isNumber(a) && isNumber(b)) {
    double x = asFloat(a), y = asFloat(b);
    bool ints = isIntLike(a) && isIntLike(b);
    ConstInt i = ints ? asInt(a) : 0, j = ints ? asInt(b) : 0;
    switch (op) {
    case CompareOp::Lt: result = ints ? i < j : x < y; break;
    case CompareOp::Le: result = ints ? i <= j : x <= y; break;
    case CompareOp::Gt: result = ints ? i > j : x > y; break;
    case CompareOp::Ge: result = ints ? i >= j : x >= y; break;
    case CompareOp::Eq:
    case CompareOp::Is: result = ints ? i == j : x == y; break;
    case CompareOp::Ne:
    case CompareOp::IsNot: result = ints ? i != j : x != y; break;
    default: why = fmt::format("`{}` needs a container on its right", ast::spelling(op)); return std::nullopt;
    }
    return ConstexprValue::ofBool(result);
  }
  bool same = a.kind == b.kind && a.text == b.text;
  switch (op) {
  case CompareOp::Eq:
  case CompareOp::Is: return ConstexprValue::ofBool(same);
  case CompareOp::Ne:
  case CompareOp::IsNot: return ConstexprValue::ofBool(!same);
  default: break;
  }
  if (a.kind == K::String && b.kind == K::String) {
    int c = a.text.compare(b.text);
    switch (op) {
    case CompareOp::Lt: return ConstexprValue::ofBool(c < 0);
    case CompareOp::Le: return ConstexprValue::ofBool(c <= 0);
    case CompareOp::Gt: return ConstexprValue::ofBool(c > 0);
    case CompareOp::Ge: return ConstexprValue::ofBool(c >= 0);
    case CompareOp::In: return ConstexprValue::ofBool(b.text.find(a.text) != std::string::npos);
    case CompareOp::NotIn: return ConstexprValue::ofBool(b.text.find(a.text) == std::string::npos);
    default: break;
    }
  }
  why = fmt::format("`{}` is not supported between `{}` and `{}`", ast::spelling(op), typeName(a), typeName(b));
  return std::nullopt;
}

} // namespace tritonc
