// Attribute names: code names them by their spelling in Attributes.def
// (checked when it compiles); the `.tir` parser looks them up at run time.
#include "tritonc/ir/IR.h"

#include <catch2/catch.hpp>

using namespace tritonc;

TEST_CASE("an attribute name found at run time is the one code names at compile time", "[ir][attributes]") {
  std::optional<tir::AttrKey> axis = tir::AttrKey::named("axis");
  REQUIRE(axis);
  CHECK(*axis == tir::AttrKey("axis"));
  CHECK(axis->spelling() == "axis");
  CHECK_FALSE(*axis == tir::AttrKey("width"));
  CHECK(tir::AttrKey::named("volatile")->spelling() == "volatile"); // a C++ keyword as a name
  CHECK_FALSE(tir::AttrKey::named("axsi"));
  CHECK_FALSE(tir::AttrKey::named(""));
}

TEST_CASE("an op's attributes are read and replaced by name", "[ir][attributes]") {
  tir::Op op(tir::OpKind::AsyncWait, {});
  CHECK(op.attr("pending") == nullptr);
  op.setAttr("pending", int64_t(2));
  CHECK(op.intAttr("pending") == 2);
  op.setAttr("pending", int64_t(0));
  CHECK(op.intAttr("pending") == 0);
  CHECK(op.attrs.size() == 1);
}
