// Lowering: typed AST -> tile IR (DESIGN.md §1).
//
// Before: a TypedKernel from sema (no errors).
// After:  a tile-level module (no layouts) with one function whose
//         arguments are the kernel's runtime parameters in source order,
//         carrying the signature's hints. Conversions sema recorded become
//         explicit casts, splats and constants.
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/sema/TypedKernel.h"

#include <memory>

namespace tritonc {

std::unique_ptr<tir::Module> lowerKernel(const TypedKernel &kernel);

} // namespace tritonc
