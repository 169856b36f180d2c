// The line `tl.device_print` prints per element, shared by the GPU code
// (one vprintf format) and the interpreter (the same parts through
// snprintf), so both print the same text:
//   pid (0, 0, 0) idx (3, 1) x: 1.500000
// The label is the user's prefix without trailing spaces and colon; the
// value prints as C's %f (floats, widened to double), %d / %u / %lld /
// %llu (integers), or 0x%x / 0x%llx with `hex`. With several values each
// line names its operand: `x (operand 1): ...`.
#pragma once

#include "tritonc/ir/Type.h"

#include <string>

namespace tritonc {

struct PrintedValue {
  std::string label;      // as shown, unescaped
  std::string conversion; // the printf conversion of the value
  bool wide = false;      // the conversion takes a 64-bit integer (else 32 bits, or a double)
};

PrintedValue printedValue(const std::string &prefix, ScalarKind kind, bool hex, int operand);

// The whole vprintf format of one line: three program ids, `rank` indices
// (all unsigned), then the value.
std::string printFormat(const PrintedValue &value, size_t rank);

} // namespace tritonc
