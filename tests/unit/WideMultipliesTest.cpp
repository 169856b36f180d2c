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

TEST_CASE("a product only added to a base on the next line becomes mad.wide", "[codegen][ptx]") {
  CHECK(splitWideMultiplies("\tmul.wide.s32 \t%rd27, %r10, 2;\n\tadd.s64 \t%rd2, %rd21, %rd27;\n") ==
        "\tmad.wide.s32 \t%rd2, %r10, 2, %rd21;\n");
  CHECK(splitWideMultiplies("\tmul.wide.u32 \t%rd3, %r4, 16;\n\tadd.s64 \t%rd5, %rd3, %rd1;\n") ==
        "\tmad.wide.u32 \t%rd5, %r4, 16, %rd1;\n");
  // Read again later: the product stays, split.
  CHECK(splitWideMultiplies("\tmul.wide.s32 \t%rd27, %r10, 2;\n\tadd.s64 \t%rd2, %rd21, %rd27;\n"
                            "\tadd.s64 \t%rd3, %rd22, %rd27;\n") ==
        "\tcvt.s64.s32 \t%rd27, %r10;\n\tshl.b64 \t%rd27, %rd27, 1;\n\tadd.s64 \t%rd2, %rd21, %rd27;\n"
        "\tadd.s64 \t%rd3, %rd22, %rd27;\n");
  // Added further on, or to itself, or added into its own register.
  for (const std::string kept :
       {"\tmul.wide.s32 \t%rd27, %r10, 2;\n\tmov.b32 \t%r1, 0;\n\tadd.s64 \t%rd2, %rd21, %rd27;\n",
        "\tmul.wide.s32 \t%rd27, %r10, 2;\n\tadd.s64 \t%rd2, %rd27, %rd27;\n",
        "\tmul.wide.s32 \t%rd27, %r10, 2;\n\tadd.s64 \t%rd27, %rd21, %rd27;\n"})
    CHECK(splitWideMultiplies(kept).find("mad.wide") == std::string::npos);
}

TEST_CASE("outside copy loops, a product read by many adds stays a mul.wide", "[codegen][ptx]") {
  std::string many = "\tmul.wide.u32 \t%rd395, %r138, 2;\n";
  for (int row = 0; row < 8; ++row)
    many += "\tadd.s64 \t%rd" + std::to_string(row) + ", %rd" + std::to_string(400 + row) + ", %rd395;\n";
  CHECK(splitWideMultiplies(many, false) == many);
  CHECK(splitWideMultiplies(many, true).find("\tshl.b64 \t%rd395, %rd395, 1;\n") != std::string::npos);
  // Read by four (a row offset added to input, weight and output bases): split.
  std::string few = "\tmul.wide.s32 \t%rd9, %r15, 2;\n";
  for (int row = 0; row < 4; ++row)
    few += "\tadd.s64 \t%rd" + std::to_string(row) + ", %rd" + std::to_string(400 + row) + ", %rd9;\n";
  CHECK(splitWideMultiplies(few, false).find("\tcvt.s64.s32 \t%rd9, %r15;\n\tshl.b64 \t%rd9, %rd9, 1;\n") == 0);
  // An add on the next line alone: fused either way.
  CHECK(splitWideMultiplies("\tmul.wide.s32 \t%rd27, %r10, 2;\n\tadd.s64 \t%rd2, %rd21, %rd27;\n", false) ==
        "\tmad.wide.s32 \t%rd2, %r10, 2, %rd21;\n");
}

TEST_CASE("outside copy loops, a product made in a loop and read twice stays a mul.wide", "[codegen][ptx]") {
  // A K and a V base plus one offset, in a loop (label, backward branch).
  auto loop = [](int reads) {
    std::string body = "$L__BB0_2:\n\tmul.wide.s32 \t%rd9, %r15, 2;\n";
    for (int r = 0; r < reads; ++r)
      body += "\tadd.s64 \t%rd" + std::to_string(r) + ", %rd" + std::to_string(400 + r) + ", %rd9;\n";
    return body + "\t@%p1 bra \t$L__BB0_2;\n";
  };
  CHECK(splitWideMultiplies(loop(2), false) == loop(2));
  CHECK(splitWideMultiplies(loop(2), true).find("\tshl.b64 \t%rd9, %rd9, 1;\n") != std::string::npos);
  // Read by four in the loop (the layer norm forward's column offset): split.
  CHECK(splitWideMultiplies(loop(4), false).find("\tcvt.s64.s32 \t%rd9, %r15;\n\tshl.b64 \t%rd9, %rd9, 1;\n") !=
        std::string::npos);
  // The same two reads after a forward branch only (no loop): split.
  std::string straight = "\t@%p1 bra \t$L__BB0_3;\n$L__BB0_3:\n\tmul.wide.s32 \t%rd9, %r15, 2;\n"
                         "\tadd.s64 \t%rd0, %rd400, %rd9;\n\tadd.s64 \t%rd1, %rd401, %rd9;\n";
  CHECK(splitWideMultiplies(straight, false).find("\tshl.b64 \t%rd9, %rd9, 1;\n") != std::string::npos);
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

TEST_CASE("joining undoes the split, and only a widening shifted in place", "[codegen][ptx]") {
  const std::string ptx = "\tadd.s32 \t%r3, %r1, %r2;\n"
                          "\tmul.wide.s32 \t%rd7, %r120, 2;\n"
                          "\tmul.wide.u32 \t%rd1, %r2, 16;\n"
                          "\tmul.wide.s32 \t%rd8, %r3, 6;\n"
                          "\tld.global.b32 \t%r4, [%rd7];\n";
  CHECK(splitWideMultiplies(ptx) != ptx);
  CHECK(joinWideMultiplies(splitWideMultiplies(ptx)) == ptx);
  const std::string kept = "\tcvt.s64.s32 \t%rd2, %r5;\n"
                           "\tshl.b64 \t%rd3, %rd2, 2;\n" // another destination: the widening stays live
                           "\tcvt.s64.s32 \t%rd4, %r6;\n"
                           "\tadd.s64 \t%rd4, %rd4, %rd3;\n" // not a shift
                           "\tcvt.u64.u32 \t%rd5, %r7;\n";  // the last line
  CHECK(joinWideMultiplies(kept) == kept);
  // Shifts by a register, by a long literal or by nothing are kept.
  for (const char *amount : {"%r9", "12345678901234567890", ""}) {
    std::string shifted = std::string("\tcvt.s64.s32 \t%rd2, %r5;\n\tshl.b64 \t%rd2, %rd2, ") + amount + ";\n";
    CHECK(joinWideMultiplies(shifted) == shifted);
  }
  // A widening right after an unjoined one is looked at too.
  CHECK(joinWideMultiplies("\tcvt.s64.s32 \t%rd2, %r5;\n\tcvt.s64.s32 \t%rd3, %r6;\n\tshl.b64 \t%rd3, %rd3, 3;\n") ==
        "\tcvt.s64.s32 \t%rd2, %r5;\n\tmul.wide.s32 \t%rd3, %r6, 8;\n");
}
