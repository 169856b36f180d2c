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

namespace {

struct SmLimits {
  unsigned warps, ctas, sharedBytes;
};

// Per SM: resident warps, resident CTAs, shared memory for CTAs (each CTA
// also takes 1 KB the system reserves).
SmLimits smLimitsOf(const std::string &arch) {
  if (arch.starts_with("sm_90"))
    return {64, 32, 228 * 1024};
  if (arch == "sm_86" || arch == "sm_89")
    return {48, arch == "sm_86" ? 16u : 24u, 100 * 1024};
  return {64, 32, 164 * 1024};
}

} // namespace

std::optional<std::string> withOccupancyStep(const std::string &ptx, const PtxasUsage &usage, int sharedBytes,
                                             const std::string &arch) {
  static const std::regex reqntid(R"(\n\.reqntid (\d+)\n)");
  std::smatch match;
  if (usage.spillStoreBytes != 0 || usage.registers == 0 || ptx.find("\n.maxnreg") != std::string::npos ||
      !std::regex_search(ptx, match, reqntid))
    return std::nullopt;
  unsigned warps = (unsigned(std::stoul(match[1])) + 31) / 32;
  SmLimits sm = smLimitsOf(arch);
  auto ctasWithRegisters = [&](unsigned registers) { return 65536 / (((registers + 7) / 8 * 8) * 32 * warps); };
  unsigned otherLimit = std::min(sm.warps / warps, sm.ctas);
  if (sharedBytes > 0)
    otherLimit = std::min(otherLimit, sm.sharedBytes / (unsigned(sharedBytes) + 1024));
  unsigned now = ctasWithRegisters(usage.registers);
  if (now >= otherLimit)
    return std::nullopt;
  unsigned step = std::min(255u, 65536 / ((now + 1) * 32 * warps) / 8 * 8);
  if (step < 32 || step * 8 < usage.registers * 7)
    return std::nullopt;
  std::string out = ptx;
  out.insert(size_t(match.position(0) + match.length(0)), ".maxnreg " + std::to_string(step) + "\n");
  return out;
}

} // namespace tritonc
