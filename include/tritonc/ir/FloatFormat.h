// Float values in the formats tensors store: the bit pattern of a value in
// each float ScalarKind and back, rounding to nearest-even as PTX's `cvt.rn`
// does. fp16 and bf16 overflow to infinity; the fp8 formats saturate to
// their largest finite value (`cvt.rn.satfinite`, what Triton emits) and
// keep NaN. A NaN narrowed to fp16/bf16/fp8 becomes the canonical NaN
// (0x7fff, 0x7f) as on the GPU. The interpreter computes with these, and
// codegen encodes fp8 constants with them.
#pragma once

#include "tritonc/ir/Type.h"

#include <cstdint>

namespace tritonc {

// The value `bits` encodes in `kind` (F8E4NV .. F64), exactly.
double decodeFloat(uint64_t bits, ScalarKind kind);

// `value` rounded to nearest-even in `kind`, as a bit pattern in the low bits.
uint64_t encodeFloat(double value, ScalarKind kind);

} // namespace tritonc
