// The ordered list of passes that takes tile IR from lowering to the form
// codegen reads. src/transforms/Pipeline.cpp holds the list itself.
#pragma once

#include "tritonc/ir/IR.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

struct PipelineOptions {
  // Run only these passes, in this order (`--passes`; an empty list runs
  // none); unset: the default list.
  std::optional<std::vector<std::string>> passes;
  // Print the IR after each run of this pass (`--print-after`).
  std::string printAfter;
  std::ostream *printStream = nullptr;
  // Stop before the first GPU-level pass (for `--emit tir`).
  bool tileLevelOnly = false;
};

// Names of every known pass, in default order.
std::vector<std::string> passNames();

// Runs the passes, verifying the IR before the first and after each one; a
// verification failure is an internal error naming the pass. IR that already
// has layouts (a GPU-level `.tir` input) is verified at the GPU level
// throughout, whatever level the passes themselves produce; by default it
// runs only the tile-level passes, which keep layouts (the GPU passes made it).
void runPipeline(tir::Module &module, const PipelineOptions &options);

} // namespace tritonc
