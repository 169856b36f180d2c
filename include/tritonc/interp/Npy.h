// NumPy's `.npy` files (format versions 1.0 to 3.0 read, 1.0 written):
// little-endian, C order, the dtypes that map to a ScalarKind:
//   <f2 <f4 <f8  |i1 <i2 <i4 <i8  |u1 <u2 <u4 <u8  |b1
// bf16 and fp8 have no NumPy dtype; their bit patterns travel as <u2 / |u1.
#pragma once

#include "tritonc/ir/Type.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tritonc::interp {

struct NpyArray {
  ScalarKind elem = ScalarKind::F32;
  std::vector<int64_t> shape; // empty: a 0-d array of one element
  std::vector<uint8_t> bytes; // row-major, little-endian

  int64_t numElements() const;
};

// The dtype string ("<f4") for an element kind; bf16 and fp8 as their raw
// unsigned integer of the same width.
std::string npyDescr(ScalarKind elem);

// Parses a whole `.npy` file; on failure returns nullopt and says why in `error`.
std::optional<NpyArray> parseNpy(const std::string &fileBytes, std::string &error);

// The complete file for `array`, format version 1.0.
std::string writeNpy(const NpyArray &array);

} // namespace tritonc::interp
