// What Hopper's warpgroup MMA (`wgmma`, sm_90a) can run as tritonc emits
// it, read from a dot's types, attributes and layouts alone: the verifier
// rejects a dot in a wgmma layout (version 3) that does not fit, and code generation
// emits only what passes, so a hand-written `.tir` gets a diagnostic, not
// an internal error.
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/ir/SharedLayout.h"

#include <optional>
#include <string>

namespace tritonc {

// Whether operand `index` (0 for A, 1 for B) of a tensor-core dot is stored
// column by column in shared memory: a slot's own layout, else the
// fastest dim of its registers (staging writes whole runs). wgmma reads
// 8- and 32-bit operands along K only, so those are staged along K.
bool dotOperandColMajor(const tir::Op &dot, unsigned index);

// The shared-memory tile operand `index` of a tensor-core dot is read from
// (a slot, or where it is staged).
SharedTile dotOperandTile(const tir::Op &dot, unsigned index);

// Whether wgmma multiplies `dot`'s operands into its result's type, as
// tritonc emits it: fp16, bf16, fp8 (either format; A and B may differ) or
// fp32 read as tf32 (only with input_precision = "tf32"), into f32; fp16
// also into f16; int8 into s32. Layout assignment asks it before layouts
// exist.
bool wgmmaTakesOperands(const tir::Op &dot);

// Why wgmma cannot run `dot` as its types and layouts stand; nothing when
// it can.
std::optional<std::string> wgmmaMisfit(const tir::Op &dot);

} // namespace tritonc
