// What a decorator says, read from its syntax alone: the parser keeps a
// function as kernel code when one of its decorators is Triton's, and
// sema judges what a name bound by a decorated function is.
#pragma once

#include "tritonc/frontend/AST.h"

#include <string>

namespace tritonc::ast {

// The dotted name a decorator starts with, without its call:
// `triton.autotune` for `@triton.autotune(configs=...)`; empty when it
// starts with none.
std::string decoratorHead(const Expr &decorator);

// `jit`, `autotune` or `heuristics` of Triton, written any way
// (`triton.jit`, `jit`, `triton.jit(...)`), and `tl.constexpr`, which
// makes a helper Triton runs while it compiles (FlagGems'
// `get_scan_accum_type(dtype)`): kernel code too.
bool isTritonDecorator(const Expr &decorator);

} // namespace tritonc::ast
