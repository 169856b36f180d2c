#include "tritonc/support/PhaseTimes.h"

#include <fmt/format.h>

namespace tritonc {

void PhaseTimes::finish(const std::string &phase) {
  Clock::time_point now = Clock::now();
  double ms = std::chrono::duration<double, std::milli>(now - last_).count();
  last_ = now;
  for (auto &[name, total] : phases_)
    if (name == phase) {
      total += ms;
      return;
    }
  phases_.emplace_back(phase, ms);
}

void PhaseTimes::print(std::ostream &out) const {
  double total = 0;
  for (const auto &[name, ms] : phases_) {
    out << fmt::format("  {:<22} {:8.1f} ms\n", name, ms);
    total += ms;
  }
  out << fmt::format("  {:<22} {:8.1f} ms\n", "total", total);
}

} // namespace tritonc
