#include "tritonc/analysis/SharedMemory.h"

#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/ir/Printer.h"
#include "tritonc/ir/ReshapeLayout.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/ir/WarpShuffle.h"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <ostream>
#include <unordered_map>

namespace tritonc {

namespace {

using tir::OpKind;

// Buffers start on 16-byte boundaries so that any element type, and
// vector accesses, stay aligned; tensor-core operand tiles on 1024-byte
// ones, where a swizzle pattern starts for Hopper's wgmma descriptors.
constexpr uint64_t kAlignment = 16;
constexpr uint64_t kTileAlignment = 1024;
// What the allocator may spend to keep neighbouring buffers apart: small
// enough never to limit how many CTAs share an SM.
constexpr uint64_t kSpareBytes = 4096;

uint64_t alignUp(uint64_t n, uint64_t alignment = kAlignment) { return (n + alignment - 1) / alignment * alignment; }

uint64_t alignmentOf(const tir::Op &op) {
  return op.kind == OpKind::LocalAlloc || op.kind == OpKind::Dot ? kTileAlignment : kAlignment;
}

uint64_t elementCount(const Type &type) { return type.isTensor() ? uint64_t(type.numElements()) : 1; }

std::optional<ScratchDemand> reduceDemand(const tir::Op &op) {
  const Type &in = op.operands[0]->type;
  AxisSpread spread = axisSpread(in, in.layout->parentDim(unsigned(op.intAttr("axis"))));
  if (spread.warps == 1) // shuffles suffice
    return std::nullopt;
  // Each warp's partial result per output element, an array per part.
  std::vector<uint64_t> partBytes;
  for (const tir::Value *part : op.operands)
    partBytes.push_back(elementCount(op.result()->type) * spread.warps * sharedElementBytes(part->type.elem.kind));
  return ScratchDemand{sharedPartOffsets(partBytes).back(), 1};
}

std::optional<ScratchDemand> scanDemand(const tir::Op &op) {
  const Type &type = op.operands[0]->type;
  unsigned axis = unsigned(op.intAttr("axis"));
  unsigned p = type.layout->parentDim(axis);
  AxisSpread spread = axisSpread(type, p);
  if (spread.warps == 1)
    return std::nullopt;
  // Warps share one total per line (elements that differ only along the
  // axis) and repetition of the CTA tile along the axis, all written in one
  // round and read in the next.
  unsigned group = contiguousPerThread(type, p);
  uint64_t reps = perThreadAlong(type, p) / group;
  uint64_t lines = uint64_t(type.numElements() / type.shape[axis]);
  std::vector<uint64_t> partBytes;
  for (const tir::Value *part : op.operands)
    partBytes.push_back(lines * reps * spread.warps * sharedElementBytes(part->type.elem.kind));
  return ScratchDemand{sharedPartOffsets(partBytes).back(), 1};
}

// Operands in registers are staged here; those already in shared memory
// (a pipelined loop's ring-buffer slots) are read where they are.
std::optional<ScratchDemand> dotDemand(const tir::Op &op) {
  uint64_t bytes = 0;
  for (const tir::Value *v : {op.operands[0], op.operands[1]}) {
    const std::optional<Layout> &l = v->type.layout;
    bool inPlace = l && (v->type.inSharedMemory() ||
                         (v == op.operands[0] && accumulatorFeedsOperandA(v->type, *op.result()->type.layout)));
    if (!inPlace)
      bytes = alignUp(bytes) + elementCount(v->type) * sharedElementBytes(v->type.elem.kind);
  }
  if (bytes == 0)
    return std::nullopt;
  return ScratchDemand{bytes, 1};
}

// An atomic on an element several threads hold is done once, by one of
// them, and the old value reaches the others through shared memory.
std::optional<ScratchDemand> atomicDemand(const tir::Op &op, const std::unordered_set<const tir::Value *> &used) {
  if (!replicatesElements(op.operands[0]->type) || !used.count(op.result()))
    return std::nullopt;
  return ScratchDemand{exchangeBytes(op.result()->type, op.result()->type), 1};
}

} // namespace

uint64_t sharedElementBytes(ScalarKind kind) { return std::max(1u, bitWidth(kind) / 8); }

uint64_t ringDataBytes(const Type &ring) { return elementCount(ring) * sharedElementBytes(ring.elem.kind); }

ExchangeTile exchangeTile(const Type &from, const Type &to) {
  if (!from.isTensor() || from.shape.size() < 2)
    return {1, elementCount(from)};
  uint64_t cols = uint64_t(from.shape.back()), rows = elementCount(from) / cols;
  uint64_t bytes = sharedElementBytes(from.elem.kind);
  auto alongRows = [](const Type &t) {
    return t.layout->isWholeRegisterTile() && t.layout->order()[0] == t.shape.size() - 1 &&
           contiguousPerThread(t, unsigned(t.shape.size() - 1)) > 1;
  };
  if (from.shape == to.shape && bytes > 1 && (cols * bytes) % 16 == 0 && rows >= 8 && alongRows(from) && alongRows(to))
    return {rows, cols, true};
  uint64_t pad = std::max<uint64_t>(1, 4 / bytes);
  return {rows, cols + pad};
}

uint64_t exchangeBytes(const Type &from, const Type &to) {
  return exchangeTile(from, to).bytes(sharedElementBytes(from.elem.kind));
}

std::vector<uint64_t> sharedPartOffsets(const std::vector<uint64_t> &partBytes) {
  std::vector<uint64_t> offsets{0};
  for (uint64_t bytes : partBytes)
    offsets.push_back(alignUp(offsets.back() + bytes));
  return offsets;
}

std::optional<ScratchDemand> scratchDemand(const tir::Op &op, const std::unordered_set<const tir::Value *> &used) {
  switch (op.kind) {
  case OpKind::Reduce: return reduceDemand(op);
  case OpKind::Scan: return scanDemand(op);
  case OpKind::Dot: return dotDemand(op);
  // The whole source, row-major, for every thread to read any element of.
  case OpKind::Gather:
    return ScratchDemand{elementCount(op.operands[0]->type) * sharedElementBytes(op.operands[0]->type.elem.kind), 1};
  // A ring buffer: written by `async_copy` and read by `dot`, with the
  // CTA synchronised by `async_wait` in between (never by these rounds).
  case OpKind::LocalAlloc: {
    const Type &type = op.result()->type;
    return ScratchDemand{ringDataBytes(type) + (op.attr("barriers")
                                                    ? kMbarrierBytes * uint64_t(op.intAttr("barriers") * type.shape[0])
                                                    : 0),
                         0};
  }
  case OpKind::AtomicRMW:
  case OpKind::AtomicCAS: return atomicDemand(op, used);
  case OpKind::ConvertLayout:
    if (warpShufflePlan(op.operands[0]->type, op.result()->type))
      return std::nullopt; // shuffles within each warp
    return ScratchDemand{exchangeBytes(op.operands[0]->type, op.result()->type), 1};
  case OpKind::Reshape: { // the shapes differ: exchanged by flat row-major index, unless each thread keeps its elements
    if (reshapeRegisterMap(op.operands[0]->type, op.result()->type))
      return std::nullopt;
    const Type &type = op.result()->type;
    return ScratchDemand{elementCount(type) * sharedElementBytes(type.elem.kind), 1};
  }
  default: return std::nullopt;
  }
}

SharedMemoryAllocation::SharedMemoryAllocation(const tir::Function &function, const Liveness &liveness)
    : function_(function) {
  // Ring buffers from their allocation on (`live` starts them at 0).
  std::vector<std::optional<LiveRange>> ringSpans;
  std::unordered_set<const tir::Value *> used;
  tir::collectUses(function.body, used);
  // A buffer is read through its slots' views (`local_slot`), which dots
  // may use after the buffer itself was last named (a staged operand read
  // by two dots): it lives until the last use of any of them.
  std::unordered_map<const tir::Value *, unsigned> viewEnds;
  std::function<void(const tir::Block &)> findViews = [&](const tir::Block &block) {
    for (const auto &op : block.ops) {
      if (op->kind == OpKind::LocalSlot) {
        unsigned &end = viewEnds[op->operands[0]];
        end = std::max(end, liveness.range(op->result()).end);
      }
      for (const auto &region : op->regions)
        findViews(*region);
    }
  };
  findViews(function.body);
  std::function<void(const tir::Block &)> collect = [&](const tir::Block &block) {
    for (const auto &op : block.ops) {
      if (std::optional<ScratchDemand> demand = scratchDemand(*op, used)) {
        unsigned p = liveness.point(*op);
        LiveRange live{p, liveness.lastPoint(*op)};
        // A ring buffer shares no bytes with a buffer used before its loop
        // ends: asynchronous copies land in it outside the write/read
        // rounds the hazard analysis orders, so a slow thread could still
        // be reading an earlier buffer when they land. After the loop,
        // `async_wait` has drained them and synchronised the CTA.
        std::optional<LiveRange> ringSpan;
        if (op->kind == OpKind::LocalAlloc) {
          auto views = viewEnds.find(op->result());
          ringSpan =
              LiveRange{p, std::max(liveness.range(op->result()).end, views == viewEnds.end() ? 0u : views->second)};
          live = {0, ringSpan->end};
        }
        index_[op.get()] = buffers_.size();
        buffers_.push_back({op.get(), 0, demand->bytes, demand->rounds, live});
        ringSpans.push_back(ringSpan);
      }
      for (const auto &region : op->regions)
        collect(*region);
    }
  };
  collect(function.body);

  // Two rings may share bytes when the first one's loop has ended before
  // the second is allocated: that loop's drain (async_wait 0, or the
  // release of its mbarriers, then a barrier; its last wgmma waited for
  // at the loop's exit) orders every read of the first before the
  // second's copies. Two loops one after the other (a causal attention's
  // blocks before the diagonal, then the diagonal) then need one ring's
  // bytes, not two.
  auto liveTogether = [&](size_t i, size_t j) {
    if (ringSpans[i] && ringSpans[j])
      return ringSpans[i]->overlaps(*ringSpans[j]);
    return buffers_[i].live.overlaps(buffers_[j].live);
  };
  uint64_t largest = 0;
  for (const SharedBuffer &b : buffers_)
    largest = std::max(largest, b.bytes);
  uint64_t budget = std::max(largest, kSpareBytes);
  for (size_t i = 0; i < buffers_.size(); ++i) {
    SharedBuffer &buffer = buffers_[i];
    // The lowest offset clear of the buffers live at the same time, and
    // if possible within the budget, clear of the previous buffer too.
    auto place = [&](bool avoidPrevious) -> std::optional<uint64_t> {
      std::vector<uint64_t> candidates{0};
      for (size_t j = 0; j < i; ++j)
        candidates.push_back(alignUp(buffers_[j].end(), alignmentOf(*buffer.op)));
      std::sort(candidates.begin(), candidates.end());
      for (uint64_t offset : candidates) {
        SharedBuffer trial = buffer;
        trial.offset = offset;
        bool clash = false;
        for (size_t j = 0; j < i && !clash; ++j)
          clash = trial.overlaps(buffers_[j]) && (liveTogether(i, j) || (avoidPrevious && j + 1 == i));
        if (!clash && (!avoidPrevious || trial.end() <= budget))
          return offset;
      }
      return std::nullopt;
    };
    std::optional<uint64_t> offset = place(true);
    buffer.offset = offset ? *offset : *place(false);
    totalBytes_ = std::max(totalBytes_, buffer.end());
  }
}

const SharedBuffer *SharedMemoryAllocation::bufferOf(const tir::Op &op) const {
  auto it = index_.find(&op);
  return it == index_.end() ? nullptr : &buffers_[it->second];
}

void SharedMemoryAllocation::print(std::ostream &out) const {
  std::unordered_map<const tir::Value *, std::string> names = tir::valueNames(function_);
  out << fmt::format("shared memory of @{}: {} bytes in {} buffers\n", function_.name, totalBytes_, buffers_.size());
  for (const SharedBuffer &b : buffers_) {
    std::string owner = b.op->results.empty() ? "" : names.at(b.op->result()) + " = ";
    out << fmt::format("{}{}: [{}, {}) {} bytes, {} round{}, live [{}, {}]\n", owner, tir::mnemonic(b.op->kind),
                       b.offset, b.end(), b.bytes, b.rounds, b.rounds == 1 ? "" : "s", b.live.begin, b.live.end);
  }
}

} // namespace tritonc
