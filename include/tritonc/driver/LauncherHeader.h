// The generated C++17 launcher header (DESIGN.md §5): PTX embedded, module
// loaded lazily once per CUDA context, a typed launch() returning CUresult.
#pragma once

#include "tritonc/driver/KernelInfo.h"

#include <string>
#include <vector>

namespace tritonc {

struct LauncherImage {
  std::string arch; // "sm_90a"
  std::string ptx;
};

struct LauncherOptions {
  // Empty, or three C expressions over parameter names (`cdiv(n, 1024)`).
  std::vector<std::string> grid;
};

std::string writeLauncherHeader(const KernelInfo &info, const std::vector<LauncherImage> &images,
                                const LauncherOptions &options);

} // namespace tritonc
