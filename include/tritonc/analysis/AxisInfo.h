// Axis info (DESIGN.md §3): for every integer or pointer value and each
// dimension, the contiguity (length of runs of +1), divisibility (largest
// power of two dividing the first element of every run; for pointers in
// bytes) and constancy (length of runs of equal values). Scalars are
// treated as rank 1 with a single element.
//
// Handles constants, make_range, splat, add/sub/mul, addptr, comparisons
// and elementwise casts; every other op gets the conservative answer
// (1, 1, 1), which is always correct.
#pragma once

#include "tritonc/ir/IR.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <unordered_map>
#include <vector>

namespace tritonc {

struct AxisInfo {
  std::vector<int64_t> contiguity;
  std::vector<int64_t> divisibility;
  std::vector<int64_t> constancy;
  std::optional<int64_t> constantValue; // when every element is this integer

  unsigned rank() const { return unsigned(contiguity.size()); }
};

class AxisInfoAnalysis {
public:
  explicit AxisInfoAnalysis(const tir::Function &function);

  const AxisInfo &get(const tir::Value *v) const;

  // Elements along the fastest dim of `pointer` that one thread may access
  // with a single vector instruction: limited by contiguity, alignment and
  // 16 bytes.
  unsigned vectorWidth(const tir::Value *pointer) const;
  // The same along tensor dim `dim`, whatever the layout.
  unsigned vectorWidthAlong(const tir::Value *pointer, unsigned dim) const;
  // The dim a coalesced access should run along: the longest contiguous
  // run, the last dim on a tie (none for a scalar).
  unsigned fastestDim(const tir::Value *pointer) const;

  // Prints each value's facts, one line per op, for golden tests.
  void print(const tir::Function &function, std::ostream &out) const;

private:
  void visit(const tir::Op &op);
  void visitFor(const tir::Op &op);

  std::unordered_map<const tir::Value *, AxisInfo> info_;
};

} // namespace tritonc
