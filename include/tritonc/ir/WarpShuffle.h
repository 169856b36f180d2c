// Layout conversions that stay inside each warp: when every element a
// thread needs under the new layout is held by a thread of its own warp
// under the old one, the conversion is one `shfl.sync.idx` per element
// instead of a round trip through shared memory and a barrier. Pure layout
// math: the shared-memory analysis asks it whether a conversion needs a
// buffer, and codegen emits the shuffles it describes.
#pragma once

#include "tritonc/ir/Type.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace tritonc {

// A plan whose every read is the lane's own is a register renaming, at any
// size.
//
// For each element the destination layout gives a thread: which of its
// elements every lane sends (the same in all lanes), and which lane it
// reads: laneBase, XORed with laneBits[b] for each set bit b of the reading
// lane (an affine map over the lane's bits: layouts are linear).
struct WarpShufflePlan {
  struct Read {
    unsigned sourceElement;
    unsigned laneBase;
    unsigned laneBits[5];
    bool readsOwnLane() const {
      for (unsigned b = 0; b < 5; ++b)
        if (laneBits[b] != 1u << b)
          return false;
      return laneBase == 0;
    }
  };
  std::vector<Read> reads;
  // Every lane reads only itself: the elements only change registers (two
  // layouts that place elements alike, such as the MMA layouts of
  // `mma.sync` and wgmma), and no shuffle is needed.
  bool renamesOnly() const {
    return std::all_of(reads.begin(), reads.end(), [](const Read &r) { return r.readsOwnLane(); });
  }
};

// The plan converting `from` to `to` (same shape and warp count), or
// nothing when some element must cross warps, the element a lane sends
// would differ between lanes, or a side holds more than 64 elements a
// thread (then shared memory is cheaper) unless the plan only renames.
std::optional<WarpShufflePlan> warpShufflePlan(const Type &from, const Type &to);

} // namespace tritonc
