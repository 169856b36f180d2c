// `--host-value NAME=VALUE`: module-level names that only Python code
// computes, given the value the host computed (the drop-in passes what its
// Python process imported). NAME is bare (any module's) or qualified by its
// module (`pkg.mod.NAME`); VALUE is written as a constexpr in --signature.
#pragma once

#include "tritonc/sema/Modules.h"
#include "tritonc/support/Diagnostics.h"

#include <string>
#include <vector>

namespace tritonc {

// Parses each `NAME=VALUE` into `modules`; false after a [BadOption].
bool addHostValues(ModuleSet &modules, const std::vector<std::string> &given, DiagnosticEngine &diags);

} // namespace tritonc
