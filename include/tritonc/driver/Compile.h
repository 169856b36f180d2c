// One compiler invocation, independent of how its options were spelled on
// the command line.
#pragma once

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

enum class EmitKind { AST, TIR, TIRGPU, LLVM, PTX, CUBIN };

struct CompileOptions {
  std::string input;
  std::string output; // "-" for stdout
  std::string kernel; // may be empty
  // One specialisation each, all behind one launch() (several only with
  // `--emit ptx`); none means the empty signature.
  std::vector<std::string> signatures;
  unsigned numWarps = 4;
  unsigned numStages = 3;
  std::vector<std::string> archs{"sm_90a"}; // the first one is written to `output`
  EmitKind emit = EmitKind::PTX;
  std::string headerPath;
  // The ptxas for cubins (`--ptxas`; "" for none); unset: look for one
  // (Ptxas.h). A header embeds cubins whenever there is a ptxas.
  std::optional<std::string> ptxas;
  std::string libdevicePath; // empty: the toolkit's (CodegenOptions)
  std::string metadataPath;  // empty: output with .json, when emitting PTX to a file
  std::vector<std::string> grid;
  std::string printAfter;
  std::string printAnalysis;
  std::optional<std::vector<std::string>> passes; // unset: the default pipeline
  // Where imported kernel modules are found after the kernel file's folder:
  // `-I DIR` in order, then TRITONC_PATH's entries.
  std::vector<std::string> includeDirs;
  std::vector<std::string> hostValues; // `--host-value NAME=VALUE`, as written
  // A Make-style depfile naming every source file read (`--depfile`).
  std::string depfilePath;
  // Print where the compile's time went, per phase, to stderr.
  bool timeReport = false;
  // Keep cp.async for block pointers and descriptors on sm_90a (`--no-tma`).
  bool noTma = false;
  // On sm_90a, split a TMA-fed wgmma loop between a producer warpgroup and
  // the num_warps consumers (`--warp-specialize`; WarpSpecialize.h).
  bool warpSpecialize = false;
  // With it, CTAs as many as the GPU has SMs loop over the grid's tiles
  // (`--persistent`; WarpSpecialize.h).
  bool persistent = false;
  // Add no specialisation under the alignment promises worth checking at
  // launch (`--no-alignment-dispatch`; AlignmentChecks.h).
  bool noAlignmentDispatch = false;
  // `--exp2-form=short-predicates` (CodegenOptions::exp2ShortPredicates).
  bool exp2ShortPredicates = false;
  // `--fp32-dot-default`: one of `input_precision`'s values, any case;
  // empty: Triton's rule.
  std::string fp32DotDefault;
  // `--maxnreg N` (CodegenOptions::maxRegisters); 0: none.
  unsigned maxRegisters = 0;
  // `tritonc-tune` results baked into an autotuned launcher (one file per
  // device), and how keys are rounded before matching: "" or "pow2".
  std::vector<std::string> tuningFiles;
  std::string tuningBuckets;
};

// Returns the process exit code: 0 success, 1 user error (diagnosed on
// `diagOut`). Internal errors propagate as InternalError.
int compile(const CompileOptions &options, std::ostream &diagOut);

} // namespace tritonc
