// Shared memory (DESIGN.md §3): which ops exchange data between threads
// through it, how many bytes each needs, and where each one's buffer sits.
//
// An exchanging op runs `rounds` rounds, each a write of the buffer
// followed by a read of it by other threads: a reduction across warps or a
// layout conversion runs one, a scan across warps one per line and tile
// repetition. Buffers are op-local, so any two may share bytes; the
// allocator still puts a buffer beside the one used just before it when
// both fit in a small budget, so that the second one's write need not wait
// at a barrier for the first one's reads (SharedMemoryHazards.h).
//
// The ring buffers of pipelined loops (`local_alloc`) are the exception:
// they have no rounds, are written by asynchronous copies that
// `async_wait` orders, and share their bytes with no buffer used before
// their loop ends, except the ring of a loop that ended before theirs
// began (its drain and barrier order the two).
//
// Holds after assign-layouts (sizes depend on layouts).
#pragma once

#include "tritonc/analysis/Liveness.h"
#include "tritonc/ir/IR.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tritonc {

struct ScratchDemand {
  uint64_t bytes = 0;
  unsigned rounds = 0;
};

// What `op` needs, or nothing when its threads exchange no data through
// shared memory. Codegen lays the buffer out within these bytes. `used`
// holds the values the function reads (an atomic's old value nobody reads
// is not shared).
std::optional<ScratchDemand> scratchDemand(const tir::Op &op, const std::unordered_set<const tir::Value *> &used);

// Bytes an element takes in shared memory (bools take one).
uint64_t sharedElementBytes(ScalarKind kind);

// A ring buffer (`local_alloc`) holds its slots, then, when allocated with
// {barriers = 1} for bulk tensor copies, one mbarrier per slot.
uint64_t ringDataBytes(const Type &ring);
inline constexpr uint64_t kMbarrierBytes = 8;

// Where each part's array starts when an op puts several side by side in
// its buffer (reductions and scans of (value, index) pairs or of combine
// tuples): each 16-byte aligned, whatever the sizes before it. One more
// entry than parts: the last is the bytes they take together.
std::vector<uint64_t> sharedPartOffsets(const std::vector<uint64_t> &partBytes);

// How a layout conversion lays a tile out in shared memory: row-major by
// the last dim. When both layouts run along rows (an MMA accumulator to a
// coalesced store layout) and rows are whole 16-byte chunks, rows are
// swizzled as tensor-core tiles are (tritonc/ir/SharedLayout.h): each
// thread's run moves as one vector, without bank conflicts on either
// side. Otherwise each row is padded by one 4-byte bank, so that threads
// walking down a column hit distinct banks instead of all the same one. A
// 1-D tile needs neither.
struct ExchangeTile {
  uint64_t rows = 1, rowStride = 0; // in elements
  bool swizzled = false;

  uint64_t bytes(uint64_t elementBytes) const { return rows * rowStride * elementBytes; }
};
ExchangeTile exchangeTile(const Type &from, const Type &to);
// The bytes an exchange from `from` to `to` by way of its ExchangeTile takes.
uint64_t exchangeBytes(const Type &from, const Type &to);

struct SharedBuffer {
  const tir::Op *op = nullptr;
  uint64_t offset = 0, bytes = 0;
  unsigned rounds = 0;
  LiveRange live;

  uint64_t end() const { return offset + bytes; }
  bool overlaps(const SharedBuffer &o) const { return offset < o.end() && o.offset < end(); }
};

class SharedMemoryAllocation {
public:
  SharedMemoryAllocation(const tir::Function &function, const Liveness &liveness);

  // Buffers in program order.
  const std::vector<SharedBuffer> &buffers() const { return buffers_; }
  const SharedBuffer *bufferOf(const tir::Op &op) const;
  uint64_t totalBytes() const { return totalBytes_; }

  void print(std::ostream &out) const;

private:
  const tir::Function &function_;
  std::vector<SharedBuffer> buffers_;
  std::unordered_map<const tir::Op *, size_t> index_;
  uint64_t totalBytes_ = 0;
};

} // namespace tritonc
