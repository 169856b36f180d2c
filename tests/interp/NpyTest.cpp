// .npy files: NumPy's exact header layout, a round trip per dtype, and the
// files we refuse.
#include "tritonc/interp/Npy.h"

#include <catch2/catch.hpp>

using namespace tritonc;
using namespace tritonc::interp;

TEST_CASE("npy: the header is NumPy's, padded to 64 bytes", "[interp][npy]") {
  NpyArray a{ScalarKind::F32, {3}, std::vector<uint8_t>(12, 0)};
  std::string file = writeNpy(a);
  REQUIRE(file.size() == 128 + 12);
  CHECK(file.substr(0, 8) == std::string("\x93NUMPY\x01\x00", 8));
  CHECK(uint8_t(file[8]) + 256 * uint8_t(file[9]) == 118);
  CHECK(file.substr(10, 118).starts_with("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }   "));
  CHECK(file[127] == '\n');
}

TEST_CASE("npy: round trip of every dtype and shape", "[interp][npy]") {
  struct Case {
    ScalarKind kind;
    std::vector<int64_t> shape;
  };
  for (const Case &c : {Case{ScalarKind::F16, {2, 3}}, Case{ScalarKind::F32, {5}}, Case{ScalarKind::F64, {}},
                        Case{ScalarKind::I8, {4, 1, 2}}, Case{ScalarKind::I32, {0}}, Case{ScalarKind::I64, {2}},
                        Case{ScalarKind::U8, {3}}, Case{ScalarKind::U16, {2}}, Case{ScalarKind::I1, {7}}}) {
    NpyArray a{c.kind, c.shape, {}};
    for (int64_t i = 0; i < a.numElements() * std::max(1u, bitWidth(c.kind) / 8); ++i)
      a.bytes.push_back(uint8_t(i * 37 + 1));
    std::string error;
    std::optional<NpyArray> b = parseNpy(writeNpy(a), error);
    INFO(npyDescr(c.kind) << ": " << error);
    REQUIRE(b);
    CHECK(b->elem == a.elem);
    CHECK(b->shape == a.shape);
    CHECK(b->bytes == a.bytes);
  }
  CHECK(writeNpy({ScalarKind::I32, {2, 3}, std::vector<uint8_t>(24)}).find("'shape': (2, 3), }") != std::string::npos);
  CHECK(writeNpy({ScalarKind::I32, {}, std::vector<uint8_t>(4)}).find("'shape': (), }") != std::string::npos);
}

TEST_CASE("npy: bf16 and fp8 travel as raw unsigned integers", "[interp][npy]") {
  CHECK(npyDescr(ScalarKind::BF16) == "<u2");
  CHECK(npyDescr(ScalarKind::F8E4NV) == "|u1");
  CHECK(npyDescr(ScalarKind::I1) == "|b1");
}

TEST_CASE("npy: malformed files say what is wrong", "[interp][npy]") {
  std::string error;
  CHECK_FALSE(parseNpy("hello", error));
  CHECK(error == "not a .npy file (no \\x93NUMPY magic)");

  std::string big = writeNpy({ScalarKind::F32, {2}, std::vector<uint8_t>(8)});
  std::string bigEndian = big;
  bigEndian.replace(bigEndian.find("<f4"), 3, ">f4");
  CHECK_FALSE(parseNpy(bigEndian, error));
  CHECK(error == "unsupported dtype '>f4'; expected a little-endian bool, integer or float");

  CHECK_FALSE(parseNpy(big.substr(0, big.size() - 1), error));
  CHECK(error == "the .npy data holds 7 bytes but shape and dtype need 8");

  std::string fortran = writeNpy({ScalarKind::F32, {2, 2}, std::vector<uint8_t>(16)});
  fortran.replace(fortran.find("False"), 5, "True ");
  CHECK_FALSE(parseNpy(fortran, error));
  CHECK(error == "the array is in Fortran order; save it in C order (np.ascontiguousarray)");
}
