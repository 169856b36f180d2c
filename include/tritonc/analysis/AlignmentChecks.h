// Which promises to add in a second specialisation of a kernel
// (Compile.cpp's alignment dispatch). Triton specialises an integer only by
// divisibility by 16, so a stride of 1000 halves leaves every row of a
// matrix 16-byte aligned while the compiled kernel must assume it is not:
// no vector loads, no cp.async. A specialisation compiled as if some
// parameters were more divisible is worth its compile time where that
// widens a dot's loads; the launcher runs it where the arguments keep it.
//
// Before: tile-level IR (no layouts), with the signature's hints.
// After:  the function is unchanged (its hints are restored).
#pragma once

#include "tritonc/ir/IR.h"

#include <cstdint>
#include <vector>

namespace tritonc {

// A promise the signature did not make: parameter `param` divisible by
// `divisibility` (a pointer: aligned to that many bytes).
struct AlignmentCheck {
  unsigned param = 0;
  int64_t divisibility = 1;
  bool operator==(const AlignmentCheck &o) const = default;
};

// The weakest promises that give every load, store and atomic of
// `function` the width it would have were every integer without a `:16`
// (or `:1`) hint divisible by 16 and every pointer 16-byte aligned;
// none unless that widens a load feeding a dot (the tiles a matmul or
// attention loop streams; a wider epilogue alone is not worth a second
// copy of the kernel). Each parameter is asked for as little as its
// accesses need (a stride of halves: 8), and only those that widen
// something are asked at all (a row count that only masks rows is not).
// Where that asks some parameter for 16 (1-byte elements), a second rung
// follows: those asked for 8, the widths that gives kept, where it still
// widens a dot's loads. After each rung, where it asks something that
// widens only other accesses (an output's stride), the rung with only what
// the dot loads need; after the weakest, where a kernel has several dot
// loads, that rung with only what each one alone needs. Strongest rung
// first.
std::vector<std::vector<AlignmentCheck>> alignmentWorthChecking(tir::Function &function);

} // namespace tritonc
