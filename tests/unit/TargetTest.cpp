#include "tritonc/support/Target.h"

#include <catch2/catch.hpp>

using tritonc::Target;

TEST_CASE("Target: only the supported arch names parse") {
  for (const std::string &name : Target::supportedNames()) {
    std::optional<Target> t = Target::parse(name);
    REQUIRE(t);
    CHECK(t->name() == name);
  }
  CHECK_FALSE(Target::parse("sm_70"));
  CHECK_FALSE(Target::parse("sm_100a"));
  CHECK_FALSE(Target::parse("sm_90b"));
  CHECK_FALSE(Target::parse("90a"));
  CHECK_FALSE(Target::parse(""));
}

TEST_CASE("Target: capabilities follow the SM version and the `a` suffix") {
  Target hopperA = *Target::parse("sm_90a"), hopper = *Target::parse("sm_90"), ada = *Target::parse("sm_89"),
         ampere = *Target::parse("sm_80"), ga10x = *Target::parse("sm_86");
  CHECK(hopperA.sm() == 90);
  CHECK(hopper.sm() == 90);
  CHECK(hopperA.hasWgmma());
  CHECK(hopperA.hasBulkTensorCopies());
  CHECK_FALSE(hopper.hasWgmma()); // wgmma needs the arch-specific target
  CHECK(hopper.hasStmatrix());
  CHECK_FALSE(ada.hasStmatrix());
  CHECK(ada.hasFp8Conversions());
  CHECK_FALSE(ampere.hasFp8Conversions());
  CHECK(hopper.hasBf16Atomics());
  CHECK_FALSE(ada.hasBf16Atomics());
  CHECK(hopperA.maxSharedBytes() == 232448);
  CHECK(ampere.maxSharedBytes() == 166912);
  CHECK(ga10x.maxSharedBytes() == 101376);
  CHECK(ada.maxSharedBytes() == 101376);
  CHECK(hopper.hasVectorAtomics());
  CHECK_FALSE(ada.hasVectorAtomics());
  CHECK(std::string(ada.ptxVersionFeature(false, false)) == "+ptx81");
  CHECK(std::string(hopperA.ptxVersionFeature(false, false)) == "+ptx80");
  CHECK(std::string(hopperA.ptxVersionFeature(false, true)) == "+ptx81");
  CHECK(std::string(ampere.ptxVersionFeature(true, false)) == "+ptx84");
  CHECK(Target::hopper().name() == "sm_90a");
}
