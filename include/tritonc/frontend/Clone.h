// Deep copies of kernel-body syntax: the same nodes with the same source
// ranges, owned anew (a continuation that two branches both run needs a
// tree of its own in each). Statements that only occur at module level
// (functions, imports, host code) are not copied: null.
#pragma once

#include "tritonc/frontend/AST.h"

#include <optional>

namespace tritonc::ast {

ExprPtr clone(const Expr &e);
StmtPtr clone(const Stmt &s); // null for a module-level-only statement
// Null when a statement could not be copied.
std::optional<Block> clone(const Block &b);

} // namespace tritonc::ast
