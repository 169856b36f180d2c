// `tl.map_elementwise(fn, *args)` runs a function written for scalars on
// every element. tritonc runs it once on whole tiles instead, which is the
// same for code without effects once its run-time `if`s are selects: the
// elementwise form of `fn` evaluates both branches of each `if`, merges
// what they assign with `tl.where`, and keeps the first `return` each
// element reaches.
//
// Before: `def` is a `@triton.jit` function. After: a new function of the
// same parameters whose body has no `if`, returning a value of `shape` (a
// tuple of ints; empty for none), or null after a located diagnostic for
// what has no elementwise form here (loops, effects, assignments to
// anything but names).
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/Diagnostics.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tritonc::sema {

std::unique_ptr<ast::FunctionDef> elementwiseForm(const ast::FunctionDef &def, const std::vector<int64_t> &shape,
                                                  DiagnosticEngine &diags);

} // namespace tritonc::sema
