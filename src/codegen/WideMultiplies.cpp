// LLVM's NVPTX backend turns a sign-extended 32-bit index scaled by an
// element size into `mul.wide.s32 d, r, 2^k`. ptxas reads that as a product
// it may recompute at every use from the 32-bit register (an IMAD.WIDE
// writing a register pair), and in a pipelined loop it does: each
// asynchronous copy then waits on an IMAD.WIDE issued just before it
// (ncu: dispatch stalls, 19% of warp time on the fp16 4096^3 matmul, 6% in
// Triton's PTX, which writes the same offsets as a widening and a shift).
// Written as `cvt.s64.s32` + `shl.b64`, ptxas keeps the 64-bit offset and
// adds it: 265 -> 251 us at fixed clocks.
//
// Where the product is only added to a base on the next line, the two
// become one `mad.wide.s32`, as Triton's PTX writes them: the three
// instructions of a widening, a shift and an add before each copy
// lengthened the pipelined loop of a matmul whose A is stored [K, M]
// (126 SASS instructions against Triton's 118, 66 of them between its
// first two HGMMAs against 22) and cost 9% of its time, 253 -> 235 us on an
// H200 (Triton 232).
//
// Outside kernels whose copies wait on them, a product read by a few adds
// is split and one read by many is not. The layer norm sample's three row
// offsets, read two to four times each, all split: 44.8 -> 41.3 us on an
// H200 (42.9 with the one read four times kept, 45.3 with only the one
// read across the loop split). Liger's embedding lookup adds one offset
// to 8 row bases at once; split, the 64-bit value it keeps live takes
// ptxas from 166 registers to 194.
//
// Nor is one made in a loop and read by two adds at most: split, its
// widening and shift come back every iteration. A grouped-query attention
// forward adding each to a K and a V base (no cp.async) ran 0.89-0.92x
// Triton split, 1.00x not; the layer norm sample's dW/dB kernel
// 36.8 -> 25.7 us. The layer norm forward's loop product, read by four
// adds, runs 3% faster split (H200).
//
// Both bounds are where these kernels put them, not a model of ptxas.
#include "tritonc/codegen/Codegen.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <sstream>
#include <unordered_map>
#include <vector>

namespace tritonc {

namespace {

// The shift that multiplies by `text` when it is a power of two above 1.
int shiftOf(const std::string &text) {
  if (text.empty() || text.size() > 10 || text.find_first_not_of("0123456789") != std::string::npos)
    return -1;
  uint64_t value = std::stoull(text);
  return value >= 2 && std::has_single_bit(value) ? std::countr_zero(value) : -1;
}

constexpr unsigned kMostReadsSplitAnywhere = 4;
constexpr unsigned kMostReadsKeptInLoops = 2;

// How many times each 64-bit register is named in `ptx`.
std::unordered_map<std::string, unsigned> wideRegisterMentions(const std::string &ptx) {
  std::unordered_map<std::string, unsigned> mentions;
  for (size_t at = ptx.find("%rd"); at != std::string::npos; at = ptx.find("%rd", at + 3)) {
    size_t end = at + 3;
    while (end < ptx.size() && ptx[end] >= '0' && ptx[end] <= '9')
      ++end;
    if (end > at + 3)
      ++mentions[ptx.substr(at, end - at)];
  }
  return mentions;
}

// The `count` operands of `line` when it is the instruction `head` (its
// opcode and the tab after it, as the NVPTX printer writes them: `\tOP \tA,
// B;`); none for any other line.
std::optional<std::vector<std::string>> operandsOf(const std::string &line, const std::string &head, size_t count) {
  if (line.compare(0, head.size(), head) != 0 || line.back() != ';')
    return std::nullopt;
  std::vector<std::string> operands;
  for (size_t at = head.size(), end; operands.size() < count; at = end + 2) {
    end = operands.size() + 1 == count ? line.size() - 1 : line.find(", ", at);
    if (end == std::string::npos || end < at)
      return std::nullopt;
    operands.push_back(line.substr(at, end - at));
  }
  return operands;
}

// The other addend of `\tadd.s64 \t%rdZ, X, Y;` when one of X, Y is
// `product`, with the sum's register; none otherwise.
std::optional<std::pair<std::string, std::string>> addendOf(const std::string &line, const std::string &product) {
  std::optional<std::vector<std::string>> add = operandsOf(line, "\tadd.s64 \t", 3);
  if (!add)
    return std::nullopt;
  const std::string &sum = (*add)[0], &x = (*add)[1], &y = (*add)[2];
  if (x == product && y != product && y.compare(0, 3, "%rd") == 0)
    return std::pair{sum, y};
  if (y == product && x != product && x.compare(0, 3, "%rd") == 0)
    return std::pair{sum, x};
  return std::nullopt;
}

// For each line, whether it lies in a loop: between a label and a later
// branch back to it.
std::vector<bool> linesInLoops(const std::vector<std::string> &lines) {
  std::unordered_map<std::string, size_t> labels;
  std::vector<bool> inLoop(lines.size(), false);
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string &line = lines[i];
    if (line.compare(0, 3, "$L_") == 0 && line.back() == ':') {
      labels[line.substr(0, line.size() - 1)] = i;
      continue;
    }
    size_t bra = line.find("bra");
    if (bra == std::string::npos || line.back() != ';')
      continue;
    size_t target = line.find("$L_", bra);
    if (target == std::string::npos)
      continue;
    auto label = labels.find(line.substr(target, line.size() - 1 - target));
    if (label != labels.end())
      std::fill(inLoop.begin() + std::ptrdiff_t(label->second), inLoop.begin() + std::ptrdiff_t(i) + 1, true);
  }
  return inLoop;
}

} // namespace

std::string splitWideMultiplies(const std::string &ptx, bool splitEverywhere) {
  std::vector<std::string> lines;
  {
    std::istringstream in(ptx);
    for (std::string line; std::getline(in, line);)
      lines.push_back(std::move(line));
  }
  std::unordered_map<std::string, unsigned> mentions = wideRegisterMentions(ptx);
  std::vector<bool> inLoop = linesInLoops(lines);
  std::string out;
  out.reserve(ptx.size() + ptx.size() / 16);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string line = lines[i];
    // `\tmul.wide.s32 \t%rdD, %rS, C;` as the NVPTX printer writes it.
    for (const char *sign : {"s", "u"}) {
      std::optional<std::vector<std::string>> mul = operandsOf(line, std::string("\tmul.wide.") + sign + "32 \t", 3);
      if (!mul)
        continue;
      const std::string dst = (*mul)[0], src = (*mul)[1], factor = (*mul)[2];
      int shift = shiftOf(factor);
      if (shift < 0 || dst.compare(0, 3, "%rd") != 0 || src.compare(0, 2, "%r") != 0)
        continue;
      // Named only here and by the add on the next line: nothing else
      // reads the product, so it need not exist on its own.
      std::optional<std::pair<std::string, std::string>> add;
      unsigned reads = mentions[dst] - 1;
      if (i + 1 < lines.size() && reads == 1)
        add = addendOf(lines[i + 1], dst);
      if (add) {
        line = std::string("\tmad.wide.") + sign + "32 \t" + add->first + ", " + src + ", " + factor + ", " +
               add->second + ";";
        ++i;
        break;
      }
      if (!splitEverywhere && (reads > kMostReadsSplitAnywhere || (inLoop[i] && reads <= kMostReadsKeptInLoops)))
        break;
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
      std::optional<std::vector<std::string>> cvt =
          operandsOf(line, std::string("\tcvt.") + sign + "64." + sign + "32 \t", 2);
      if (!cvt)
        continue;
      const std::string dst = (*cvt)[0], src = (*cvt)[1];
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
