// The part of every launcher header that does not depend on the kernel:
// Grid, cdiv, image selection and the per-context function cache. Private
// to src/host.
#pragma once

#include <string>

namespace tritonc {

// C++ text, wrapped in its own include guard so that several launcher
// headers can be included in one translation unit.
const std::string &launcherRuntimeSection();

} // namespace tritonc
