// The accumulator layout of CUDA-core dots: blocks of results per thread,
// near-square warp and CTA blocks, and every element owned by one thread.
#include "tritonc/ir/CudaCoreDotLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace tritonc;

namespace {

// How many threads own each element of a [M, N] fp32 tensor laid out by `l`.
std::map<int64_t, int> owners(const Layout &l, int64_t M, int64_t N, unsigned numWarps) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F32), {M, N});
  t.layout = l;
  std::map<int64_t, int> count;
  for (unsigned tid = 0; tid < 32 * numWarps; ++tid)
    for (const std::vector<int64_t> &c : elementCoordinatesOf(t, tid))
      ++count[c[0] * N + c[1]];
  return count;
}

} // namespace

TEST_CASE("a CUDA-core dot's accumulator gives each thread 8 rows spread over a 128x128 tile and runs of 4 columns",
          "[layout]") {
  std::optional<Layout> l = cudaCoreDotLayout({128, 128}, 8);
  REQUIRE(l);
  CHECK(l->blocked.sizePerThread == std::vector<unsigned>{1, 4});
  CHECK(l->blocked.threadsPerWarp == std::vector<unsigned>{4, 8});
  CHECK(l->blocked.warpsPerCTA == std::vector<unsigned>{4, 2});
  CHECK(l->blocked.order == std::vector<unsigned>{1, 0});
  // Thread 0: rows 16 apart (lanes 8 and 16 hold the next two rows), columns
  // 0-3 and 64-67: an 8x8 block of results from 8 rows of A and 8 columns of B.
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F32), {128, 128});
  t.layout = *l;
  std::set<int64_t> rows, cols;
  for (const std::vector<int64_t> &c : elementCoordinatesOf(t, 0)) {
    rows.insert(c[0]);
    cols.insert(c[1]);
  }
  CHECK(rows == std::set<int64_t>{0, 16, 32, 48, 64, 80, 96, 112});
  CHECK(cols == std::set<int64_t>{0, 1, 2, 3, 64, 65, 66, 67});
  CHECK(elementCoordinatesOf(t, 8).front() == std::vector<int64_t>{1, 0});
}

TEST_CASE("a CUDA-core dot's accumulator owns each element once, whatever the shape", "[layout]") {
  for (unsigned warps : {1u, 2u, 4u, 8u})
    for (int64_t M : {16, 32, 64, 128, 256})
      for (int64_t N : {16, 32, 64, 128, 256}) {
        std::optional<Layout> l = cudaCoreDotLayout({M, N}, warps);
        if (M * N < 32 * int64_t(warps)) {
          CHECK(!l);
          continue;
        }
        REQUIRE(l);
        std::map<int64_t, int> count = owners(*l, M, N, warps);
        CAPTURE(M, N, warps, l->str());
        CHECK(int64_t(count.size()) == M * N);
        for (const auto &[element, n] : count)
          REQUIRE(n == 1);
        CHECK(l->blocked.sizePerThread[0] <= 8);
        CHECK(l->blocked.sizePerThread[1] <= 8);
      }
}

TEST_CASE("a CUDA-core dot's accumulator stays in the default layout when there are more threads than elements",
          "[layout]") {
  CHECK(!cudaCoreDotLayout({16, 16}, 16));
  CHECK(!cudaCoreDotLayout({16, 16, 16}, 4));
}
