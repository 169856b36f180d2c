// The generated C++17 launcher header (DESIGN.md §5): PTX (and cubins,
// when made) embedded, module loaded lazily once per CUDA context, a typed
// launch() returning CUresult.
// Several specialisations of one kernel share one launch(), which runs the
// first whose promises the arguments keep (Specialisations.h's order).
#pragma once

#include "tritonc/driver/KernelInfo.h"

#include <string>
#include <vector>

namespace tritonc {

struct LauncherImage {
  std::string arch; // "sm_90a"
  std::string ptx;
  std::string cubin; // ptxas's machine code for `arch`; empty when there is none
};

// One signature compiled: its description and one image per --arch.
struct LauncherSpecialisation {
  KernelInfo info;
  std::vector<LauncherImage> images;
};

struct LauncherOptions {
  // Empty, or three C expressions over parameter names (`cdiv(n, 1024)`).
  std::vector<std::string> grid;
};

// The specialisations must agree but for hints (specialisationMismatch).
std::string writeLauncherHeader(const std::vector<LauncherSpecialisation> &specs,
                                const LauncherOptions &options);

// The header of a single specialisation.
std::string writeLauncherHeader(const KernelInfo &info, const std::vector<LauncherImage> &images,
                                const LauncherOptions &options);

} // namespace tritonc
