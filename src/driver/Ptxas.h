// Assembling PTX into cubins with NVIDIA's ptxas: for `--emit cubin`, for
// the cubins a launcher header embeds so that a process need not wait for
// the driver's PTX JIT, and to check every PTX file tritonc writes: PTX
// that ptxas rejects is a compiler bug, never a successful compilation.
// tritonc does not need ptxas otherwise: where there is none, headers carry
// PTX alone and PTX goes unchecked.
#pragma once

#include "RegisterBudget.h"

#include "tritonc/support/Diagnostics.h"
#include "tritonc/support/Target.h"

#include <optional>
#include <string>

namespace tritonc {

// The ptxas to run: `requested` when given (`--ptxas`; "" for none), else
// the one tritonc's build found if it is still there, else `ptxas` on PATH;
// "" when there is none.
std::string findPtxas(const std::optional<std::string> &requested);

// Why findPtxas found none, for messages: "`--ptxas=` names none".
std::string whyNoPtxas(const std::optional<std::string> &requested);

struct AssembledCubin {
  std::optional<std::string> cubin; // nullopt after a message
  bool rejected = false;            // ptxas ran and refused the PTX: tritonc's bug, not the user's
  std::optional<std::string> ptx;   // the PTX the cubin was made of, when not the one given
  std::optional<PtxasUsage> usage;  // what ptxas reported for it
};

// The cubin `ptxas` makes of `ptx` for `target`. ptxas's warnings and errors
// go to stderr; a rejection is reported as an internal compiler error.
// Where ptxas spilled below the registers the CTA size allows, the PTX is
// assembled again with that budget; where a few registers fewer fit one
// more CTA (with `sharedBytes` of dynamic shared memory each) on an SM,
// again at that count (RegisterBudget.h).
AssembledCubin assembleCubin(const std::string &ptxas, const std::string &ptx, const Target &target, int sharedBytes,
                             DiagnosticEngine &diags);

} // namespace tritonc
