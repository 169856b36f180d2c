// Choosing the kernel to compile and binding the signature to its
// parameters: which are constexprs (and their values), which are runtime
// parameters (and their types and hints).
#pragma once

#include "tritonc/support/Signature.h"
#include "tritonc/frontend/AST.h"
#include "tritonc/sema/TypedKernel.h"
#include "tritonc/support/Diagnostics.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

bool isJitFunction(const ast::FunctionDef &def);
bool isConstexprAnnotation(const ast::Expr *annotation);

// The `@jit` function named `name`; with an empty name, the only `@jit`
// function that no other one calls. Reports and returns null otherwise.
const ast::FunctionDef *selectKernel(const ast::Module &module, const std::string &name, DiagnosticEngine &diags);

using ConstexprEvaluator = std::function<std::optional<ConstexprValue>(const ast::Expr &)>;

std::optional<std::vector<BoundParam>> bindSignature(const ast::FunctionDef &kernel, const Signature &signature,
                                                     const ConstexprEvaluator &evalDefault, DiagnosticEngine &diags);

} // namespace tritonc
