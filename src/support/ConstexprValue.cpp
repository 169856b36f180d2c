#include "tritonc/support/ConstexprValue.h"

#include <fmt/format.h>

namespace tritonc {

namespace {
std::string floatText(double v) {
  std::string s = fmt::format("{}", v);
  if (s.find_first_of(".eEn") == std::string::npos) // keep it a float: 2 -> 2.0
    s += ".0";
  return s;
}

std::string jsonQuoted(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\';
    if ((unsigned char)c < 0x20)
      out += fmt::format("\\u{:04x}", c);
    else
      out += c;
  }
  return out + "\"";
}
} // namespace

std::string intText(ConstInt v) {
  bool negative = v < 0;
  unsigned __int128 magnitude = negative ? 0 - (unsigned __int128)v : (unsigned __int128)v;
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + int(magnitude % 10)));
    magnitude /= 10;
  } while (magnitude != 0);
  return negative ? "-" + digits : digits;
}

std::string ConstexprValue::repr() const {
  switch (kind) {
  case Kind::Int: return intText(intValue);
  case Kind::Float: return floatText(floatValue);
  case Kind::Bool: return boolValue ? "True" : "False";
  case Kind::String: return "'" + text + "'";
  case Kind::DType: return "tl." + text;
  case Kind::None: return "None";
  }
  return "";
}

std::string ConstexprValue::json() const {
  switch (kind) {
  case Kind::Int: return intText(intValue);
  case Kind::Float: return floatText(floatValue);
  case Kind::Bool: return boolValue ? "true" : "false";
  case Kind::String:
  case Kind::DType: return jsonQuoted(text);
  case Kind::None: return "null";
  }
  return "";
}

} // namespace tritonc
