// Reshapes that only rename registers: the layout chosen for the other
// shape, and the register map, against element coordinates worked by hand.
#include "tritonc/ir/ReshapeLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {

Layout blocked(BlockedLayout b) { return Layout{std::move(b), std::nullopt, {}}; }

Type laidOut(std::vector<int64_t> shape, const Layout &layout) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::BF16), std::move(shape));
  t.layout = layout;
  return t;
}

} // namespace

TEST_CASE("a scale broadcast over 32-element groups of K reshapes into the tile's layout", "[reshape]") {
  // The tile: 16 elements of a row per thread, 8 lanes along a row, 4 rows a
  // warp, 8 warps down. A thread's 16 columns sit inside one 32-group.
  Layout tile = blocked({{1, 16}, {4, 8}, {8, 1}, {1, 0}});
  std::optional<Layout> groups = reshapedLayout(tile, {128, 128}, {128, 4, 32});
  REQUIRE(groups);
  CHECK(groups->blocked == BlockedLayout{{1, 1, 16}, {4, 4, 2}, {8, 1, 1}, {2, 1, 0}});
  Type from = laidOut({128, 4, 32}, *groups), to = laidOut({128, 128}, tile);
  std::optional<std::vector<unsigned>> map = reshapeRegisterMap(from, to);
  REQUIRE(map);
  // Thread 37 (warp 1, lane 5): columns 16 * 5 = 80..95 (group 2, offsets
  // 16..31) of rows 4, 36, 68 and 100 (warps step 4 rows, repeats 32).
  std::vector<std::vector<int64_t>> tileCoords = elementCoordinatesOf(to, 37);
  std::vector<std::vector<int64_t>> groupCoords = elementCoordinatesOf(from, 37);
  REQUIRE(tileCoords.size() == 64);
  REQUIRE(map->size() == 64);
  CHECK(tileCoords[0] == std::vector<int64_t>{4, 80});
  CHECK(tileCoords[63] == std::vector<int64_t>{100, 95});
  for (unsigned j = 0; j < 64; ++j)
    CHECK(groupCoords[(*map)[j]] ==
          std::vector<int64_t>{tileCoords[j][0], tileCoords[j][1] / 32, tileCoords[j][1] % 32});
}

TEST_CASE("merging dims back gives the same layout; a column-major tile splits its rows", "[reshape]") {
  Layout groups = blocked({{1, 1, 16}, {4, 4, 2}, {8, 1, 1}, {2, 1, 0}});
  std::optional<Layout> tile = reshapedLayout(groups, {128, 4, 32}, {128, 128});
  REQUIRE(tile);
  CHECK(tile->blocked == BlockedLayout{{1, 16}, {4, 8}, {8, 1}, {1, 0}});
  // 16 rows of a column per thread, 8 lanes down, warps across: K (dim 0)
  // split into 4 groups of 32 rows.
  Layout columns = blocked({{16, 1}, {8, 4}, {1, 8}, {0, 1}});
  std::optional<Layout> split = reshapedLayout(columns, {128, 128}, {4, 32, 128});
  REQUIRE(split);
  CHECK(split->blocked == BlockedLayout{{1, 16, 1}, {4, 2, 4}, {1, 1, 8}, {1, 0, 2}});
  CHECK(reshapeRegisterMap(laidOut({4, 32, 128}, *split), laidOut({128, 128}, columns)));
}

TEST_CASE("reshapes that move elements between threads have no register map", "[reshape]") {
  // Transposing the split (groups outermost per thread) is not a rename.
  Layout tile = blocked({{1, 16}, {4, 8}, {8, 1}, {1, 0}});
  Type to = laidOut({128, 128}, tile);
  CHECK_FALSE(reshapeRegisterMap(laidOut({128, 4, 32}, blocked({{1, 1, 1}, {8, 4, 1}, {8, 1, 1}, {2, 1, 0}})), to));
  // A layout that replicates elements (a 4x4 tile over 32 lanes) has no flat bits to give.
  CHECK_FALSE(reshapedLayout(blocked({{1, 1}, {8, 4}, {1, 1}, {1, 0}}), {4, 4}, {16}));
  // An MMA accumulator's rows are lanes before registers: no blocked layout of [16, 8, 8] keeps them.
  Layout mma{{}, MmaLayout{2, {16, 8, 16}, {4, 1}}, {}};
  CHECK_FALSE(reshapedLayout(mma, {64, 64}, {64, 8, 8}));
}

TEST_CASE("every split of every dim of small blocked layouts renames registers when a layout is found", "[reshape]") {
  unsigned found = 0;
  for (unsigned spt : {1u, 2u, 4u})
    for (unsigned lanesAlongRows : {1u, 4u, 8u, 32u})
      for (unsigned warpsDown : {1u, 2u, 4u}) {
        Layout from = blocked({{1, spt}, {32 / lanesAlongRows, lanesAlongRows}, {warpsDown, 4 / warpsDown}, {1, 0}});
        std::vector<int64_t> shape{64, 128};
        if (replicatesElements(laidOut(shape, from)))
          continue;
        for (int64_t inner : {2, 4, 8, 16, 32, 64}) {
          std::vector<int64_t> to{64, 128 / inner, inner};
          if (std::optional<Layout> l = reshapedLayout(from, shape, to)) {
            ++found;
            CHECK(reshapeRegisterMap(laidOut(to, *l), laidOut(shape, from)));
            CHECK(reshapeRegisterMap(laidOut(shape, from), laidOut(to, *l)));
          }
        }
      }
  CHECK(found > 100);
}
