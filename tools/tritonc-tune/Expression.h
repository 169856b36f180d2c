// Integer expressions over named sizes, for argument recipes and keys:
// `M*K`, `cdiv(N, 64) * 4`, `max(M, 16)`. Operators: + - * / % (integer
// division and remainder, rounding toward negative infinity as in
// Python; `//` is accepted for `/`), unary -, parentheses; functions
// cdiv(a, b), min(a, b, ...), max(a, b, ...), next_power_of_2(a). Plain
// C++17, no dependencies: this is built on the GPU machine.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace tritonc_tune {

using Sizes = std::map<std::string, int64_t>;

// Evaluates `text` with the names in `sizes`; throws std::runtime_error
// naming the problem (an unknown name, a division by zero, bad syntax).
int64_t evaluate(const std::string &text, const Sizes &sizes);

} // namespace tritonc_tune
