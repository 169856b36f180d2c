// Assembling PTX into cubins with NVIDIA's ptxas: for `--emit cubin`, and
// for the cubins a launcher header embeds so that a process need not wait
// for the driver's PTX JIT. tritonc does not need ptxas otherwise: where
// there is none, headers carry PTX alone.
#pragma once

#include "tritonc/support/Diagnostics.h"

#include <optional>
#include <string>

namespace tritonc {

// The ptxas to run: `requested` when given (`--ptxas`; "" for none), else
// the one tritonc's build found if it is still there, else `ptxas` on PATH;
// "" when there is none.
std::string findPtxas(const std::optional<std::string> &requested);

// Why findPtxas found none, for messages: "`--ptxas=` names none".
std::string whyNoPtxas(const std::optional<std::string> &requested);

// The cubin `ptxas` makes of `ptx` for `arch`, or nullopt after a
// diagnostic. ptxas's own messages go to stderr.
std::optional<std::string> assembleCubin(const std::string &ptxas, const std::string &ptx, const std::string &arch,
                                         DiagnosticEngine &diags);

} // namespace tritonc
