// The part of every autotuned launcher header that does not depend on the
// kernel: Python's integer arithmetic for heuristics, the tuning-table
// lookup, and the interface `tritonc-tune` drives. Private to src/host.
#pragma once

#include <string>

namespace tritonc {

// C++ text with its own versioned include guard, after launcherRuntimeSection().
const std::string &autotuneRuntimeSection();

} // namespace tritonc
