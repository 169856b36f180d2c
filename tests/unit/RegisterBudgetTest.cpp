#include "RegisterBudget.h"

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {

const char *kReport = "ptxas info    : Compiling entry function 'k' for 'sm_90a'\n"
                      "ptxas info    : Function properties for k\n"
                      "    2416 bytes stack frame, 5692 bytes spill stores, 5672 bytes spill loads\n"
                      "ptxas info    : Used 32 registers, used 1 barriers, 2416 bytes cumulative stack size\n";

std::string kernel(const std::string &bounds) {
  return ".visible .entry k(\n\t.param .u64 p\n)\n" + bounds + "{\n\tret;\n}\n";
}

} // namespace

TEST_CASE("ptxas's report gives the registers and spill stores") {
  std::optional<PtxasUsage> usage = parsePtxasUsage(kReport);
  REQUIRE(usage);
  CHECK(usage->registers == 32);
  CHECK(usage->spillStoreBytes == 5692);
  CHECK_FALSE(usage->wgmmaSerialized);
  CHECK_FALSE(parsePtxasUsage("ptxas fatal   : Unresolved extern function\n"));
}

TEST_CASE("ptxas's note that it serialized wgmma for want of registers is read") {
  std::optional<PtxasUsage> usage = parsePtxasUsage(
      "ptxas info    : (C7512) Potential Performance Loss: wgmma.mma_async instructions are serialized due to "
      "insufficient register resources for the function 'k'\n"
      "ptxas info    : Used 64 registers, used 1 barriers\n");
  REQUIRE(usage);
  CHECK(usage->registers == 64);
  CHECK(usage->wgmmaSerialized);
}

TEST_CASE("a kernel that spilled below its CTA's register allowance gets that allowance") {
  PtxasUsage spilled{32, 5692};
  CHECK(withFullRegisterBudget(kernel(".reqntid 128\n"), spilled, Target::hopper()) ==
        kernel(".reqntid 128\n.maxnreg 255\n"));
  CHECK(withFullRegisterBudget(kernel(".reqntid 512\n"), spilled, Target::hopper()) ==
        kernel(".reqntid 512\n.maxnreg 128\n"));
  CHECK(withFullRegisterBudget(kernel(".reqntid 1024\n"), spilled, Target::hopper()) ==
        kernel(".reqntid 1024\n.maxnreg 64\n"));
}

TEST_CASE("no budget where nothing spilled, the allowance is used or the PTX sets its own") {
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 128\n"), PtxasUsage{40, 0}, Target::hopper()));
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 1024\n"), PtxasUsage{64, 180}, Target::hopper()));
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 128\n.maxnreg 128\n"), PtxasUsage{128, 64}, Target::hopper()));
  CHECK_FALSE(withFullRegisterBudget(kernel(""), PtxasUsage{32, 64}, Target::hopper()));
}

TEST_CASE("an occupancy step where a few registers fewer fit one more CTA an SM") {
  // 133 registers x 128 threads: 3 CTAs an SM; 128 fit 4.
  CHECK(withOccupancyStep(kernel(".reqntid 128\n"), PtxasUsage{133, 0}, 0, *Target::parse("sm_90a")) ==
        kernel(".reqntid 128\n.maxnreg 128\n"));
  // 140 x 256 threads: 1 CTA; 128 fit 2, and 2 x 96 KB of shared memory fit in 228 KB.
  CHECK(withOccupancyStep(kernel(".reqntid 256\n"), PtxasUsage{140, 0}, 96 * 1024, *Target::parse("sm_90a")) ==
        kernel(".reqntid 256\n.maxnreg 128\n"));
  // 72 x 256: 3 CTAs; 64 fit 4 (an eighth fewer: 63 would not do).
  CHECK(withOccupancyStep(kernel(".reqntid 256\n"), PtxasUsage{72, 0}, 0, *Target::parse("sm_80")) ==
        kernel(".reqntid 256\n.maxnreg 64\n"));
}

TEST_CASE("no occupancy step where registers do not limit, the step is far, or something spilled") {
  // sm_80's 164 KB of shared memory holds one CTA of 96 KB: registers are not the limit.
  CHECK_FALSE(withOccupancyStep(kernel(".reqntid 256\n"), PtxasUsage{120, 0}, 96 * 1024, *Target::parse("sm_80")));
  // 2 CTAs of 256 threads at 128 registers: 3 would need 85, far below.
  CHECK_FALSE(withOccupancyStep(kernel(".reqntid 256\n"), PtxasUsage{128, 0}, 0, *Target::parse("sm_90a")));
  // Two CTAs of 1024 threads would need 32 registers, far below 40.
  CHECK_FALSE(withOccupancyStep(kernel(".reqntid 1024\n"), PtxasUsage{40, 0}, 0, *Target::parse("sm_90a")));
  CHECK_FALSE(withOccupancyStep(kernel(".reqntid 128\n"), PtxasUsage{133, 16}, 0, *Target::parse("sm_90a")));
  CHECK_FALSE(
      withOccupancyStep(kernel(".reqntid 128\n.maxnreg 168\n"), PtxasUsage{133, 0}, 0, *Target::parse("sm_90a")));
  // A kernel that asks the caches to keep its loads reads them again.
  std::string keeps =
      kernel(".reqntid 256\n") + "ld.global.L1::evict_last.L2::cache_hint.v4.b32 {%r1, %r2, %r3, %r4}, [%rd1], %rd2;\n";
  CHECK(withOccupancyStep(kernel(".reqntid 256\n"), PtxasUsage{36, 0}, 64, *Target::parse("sm_90a")));
  CHECK_FALSE(withOccupancyStep(keeps, PtxasUsage{36, 0}, 64, *Target::parse("sm_90a")));
  CHECK_FALSE(withOccupancyStep(kernel(""), PtxasUsage{133, 0}, 0, *Target::parse("sm_90a")));
}

TEST_CASE("a kernel's register ceiling is its own .maxnreg, else what its CTA size allows") {
  CHECK(registerCeiling(kernel(".reqntid 256\n"), Target::hopper()) == 255u);
  CHECK(registerCeiling(kernel(".reqntid 512\n"), Target::hopper()) == 128u);
  CHECK(registerCeiling(kernel(".reqntid 384\n"), Target::hopper()) == 168u);
  CHECK(registerCeiling(kernel(".reqntid 256\n.maxnreg 200\n"), Target::hopper()) == 200u);
  CHECK_FALSE(registerCeiling(kernel(""), Target::hopper()));
}
