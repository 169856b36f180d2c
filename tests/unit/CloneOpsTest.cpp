// Copies of ops with their regions (CloneOps.h), as loop versioning makes
// them: the copy's region reads its own arguments and results, values
// defined outside stay shared, and the mapping names every copy.
#include "tritonc/ir/CloneOps.h"

#include <catch2/catch.hpp>

#include <memory>

using namespace tritonc;
using tir::OpKind;

TEST_CASE("a cloned loop reads its own arguments and shares outside values", "[ir][clone]") {
  const Type i32 = Type::scalar(ElemType::scalar(ScalarKind::I32));
  const SourceRange loc = SourceRange::at(0, 0);
  tir::Block function;
  tir::Value *n = function.addArgument(i32, "n");
  tir::Builder b(function);
  tir::Value *zero = b.value(OpKind::Constant, {}, i32, loc, {{"value", int64_t(0)}});
  tir::Value *one = b.value(OpKind::Constant, {}, i32, loc, {{"value", int64_t(1)}});
  // for k in range(0, n): acc = acc + n
  tir::Op *loop = b.create(OpKind::For, {zero, n, one, zero}, {i32}, {}, loc);
  auto body = std::make_unique<tir::Block>();
  tir::Value *k = body->addArgument(i32, "k");
  tir::Value *acc = body->addArgument(i32, "acc");
  tir::Builder inner(*body);
  tir::Value *sum = inner.value(OpKind::AddI, {acc, n}, i32, loc);
  inner.create(OpKind::Yield, {sum}, {}, {}, loc);
  loop->regions.push_back(std::move(body));

  tir::ValueMapping mapping;
  tir::Op *copy = tir::cloneOp(b, *loop, mapping);
  REQUIRE(copy != loop);
  CHECK(copy->kind == OpKind::For);
  CHECK(copy->operands == loop->operands);
  REQUIRE(copy->regions.size() == 1);
  tir::Block &copied = *copy->regions[0];
  REQUIRE(copied.args.size() == 2);
  CHECK(copied.args[1]->nameHint == "acc");
  CHECK(mapping.at(k) == copied.args[0].get());
  CHECK(mapping.at(acc) == copied.args[1].get());
  REQUIRE(copied.ops.size() == 2);
  const tir::Op &add = *copied.ops.front();
  CHECK(&add != sum->definingOp());
  CHECK(add.parent == &copied);
  CHECK(add.operands[0] == copied.args[1].get());
  CHECK(add.operands[1] == n);
  CHECK(copied.ops.back()->operands[0] == add.result());
  CHECK(mapping.at(loop->result()) == copy->result());
  // The original is untouched.
  CHECK(loop->regions[0]->ops.front()->operands[0] == acc);
}
