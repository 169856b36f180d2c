// LLVM's NVPTX backend turns a sign-extended 32-bit index scaled by an
// element size into `mul.wide.s32 d, r, 2^k`. ptxas reads that as a product
// it may recompute at every use from the 32-bit register (an IMAD.WIDE
// writing a register pair), and in a pipelined loop it does: each
// asynchronous copy then waits on an IMAD.WIDE issued just before it
// (ncu: dispatch stalls, 19% of warp time on the fp16 4096^3 matmul, 6% in
// Triton's PTX, which writes the same offsets as a widening and a shift).
// Written as `cvt.s64.s32` + `shl.b64`, ptxas keeps the 64-bit offset and
// adds it: 265 -> 251 us at fixed clocks.
#include "tritonc/codegen/Codegen.h"

#include <bit>
#include <cstdint>
#include <sstream>

namespace tritonc {

namespace {

// The shift that multiplies by `text` when it is a power of two above 1.
int shiftOf(const std::string &text) {
  if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos)
    return -1;
  uint64_t value = std::stoull(text);
  return value >= 2 && std::has_single_bit(value) ? std::countr_zero(value) : -1;
}

} // namespace

std::string splitWideMultiplies(const std::string &ptx) {
  std::istringstream in(ptx);
  std::string out, line;
  out.reserve(ptx.size() + ptx.size() / 16);
  while (std::getline(in, line)) {
    // `\tmul.wide.s32 \t%rdD, %rS, C;` as the NVPTX printer writes it.
    for (const char *sign : {"s", "u"}) {
      std::string head = std::string("\tmul.wide.") + sign + "32 \t";
      if (line.compare(0, head.size(), head) != 0 || line.back() != ';')
        continue;
      std::string operands = line.substr(head.size(), line.size() - head.size() - 1);
      size_t first = operands.find(", "), second = operands.find(", ", first + 2);
      if (first == std::string::npos || second == std::string::npos)
        continue;
      std::string dst = operands.substr(0, first), src = operands.substr(first + 2, second - first - 2);
      int shift = shiftOf(operands.substr(second + 2));
      if (shift < 0 || dst.compare(0, 3, "%rd") != 0 || src.compare(0, 2, "%r") != 0)
        continue;
      line = std::string("\tcvt.") + sign + "64." + sign + "32 \t" + dst + ", " + src + ";\n\tshl.b64 \t" + dst + ", " +
             dst + ", " + std::to_string(shift) + ";";
      break;
    }
    out += line;
    out += '\n';
  }
  return out;
}

std::string joinWideMultiplies(const std::string &ptx) {
  std::istringstream in(ptx);
  std::string out, line, next;
  out.reserve(ptx.size());
  bool pending = false;
  while (pending || std::getline(in, line)) {
    pending = false;
    for (const char *sign : {"s", "u"}) {
      std::string head = std::string("\tcvt.") + sign + "64." + sign + "32 \t";
      if (line.compare(0, head.size(), head) != 0 || line.back() != ';')
        continue;
      std::string operands = line.substr(head.size(), line.size() - head.size() - 1);
      size_t comma = operands.find(", ");
      if (comma == std::string::npos)
        break;
      std::string dst = operands.substr(0, comma), src = operands.substr(comma + 2);
      if (!std::getline(in, next))
        break;
      std::string shl = "\tshl.b64 \t" + dst + ", " + dst + ", ";
      std::string amount = next.compare(0, shl.size(), shl) == 0 && next.back() == ';'
                               ? next.substr(shl.size(), next.size() - shl.size() - 1)
                               : "";
      bool literal = !amount.empty() && amount.size() <= 2 && amount.find_first_not_of("0123456789") == std::string::npos;
      int shift = literal ? std::stoi(amount) : 0;
      if (shift < 1 || shift > 30) {
        out += line;
        out += '\n';
        line = next;
        pending = true;
        break;
      }
      line = std::string("\tmul.wide.") + sign + "32 \t" + dst + ", " + src + ", " + std::to_string(1u << shift) + ";";
      break;
    }
    if (pending)
      continue;
    out += line;
    out += '\n';
  }
  return out;
}

} // namespace tritonc
