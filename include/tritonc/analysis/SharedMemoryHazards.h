// Shared-memory hazards (DESIGN.md §3): which accesses of the exchanging
// ops' buffers (SharedMemory.h) need a CTA barrier before them, and why.
//
// Each round of an exchanging op is an access sequence: write, then read.
// An access must wait at a barrier when, since the last barrier, another
// thread may have touched overlapping bytes in a conflicting way: a read
// after a write, a write after a read, or a write after a write. The walk
// follows structured control flow: both branches of an `if` start from
// the state before it, and a loop body starts from the state before the
// loop joined with the state at the end of the body (the previous
// iteration), until nothing changes. `tl.debug_barrier` and `async_wait`
// (which synchronises the CTA) clear the state.
// Branch and loop conditions are uniform across the CTA, so a barrier
// inside them is reached by every thread.
//
// Holds after assign-layouts, over the allocation it is given.
#pragma once

#include "tritonc/analysis/SharedMemory.h"

#include <iosfwd>
#include <map>
#include <string>
#include <utility>

namespace tritonc {

class SharedMemoryHazards {
public:
  SharedMemoryHazards(const tir::Function &function, const SharedMemoryAllocation &allocation);

  // Access `index` of `op`: 2r is round r's write, 2r + 1 its read.
  bool barrierBefore(const tir::Op &op, unsigned index) const { return reasons_.count({&op, index}) != 0; }
  unsigned barrierCount() const { return unsigned(reasons_.size()); }

  void print(std::ostream &out) const;

private:
  const tir::Function &function_;
  const SharedMemoryAllocation &allocation_;
  // Why each barrier is there: the earlier access it orders against.
  std::map<std::pair<const tir::Op *, unsigned>, std::string> reasons_;
  friend class HazardWalk;
};

} // namespace tritonc
