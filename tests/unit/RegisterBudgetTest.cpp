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
  CHECK_FALSE(parsePtxasUsage("ptxas fatal   : Unresolved extern function\n"));
}

TEST_CASE("a kernel that spilled below its CTA's register allowance gets that allowance") {
  PtxasUsage spilled{32, 5692};
  CHECK(withFullRegisterBudget(kernel(".reqntid 128\n"), spilled) == kernel(".reqntid 128\n.maxnreg 255\n"));
  CHECK(withFullRegisterBudget(kernel(".reqntid 512\n"), spilled) == kernel(".reqntid 512\n.maxnreg 128\n"));
  CHECK(withFullRegisterBudget(kernel(".reqntid 1024\n"), spilled) == kernel(".reqntid 1024\n.maxnreg 64\n"));
}

TEST_CASE("no budget where nothing spilled, the allowance is used or the PTX sets its own") {
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 128\n"), PtxasUsage{40, 0}));
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 1024\n"), PtxasUsage{64, 180}));
  CHECK_FALSE(withFullRegisterBudget(kernel(".reqntid 128\n.maxnreg 128\n"), PtxasUsage{128, 64}));
  CHECK_FALSE(withFullRegisterBudget(kernel(""), PtxasUsage{32, 64}));
}
