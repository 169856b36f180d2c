// The MMA accumulator layout's thread mapping, its slices, the warp split
// for a tile, and the shared-memory swizzle the tensor cores read through.
#include "tritonc/ir/MatrixFragments.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include <catch2/catch.hpp>

#include <map>
#include <set>

using namespace tritonc;

namespace {

Type mmaTensor(std::vector<int64_t> shape, std::vector<unsigned> warps) {
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F32), std::move(shape));
  Layout l;
  l.mma = MmaLayout{2, {16, 8, 16}, std::move(warps)};
  t.layout = l;
  return t;
}

// How many threads hold each element (row-major flat index).
std::map<int64_t, int> owners(const Type &t, unsigned threads) {
  std::map<int64_t, int> count;
  std::vector<int64_t> shape = t.layout->parentShape(t.shape);
  for (unsigned tid = 0; tid < threads; ++tid)
    for (const std::vector<int64_t> &c : elementCoordinatesOf(t, tid))
      ++count[c[0] * shape[1] + c[1]];
  return count;
}

} // namespace

TEST_CASE("an MMA accumulator puts each element in exactly one thread", "[layout][mma]") {
  Type t = mmaTensor({128, 128}, {2, 4});
  CHECK(elementsPerThread(t) == 64);
  CHECK_FALSE(replicatesElements(t));
  std::map<int64_t, int> count = owners(t, 256);
  CHECK(count.size() == 128 * 128);
  for (const auto &[flat, n] : count)
    REQUIRE(n == 1);
}

TEST_CASE("a lane holds the m16n8 accumulator fragment mma.sync defines", "[layout][mma]") {
  Type t = mmaTensor({64, 64}, {2, 2});
  std::map<std::vector<unsigned>, size_t> position = perThreadPositions(t);
  for (unsigned lane : {0u, 5u, 17u, 31u}) {
    std::vector<std::vector<int64_t>> c = elementCoordinatesOf(t, lane); // warp 0
    int64_t row = lane / 4, col = 2 * (lane % 4);
    // c0..c3 of the first instruction tile: rows +0, +0, +8, +8; columns +0, +1.
    CHECK(c[position.at({0, 0})] == std::vector<int64_t>{row, col});
    CHECK(c[position.at({0, 1})] == std::vector<int64_t>{row, col + 1});
    CHECK(c[position.at({1, 0})] == std::vector<int64_t>{row + 8, col});
    CHECK(c[position.at({1, 1})] == std::vector<int64_t>{row + 8, col + 1});
    // The next instruction tile of the same warp along N is 8 * wpc[1] columns on.
    CHECK(c[position.at({0, 2})] == std::vector<int64_t>{row, col + 16});
  }
  // Warp 1 is the next warp along N, warp 2 the next along M.
  CHECK(elementCoordinatesOf(t, 32)[0] == std::vector<int64_t>{0, 8});
  CHECK(elementCoordinatesOf(t, 64)[0] == std::vector<int64_t>{16, 0});
}

TEST_CASE("an MMA layout larger than its tile replicates", "[layout][mma]") {
  Type t = mmaTensor({16, 16}, {2, 2});
  CHECK(replicatesElements(t));
  std::map<int64_t, int> count = owners(t, 128);
  CHECK(count.size() == 16 * 16);
  for (const auto &[flat, n] : count)
    REQUIRE(n == 2); // the second row of warps repeats the first
}

TEST_CASE("a slice of an MMA layout holds a row's columns", "[layout][mma]") {
  Type t = mmaTensor({64, 64}, {2, 2});
  Layout sliced = t.layout->sliced(0); // the columns: a bias row broadcast down the tile
  Type row = Type::tensor(ElemType::scalar(ScalarKind::F32), {64});
  row.layout = sliced;
  CHECK(elementsPerThread(row) == 8); // two per instruction tile, four tiles along N
  CHECK(contiguousPerThread(row, 1) == 2);
  CHECK(replicatesElements(row));
  std::vector<std::vector<int64_t>> c = elementCoordinatesOf(row, 6); // lane 6: column pair 2
  CHECK(c[0] == std::vector<int64_t>{0, 4});
  CHECK(c[1] == std::vector<int64_t>{0, 5});
}

TEST_CASE("warps split an MMA tile into near-square blocks of instructions", "[layout][mma]") {
  auto warps = [](std::vector<int64_t> shape, unsigned numWarps) {
    return mmaLayoutFor(shape, numWarps, 2, mmaInstructionShape(2, 16, shape[1])).mma->warpsPerCTA;
  };
  CHECK(warps({128, 128}, 8) == std::vector<unsigned>{2, 4});
  CHECK(warps({128, 256}, 8) == std::vector<unsigned>{2, 4});
  CHECK(warps({64, 64}, 4) == std::vector<unsigned>{2, 2});
  CHECK(warps({16, 64}, 4) == std::vector<unsigned>{1, 4});
  CHECK(warps({16, 8}, 4) == std::vector<unsigned>{4, 1}); // replicated rows
}

TEST_CASE("an MMA layout records its instruction and the instruction's shape", "[layout][mma]") {
  CHECK(mmaInstructionShape(2, 16, 128) == std::vector<unsigned>{16, 8, 16});
  CHECK(mmaInstructionShape(2, 32, 64) == std::vector<unsigned>{16, 8, 8});
  CHECK(mmaInstructionShape(2, 8, 64) == std::vector<unsigned>{16, 8, 32});
  CHECK(mmaInstructionShape(3, 16, 128) == std::vector<unsigned>{64, 128, 16});
  CHECK(mmaInstructionShape(3, 8, 512) == std::vector<unsigned>{64, 256, 32});
  // wgmma keeps every warp along M, in whole warpgroups.
  Layout wgmma = mmaLayoutFor({128, 256}, 8, 3, mmaInstructionShape(3, 16, 256));
  CHECK(wgmma.mma->warpsPerCTA == std::vector<unsigned>{8, 1});
  CHECK(wgmma.str() == "#mma<v3, instr=[64,256,16], wpc=[8,1]>");
  Type t = Type::tensor(ElemType::scalar(ScalarKind::F32), {128, 256});
  t.layout = wgmma;
  CHECK(!brokenLayoutRule(t, 8));
  t.layout->mma->warpsPerCTA = {4, 2};
  CHECK(brokenLayoutRule(t, 8).value_or("").find("warpgroups") != std::string::npos);
  t.layout->mma->warpsPerCTA = {8, 1};
  t.layout->mma->instrShape = {64, 12, 16};
  CHECK(brokenLayoutRule(t, 8).value_or("").find("multiple of 8") != std::string::npos);
  t.layout->mma->version = 2;
  t.layout->mma->instrShape = {16, 8, 16};
  CHECK(!brokenLayoutRule(t, 8));
  t.layout->mma->instrShape = {16, 16, 16};
  CHECK(brokenLayoutRule(t, 8).value_or("").find("[16,8,K]") != std::string::npos);
}

// The 16-byte bank group (of eight) an element offset falls in.
static int64_t bankGroup(int64_t elementOffset, unsigned elementBytes) {
  return (elementOffset * elementBytes / 16) % 8;
}

TEST_CASE("swizzled tiles serve ldmatrix without bank conflicts", "[layout][shared]") {
  for (int64_t cols : {8, 16, 32, 64, 128, 256}) {
    SwizzledLayout s = swizzledLayoutFor(cols, 2, 64);
    for (int64_t row0 = 0; row0 < 64; row0 += 8)
      for (int64_t chunk = 0; chunk < cols / 8; ++chunk) {
        // One 8x8 matrix: eight rows at one 16-byte column chunk.
        std::set<int64_t> groups;
        for (int64_t r = row0; r < row0 + 8; ++r)
          groups.insert(bankGroup(s.offset(r, chunk * 8), 2));
        INFO("cols " << cols << ", rows from " << row0 << ", chunk " << chunk);
        REQUIRE(groups.size() == 8);
      }
  }
}

TEST_CASE("a swizzle keeps each 16-byte chunk whole and permutes chunks within a row", "[layout][shared]") {
  SwizzledLayout s = swizzledLayoutFor(64, 2, 16);
  for (int64_t r = 0; r < 16; ++r) {
    std::set<int64_t> starts;
    for (int64_t c = 0; c < 64; ++c) {
      int64_t o = s.offset(r, c);
      REQUIRE(o / 64 == r);
      REQUIRE(o % 8 == c % 8);
      starts.insert(o);
    }
    REQUIRE(starts.size() == 64);
  }
}

// Hopper's wgmma reads a tile through a descriptor that names one of the
// 128/64/32-byte swizzles: the byte address of each 16-byte chunk, laid
// out as dense column blocks of that width, with address bits 4.. XORed
// by the bits three places above them.
static int64_t hardwareSwizzle(int64_t canonicalByte, unsigned swizzleBytes) {
  int64_t mask = swizzleBytes == 128 ? 0x70 : swizzleBytes == 64 ? 0x30 : swizzleBytes == 32 ? 0x10 : 0;
  return canonicalByte ^ ((canonicalByte >> 3) & mask);
}

TEST_CASE("swizzled tiles are the byte layout wgmma descriptors describe", "[layout][shared]") {
  for (int64_t cols : {16, 32, 64, 128, 256}) {
    const int64_t lines = 64;
    SwizzledLayout s = swizzledLayoutFor(cols, 2, lines);
    int64_t block = std::min<int64_t>(cols, 64);
    REQUIRE(s.swizzleBytes(2) == block * 2);
    for (int64_t line = 0; line < lines; ++line)
      for (int64_t col = 0; col < cols; ++col) {
        int64_t canonical = (col / block) * lines * block * 2 + line * block * 2 + (col % block) * 2;
        INFO("cols " << cols << ", line " << line << ", col " << col);
        REQUIRE(s.offset(line, col) * 2 == hardwareSwizzle(canonical, s.swizzleBytes(2)));
      }
  }
}

TEST_CASE("an MMA accumulator of 16-bit elements is held as stmatrix's 8x8 matrices", "[layout][mma][stmatrix]") {
  Type t = mmaTensor({128, 128}, {8, 1});
  t.elem = ElemType::scalar(ScalarKind::F16);
  std::optional<MatrixFragments> f = matrixFragments(t);
  REQUIRE(f);
  REQUIRE(f->firstElements.size() == 32); // 64 accumulators, a pair per matrix
  REQUIRE(f->origins.size() == 8);
  // Every 8x8 block of the tile is one matrix of exactly one warp.
  std::set<std::pair<int64_t, int64_t>> blocks;
  for (const auto &warp : f->origins)
    for (const auto &o : warp) {
      CHECK(o[0] % 8 == 0);
      CHECK(o[1] % 8 == 0);
      blocks.insert({o[0], o[1]});
    }
  CHECK(blocks.size() == 16 * 16);
  // Warp 1 holds the 16 rows below warp 0's; matrix 1 is the next 8 columns.
  CHECK(f->origins[1][0] == std::array<int64_t, 2>{16, 0});
  CHECK(f->origins[0][1] == std::array<int64_t, 2>{0, 8});
}

TEST_CASE("layouts without the matrix fragments are not taken for them", "[layout][mma][stmatrix]") {
  Type replicated = mmaTensor({16, 16}, {2, 2}); // the layout spans 32x16
  CHECK_FALSE(matrixFragments(replicated));
  Type blocked = Type::tensor(ElemType::scalar(ScalarKind::F16), {128, 128});
  Layout l;
  l.blocked = BlockedLayout{{1, 8}, {2, 16}, {8, 1}, {1, 0}};
  blocked.layout = l;
  CHECK_FALSE(matrixFragments(blocked));
}
