// The metadata JSON written beside the PTX (DESIGN.md §5): enough to launch
// the kernel from any CUDA driver binding.
#pragma once

#include "tritonc/host/KernelInfo.h"
#include "tritonc/host/LauncherHeader.h"

#include <string>
#include <string_view>
#include <vector>

namespace tritonc {

std::string writeMetadataJson(const KernelInfo &info);

// Several specialisations of one kernel (`files[k]` is where the PTX or
// cubin of `specs[k]` was written, "" if nowhere): the first one's fields
// as above, so that a reader of one specialisation reads the first, then
// "specialisations": each one's signature, file, shared bytes and params,
// in the order a launcher tries them (Specialisations.h).
std::string writeMetadataJson(const std::vector<KernelInfo> &specs, const std::vector<std::string> &files);

// An autotuned kernel (`files[v][k]`: where specialisation k of variant v
// was written): the first compilation's fields as above, then "key" and
// "configurations", each with its label, num_warps, num_stages,
// threads_per_block, constexprs (but those heuristics set) and "compilations" (heuristics' values,
// signature, file, shared bytes), in launch_config()'s numbering.
std::string writeMetadataJson(const AutotunedLauncher &launcher, const std::vector<std::vector<std::string>> &files);

// The parameter's type as the signature spells it, hint included: "*fp32:16".
std::string paramTypeSpelling(const KernelParam &param);

// `text` as a JSON string literal, quotes included.
std::string jsonQuote(std::string_view text);

} // namespace tritonc
