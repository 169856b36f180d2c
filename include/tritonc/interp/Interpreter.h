// The CPU interpreter (DESIGN.md §1): runs a tile-level function for a
// whole grid, one program after another, with host buffers standing in for
// device memory. It is the reference semantics of the tile IR.
//
// What it models exactly: integer wrap-around at each type's width, C
// division (a reported error when dividing by zero), fp16/bf16/fp8 rounding
// to nearest-even after each op, NaN in the min/max ops as Ops.def states,
// masked-off lanes of loads, stores and atomics never touching memory,
// atomics applied one element after another.
// Where the GPU is approximate (the fast `math` forms, libdevice calls) the
// interpreter computes with the C library's precise function instead, and
// float reductions and scans combine elements in index order, which a GPU's
// tree order may round differently.
// Before: a verified tile-level function (no `convert_layout`).
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/support/Source.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tritonc::interp {

// Device memory on the host: raw little-endian bytes. The kernel's pointer
// types decide how bytes are read; `elem` records what the caller put there.
struct HostBuffer {
  std::vector<uint8_t> bytes;
  ScalarKind elem = ScalarKind::F32;

  template <typename T> static HostBuffer of(ScalarKind elem, const std::vector<T> &values) {
    HostBuffer b{std::vector<uint8_t>(values.size() * sizeof(T)), elem};
    if (!values.empty())
      std::memcpy(b.bytes.data(), values.data(), b.bytes.size());
    return b;
  }
  template <typename T> std::vector<T> as() const {
    std::vector<T> values(bytes.size() / sizeof(T));
    if (!values.empty())
      std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    return values;
  }
};

// One kernel argument: a pointer to the first byte of a buffer, or a scalar
// given by its bits (integers in two's complement, floats by their IEEE
// pattern: f32 in the low 32 bits, f16/bf16 in the low 16).
struct KernelArg {
  enum class Kind { Buffer, Scalar };
  Kind kind = Kind::Scalar;
  uint32_t buffer = 0;
  uint64_t bits = 0;

  static KernelArg pointer(uint32_t bufferIndex) { return {Kind::Buffer, bufferIndex, 0}; }
  static KernelArg scalarBits(uint64_t bits) { return {Kind::Scalar, 0, bits}; }
  static KernelArg i32(int32_t v) { return scalarBits(uint32_t(v)); }
  static KernelArg i64(int64_t v) { return scalarBits(uint64_t(v)); }
  static KernelArg f32(float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return scalarBits(b);
  }
  static KernelArg f64(double v) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return scalarBits(b);
  }
};

struct Grid {
  int64_t x = 1, y = 1, z = 1;
};

struct RunResult {
  bool ok = true;
  std::string message; // what went wrong, without a location
  bool hasLocation = false;
  SourceRange location; // the op that failed, when hasLocation
  std::string error;    // "path:line:col: error: message" (or "error: message")
};

// Runs `function` for every program of `grid` (x fastest, then y, then z),
// stopping at the first error. `args` has one entry per function parameter,
// pointers naming indices into `buffers`. `source` turns op locations into
// `path:line:col`; it may be null.
RunResult interpret(const tir::Function &function, const std::vector<KernelArg> &args, std::vector<HostBuffer> &buffers,
                    Grid grid, const SourceFile *source = nullptr);

} // namespace tritonc::interp
