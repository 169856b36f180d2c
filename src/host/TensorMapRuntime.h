// The launcher headers' builder of tensor maps, for kernels whose sm_90a
// image copies with TMA (KernelInfo::tensorMaps). Private to src/host.
#pragma once

#include <string>

namespace tritonc {

// C++ text with its own versioned include guard, after
// launcherRuntimeSection(); only headers whose kernel takes tensor maps
// carry it.
const std::string &tensorMapRuntimeSection();

} // namespace tritonc
