// Sema: picks the kernel, binds the signature to its parameters, and
// type-checks its body with Triton's rules (DESIGN.md §1).
//
// Before: a parsed module with no syntax errors.
// After:  a TypedKernel in which every reachable expression has a value,
//         every use that needs a conversion records it, and compile-time
//         `if`s are decided — or nullopt, with every error reported.
#pragma once

#include "tritonc/driver/Signature.h"
#include "tritonc/frontend/AST.h"
#include "tritonc/sema/TypedKernel.h"
#include "tritonc/support/Diagnostics.h"

#include <optional>
#include <string>

namespace tritonc {

// `kernelName` may be empty when the file has one kernel that no other
// `@jit` function calls.
std::optional<TypedKernel> analyzeKernel(const ast::Module &module, const std::string &kernelName,
                                         const Signature &signature, DiagnosticEngine &diags);

} // namespace tritonc
