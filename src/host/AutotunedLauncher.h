// The sections of an autotuned launcher header (LauncherHeader.h's
// AutotunedLauncher) that come after its compilations, each a function
// returning C++ text in the kernel's namespace, where every compilation is
// a namespace `variantN`. Private to src/host.
//
//   launch_config   configuration c's variant whose heuristics hold
//   choose_config   the baked tables (kTables) and the lookup by key
//   kTuning         what tritonc-tune drives (only with --grid)
#pragma once

#include "LauncherParams.h"
#include "tritonc/host/LauncherHeader.h"

#include <string>

namespace tritonc {

// launch_config(config, stream, [grid,] args...): `withGrid` takes the grid
// as an argument, otherwise each variant's --grid gives it.
std::string configLaunchSection(const AutotunedLauncher &launcher, const LauncherParams &params, bool withGrid);

// The tuning tables and choose_config(args...), which returns 0 without one.
std::string chooserSection(const AutotunedLauncher &launcher, const LauncherParams &params);

// kTuning: the labels, parameters, key and tuning options, launch_config()
// and launch() over an array of pointers to the arguments.
std::string tuningInterfaceSection(const AutotunedLauncher &launcher, const LauncherParams &params,
                                   const std::string &kernelName);

} // namespace tritonc
