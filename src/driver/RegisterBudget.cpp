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
  if (usage) {
    for (std::sregex_iterator it(verboseOutput.begin(), verboseOutput.end(), spills), end; it != end; ++it)
      usage->spillStoreBytes = std::max<uint64_t>(usage->spillStoreBytes, std::stoull((*it)[1]));
    usage->wgmmaSerialized = verboseOutput.find("wgmma.mma_async instructions are serialized") != std::string::npos;
  }
  return usage;
}

namespace {

// The kernel's `.reqntid` (its threads a CTA) and where it ends, when the
// PTX sets no register limit of its own.
struct CtaSize {
  unsigned threads;
  size_t end;
};

std::optional<CtaSize> ctaSizeWithoutLimit(const std::string &ptx) {
  static const std::regex reqntid(R"(\n\.reqntid (\d+)\n)");
  std::smatch match;
  if (ptx.find("\n.maxnreg") != std::string::npos || !std::regex_search(ptx, match, reqntid))
    return std::nullopt;
  return CtaSize{unsigned(std::stoul(match[1])), size_t(match.position(0) + match.length(0))};
}

std::string withMaxnreg(const std::string &ptx, const CtaSize &cta, unsigned registers) {
  std::string out = ptx;
  out.insert(cta.end, ".maxnreg " + std::to_string(registers) + "\n");
  return out;
}

} // namespace

std::optional<unsigned> registerCeiling(const std::string &ptx, const Target &target) {
  static const std::regex maxnreg(R"(\n\.maxnreg (\d+)\n)");
  static const std::regex reqntid(R"(\n\.reqntid (\d+)\n)");
  std::smatch match;
  if (std::regex_search(ptx, match, maxnreg))
    return unsigned(std::stoul(match[1]));
  if (std::regex_search(ptx, match, reqntid))
    return target.mostRegistersPerThread(std::max(unsigned(std::stoul(match[1])), 32u));
  return std::nullopt;
}

std::optional<std::string> withFullRegisterBudget(const std::string &ptx, const PtxasUsage &usage,
                                                  const Target &target) {
  std::optional<CtaSize> cta = ctaSizeWithoutLimit(ptx);
  if (usage.spillStoreBytes == 0 || !cta)
    return std::nullopt;
  unsigned budget = target.mostRegistersPerThread(std::max(cta->threads, 32u));
  if (usage.registers >= budget)
    return std::nullopt;
  return withMaxnreg(ptx, *cta, budget);
}

std::optional<std::string> withOccupancyStep(const std::string &ptx, const PtxasUsage &usage, int sharedBytes,
                                             const Target &target) {
  std::optional<CtaSize> cta = ctaSizeWithoutLimit(ptx);
  if (usage.spillStoreBytes != 0 || usage.registers == 0 || !cta || ptx.find("::evict_last") != std::string::npos)
    return std::nullopt;
  unsigned warps = (cta->threads + 31) / 32;
  unsigned otherLimit = std::min(target.residentWarpsPerSm() / warps, target.residentBlocksPerSm());
  if (sharedBytes > 0)
    otherLimit = std::min(otherLimit, target.ctasBySharedMemory(uint64_t(sharedBytes)));
  unsigned now = target.ctasByRegisters(usage.registers, 32 * warps);
  if (now >= otherLimit)
    return std::nullopt;
  unsigned step = target.mostRegistersPerThread((now + 1) * 32 * warps);
  if (step < 32 || step * 8 < usage.registers * 7)
    return std::nullopt;
  return withMaxnreg(ptx, *cta, step);
}

} // namespace tritonc
