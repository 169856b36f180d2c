// The metadata JSON written beside the PTX (DESIGN.md §5): enough to launch
// the kernel from any CUDA driver binding.
#pragma once

#include "tritonc/driver/KernelInfo.h"

#include <string>
#include <string_view>

namespace tritonc {

std::string writeMetadataJson(const KernelInfo &info);

// The parameter's type as the signature spells it, hint included: "*fp32:16".
std::string paramTypeSpelling(const KernelParam &param);

// `text` as a JSON string literal, quotes included.
std::string jsonQuote(std::string_view text);

} // namespace tritonc
