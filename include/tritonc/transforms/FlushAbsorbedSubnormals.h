// An fp32 exponential whose every use adds it to a constant of magnitude
// at least 2^-100 (`1 + exp(-x)`: tl.sigmoid, SiLU, the tanh form of GELU)
// may flush subnormal results to zero: below 2^-126 such a term is under
// half an ulp of the constant, so every sum is the same either way, in
// fp32 and after a cast to fp16 or bf16. Codegen then emits one
// `ex2.approx.ftz.f32` instead of the predicated expansion ptxas makes of
// `ex2.approx.f32` (Triton's form of `exp`); a subnormal input gives 1.0
// both ways.
//
// Before and after: tile-level IR, the same values; such `math {fn =
// "exp"}` ops carry `{ftz = 1}`.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void flushAbsorbedSubnormals(tir::Module &module);

} // namespace tritonc
