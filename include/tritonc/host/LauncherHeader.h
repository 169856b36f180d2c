// The generated C++17 launcher header (DESIGN.md §5): PTX (and cubins,
// when made) embedded, module loaded lazily once per CUDA context, a typed
// launch() returning CUresult.
// Several specialisations of one kernel share one launch(), which runs the
// first whose promises the arguments keep (Specialisations.h's order).
#pragma once

#include "tritonc/host/KernelInfo.h"
#include "tritonc/support/Target.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tritonc {

struct LauncherImage {
  Target target;
  std::string ptx;
  std::string cubin = {}; // ptxas's machine code for `target`; empty when there is none
  int sharedBytes = 0;    // the dynamic shared memory this image's kernel launches with
  // The same kernel with its dot loops' loads issued an iteration ahead
  // (prefetch-dot-loads), taken instead of `ptx` where ptxas's registers
  // say it pays (Outputs.cpp); empty when that pass changed nothing.
  std::string prefetchedPtx = {};
  int prefetchedSharedBytes = 0;
};

// One signature compiled: its description and one image per --arch.
struct LauncherSpecialisation {
  KernelInfo info;
  std::vector<LauncherImage> images;
  // Added by tritonc, not asked for (alignment dispatch): left out, not
  // fatal, where ptxas rejects it.
  bool addedByCompiler = false;
};

// One compilation of one configuration of an autotuned kernel: the
// launcher runs it when its configuration is chosen and its conditions
// (C++ over the launch() arguments' Python names: the heuristics' truth
// values) hold; its specialisations as any kernel's.
struct LauncherVariant {
  size_t config = 0;
  std::vector<std::string> conditions;
  std::string heuristics; // "EVEN=True", for comments
  std::vector<LauncherSpecialisation> specs;
};

// A `tritonc-tune` result for one device: per tuned key (values in the
// order of AutotunedLauncher::key), the configuration that won.
struct TuningTable {
  std::string device; // as cuDeviceGetName gives it
  std::vector<std::pair<std::vector<int64_t>, size_t>> entries;
};

// Every configuration of a kernel behind one launch(), which picks one
// from the tuning table of the device it runs on (exact key, else the
// nearest by the sum of log2 distances), or the first without a table.
struct AutotunedLauncher {
  std::string signature; // as the user gave it (the `--signature`s, joined by `; `)
  std::vector<std::string> configLabels;
  std::vector<std::string> heuristics;   // the meta-parameters heuristics set
  std::vector<LauncherVariant> variants; // each configuration's, in order
  std::vector<std::string> key;          // integer parameters
  std::vector<TuningTable> tables;
  bool powerOfTwoBuckets = false; // keys rounded up to powers of two before matching
  // What `tritonc-tune` does around each timed run (Configurations.h).
  std::vector<std::string> resetToZero, restoreValue;
  double warmupMs = 0, repMs = 0;
};

struct LauncherOptions {
  // Empty, or three C expressions over parameter names (`cdiv(n, 1024)`).
  std::vector<std::string> grid;
};

// The specialisations must agree but for hints (specialisationMismatch).
std::string writeLauncherHeader(const std::vector<LauncherSpecialisation> &specs, const LauncherOptions &options);

std::string writeLauncherHeader(const AutotunedLauncher &launcher, const LauncherOptions &options);

// The header of a single specialisation.
std::string writeLauncherHeader(const KernelInfo &info, const std::vector<LauncherImage> &images,
                                const LauncherOptions &options);

} // namespace tritonc
