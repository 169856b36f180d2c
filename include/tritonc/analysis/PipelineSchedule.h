// The software pipeliner's first step (tritonc/transforms/SoftwarePipeline.h
// is the second): for one `for` loop, which loads run ahead and how —
// each load's ring and how its readers see it, cp.async or TMA, the ops
// that compute its addresses ahead — and how the wgmma dots wait. It reads
// the IR and changes nothing; the rewrite carries the schedule out as it
// stands, deciding nothing.
//
// Holds after assign-layouts.
#pragma once

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/TmaWindow.h"
#include "tritonc/ir/IR.h"
#include "tritonc/support/Target.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <set>
#include <vector>

namespace tritonc {

// One load the pipeliner copies ahead into a ring of shared-memory slots.
struct PipelinedLoad {
  tir::Op *load;
  std::vector<const tir::Op *> transposes; // the `trans` ops between the load and dots
  std::vector<const tir::Op *> dots;       // the dots it feeds, directly or transposed
  bool readDirectly;                       // some dot reads the tile as loaded
  bool intoRegisters;                      // read back into registers where the load was
  bool colMajor;                           // the ring's lines run along the tile's dim 0
  std::optional<TmaSource> tma;            // copied by TMA when set
  bool cpAsyncCopyable;                    // as first found
  unsigned copyWidth = 0;                  // elements a thread's cp.async moves at a time
};

// A wgmma dot whose products only the next iteration reads, left running
// past its iteration: the first dot's wait (`covering`) completes it. The
// copies into the slot it reads then wait for that first dot, or, with a
// spare slot, each ring has one slot more than the stages, so the copies
// at the top of an iteration fill the slot read two iterations before.
struct DeferredDot {
  tir::Op *dot = nullptr;
  tir::Op *covering = nullptr; // the dot whose wait completes it
  int64_t carried = 0;         // the loop-carried value it produces
  bool spareSlot = false;
};

struct LoopSchedule {
  int64_t step = 1;
  std::vector<PipelinedLoad> loads;
  std::vector<const tir::Op *> addressOps; // run ahead for a later iteration, in body order
  std::set<unsigned> carried;              // carried values the address ops advance
  // Every dot the loads feed accumulates across iterations on wgmma: all
  // wgmma dots leave their group in flight, and the copies follow this one.
  tir::Op *lastAsyncDot = nullptr;
  DeferredDot deferred; // otherwise, at most one dot left running

  // Slots in each ring of a loop `stages` deep.
  int64_t ringSlots(unsigned stages) const { return stages + (deferred.spareSlot ? 1 : 0); }
  bool usesTma() const;
  bool usesCpAsync() const;
  bool isPipelinedLoad(const tir::Op *op) const;
  bool isPipelinedTranspose(const tir::Op *op) const;
};

// The schedule of `loop` (a `for` in `function`, `stages` deep), or nothing
// when no load of it qualifies. TMA is considered only where `allowTma`
// (sm_90a and not `--no-tma`); rings that read back into registers only
// where everything fits the target's shared memory.
std::optional<LoopSchedule> scheduleLoop(tir::Op &loop, unsigned stages, const AxisInfoAnalysis &axis,
                                         tir::Function &function, const Target &target, bool allowTma);

// How deep `loop`'s rings are: its own `tl.range(num_stages=...)` where
// given (1 or 0: not pipelined), never deeper than the kernel's, which
// the driver lowers where rings do not fit the target.
unsigned loopStages(const tir::Op &loop, unsigned kernelStages);

// The schedule of every loop of `function` (innermost first, each as the
// pipeliner would find it were the inner ones left alone), printed as
// `--print-analysis=pipeline-schedule` shows it.
void printPipelineSchedules(tir::Function &function, unsigned stages, const Target &target, bool allowTma,
                            std::ostream &out);

// A tile is stored along the dim its threads read contiguously, so that
// each copy moves a whole run.
bool storedColMajor(const tir::Op &load);

} // namespace tritonc
