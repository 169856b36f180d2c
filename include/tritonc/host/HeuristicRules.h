// A `@triton.heuristics` lambda — `lambda args: args["n"] % args["BLOCK"]
// == 0` — as C++ for the launcher, or as a value when it reads only
// compile-time values.
//
// Accepted: integer, float and boolean literals; `args["NAME"]`; `+ - *
// // % & | ^ << >>`, unary `- + ~ not`, comparisons (chained too), `and`,
// `or`, `a if c else b`, and the calls `min`, `max`, `abs`, `int`, `bool`,
// `triton.next_power_of_2` and `triton.cdiv` (or `cdiv`). `//` and `%`
// keep Python's flooring on negative operands. Anything else (true
// division, attributes such as `.dtype`, other calls) is reported at its
// place: a rule the launcher could not evaluate exactly must not be
// guessed at.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/ConstexprValue.h"
#include "tritonc/support/Diagnostics.h"

#include <functional>
#include <optional>
#include <string>

namespace tritonc {

// What `args["NAME"]` is: a compile-time value, or a launch() argument
// (its C++ spelling is the Python name, renamed by the header writer).
struct RuleInput {
  enum class Kind { Constant, Integer, Float, Pointer, Unknown };
  Kind kind = Kind::Unknown;
  ConstexprValue value; // Constant
};

struct TranslatedRule {
  // Set when the rule reads no launch() argument.
  std::optional<ConstexprValue> constant;
  // Otherwise: a C++ expression over the arguments' Python names, and
  // whether it is a truth value (a heuristic of two possible values).
  std::string cpp;
  bool isBool = false;
};

// `rule` is heuristic `name`'s value in the dict (a lambda of one
// parameter). Reports and returns nullopt on a rule outside the subset.
std::optional<TranslatedRule> translateHeuristic(const std::string &name, const ast::Expr &rule,
                                                 const std::function<RuleInput(const std::string &)> &input,
                                                 DiagnosticEngine &diags);

} // namespace tritonc
