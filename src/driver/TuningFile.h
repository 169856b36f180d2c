// Reading a `tritonc-tune` result (`--tuning FILE`) into the table a
// launcher bakes in. The file, as tritonc-tune writes it:
//
//   {"kernel": "matmul_bias_act", "device": "NVIDIA H100 80GB HBM3",
//    "key": ["M", "N", "K"],
//    "configs": ["BLOCK_M=128, ..., num_warps=8, num_stages=3", ...],
//    "results": [{"key": [4096, 4096, 4096], "best": "BLOCK_M=128, ...",
//                 "times_ms": [0.21, ...]}, ...]}
//
// Only "device", "key" and each result's "key" and "best" (null: skipped)
// are read; a
// configuration is named by its label, so that reordering the decorator's
// list does not silently change the choices. Mistakes are reported at
// their place in the JSON file.
#pragma once

#include "tritonc/host/LauncherHeader.h"
#include "tritonc/support/Diagnostics.h"

#include <optional>
#include <string>

namespace tritonc {

// `launcher` gives the configuration labels and key names the file must use.
std::optional<TuningTable> readTuningFile(const std::string &path, const AutotunedLauncher &launcher,
                                          DiagnosticEngine &diags);

} // namespace tritonc
