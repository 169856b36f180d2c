// ptxas chooses each kernel's register count. For some kernels whose live
// values exceed even 255 registers it gives up on registers altogether
// (Liger's embedding backward: 128 loads in flight before 128 atomics;
// 32 registers and 5.7 KB of spills, 0.65x Triton's time, where 255
// registers spill 0.6 KB). When ptxas spilled while using fewer registers
// than the CTA size allows, tritonc assembles again with `.maxnreg` at that
// allowance and keeps whichever spilled less.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tritonc {

struct PtxasUsage {
  unsigned registers = 0;
  uint64_t spillStoreBytes = 0;
};

// What `ptxas -v` reported (the largest over the module's kernels), or
// nothing when its output holds no register count.
std::optional<PtxasUsage> parsePtxasUsage(const std::string &verboseOutput);

// `ptx` with `.maxnreg` set to the registers a thread may have when its
// CTA (`.reqntid`) fills the 64 K register file, when `usage` spilled below
// that; nothing when the PTX sets its own limit or there is nothing to gain.
std::optional<std::string> withFullRegisterBudget(const std::string &ptx, const PtxasUsage &usage);

} // namespace tritonc
