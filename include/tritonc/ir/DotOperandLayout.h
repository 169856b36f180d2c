// The register layout of a tensor-core dot's 16-bit A operand, in the
// layout algebra (LinearLayout.h). `mma.sync.m16n8k16` and a wgmma that
// reads A from registers take the same fragment in each warp: per 16x16
// block of A, lane l holds rows l/4 and l/4+8 and columns 2*(l%4),
// 2*(l%4)+1 and the same eight columns on; the warps that split the
// result's rows split A's rows alike, those that split its columns each
// hold the whole of their rows.
#pragma once

#include "tritonc/ir/LinearLayout.h"
#include "tritonc/ir/Type.h"

#include <optional>
#include <vector>

namespace tritonc {

// The fragment layout of an A of `shape` [M, K] (powers of two, at least
// one 16x16 block) for a result whose MMA layout has `resultWarps`:
// inputs Register, Lane, Warp; output A's (row, column). Registers are in
// the order the instructions take them: the eight elements of one 16x16
// block (a0..a7 of `mma.sync`), then the blocks along K, then the thread's
// blocks along M.
LinearLayout mmaOperandALayout(const std::vector<int64_t> &shape, const std::vector<unsigned> &resultWarps);

// When a 16-bit A of type `a` already holds in every thread the elements
// of its fragments for a dot whose result has layout `result` (each
// thread's own, so the conversion only renames registers): for each
// fragment register in mmaOperandALayout's order, the index of the
// element of `a` that fills it. None otherwise; the operand is then
// staged through shared memory. Attention's probabilities, an MMA
// accumulator whose warps all lie along M as the result's do, are such an A.
std::optional<std::vector<unsigned>> operandAFromRegisters(const Type &a, const Layout &result);

// Whether `operandAFromRegisters` finds A's fragments in its registers: the
// one answer for shared-memory sizing, pipelining and code generation.
bool accumulatorFeedsOperandA(const Type &a, const Layout &result);

} // namespace tritonc
