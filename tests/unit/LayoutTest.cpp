// The default blocked layout: vector width along the fastest dim, lanes
// then warps fastest dim first, leftovers replicated on the slowest dim.
#include "tritonc/ir/Layout.h"

#include <catch2/catch.hpp>

using namespace tritonc;

TEST_CASE("1-D layout spreads lanes then warps", "[layout]") {
  BlockedLayout b = defaultBlockedLayout({1024}, 4, 4).blocked;
  CHECK(b.sizePerThread == std::vector<unsigned>{4});
  CHECK(b.threadsPerWarp == std::vector<unsigned>{32});
  CHECK(b.warpsPerCTA == std::vector<unsigned>{4});
  CHECK(b.tileSize(0) == 512);
}

TEST_CASE("a tensor smaller than the CTA replicates", "[layout]") {
  BlockedLayout b = defaultBlockedLayout({64}, 1, 4).blocked;
  CHECK(b.threadsPerWarp == std::vector<unsigned>{32});
  CHECK(b.warpsPerCTA == std::vector<unsigned>{4}); // leftover warps stay on the only dim
  CHECK(b.tileSize(0) == 128);
}

TEST_CASE("2-D row-major layout fills the last dim first", "[layout]") {
  BlockedLayout b = defaultBlockedLayout({64, 128}, 4, 8).blocked;
  CHECK(b.order == std::vector<unsigned>{1, 0});
  CHECK(b.sizePerThread == std::vector<unsigned>{1, 4});
  CHECK(b.threadsPerWarp == std::vector<unsigned>{1, 32});
  CHECK(b.warpsPerCTA == std::vector<unsigned>{8, 1});
  BlockedLayout narrow = defaultBlockedLayout({64, 16}, 4, 4).blocked;
  CHECK(narrow.threadsPerWarp == std::vector<unsigned>{8, 4});
  CHECK(narrow.warpsPerCTA == std::vector<unsigned>{4, 1});
}
