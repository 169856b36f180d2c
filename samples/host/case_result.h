// One checked case: every output of one launch (or chain of launches) at
// one size, compared with the CPU reference. It prints one line, PASS or
// FAIL, with the worst error found.
#pragma once

#include "device_buffer.h"

#include <string>
#include <utility>
#include <vector>

namespace samples {

// |got - want| <= atol + rtol * |want|, elementwise.
struct Tolerance {
  double atol, rtol;
};

// For outputs whose reference is computed in double from the same inputs:
// the last bits of an fp32 result differ with the order of a reduction and
// the fast exp2 the kernels use, a 16-bit result by up to its rounding and
// that of its inputs to the tensor cores.
inline Tolerance tolerance(Dtype dtype) {
  switch (dtype) {
  case Dtype::F16: return {1e-2, 1e-2};
  case Dtype::BF16: return {2e-2, 2e-2};
  case Dtype::F32: break;
  }
  return {1e-5, 1e-5};
}

class CaseResult {
public:
  explicit CaseResult(std::string name) : name_(std::move(name)) {}

  // Downloads `buffer` and compares it with `want`, element for element. A
  // NaN in `want` marks padding (between strided rows, say) that must keep
  // the poison; the guard after the buffer must keep it too.
  void expectClose(const char *tensor, const DeviceBuffer &buffer, Dtype dtype, const std::vector<double> &want,
                   Tolerance tol);
  void expectClose(const char *tensor, const DeviceBuffer &buffer, Dtype dtype, const std::vector<double> &want) {
    expectClose(tensor, buffer, dtype, want, tolerance(dtype));
  }
  void expect(bool ok, const std::string &what);

  bool passed() const { return failures_.empty(); }
  // "PASS name  (...)" or "FAIL name: ..."; returns passed().
  bool print() const;

private:
  std::string name_;
  std::vector<std::string> failures_;
  std::vector<std::string> notes_; // the worst error of each tensor
};

} // namespace samples
