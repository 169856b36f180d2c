// The files one compilation writes once its specialisations are compiled:
// the `-o` file (PTX or cubin), the same of every further specialisation
// beside it, the metadata JSON and the launcher header, which embeds a
// cubin beside each PTX when there is a ptxas.
#pragma once

#include "tritonc/driver/Compile.h"

#include "tritonc/host/LauncherHeader.h"
#include "tritonc/support/Diagnostics.h"

#include <string>
#include <vector>

namespace tritonc {

// `specs` in command-line order, each with the PTX of one image per
// `--arch`. Returns the exit code.
int writeOutputs(const CompileOptions &options, std::vector<LauncherSpecialisation> specs, DiagnosticEngine &diags);

// The same for every configuration of an autotuned kernel: compilation n
// (variants in order, their specialisations in order) of `-o k.ptx` goes
// to `k.ptx` for n = 0, else `k.<n>.ptx`.
int writeAutotunedOutputs(const CompileOptions &options, AutotunedLauncher launcher, DiagnosticEngine &diags);

} // namespace tritonc
