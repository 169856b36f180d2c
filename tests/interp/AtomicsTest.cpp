// Atomics apply lane after lane: eight lanes adding to one counter see the
// old values 0, 1, 2, ... in element order; masked-off lanes do nothing.
#include "KernelFixture.h"

#include <catch2/catch.hpp>

using namespace tritonc;
using namespace tritonc::interp;
using tir::OpKind;

TEST_CASE("atomic_rmw and atomic_cas run sequentially", "[interp][atomics]") {
  // counter += 1 from lanes 0..5 of 8; old values to olds[0..7]; then
  // cas(counter, 6, 100) with its old value to result[0].
  tir::Function f;
  f.name = "atomics";
  ElemType i32 = ElemType::scalar(ScalarKind::I32), pi32 = ElemType::pointerTo(ScalarKind::I32);
  tir::Value *counter = f.body.addArgument(Type::scalar(pi32), "counter");
  tir::Value *olds = f.body.addArgument(Type::scalar(pi32), "olds");
  tir::Value *result = f.body.addArgument(Type::scalar(pi32), "result");
  f.paramHints.resize(3);
  tir::Builder b(f.body);
  SourceRange loc{};
  Type lanes = Type::tensor(i32, {8});
  tir::Value *range = b.value(OpKind::MakeRange, {}, lanes, loc, {{"start", int64_t(0)}, {"end", int64_t(8)}});
  tir::Value *six = b.value(OpKind::Constant, {}, lanes, loc, {{"value", int64_t(6)}});
  tir::Value *mask = b.value(OpKind::CmpI, {range, six}, Type::tensor(ElemType::scalar(ScalarKind::I1), {8}), loc,
                             {{"predicate", std::string("slt")}});
  tir::Value *one = b.value(OpKind::Constant, {}, lanes, loc, {{"value", int64_t(1)}});
  tir::Value *same = b.value(OpKind::Splat, {counter}, Type::tensor(pi32, {8}), loc);
  tir::Value *old = b.value(OpKind::AtomicRMW, {same, one, mask}, lanes, loc, {{"kind", std::string("add")}});
  tir::Value *oldPtrs = b.value(OpKind::AddPtr, {b.value(OpKind::Splat, {olds}, Type::tensor(pi32, {8}), loc), range},
                                Type::tensor(pi32, {8}), loc);
  b.create(OpKind::Store, {oldPtrs, old}, {}, {}, loc);
  tir::Value *expected = b.value(OpKind::Constant, {}, Type::scalar(i32), loc, {{"value", int64_t(6)}});
  tir::Value *hundred = b.value(OpKind::Constant, {}, Type::scalar(i32), loc, {{"value", int64_t(100)}});
  tir::Value *casOld = b.value(OpKind::AtomicCAS, {counter, expected, hundred}, Type::scalar(i32), loc);
  b.create(OpKind::Store, {result, casOld}, {}, {}, loc);
  b.create(OpKind::Return, {}, {}, {}, loc);

  std::vector<HostBuffer> buffers{HostBuffer::of(ScalarKind::I32, std::vector<int32_t>{0}),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>(8, -1)),
                                  HostBuffer::of(ScalarKind::I32, std::vector<int32_t>{-1})};
  RunResult r = tritonc::testing::runOnce(f, buffers);
  INFO(r.error);
  REQUIRE(r.ok);
  CHECK(buffers[1].as<int32_t>() == std::vector<int32_t>{0, 1, 2, 3, 4, 5, 0, 0});
  CHECK(buffers[2].as<int32_t>() == std::vector<int32_t>{6});
  CHECK(buffers[0].as<int32_t>() == std::vector<int32_t>{100});
}
