#include "case_result.h"

#include <cmath>
#include <cstdio>

namespace samples {

namespace {

std::string number(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", value);
  return text;
}

} // namespace

void CaseResult::expectClose(const char *tensor, const DeviceBuffer &buffer, Dtype dtype,
                             const std::vector<double> &want, Tolerance tol) {
  std::vector<double> got = download(buffer, dtype);
  if (got.size() != want.size()) {
    failures_.push_back(std::string(tensor) + ": the check compares " + std::to_string(want.size()) +
                        " elements with a buffer of " + std::to_string(got.size()));
    return;
  }
  std::size_t unwritten = 0, clobbered = 0, wrong = 0, worstAt = 0;
  double worst = 0; // error over the allowed error: a pass keeps it at most 1
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i])) {
      clobbered += !std::isnan(got[i]);
      continue;
    }
    if (std::isnan(got[i])) {
      ++unwritten;
      continue;
    }
    double error = std::fabs(got[i] - want[i]);
    double ratio = error == 0 ? 0 : error / (tol.atol + tol.rtol * std::fabs(want[i]));
    if (!(ratio <= 1.0))
      ++wrong;
    if (!(ratio <= worst)) {
      worst = ratio;
      worstAt = i;
    }
  }
  if (!buffer.guardIntact())
    failures_.push_back(std::string(tensor) + ": written past the end of its buffer");
  std::string at = "[" + std::to_string(worstAt) + "] got " + number(got[worstAt]) + ", want " + number(want[worstAt]);
  if (unwritten || clobbered || wrong)
    failures_.push_back(std::string(tensor) + ": " + std::to_string(wrong) + " wrong, " + std::to_string(unwritten) +
                        " never written, " + std::to_string(clobbered) + " written outside the tensor, of " +
                        std::to_string(want.size()) + "; worst " + at);
  else
    notes_.push_back(std::string(tensor) + " " + number(worst));
}

void CaseResult::expect(bool ok, const std::string &what) {
  if (!ok)
    failures_.push_back(what);
}

bool CaseResult::print() const {
  if (passed()) {
    std::string notes;
    for (const std::string &note : notes_)
      notes += (notes.empty() ? "" : ", ") + note;
    std::printf("PASS %s%s\n", name_.c_str(), notes.empty() ? "" : ("  (error/tolerance: " + notes + ")").c_str());
  } else {
    std::printf("FAIL %s\n", name_.c_str());
    for (const std::string &failure : failures_)
      std::printf("       %s\n", failure.c_str());
  }
  std::fflush(stdout);
  return passed();
}

} // namespace samples
