// Sema: picks the kernel, binds the signature to its parameters, and
// type-checks its body with Triton's rules (DESIGN.md §1).
//
// Before: a parsed module with no syntax errors.
// After:  a TypedKernel in which every reachable expression has a value,
//         every use that needs a conversion records it, and compile-time
//         `if`s are decided — or nullopt, with every error reported.
#pragma once

#include "tritonc/support/Signature.h"
#include "tritonc/frontend/AST.h"
#include "tritonc/sema/Modules.h"
#include "tritonc/sema/TypedKernel.h"
#include "tritonc/support/Diagnostics.h"

#include <optional>
#include <string>

namespace tritonc {

// `kernelName` may be empty when the file has one kernel that no other
// `@jit` function calls. The kernel file is `modules`' main module; the
// modules it imports are read from it as the kernel reaches them.
std::optional<TypedKernel> analyzeKernel(ModuleSet &modules, const std::string &kernelName, const Signature &signature,
                                         DiagnosticEngine &diags);

// A kernel file that imports only Triton (and modules beside it, found
// from the diagnostics' source file's folder).
std::optional<TypedKernel> analyzeKernel(const ast::Module &module, const std::string &kernelName,
                                         const Signature &signature, DiagnosticEngine &diags);

// The kernel's definition and decorators, before any signature is bound:
// what decides how many times it is compiled (src/driver/Configurations.h).
// Reports and returns nullopt when there is no such kernel.
struct DecoratedKernel {
  const ast::FunctionDef *def = nullptr;
  KernelDecorators decorators;
};
std::optional<DecoratedKernel> readDecorators(ModuleSet &modules, const std::string &kernelName,
                                              DiagnosticEngine &diags);

namespace sema {
// Where tritonc's standard library (stdlib/standard.py) is read from: every
// compilation depends on that file as much as on the kernel's own.
std::string standardLibraryPath();
} // namespace sema

} // namespace tritonc
