#include "RegisterBudget.h"

#include <algorithm>
#include <regex>

namespace tritonc {

std::optional<PtxasUsage> parsePtxasUsage(const std::string &verboseOutput) {
  static const std::regex registers(R"(Used (\d+) registers)"), spills(R"((\d+) bytes spill stores)");
  std::optional<PtxasUsage> usage;
  for (std::sregex_iterator it(verboseOutput.begin(), verboseOutput.end(), registers), end; it != end; ++it) {
    usage = usage.value_or(PtxasUsage{});
    usage->registers = std::max(usage->registers, unsigned(std::stoul((*it)[1])));
  }
  if (usage)
    for (std::sregex_iterator it(verboseOutput.begin(), verboseOutput.end(), spills), end; it != end; ++it)
      usage->spillStoreBytes = std::max<uint64_t>(usage->spillStoreBytes, std::stoull((*it)[1]));
  return usage;
}

std::optional<std::string> withFullRegisterBudget(const std::string &ptx, const PtxasUsage &usage) {
  static const std::regex reqntid(R"(\n\.reqntid (\d+)\n)");
  std::smatch match;
  if (usage.spillStoreBytes == 0 || ptx.find("\n.maxnreg") != std::string::npos ||
      !std::regex_search(ptx, match, reqntid))
    return std::nullopt;
  unsigned threads = unsigned(std::stoul(match[1]));
  // Registers are allocated to warps in multiples of 8 per thread.
  unsigned budget = std::min(255u, 65536u / std::max(threads, 32u) / 8 * 8);
  if (usage.registers >= budget)
    return std::nullopt;
  std::string out = ptx;
  out.insert(size_t(match.position(0) + match.length(0)), ".maxnreg " + std::to_string(budget) + "\n");
  return out;
}

} // namespace tritonc
