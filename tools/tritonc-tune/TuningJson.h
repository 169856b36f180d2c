// The tuning file tritonc-tune writes and `tritonc --tuning` reads
// (tools/tritonc/TuningFile.h describes the format): the device, the key,
// the configurations, and per problem the winner and every timing.
#pragma once

#include "Expression.h"
#include "Kernel.h"
#include "Timing.h"

#include <string>
#include <vector>

namespace tritonc_tune {

struct ProblemResult {
  Sizes sizes;                               // every size given with --key
  std::vector<int64_t> key;                  // the kernel's key, in its order
  std::vector<Timing> timings;               // per configuration
  std::vector<double> maxRelativeDifference; // per configuration, against the first that ran
  int best = -1;                             // -1: no configuration ran
  Timing launch;                             // launch() itself, with --with-launch
};

std::string tuningJson(const KernelUnderTest &kernel, const std::string &device, const TimingOptions &options,
                       const std::vector<ProblemResult> &results);

} // namespace tritonc_tune
