// The one table of primitive functions (`tl.program_id`, `tl.load`, ...):
// their parameter names and defaults, so that calls with keywords resolve
// the same way everywhere. Functions Triton writes in Python belong in
// stdlib/ instead.
#pragma once

#include <string>
#include <vector>

namespace tritonc {

struct BuiltinParam {
  const char *name;
  bool required;
  // `*name` (as in `tl.trans(x, *dims)`): takes every positional argument
  // left (ResolvedCall::rest); the parameters after it are keyword-only.
  bool variadic = false;
};

struct Builtin {
  std::string name; // "tl.load"
  std::vector<BuiltinParam> params;
};

// Elementwise math taking one float tensor: "exp", "sqrt", ... (as `tl.NAME`).
const std::vector<std::string> &unaryMathBuiltins();

// nullptr when `name` is not a builtin.
const Builtin *findBuiltin(const std::string &name);
// Every primitive, in the registry's order.
const std::vector<Builtin> &builtins();

// `tl.PropagateNan.NONE` and `.ALL`, Triton's values: the `propagate_nan`
// of `tl.maximum`/`tl.minimum` (and `tl.clamp`), constexpr ints.
constexpr long long kPropagateNanNone = 0;
constexpr long long kPropagateNanAll = 0xFFFF;

} // namespace tritonc
