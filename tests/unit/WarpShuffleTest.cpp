// Which layout conversions stay inside warps, and the shuffles that do them.
#include "tritonc/ir/WarpShuffle.h"
#include "tritonc/ir/ThreadMapping.h"

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {

Type withLayout(std::vector<int64_t> shape, BlockedLayout blocked, std::vector<unsigned> slicedDims = {}) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F32), std::move(shape));
  t.layout = Layout{std::move(blocked), std::nullopt, std::move(slicedDims)};
  return t;
}

BlockedLayout oneElementPerLane() { return {{1}, {32}, {4}, {0}}; }
BlockedLayout rowsOfEightLanes(unsigned perThread) { return {{1, perThread}, {4, 8}, {4, 1}, {1, 0}}; }

} // namespace

TEST_CASE("a vector every warp holds whole: one shuffle per element, lanes as an affine map", "[warp-shuffle]") {
  // 32 elements, one per lane, to 4 consecutive elements in each of 8 lanes
  // (a slice of a [4 x 32] tile): lane l reads element 4*(l%8)+j from lane
  // 4*(l%8)+j, always its only element.
  Type from = withLayout({32}, oneElementPerLane());
  Type to = withLayout({32}, rowsOfEightLanes(4), {0});
  std::optional<WarpShufflePlan> plan = warpShufflePlan(from, to);
  REQUIRE(plan);
  REQUIRE(plan->reads.size() == 4);
  for (unsigned j = 0; j < 4; ++j) {
    const WarpShufflePlan::Read &read = plan->reads[j];
    CHECK(read.sourceElement == 0);
    CHECK(read.laneBase == j);
    CHECK(read.laneBits[0] == 4);
    CHECK(read.laneBits[1] == 8);
    CHECK(read.laneBits[2] == 16);
    CHECK(read.laneBits[3] == 0);
    CHECK(read.laneBits[4] == 0);
  }
}

TEST_CASE("conversions that cross warps or need per-lane element choices go through shared memory", "[warp-shuffle]") {
  // 64 elements over 4 warps of 32 lanes: warp 1 holds 32..63 but needs 0..63.
  CHECK_FALSE(warpShufflePlan(withLayout({64}, oneElementPerLane()), withLayout({64}, rowsOfEightLanes(8), {0})));
  // Rows stay in their warps, but lane l needs column l, held by lane l/2
  // as its element l%2: the element to send would differ between lanes.
  Type pairs = withLayout({4, 64}, {{1, 2}, {1, 32}, {4, 1}, {1, 0}});
  Type singles = withLayout({4, 64}, {{1, 1}, {1, 32}, {4, 1}, {1, 0}});
  CHECK_FALSE(warpShufflePlan(pairs, singles));
}

TEST_CASE("layouts that place every element alike only rename registers, at any size", "[warp-shuffle]") {
  auto mma = [](unsigned version, std::vector<unsigned> instr, std::vector<unsigned> slicedDims = {}) {
    Type t = Type::tensor(ElemType::scalar(ScalarKind::F32),
                          slicedDims.empty() ? std::vector<int64_t>{128, 128} : std::vector<int64_t>{128});
    t.layout = Layout{{}, MmaLayout{version, std::move(instr), {4, 1}}, std::move(slicedDims)};
    return t;
  };
  // A wgmma accumulator (128 elements a thread, past the shuffles' limit)
  // read as an mma.sync one: the same registers.
  std::optional<WarpShufflePlan> whole = warpShufflePlan(mma(3, {64, 128, 16}), mma(2, {16, 8, 16}));
  REQUIRE(whole);
  CHECK(whole->renamesOnly());
  REQUIRE(whole->reads.size() == 128);
  for (unsigned j = 0; j < 128; ++j)
    CHECK(whole->reads[j].sourceElement == j);
  // Rows of two wgmma accumulators of different widths: each row lives in a
  // quad of lanes under both, and every lane keeps its own copy.
  std::optional<WarpShufflePlan> rows = warpShufflePlan(mma(3, {64, 64, 16}, {1}), mma(3, {64, 128, 16}, {1}));
  REQUIRE(rows);
  CHECK(rows->renamesOnly());
  // Moving a vector between lanes is not a renaming.
  Type from = withLayout({32}, oneElementPerLane());
  Type to = withLayout({32}, rowsOfEightLanes(4), {0});
  std::optional<WarpShufflePlan> moves = warpShufflePlan(from, to);
  REQUIRE(moves);
  CHECK_FALSE(moves->renamesOnly());
}

TEST_CASE("a renaming lists each register of the new order where the old one holds it", "[warp-shuffle]") {
  // Lanes and warps along dim 0 only, so the order changes only how a
  // thread lists its 128 elements: dim 1 fastest, then dim 0 fastest.
  Type rows = withLayout({256, 64}, {{2, 2}, {32, 1}, {4, 1}, {1, 0}});
  Type columns = withLayout({256, 64}, {{2, 2}, {32, 1}, {4, 1}, {0, 1}});
  std::optional<WarpShufflePlan> plan = warpShufflePlan(rows, columns);
  REQUIRE(plan);
  CHECK(plan->renamesOnly());
  std::map<std::vector<unsigned>, size_t> heldAt = perThreadPositions(rows);
  std::vector<std::vector<unsigned>> wanted = perThreadIndices(columns);
  REQUIRE(plan->reads.size() == wanted.size());
  REQUIRE(wanted.size() == 128);
  CHECK(plan->reads[1].sourceElement != 1); // a real permutation
  for (size_t j = 0; j < wanted.size(); ++j)
    CHECK(plan->reads[j].sourceElement == heldAt.at(wanted[j]));
}
