// Folding operators over compile-time values with Python's semantics (as
// Triton does: constexpr arithmetic runs in the Python interpreter), so
// `BLOCK // 2` and `-7 % 3` give what Python gives.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/ConstexprValue.h"

#include <optional>
#include <string>

namespace tritonc {

// Each returns nullopt with `why` set when Python would raise.
std::optional<ConstexprValue> foldBinary(ast::BinaryOp op, const ConstexprValue &a, const ConstexprValue &b,
                                         std::string &why);
std::optional<ConstexprValue> foldUnary(ast::UnaryOp op, const ConstexprValue &a, std::string &why);
std::optional<ConstexprValue> foldCompare(ast::CompareOp op, const ConstexprValue &a, const ConstexprValue &b,
                                          std::string &why);
bool truthy(const ConstexprValue &v);

} // namespace tritonc
