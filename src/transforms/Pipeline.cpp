// The pass pipeline, read top to bottom.
#include "tritonc/transforms/Pipeline.h"

#include "tritonc/ir/Printer.h"
#include "tritonc/ir/Verifier.h"
#include "tritonc/support/Diagnostics.h"
#include "tritonc/transforms/AssignLayouts.h"
#include "tritonc/transforms/BulkTensorAccesses.h"
#include "tritonc/transforms/CSE.h"
#include "tritonc/transforms/Canonicalize.h"
#include "tritonc/transforms/DCE.h"
#include "tritonc/transforms/FlushAbsorbedSubnormals.h"
#include "tritonc/transforms/FoldDotAccumulate.h"
#include "tritonc/transforms/HoistDotOperands.h"
#include "tritonc/transforms/LICM.h"
#include "tritonc/transforms/OverlapWgmmaDots.h"
#include "tritonc/transforms/PrefetchDotLoads.h"
#include "tritonc/transforms/ReduceByDims.h"
#include "tritonc/transforms/RematerializeConversions.h"
#include "tritonc/transforms/SinkUnitReshapes.h"
#include "tritonc/transforms/SoftwarePipeline.h"
#include "tritonc/transforms/StageSharedOperands.h"
#include "tritonc/transforms/StageTransposedOperands.h"
#include "tritonc/transforms/VersionTmaWindows.h"
#include "tritonc/transforms/WarpSpecialize.h"

#include <algorithm>
#include <ostream>

namespace tritonc {

namespace {

struct PassEntry {
  const char *name;
  void (*run)(tir::Module &);
  tir::VerifyLevel levelAfter;
};

const std::vector<PassEntry> &defaultPipeline() {
  using tir::VerifyLevel;
  static const std::vector<PassEntry> passes = {
      // Tile level: simplify what lowering produced, so axis info sees
      // folded constants and one value per expression.
      {"canonicalize", canonicalize, VerifyLevel::Tile},
      // Reshapes that only add or drop size-1 dims (3-D descriptors' tiles)
      // move onto the addresses, so the values keep their layouts.
      {"sink-unit-reshapes", sinkUnitReshapes, VerifyLevel::Tile},
      // `acc += tl.dot(a, b)` accumulates in the dot, as Triton folds it.
      {"fold-dot-accumulate", foldDotAccumulate, VerifyLevel::Tile},
      {"cse", eliminateCommonSubexpressions, VerifyLevel::Tile},
      // After CSE, so that one copy of each invariant leaves the loop.
      {"licm", hoistLoopInvariants, VerifyLevel::Tile},
      {"dce", eliminateDeadCode, VerifyLevel::Tile},
      // `1 + exp(-x)`: the exponential's subnormals cannot change the sum.
      {"flush-absorbed-subnormals", flushAbsorbedSubnormals, VerifyLevel::Tile},
      // GPU level: from here on every tensor carries a layout.
      {"assign-layouts", assignLayouts, VerifyLevel::GPU},
      // A reduction of every element whose flattening would move data
      // reduces dim by dim.
      {"reduce-by-dims", reduceUnrenamedFlatteningsByDims, VerifyLevel::GPU},
      // Index vectors (and tiles broadcast from them, a causal mask)
      // wanted in two layouts are computed in each, not exchanged; CSE then
      // merges what the conversions had duplicated.
      {"rematerialize", rematerializeConversions, VerifyLevel::GPU},
      {"cse-gpu", eliminateCommonSubexpressions, VerifyLevel::GPU},
      // Pointer tiles of a matmul's K loop read as windows of their tensors,
      // so the pipeliner copies them with TMA (behind a full-tile test).
      {"version-tma-windows", versionLoopsForTmaWindows, VerifyLevel::GPU},
      // After layouts: a load's copy width and the dot's layout decide.
      {"pipeline", pipelineDotLoads, VerifyLevel::GPU},
      // What it left in registers (2-byte rows) is loaded an iteration ahead.
      {"prefetch-dot-loads", prefetchDotLoads, VerifyLevel::GPU},
      // Descriptor stores, and descriptor loads outside loops, by TMA.
      {"bulk-tensor-accesses", moveDescriptorTilesByTma, VerifyLevel::GPU},
      // After the pipeliner: what it put in ring buffers needs no staging.
      {"hoist-dot-operands", hoistInvariantDotOperands, VerifyLevel::GPU},
      // Transposed register operands: written once as they are, read transposed.
      {"stage-transposed-operands", stageTransposedOperands, VerifyLevel::GPU},
      // A register operand several dots read: staged once, for all of them.
      {"stage-shared-operands", stageSharedDotOperands, VerifyLevel::GPU},
      // Adjacent wgmma dots that share nothing run as one batch of groups.
      {"overlap-wgmma", overlapWgmmaDots, VerifyLevel::GPU},
      // `--warp-specialize`: a producer warpgroup issues the loop's copies.
      {"warp-specialize", warpSpecializeLoops, VerifyLevel::GPU},
      // The pipelined loads' own address arithmetic is left unused.
      {"dce-pipelined", eliminateDeadCode, VerifyLevel::GPU},
  };
  return passes;
}

const PassEntry *findPass(const std::string &name) {
  for (const PassEntry &p : defaultPipeline())
    if (name == p.name)
      return &p;
  return nullptr;
}

} // namespace

std::vector<std::string> passNames() {
  std::vector<std::string> names;
  for (const PassEntry &p : defaultPipeline())
    names.push_back(p.name);
  return names;
}

void runPipeline(tir::Module &module, const PipelineOptions &options) {
  tir::VerifyLevel inputLevel = tir::levelOf(module);
  std::vector<const PassEntry *> order;
  if (!options.passes) {
    // GPU-level input has been through the GPU passes already (its loops
    // may hold ring buffers): by default only the passes that keep
    // layouts run again.
    for (const PassEntry &p : defaultPipeline())
      if (inputLevel != tir::VerifyLevel::GPU || p.levelAfter == tir::VerifyLevel::Tile)
        order.push_back(&p);
  } else {
    for (const std::string &name : *options.passes) {
      const PassEntry *p = findPass(name);
      TRITONC_CHECK(p, "unknown pass " + name + " (the driver checks names first)");
      order.push_back(p);
    }
  }
  tir::verify(module, inputLevel, "lowering");
  for (const PassEntry *p : order) {
    if (options.tileLevelOnly && p->levelAfter == tir::VerifyLevel::GPU)
      break;
    p->run(module);
    tir::verify(module, std::max(inputLevel, p->levelAfter), p->name);
    if (options.printStream && options.printAfter == p->name) {
      *options.printStream << "// -----// IR after " << p->name << " //----- //\n";
      tir::print(module, *options.printStream);
    }
  }
}

} // namespace tritonc
