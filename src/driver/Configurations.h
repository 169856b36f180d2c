// How many times a kernel under `@triton.autotune` / `@triton.heuristics`
// is compiled, and with what.
//
// A signature that gives every meta-parameter the configurations set
// compiles one configuration, as for any kernel. A signature that leaves
// them out — positional entries then bind, in order, to the parameters
// that no configuration and no heuristic sets, as a Triton caller passes
// them — compiles every `triton.Config` (its kwargs, num_warps,
// num_stages) into one launcher. Each heuristic is then evaluated per
// configuration: one that reads only compile-time values is folded; a
// truth value over run-time arguments doubles the compilations (one per
// value) and the launcher evaluates it per call; any other run-time value
// must be given in the signature, and the launcher checks it.
#pragma once

#include "tritonc/support/Signature.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/support/Diagnostics.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tritonc {

struct ConfigurationPlan {
  struct Config {
    std::string label; // "BLOCK=128, num_warps=4, num_stages=3": its name in tuning files
    std::vector<std::pair<std::string, ConstexprValue>> meta;
    unsigned numWarps = 4, numStages = 3;
    unsigned maxRegisters = 0; // `maxnreg=`; 0: the command line's `--maxnreg`
  };
  // One compilation of one configuration (per `--signature`).
  struct Variant {
    size_t config = 0;
    // C++ truth values over the launch() arguments' Python names that
    // select this variant among its configuration's; all must hold.
    std::vector<std::string> conditions;
    // The heuristics' values in this variant, for comments: "EVEN=True".
    std::string heuristics;
    // Each `--signature`, named and completed with the configuration's
    // meta-parameters and the heuristics' values.
    std::vector<Signature> signatures;
    std::vector<std::string> signatureTexts;
  };
  std::vector<Config> configs;
  std::vector<Variant> variants;
  std::vector<std::string> key;        // integer arguments, in the decorator's order
  std::vector<std::string> heuristics; // the meta-parameters heuristics set
  // For `tritonc tune` only: buffers zeroed or restored before each timed
  // run, and Triton's time budget per configuration (0: not given).
  std::vector<std::string> resetToZero, restoreValue;
  double warmupMs = 0, repMs = 0;
};

// nullopt without an error when `signatures` give the meta-parameters (one
// configuration, compiled as any kernel); nullopt after diagnostics when
// the decorators or signatures are unusable. `numWarps`/`numStages` are
// what a configuration that does not say takes.
std::optional<ConfigurationPlan> planConfigurations(const DecoratedKernel &kernel,
                                                    const std::vector<Signature> &signatures,
                                                    const std::vector<std::string> &signatureTexts, unsigned numWarps,
                                                    unsigned numStages, DiagnosticEngine &diags);

} // namespace tritonc
