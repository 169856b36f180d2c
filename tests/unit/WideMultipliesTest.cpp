// The PTX rewrite of power-of-two `mul.wide` into a widening and a shift.
#include "tritonc/codegen/Codegen.h"

#include <catch2/catch.hpp>

using namespace tritonc;

TEST_CASE("a widening multiply by a power of two becomes cvt and shl.b64", "[codegen][ptx]") {
  CHECK(splitWideMultiplies("\tmul.wide.s32 \t%rd7, %r120, 2;\n") ==
        "\tcvt.s64.s32 \t%rd7, %r120;\n\tshl.b64 \t%rd7, %rd7, 1;\n");
  CHECK(splitWideMultiplies("\tmul.wide.u32 \t%rd1, %r2, 16;\n") ==
        "\tcvt.u64.u32 \t%rd1, %r2;\n\tshl.b64 \t%rd1, %rd1, 4;\n");
}

TEST_CASE("other lines and other multiplies are kept", "[codegen][ptx]") {
  const std::string kept = "\tmul.wide.s32 \t%rd7, %r120, 6;\n" // not a power of two
                           "\tmul.wide.s32 \t%rd8, %r1, %r2;\n" // not a constant
                           "\tmul.wide.s32 \t%rd9, %r3, 1;\n"   // the identity: left to ptxas
                           "\tmul.wide.s16 \t%r4, %rs1, 2;\n"   // a 16-bit source
                           "\tmul.lo.s32 \t%r5, %r6, 2;\n"
                           "// mul.wide.s32 \t%rd1, %r1, 2;\n"
                           ".visible .entry k()\n";
  CHECK(splitWideMultiplies(kept) == kept);
}
