// Numbers Triton holds as 0-d tensors: their types and the tensor
// arithmetic they fold with.
#include "sema/TensorConstants.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace tritonc;
using namespace tritonc::sema;

namespace {
ConstexprValue i(ConstInt v) { return ConstexprValue::ofInt(v); }
ConstexprValue f(double v) { return ConstexprValue::ofFloat(v); }
ConstInt foldInt(ast::BinaryOp op, ConstInt a, ConstInt b, ScalarKind k) {
  std::optional<ConstexprValue> r = foldTensorBinary(op, i(a), i(b), k);
  REQUIRE(r.has_value());
  REQUIRE(r->kind == ConstexprValue::Kind::Int);
  return r->intValue;
}
} // namespace

TEST_CASE("to_tensor types numbers by value", "[tensor-constants]") {
  CHECK(tensorTypeOf(ConstexprValue::ofBool(true)) == ScalarKind::I1);
  CHECK(tensorTypeOf(i(-(ConstInt(1) << 31))) == ScalarKind::I32);
  CHECK(tensorTypeOf(i(ConstInt(1) << 31)) == ScalarKind::U32);
  CHECK(tensorTypeOf(i(ConstInt(1) << 32)) == ScalarKind::I64);
  CHECK(tensorTypeOf(i(ConstInt(1) << 63)) == ScalarKind::U64);
  CHECK_FALSE(tensorTypeOf(i(ConstInt(1) << 64)).has_value());
  CHECK(tensorTypeOf(f(0.1)) == ScalarKind::F32);
  CHECK(tensorTypeOf(f(0.0)) == ScalarKind::F32);
  CHECK(tensorTypeOf(f(INFINITY)) == ScalarKind::F32);
  // fp32 would make these subnormal or infinite: Triton keeps them in fp64.
  CHECK(tensorTypeOf(f(1e-40)) == ScalarKind::F64);
  CHECK(tensorTypeOf(f(1e39)) == ScalarKind::F64);
}

TEST_CASE("held integers wrap, divide and take remainders as tensors do", "[tensor-constants]") {
  using Op = ast::BinaryOp;
  CHECK(foldInt(Op::Add, INT32_MAX, 1, ScalarKind::I32) == INT32_MIN);
  CHECK(foldInt(Op::Mul, 1 << 20, 1 << 20, ScalarKind::I32) == 0);
  CHECK(foldInt(Op::FloorDiv, -7, 2, ScalarKind::I32) == -3); // Python: -4
  CHECK(foldInt(Op::Mod, -7, 2, ScalarKind::I32) == -1);      // Python: 1
  CHECK(foldInt(Op::Shl, 1, 31, ScalarKind::I32) == INT32_MIN);
  // ~(2^30 | 2^31) in uint32, FlagGems' lookback value mask.
  std::optional<ConstexprValue> kind = foldTensorBinary(Op::BitOr, i(1 << 30), i(ConstInt(1) << 31), ScalarKind::U32);
  REQUIRE(kind);
  std::optional<ConstexprValue> mask = foldTensorUnary(ast::UnaryOp::Invert, *kind, ScalarKind::U32);
  REQUIRE(mask);
  CHECK(mask->intValue == (1 << 30) - 1);
  CHECK(foldTensorUnary(ast::UnaryOp::Neg, i(INT32_MIN), ScalarKind::I32)->intValue == INT32_MIN);
}

TEST_CASE("held folding leaves undefined or run-time-only cases to the GPU", "[tensor-constants]") {
  using Op = ast::BinaryOp;
  CHECK_FALSE(foldTensorBinary(Op::FloorDiv, i(1), i(0), ScalarKind::I32));
  CHECK_FALSE(foldTensorBinary(Op::FloorDiv, i(INT32_MIN), i(-1), ScalarKind::I32));
  CHECK_FALSE(foldTensorBinary(Op::Shl, i(1), i(32), ScalarKind::I32));
  CHECK_FALSE(foldTensorBinary(Op::Shr, i(8), i(1), ScalarKind::I32));
  CHECK_FALSE(foldTensorBinary(Op::Mod, f(5.5), f(2.0), ScalarKind::F32));
}

TEST_CASE("held floats round in their own precision", "[tensor-constants]") {
  std::optional<ConstexprValue> sum = foldTensorBinary(ast::BinaryOp::Add, f(0.1), f(0.2), ScalarKind::F32);
  REQUIRE(sum);
  CHECK(sum->floatValue == double(0.1f + 0.2f));
  std::optional<ConstexprValue> wide = foldTensorBinary(ast::BinaryOp::Add, f(0.1), f(0.2), ScalarKind::F64);
  REQUIRE(wide);
  CHECK(wide->floatValue == 0.1 + 0.2);
  // An int32 beside an fp32 converts once, as cvt.rn does.
  std::optional<ConstexprValue> big = convertTo(i(16777217), ScalarKind::F32);
  REQUIRE(big);
  CHECK(big->floatValue == 16777216.0);
  CHECK(foldTensorUnary(ast::UnaryOp::Neg, f(0.0), ScalarKind::F32)->floatValue == 0.0);
  CHECK_FALSE(std::signbit(foldTensorUnary(ast::UnaryOp::Neg, f(0.0), ScalarKind::F32)->floatValue));
  CHECK(foldTensorCompare(ast::CompareOp::Ne, f(NAN), f(NAN), ScalarKind::F32)->boolValue);
  CHECK_FALSE(foldTensorCompare(ast::CompareOp::Eq, f(NAN), f(NAN), ScalarKind::F32)->boolValue);
}
