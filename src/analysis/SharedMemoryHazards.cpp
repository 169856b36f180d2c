#include "tritonc/analysis/SharedMemoryHazards.h"

#include "tritonc/ir/Printer.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>
#include <tuple>

namespace tritonc {

namespace {

struct Access {
  const SharedBuffer *buffer;
  unsigned index; // within the op: 2r write, 2r + 1 read

  bool isWrite() const { return index % 2 == 0; }
  bool operator<(const Access &o) const { return std::tie(buffer, index) < std::tie(o.buffer, o.index); }
  bool operator==(const Access &o) const = default;
};

// Accesses since the last barrier on some path, sorted and unique.
using Pending = std::vector<Access>;

Pending join(Pending a, const Pending &b) {
  a.insert(a.end(), b.begin(), b.end());
  std::sort(a.begin(), a.end());
  a.erase(std::unique(a.begin(), a.end()), a.end());
  return a;
}

using Names = std::unordered_map<const tir::Value *, std::string>;

std::string opLabel(const tir::Op &op, const Names &names) {
  return op.results.empty() ? tir::mnemonic(op.kind) : names.at(op.result()) + " (" + tir::mnemonic(op.kind) + ")";
}

} // namespace

class HazardWalk {
public:
  HazardWalk(SharedMemoryHazards &hazards) : h_(hazards), names_(tir::valueNames(hazards.function_)) {}

  Pending block(const tir::Block &block, Pending state) {
    for (const auto &op : block.ops)
      state = this->op(*op, std::move(state));
    return state;
  }

private:
  Pending op(const tir::Op &op, Pending state) {
    using tir::OpKind;
    if (op.kind == OpKind::Barrier || op.kind == OpKind::AsyncWait) // both synchronise the CTA
      return {};
    if (const SharedBuffer *buffer = h_.allocation_.bufferOf(op))
      for (unsigned i = 0; i < 2 * buffer->rounds; ++i)
        state = access({buffer, i}, std::move(state));
    // An op taking a view of a one-slot buffer (an operand hoisted or
    // staged for dots) reads that buffer: a buffer placed on its bytes
    // after its last reader waits for it. The read itself never needs a
    // barrier (nothing shares the buffer's bytes while it lives, from the
    // function's start), so it has no round of its own. A ring's bytes are
    // drained by its loop's end instead (SharedMemory.cpp).
    for (const tir::Value *operand : op.operands)
      if (const SharedBuffer *viewed = oneSlotBufferViewed(operand))
        state = access({viewed, 1}, std::move(state));
    switch (op.kind) {
    case OpKind::If: {
      Pending taken = block(*op.regions[0], state);
      return join(taken, op.regions.size() > 1 ? block(*op.regions[1], state) : state);
    }
    case OpKind::For: // may run zero times
      return join(state, loop(state, [&](Pending s) { return block(*op.regions[0], std::move(s)); }));
    case OpKind::While: {
      // `before` runs once more than `after`, and the loop leaves from it.
      auto iteration = [&](Pending s) { return block(*op.regions[1], block(*op.regions[0], std::move(s))); };
      Pending last = loop(state, iteration);
      return block(*op.regions[0], join(state, last));
    }
    default: return state;
    }
  }

  const SharedBuffer *oneSlotBufferViewed(const tir::Value *operand) const {
    const tir::Op *slot = operand->definingOp();
    if (!slot || slot->kind != tir::OpKind::LocalSlot)
      return nullptr;
    const tir::Op *alloc = slot->operands[0]->definingOp();
    if (!alloc || alloc->kind != tir::OpKind::LocalAlloc || alloc->result()->type.shape.front() != 1)
      return nullptr;
    return h_.allocation_.bufferOf(*alloc);
  }

  // Walks a loop's iteration until the state at its end stops changing;
  // returns that state. Barriers found on any pass stay.
  template <typename Iteration> Pending loop(const Pending &entry, Iteration iteration) {
    Pending end = iteration(entry);
    for (;;) {
      size_t barriers = h_.reasons_.size();
      Pending next = iteration(join(entry, end));
      if (next == end && barriers == h_.reasons_.size())
        return end;
      end = join(end, next);
    }
  }

  Pending access(Access a, Pending state) {
    for (const Access &earlier : state) {
      if (!(a.isWrite() || earlier.isWrite()) || !a.buffer->overlaps(*earlier.buffer))
        continue;
      h_.reasons_.emplace(std::make_pair(a.buffer->op, a.index), describe(a, earlier));
      state.clear();
      break;
    }
    return join(state, {a});
  }

  std::string describe(const Access &a, const Access &earlier) const {
    const char *kind =
        a.isWrite() ? (earlier.isWrite() ? "write after write" : "write after read") : "read after write";
    return fmt::format("{} of {} round {} [{}, {})", kind, opLabel(*earlier.buffer->op, names_), earlier.index / 2,
                       earlier.buffer->offset, earlier.buffer->end());
  }

  SharedMemoryHazards &h_;
  Names names_;
};

SharedMemoryHazards::SharedMemoryHazards(const tir::Function &function, const SharedMemoryAllocation &allocation)
    : function_(function), allocation_(allocation) {
  HazardWalk(*this).block(function.body, {});
}

void SharedMemoryHazards::print(std::ostream &out) const {
  Names names = tir::valueNames(function_);
  out << fmt::format("shared-memory hazards of @{}: {} barriers\n", function_.name, reasons_.size());
  for (const SharedBuffer &b : allocation_.buffers())
    for (unsigned i = 0; i < 2 * b.rounds; ++i) {
      auto it = reasons_.find({b.op, i});
      out << fmt::format("{} round {} {} [{}, {}): {}\n", opLabel(*b.op, names), i / 2, i % 2 ? "read" : "write",
                         b.offset, b.end(), it == reasons_.end() ? "no barrier" : "barrier, " + it->second);
    }
}

} // namespace tritonc
