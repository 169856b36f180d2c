// The layout algebra: every distributed layout as a linear map from
// (register, lane, warp) bits to tensor coordinates, and the operations on
// such maps.
#include "tritonc/ir/LinearLayout.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <algorithm>
#include <tuple>

#include <catch2/catch.hpp>

using namespace tritonc;

namespace {

Type blocked(std::vector<int64_t> shape, BlockedLayout layout, std::vector<unsigned> slicedDims = {}) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F16), std::move(shape));
  t.layout = Layout{std::move(layout), std::nullopt, std::move(slicedDims)};
  return t;
}

Type mma(std::vector<int64_t> shape, std::vector<unsigned> warps, std::vector<unsigned> slicedDims = {}) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F16), std::move(shape));
  Layout l;
  l.mma = MmaLayout{2, {16, 8, 16}, std::move(warps)};
  l.slicedDims = std::move(slicedDims);
  t.layout = l;
  return t;
}

// The layouts the algebra must agree with ThreadMapping on: row- and
// column-major blocked tiles, tiles smaller and larger than the CTA, 3-D
// and 9-D tiles, MMA accumulators and slices of both.
std::vector<Type> sampleLayouts() {
  return {
      blocked({256}, {{1}, {32}, {4}, {0}}),
      blocked({64}, {{2}, {32}, {4}, {0}}), // smaller than the CTA: warps replicate
      blocked({16, 64}, {{1, 4}, {2, 16}, {4, 1}, {1, 0}}),
      blocked({64, 16}, {{4, 1}, {16, 2}, {1, 4}, {0, 1}}),
      blocked({128, 128}, {{1, 8}, {8, 4}, {8, 1}, {1, 0}}),
      blocked({2, 8, 32}, {{1, 1, 4}, {1, 4, 8}, {2, 2, 1}, {2, 1, 0}}),
      // Nine dims of 2, as a sort's reshapes give.
      blocked(std::vector<int64_t>(9, 2), {{1, 1, 1, 1, 1, 1, 1, 2, 2},
                                           {1, 1, 2, 2, 2, 2, 2, 1, 1},
                                           {2, 2, 1, 1, 1, 1, 1, 1, 1},
                                           {8, 7, 6, 5, 4, 3, 2, 1, 0}}),
      blocked({32}, {{1, 4}, {4, 8}, {4, 1}, {1, 0}}, {0}),
      blocked({4}, {{1, 1}, {4, 8}, {2, 2}, {1, 0}}, {1}),
      mma({64, 64}, {4, 1}),
      mma({128, 256}, {2, 4}),
      mma({16, 8}, {2, 2}), // smaller than the warps' tile
      mma({64}, {4, 1}, {1}),
      mma({128}, {2, 2}, {0}),
  };
}

unsigned threadsOf(const Type &t) {
  unsigned warps = 1;
  for (unsigned w : t.layout->warpsPerCTA())
    warps *= w;
  return 32 * warps;
}

} // namespace

TEST_CASE("every distributed layout is linear and matches ThreadMapping element for element", "[linear-layout]") {
  for (const Type &t : sampleLayouts()) {
    INFO(t.str());
    std::optional<LinearLayout> l = LinearLayout::of(t);
    REQUIRE(l);
    CHECK((1u << l->inBits(LayoutDim::Register)) == elementsPerThread(t));
    CHECK(l->totalOutBits() == unsigned(std::countr_zero(uint64_t(t.numElements()))));
    for (unsigned thread = 0; thread < threadsOf(t); ++thread) {
      std::vector<std::vector<int64_t>> expected = elementCoordinatesOf(t, thread);
      for (unsigned r = 0; r < expected.size(); ++r) {
        // Parent coordinates to the tensor's own: drop the sliced dims.
        std::vector<int64_t> want;
        for (unsigned d = 0; d < expected[r].size(); ++d)
          if (t.layout->tensorDim(d))
            want.push_back(expected[r][d]);
        std::vector<uint64_t> got = l->unpackOut(l->apply({r, thread % 32, thread / 32}));
        CHECK(std::vector<int64_t>(got.begin(), got.end()) == want);
      }
    }
    CHECK(l->replicates() == replicatesElements(t));
  }
}

TEST_CASE("a right inverse sends each element back to a thread that holds it", "[linear-layout]") {
  for (const Type &t : sampleLayouts()) {
    INFO(t.str());
    LinearLayout l = *LinearLayout::of(t);
    std::optional<LinearLayout> inverse = l.rightInverse();
    REQUIRE(inverse);
    for (uint64_t flat = 0; flat < uint64_t(t.numElements()); ++flat)
      CHECK(l.apply(l.unpackIn(inverse->apply(inverse->unpackIn(flat)))) == flat);
    // Sent back to itself: the identity on the tensor's coordinates.
    LinearLayout roundTrip = LinearLayout::compose(l, *inverse);
    for (unsigned k = 0; k < roundTrip.totalInBits(); ++k)
      CHECK(roundTrip.apply(roundTrip.unpackIn(uint64_t(1) << k)) == uint64_t(1) << k);
  }
}

TEST_CASE("replicated elements go back to the first thread holding them", "[linear-layout]") {
  // 64 elements, two a lane: lanes cover all of them, the 4 warps repeat it.
  LinearLayout l = *LinearLayout::of(blocked({64}, {{2}, {32}, {4}, {0}}));
  CHECK(l.replicates());
  LinearLayout inverse = *l.rightInverse();
  std::vector<uint64_t> source = l.unpackIn(inverse.apply({45}));
  CHECK(source == std::vector<uint64_t>{1, 22, 0}); // register 1 of lane 22, warp 0
}

TEST_CASE("a layout missing some element has no right inverse", "[linear-layout]") {
  LinearLayout::Dims ins{{LayoutDim::Lane, 2}}, outs{{LayoutDim::Dim0, 3}};
  LinearLayout partial(ins, outs, {{1, 2}});
  CHECK_FALSE(partial.rightInverse());
  CHECK_FALSE(partial.replicates());
  LinearLayout twice(ins, {{LayoutDim::Dim0, 1}}, {{1, 1}});
  CHECK(twice.replicates());
  CHECK(twice.rightInverse()->apply({1}) == 1); // lane bit 0, the first to reach it
}

TEST_CASE("where a register and a lane reach the same element, the inverse takes the register", "[linear-layout]") {
  // Inputs packed row-major: register bit 0 is packed value 2, lane bit 0
  // value 1; both reach output 1, and the register, offered first, wins.
  LinearLayout l({{LayoutDim::Register, 1}, {LayoutDim::Lane, 1}}, {{tensorLayoutDim(0), 1}}, {{1}, {1}});
  CHECK(l.replicates());
  std::vector<uint64_t> source = l.unpackIn(l.rightInverse()->apply({1}));
  CHECK(source == std::vector<uint64_t>{1, 0});
}

TEST_CASE("sources of a conversion: where the old layout holds each element the new one wants", "[linear-layout]") {
  // A row-major [16, 64] tile read back by a column-major one: every
  // wanted element's source holds it.
  LinearLayout from = *LinearLayout::of(blocked({16, 64}, {{1, 4}, {2, 16}, {4, 1}, {1, 0}}));
  LinearLayout to = *LinearLayout::of(blocked({16, 64}, {{4, 1}, {4, 8}, {1, 4}, {0, 1}}));
  std::optional<LinearLayout> sources = LinearLayout::sourcesOf(from, to);
  REQUIRE(sources);
  for (unsigned thread = 0; thread < 128; ++thread)
    for (unsigned r = 0; r < 8; ++r) {
      std::vector<uint64_t> dest{r, thread % 32, thread / 32};
      CHECK(from.apply(sources->unpackOut(sources->apply(dest))) == to.apply(dest));
    }
  // Different tensors have no sources.
  CHECK_FALSE(LinearLayout::sourcesOf(from, *LinearLayout::of(blocked({64, 16}, {{4, 1}, {16, 2}, {1, 4}, {0, 1}}))));
}

TEST_CASE("a swizzled shared tile is a linear map from (row, column) to offset", "[linear-layout][shared]") {
  for (auto [rows, cols, bytes, colMajor] :
       {std::tuple{64, 64, 2u, false}, std::tuple{64, 64, 2u, true}, std::tuple{32, 16, 4u, false},
        std::tuple{128, 256, 1u, false}, std::tuple{16, 4, 2u, false}, std::tuple{16, 128, 2u, true}}) {
    SharedTile tile(rows, cols, bytes, colMajor);
    LinearLayout l = LinearLayout::ofSharedTile(tile);
    INFO(l.str());
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        CHECK(l.apply({uint64_t(r), uint64_t(c)}) == uint64_t(tile.offset(r, c)));
    CHECK_FALSE(l.replicates());
  }
}

TEST_CASE("composed with a distributed layout, a shared tile gives every element's offset", "[linear-layout][shared]") {
  SharedTile tile(64, 64, 2, false);
  for (const Type &t : {blocked({64, 64}, {{1, 8}, {4, 8}, {4, 1}, {1, 0}}), mma({64, 64}, {2, 2}),
                        blocked({64, 64}, {{8, 1}, {8, 4}, {1, 4}, {0, 1}})}) {
    LinearLayout offsets = LinearLayout::compose(LinearLayout::ofSharedTile(tile), *LinearLayout::of(t));
    for (unsigned thread = 0; thread < threadsOf(t); ++thread) {
      std::vector<std::vector<int64_t>> coords = elementCoordinatesOf(t, thread);
      for (unsigned r = 0; r < coords.size(); ++r)
        CHECK(offsets.apply({r, thread % 32, thread / 32}) == uint64_t(tile.offset(coords[r][0], coords[r][1])));
    }
  }
}

TEST_CASE("a transposed layout sends each input to the original's coordinates, permuted", "[linear-layout]") {
  for (const Type &t : sampleLayouts()) {
    if (t.shape.size() < 2)
      continue;
    INFO(t.str());
    LinearLayout l = *LinearLayout::of(t);
    std::vector<int64_t> reversed;
    for (size_t d = t.shape.size(); d-- > 0;)
      reversed.push_back(int64_t(d)); // [1, 0], [2, 1, 0], ...
    std::vector<std::vector<int64_t>> orders{reversed};
    if (t.shape.size() > 2) { // [1, 2, 0]: not its own inverse
      orders.emplace_back();
      for (size_t d = 0; d < t.shape.size(); ++d)
        orders.back().push_back(int64_t((d + 1) % t.shape.size()));
    }
    for (const std::vector<int64_t> &order : orders) {
      LinearLayout transposed = l.transposed(order);
      for (unsigned d = 0; d < order.size(); ++d) {
        CHECK(transposed.outs()[d].first == tensorLayoutDim(d));
        CHECK(transposed.outs()[d].second == l.outs()[size_t(order[d])].second);
      }
      for (uint64_t input = 0; input < (uint64_t(1) << l.totalInBits()); input += 7) {
        std::vector<uint64_t> before = l.unpackOut(l.apply(l.unpackIn(input)));
        std::vector<uint64_t> after = transposed.unpackOut(transposed.apply(transposed.unpackIn(input)));
        for (unsigned d = 0; d < order.size(); ++d)
          CHECK(after[d] == before[size_t(order[d])]);
      }
    }
  }
}

TEST_CASE("a reshaped layout keeps every element's flat index", "[linear-layout]") {
  Type t = blocked({16, 64}, {{1, 4}, {2, 16}, {4, 1}, {1, 0}});
  LinearLayout l = *LinearLayout::of(t);
  for (const std::vector<int64_t> &shape : {std::vector<int64_t>{1024}, {32, 32}, {2, 8, 64}}) {
    LinearLayout r = l.reshaped(shape);
    REQUIRE(r.outs().size() == shape.size());
    for (uint64_t input = 0; input < (uint64_t(1) << l.totalInBits()); ++input) {
      std::vector<uint64_t> coords = r.unpackOut(r.apply(r.unpackIn(input)));
      uint64_t flat = 0;
      for (size_t d = 0; d < shape.size(); ++d)
        flat = flat * uint64_t(shape[d]) + coords[d];
      CHECK(flat == l.apply(l.unpackIn(input)));
    }
  }
}

TEST_CASE("a transpose into the permuted layout only renames registers", "[linear-layout]") {
  // [16, 64] row-major, and [64, 16] with every parameter permuted: each
  // thread holds the same elements, dims swapped.
  Type from = blocked({16, 64}, {{1, 4}, {2, 16}, {4, 1}, {1, 0}});
  Type to = blocked({64, 16}, {{4, 1}, {16, 2}, {1, 4}, {0, 1}});
  std::optional<std::vector<unsigned>> map =
      LinearLayout::registerRenaming(LinearLayout::of(from)->transposed({1, 0}), *LinearLayout::of(to));
  REQUIRE(map);
  REQUIRE(map->size() == elementsPerThread(to));
  for (unsigned thread = 0; thread < 128; ++thread) {
    std::vector<std::vector<int64_t>> held = elementCoordinatesOf(from, thread),
                                      wanted = elementCoordinatesOf(to, thread);
    for (size_t r = 0; r < wanted.size(); ++r)
      CHECK(wanted[r] == std::vector<int64_t>{held[(*map)[r]][1], held[(*map)[r]][0]});
  }
  // The same layout on the transposed shape puts other elements in each
  // thread: no renaming.
  Type unpermuted = blocked({64, 16}, {{1, 4}, {2, 16}, {4, 1}, {1, 0}});
  CHECK_FALSE(
      LinearLayout::registerRenaming(LinearLayout::of(from)->transposed({1, 0}), *LinearLayout::of(unpermuted)));
}
