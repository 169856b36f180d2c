#include "tritonc/ir/PrintFormat.h"

namespace tritonc {

PrintedValue printedValue(const std::string &prefix, ScalarKind kind, bool hex, int operand) {
  PrintedValue p;
  p.label = prefix;
  while (!p.label.empty() && (p.label.back() == ' ' || p.label.back() == ':'))
    p.label.pop_back();
  if (operand >= 0)
    p.label += " (operand " + std::to_string(operand) + ")";
  p.wide = isInteger(kind) && bitWidth(kind) == 64;
  std::string length = p.wide ? "ll" : "";
  if (hex)
    p.conversion = "0x%" + length + "x";
  else if (isFloat(kind))
    p.conversion = "%f";
  else
    p.conversion = "%" + length + (isSigned(kind) || kind == ScalarKind::I1 ? "d" : "u");
  return p;
}

std::string printFormat(const PrintedValue &value, size_t rank) {
  std::string format = "pid (%u, %u, %u)";
  if (rank > 0) {
    format += " idx (";
    for (size_t d = 0; d < rank; ++d)
      format += d ? ", %u" : "%u";
    format += ")";
  }
  format += " ";
  for (char c : value.label) // a `%` of the prefix must not start a conversion
    format += c == '%' ? std::string("%%") : std::string(1, c);
  return format + ": " + value.conversion + "\n";
}

} // namespace tritonc
