// Numbers Triton holds as 0-d tensors. A plain assignment in kernel code
// (`zero = 0.0`, `MASK = 1 << 31`, `n = BLOCK`) makes Triton turn a
// Python number into a scalar tensor of the type `to_tensor` picks; from
// then on it promotes as a tensor does (`x_i8 + n` is int32) and its
// arithmetic is the tensor's (wrapping, truncating division). tritonc keeps
// such a value compile-time, so that it may still size a tile, but types it
// as Triton does and folds with the tensor's arithmetic what it can.
//
// Pure functions; each returns nullopt where folding would have to guess
// (division by zero, a shift past the width, float `%`): the operation is
// then left to run time, as Triton leaves it.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/ir/Type.h"
#include "tritonc/support/ConstexprValue.h"

#include <optional>

namespace tritonc::sema {

// Triton's `to_tensor` type of a Python number: bool is int1; an int is
// int32, uint32, int64 or uint64 by its range; a float is fp32 unless fp32
// would make it subnormal or infinite, then fp64. Nullopt for non-numbers.
std::optional<ScalarKind> tensorTypeOf(const ConstexprValue &v);

// `v` as a tensor of `kind` holds it (wrapped, rounded); nullopt for kinds
// a held number never has (narrow floats, pointers).
std::optional<ConstexprValue> convertTo(const ConstexprValue &v, ScalarKind kind);

// `a op b` computed in `common`, the operands' computation type (fp32 for
// an integer `/`).
std::optional<ConstexprValue> foldTensorBinary(ast::BinaryOp op, const ConstexprValue &a, const ConstexprValue &b,
                                               ScalarKind common);
std::optional<ConstexprValue> foldTensorCompare(ast::CompareOp op, const ConstexprValue &a, const ConstexprValue &b,
                                                ScalarKind common);
std::optional<ConstexprValue> foldTensorUnary(ast::UnaryOp op, const ConstexprValue &a, ScalarKind kind);

} // namespace tritonc::sema
