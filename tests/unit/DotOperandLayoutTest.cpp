// The 16-bit A operand's fragment layout in the layout algebra, and the
// register renaming that lets an MMA accumulator feed it without shared
// memory.
#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <catch2/catch.hpp>

#include <map>

using namespace tritonc;

namespace {

Type withLayout(ScalarKind kind, std::vector<int64_t> shape, Layout layout) {
  Type t = Type::tensor(ElemType::scalar(kind), std::move(shape));
  t.layout = std::move(layout);
  return t;
}

Layout mma(std::vector<unsigned> warps) {
  Layout l;
  l.mma = MmaLayout{2, {16, 8, 16}, std::move(warps)};
  return l;
}

// A's (row, column) of a fragment layout's input.
std::pair<uint64_t, uint64_t> coordinate(const LinearLayout &l, uint64_t reg, uint64_t lane, uint64_t warp) {
  std::vector<uint64_t> c = l.unpackOut(l.apply({reg, lane, warp}));
  return {c[0], c[1]};
}

} // namespace

TEST_CASE("the A fragment is mma.sync's a0..a7 per 16x16 block", "[layout][dot-operand]") {
  LinearLayout l = mmaOperandALayout({32, 32}, {1, 1});
  for (uint64_t lane : {0u, 5u, 18u, 31u}) {
    uint64_t row = lane / 4, col = 2 * (lane % 4);
    using C = std::pair<uint64_t, uint64_t>;
    CHECK(coordinate(l, 0, lane, 0) == C{row, col});
    CHECK(coordinate(l, 1, lane, 0) == C{row, col + 1});
    CHECK(coordinate(l, 2, lane, 0) == C{row + 8, col});
    CHECK(coordinate(l, 3, lane, 0) == C{row + 8, col + 1});
    CHECK(coordinate(l, 4, lane, 0) == C{row, col + 8});
    CHECK(coordinate(l, 7, lane, 0) == C{row + 8, col + 9});
    // The next block along K, then the next along M.
    CHECK(coordinate(l, 8, lane, 0) == C{row, col + 16});
    CHECK(coordinate(l, 16, lane, 0) == C{row + 16, col});
  }
}

TEST_CASE("warps along the result's columns share A's rows", "[layout][dot-operand]") {
  LinearLayout l = mmaOperandALayout({64, 16}, {2, 2});
  // Warp ids count column warps fastest: warps 0 and 1 hold the same rows.
  CHECK(l.image(LayoutDim::Warp, 0) == 0);
  CHECK(coordinate(l, 0, 0, 2) == std::pair<uint64_t, uint64_t>{16, 0});
  // The thread's second block along M is 32 rows on (two row warps).
  CHECK(coordinate(l, 2 * 4, 0, 0) == std::pair<uint64_t, uint64_t>{32, 0});
}

TEST_CASE("an fp16 accumulator with its warps along M feeds A by renaming registers", "[layout][dot-operand]") {
  for (auto [rows, cols, warps] : {std::tuple{64, 32, 4u}, std::tuple{128, 64, 8u}, std::tuple{16, 64, 4u},
                                   std::tuple{128, 16, 4u}}) {
    Type a = withLayout(ScalarKind::F16, {rows, cols}, mma({warps, 1}));
    std::optional<std::vector<unsigned>> elements = operandAFromRegisters(a, mma({warps, 1}));
    REQUIRE(elements);
    LinearLayout held = *LinearLayout::of(a), wanted = mmaOperandALayout(a.shape, {warps, 1});
    REQUIRE(elements->size() == size_t(1) << wanted.inBits(LayoutDim::Register));
    // Every fragment register reads, in every thread, the element it wants.
    for (uint64_t warp = 0; warp < warps; ++warp)
      for (uint64_t lane = 0; lane < 32; ++lane)
        for (size_t j = 0; j < elements->size(); ++j)
          REQUIRE(held.apply({(*elements)[j], lane, warp}) == wanted.apply({j, lane, warp}));
    // The accumulator lists a thread's elements column-fastest: a block's
    // first two registers are one row's column pair.
    std::map<std::vector<unsigned>, size_t> position = perThreadPositions(a);
    CHECK((*elements)[0] == position.at({0, 0}));
    CHECK((*elements)[1] == position.at({0, 1}));
    CHECK((*elements)[2] == position.at({1, 0}));
    CHECK((*elements)[4] == position.at({0, 2}));
  }
}

TEST_CASE("A operands held otherwise are staged", "[layout][dot-operand]") {
  // Warps across the result's columns: each warp would need all of A's K.
  CHECK_FALSE(operandAFromRegisters(withLayout(ScalarKind::F16, {64, 32}, mma({2, 2})), mma({2, 2})));
  // A's warps split differently from the result's.
  CHECK_FALSE(operandAFromRegisters(withLayout(ScalarKind::F16, {64, 32}, mma({4, 1})), mma({2, 2})));
  // 32-bit elements: an m16k8 tf32 fragment is not the accumulator's.
  CHECK_FALSE(operandAFromRegisters(withLayout(ScalarKind::F32, {64, 32}, mma({4, 1})), mma({4, 1})));
  // A blocked tile, and a result that is not a tensor-core accumulator.
  CHECK_FALSE(operandAFromRegisters(withLayout(ScalarKind::F16, {64, 32}, defaultBlockedLayout({64, 32}, 8, 4)),
                                    mma({4, 1})));
  CHECK_FALSE(operandAFromRegisters(withLayout(ScalarKind::F16, {64, 32}, mma({4, 1})),
                                    defaultBlockedLayout({64, 64}, 4, 4)));
}
