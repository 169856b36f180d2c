// Triton's type promotion and Python's constexpr folding.
#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/sema/Promotion.h"

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {
ScalarKind promote(ScalarKind a, bool aScalar, ScalarKind b, bool bScalar, bool divOrMod = false) {
  std::string why;
  std::optional<ScalarKind> k = computationType({a, aScalar}, {b, bScalar}, divOrMod, why);
  REQUIRE(k.has_value());
  return *k;
}
} // namespace

TEST_CASE("tensors promote by kind, then width", "[promotion]") {
  CHECK(promote(ScalarKind::I32, false, ScalarKind::I64, false) == ScalarKind::I64);
  CHECK(promote(ScalarKind::I32, false, ScalarKind::U32, false) == ScalarKind::U32);
  CHECK(promote(ScalarKind::I64, false, ScalarKind::U32, false) == ScalarKind::I64);
  CHECK(promote(ScalarKind::F16, false, ScalarKind::I32, false) == ScalarKind::F16);
  // Triton's order: fp16 before bf16, so the pair is fp16; bf16 stays bf16
  // only beside bf16; two fp8 formats meet in fp16.
  CHECK(promote(ScalarKind::F16, false, ScalarKind::BF16, false) == ScalarKind::F16);
  CHECK(promote(ScalarKind::BF16, false, ScalarKind::I32, false) == ScalarKind::F32);
  CHECK(promote(ScalarKind::BF16, false, ScalarKind::BF16, false) == ScalarKind::BF16);
  CHECK(promote(ScalarKind::F8E4NV, false, ScalarKind::F8E5, false) == ScalarKind::F16);
  CHECK(promote(ScalarKind::F16, false, ScalarKind::F32, false) == ScalarKind::F32);
  CHECK(promote(ScalarKind::F64, false, ScalarKind::F32, false) == ScalarKind::F64);
}

TEST_CASE("half precision divides in fp32", "[promotion]") {
  CHECK(promote(ScalarKind::F16, false, ScalarKind::F16, false, true) == ScalarKind::F32);
  CHECK(promote(ScalarKind::BF16, false, ScalarKind::F32, true, true) == ScalarKind::F32);
}

TEST_CASE("python scalars of a lower or equal kind do not widen tensors", "[promotion]") {
  CHECK(promote(ScalarKind::I8, false, ScalarKind::I32, true) == ScalarKind::I8);
  CHECK(promote(ScalarKind::F16, false, ScalarKind::F32, true) == ScalarKind::F16);
  CHECK(promote(ScalarKind::F16, false, ScalarKind::I32, true) == ScalarKind::F16);
  // A Python int beside an unsigned tensor is of the same kind.
  CHECK(promote(ScalarKind::U8, false, ScalarKind::I32, true) == ScalarKind::U8);
  CHECK(promote(ScalarKind::BF16, false, ScalarKind::I32, true) == ScalarKind::BF16);
  // A float scalar is a higher kind than an integer tensor.
  CHECK(promote(ScalarKind::I32, false, ScalarKind::F32, true) == ScalarKind::F32);
}

TEST_CASE("mixed signedness division is an error", "[promotion]") {
  std::string why;
  CHECK_FALSE(computationType({ScalarKind::I32, false}, {ScalarKind::U32, false}, true, why).has_value());
  CHECK(why.find("cannot mix") != std::string::npos);
}

TEST_CASE("python ints become int32 when they fit", "[promotion]") {
  CHECK(pythonIntType(7, false) == ScalarKind::I32);
  CHECK(pythonIntType(-2147483648LL, false) == ScalarKind::I32);
  CHECK(pythonIntType(2147483648LL, false) == ScalarKind::U32);
  CHECK(pythonIntType(0xCD9E8D57LL, false) == ScalarKind::U32);
  CHECK(pythonIntType(4294967296LL, false) == ScalarKind::I64);
}

TEST_CASE("constexpr arithmetic follows Python", "[folding]") {
  std::string why;
  auto fold = [&](ast::BinaryOp op, int64_t a, int64_t b) {
    auto v = foldBinary(op, ConstexprValue::ofInt(a), ConstexprValue::ofInt(b), why);
    REQUIRE(v.has_value());
    return *v;
  };
  CHECK(fold(ast::BinaryOp::FloorDiv, -7, 2).intValue == -4);
  CHECK(fold(ast::BinaryOp::Mod, -7, 3).intValue == 2);
  CHECK(fold(ast::BinaryOp::Mod, 7, -3).intValue == -2);
  CHECK(fold(ast::BinaryOp::Div, 7, 2).kind == ConstexprValue::Kind::Float);
  CHECK(fold(ast::BinaryOp::Div, 7, 2).floatValue == 3.5);
  CHECK(fold(ast::BinaryOp::Pow, 2, 10).intValue == 1024);
  CHECK_FALSE(foldBinary(ast::BinaryOp::FloorDiv, ConstexprValue::ofInt(1), ConstexprValue::ofInt(0), why));
  CHECK(why == "division by zero in a compile-time expression");
  auto lt = foldCompare(ast::CompareOp::Lt, ConstexprValue::ofInt(3), ConstexprValue::ofFloat(3.5), why);
  REQUIRE(lt.has_value());
  CHECK(lt->boolValue);
  CHECK(truthy(ConstexprValue::ofString("x")));
  CHECK_FALSE(truthy(ConstexprValue::none()));
}
