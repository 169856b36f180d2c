// ptxas chooses each kernel's register count. For some kernels whose live
// values exceed even 255 registers it gives up on registers altogether
// (Liger's embedding backward: 128 loads in flight before 128 atomics;
// 32 registers and 5.7 KB of spills, 0.65x Triton's time, where 255
// registers spill 0.6 KB). When ptxas spilled while using fewer registers
// than the CTA size allows, tritonc assembles again with `.maxnreg` at that
// allowance and keeps whichever spilled less.
//
// The other way round, a kernel that spills nothing may use a few registers
// more than lets one more CTA share an SM (FlagGems' matmul, 128x128x64
// tiles on 8 warps: 140 registers, one CTA an SM where 128 fit two; 0.91x
// Triton's time, 1.26x at 128). Where registers are what
// limits the CTAs an SM holds and the next step down is within an eighth,
// tritonc assembles again at that step and keeps it if it spills nothing:
// even 8 bytes of spills in a streaming loop cost more than a quarter more
// warps gain (Liger's KL divergence forward: 36 -> 32 registers, 0.91x).
// Not where the kernel asks the caches to keep what it loads
// (`eviction_policy="evict_last"`): it reads that data again, and more
// CTAs in flight push it out of L2 before then (FlagGems' two-pass softmax
// backward, 8192 x 4096 fp32: 36 -> 32 registers took 75% to 100%
// occupancy, the L2 hit rate down and 8% more time, H200 2026-11-27).
// Nor kept where ptxas, held to that step, serializes the wgmma instructions
// for want of registers (its C7512 note): an attention forward with
// head_dim 16 and 16 keys a step, held to 64 registers instead of 72, ran
// at 0.91x Triton's time where one CTA an SM is all there is; 0.99x
// without the step (H200, 2026-11-28).
#pragma once

#include "tritonc/support/Target.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tritonc {

struct PtxasUsage {
  unsigned registers = 0;
  uint64_t spillStoreBytes = 0;
  // ptxas issued some wgmma one at a time, short of registers to keep
  // several in flight.
  bool wgmmaSerialized = false;
};

// What `ptxas -v` reported (the largest over the module's kernels), or
// nothing when its output holds no register count.
std::optional<PtxasUsage> parsePtxasUsage(const std::string &verboseOutput);

// The most registers ptxas may give a thread of `ptx`'s kernel: its own
// `.maxnreg`, else what a CTA of its `.reqntid` threads may have on
// `target`; nothing when the PTX states neither.
std::optional<unsigned> registerCeiling(const std::string &ptx, const Target &target);

// `ptx` with `.maxnreg` set to the registers a thread may have when its
// CTA (`.reqntid`) fills `target`'s register file, when `usage` spilled
// below that; nothing when the PTX sets its own limit or there is nothing to
// gain.
std::optional<std::string> withFullRegisterBudget(const std::string &ptx, const PtxasUsage &usage,
                                                  const Target &target);

// `ptx` with `.maxnreg` at the largest register count that lets one more
// CTA of its `.reqntid` threads and `sharedBytes` of dynamic shared memory
// reside on an SM of `target`, when registers are the limit, that count
// is within an eighth of `usage`'s and no access asks to stay in the caches;
// nothing otherwise.
std::optional<std::string> withOccupancyStep(const std::string &ptx, const PtxasUsage &usage, int sharedBytes,
                                             const Target &target);

} // namespace tritonc
