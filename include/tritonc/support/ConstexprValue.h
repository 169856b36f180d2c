// A compile-time value: what a `tl.constexpr` parameter, a module constant
// or a folded constant expression holds. Shared by the signature parser
// (which reads them from the command line) and sema (which folds them).
#pragma once

#include <cstdint>
#include <string>

namespace tritonc {

// Python's integers are unbounded; kernels use values past 64 bits only on
// the way to one that fits (`-1 * 2 ** 63`, `2 ** 64 - 1`), so compile-time
// integers are 128-bit, and a value becomes int32, uint32, int64 or uint64
// where it meets a tensor (or is refused there).
using ConstInt = __int128;

// `v` in decimal (fmt and std::to_string do not all take 128-bit values).
std::string intText(ConstInt v);

struct ConstexprValue {
  enum class Kind { Int, Float, Bool, String, DType, None };
  Kind kind = Kind::Int;
  ConstInt intValue = 0;
  double floatValue = 0;
  bool boolValue = false;
  std::string text; // String: the unquoted string; DType: canonical name, e.g. "float16"

  static ConstexprValue ofInt(ConstInt v) {
    ConstexprValue c;
    c.kind = Kind::Int;
    c.intValue = v;
    return c;
  }
  static ConstexprValue ofFloat(double v) {
    ConstexprValue c;
    c.kind = Kind::Float;
    c.floatValue = v;
    return c;
  }
  static ConstexprValue ofBool(bool v) {
    ConstexprValue c;
    c.kind = Kind::Bool;
    c.boolValue = v;
    return c;
  }
  static ConstexprValue ofString(std::string s) {
    ConstexprValue c;
    c.kind = Kind::String;
    c.text = std::move(s);
    return c;
  }
  static ConstexprValue ofDType(std::string s) {
    ConstexprValue c;
    c.kind = Kind::DType;
    c.text = std::move(s);
    return c;
  }
  static ConstexprValue none() {
    ConstexprValue c;
    c.kind = Kind::None;
    return c;
  }

  // As Python's repr would show it, for messages: 1024, 0.5, True, 'relu'.
  std::string repr() const;
  // As JSON: 1024, 0.5, true, "relu", "float16", null.
  std::string json() const;
};

} // namespace tritonc
