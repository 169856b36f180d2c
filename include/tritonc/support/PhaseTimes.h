// Wall-clock time per compilation phase, for `--time-report`: where a
// compile's milliseconds go (front end, tile passes, LLVM emission, LLVM's
// optimiser, NVPTX code generation).
#pragma once

#include <chrono>
#include <ostream>
#include <string>
#include <vector>

namespace tritonc {

class PhaseTimes {
public:
  // Charges the time since the previous call (or construction) to `phase`.
  void finish(const std::string &phase);
  void print(std::ostream &out) const;

private:
  using Clock = std::chrono::steady_clock;
  Clock::time_point last_ = Clock::now();
  std::vector<std::pair<std::string, double>> phases_; // name, milliseconds
};

} // namespace tritonc
