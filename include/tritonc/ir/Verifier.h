// Checks the tile IR's invariants: every operand is defined before its use
// (dominance in structured control flow), operand counts and types agree
// with each op's rules, blocks end where terminators say, and — at the GPU
// level — every tensor carries a layout. A failure is a compiler bug: it is
// reported through internalError(), naming the pass that broke it.
#pragma once

#include "tritonc/ir/IR.h"

#include <string>

namespace tritonc::tir {

enum class VerifyLevel { Tile, GPU };

void verify(const Module &module, VerifyLevel level, const std::string &after);

} // namespace tritonc::tir
