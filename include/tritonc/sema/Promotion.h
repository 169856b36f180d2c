// Triton's type promotion for binary operators and `tl.where` (Triton's
// `computation_type_impl`): Python scalars of a lower or equal kind do not
// widen a tensor; otherwise fp64 > fp32 > fp16/bf16 > integers, `/` and `%`
// on half types compute in fp32, and integers promote by width, unsigned
// winning at equal width.
#pragma once

#include "tritonc/ir/Type.h"
#include "tritonc/support/ConstexprValue.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tritonc {

struct PromotionOperand {
  ScalarKind kind;
  bool isPythonScalar; // a constexpr/literal: it does not widen a tensor of its kind or above
};

// The type both operands convert to, or nullopt with `why` set.
std::optional<ScalarKind> computationType(PromotionOperand a, PromotionOperand b, bool divOrMod, std::string &why);

// The dtype Triton gives a Python int used as a tensor value: int32 when it
// fits, uint32 for [2^31, 2^32), uint64 for [2^63, 2^64), else int64
// (uint64 for bit patterns).
ScalarKind pythonIntType(ConstInt value, bool isUnsignedBits);

} // namespace tritonc
