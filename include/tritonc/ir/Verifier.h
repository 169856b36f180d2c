// Checks the tile IR's invariants: every operand is defined before its use
// (dominance in structured control flow), operand counts and types agree
// with each op's rules, blocks end where terminators say, and — at the GPU
// level — every tensor carries a well-formed layout (one entry per dim, 32
// lanes per warp, the module's number of warps).
//
// IR that a pass produced and that breaks a rule is a compiler bug: verify()
// reports it through internalError(), naming the pass. IR read from a `.tir`
// file is the user's: verifyOrExplain() returns the broken rule and where,
// for a diagnostic.
#pragma once

#include "tritonc/ir/IR.h"

#include <optional>
#include <string>

namespace tritonc::tir {

enum class VerifyLevel { Tile, GPU };

void verify(const Module &module, VerifyLevel level, const std::string &after);

struct VerifyFailure {
  std::string rule; // "operands and results share shape and layout (op `addi`)"
  SourceRange loc;  // the op that breaks it, or the function
};
std::optional<VerifyFailure> verifyOrExplain(const Module &module, VerifyLevel level);

// GPU when some tensor in the module carries a layout, else Tile: the level
// at which IR of unknown origin (a `.tir` file) is verified.
VerifyLevel levelOf(const Module &module);

} // namespace tritonc::tir
