// Liveness of tile-IR values (DESIGN.md §3). Program points number the ops
// in the order the printer lists them: an op, then the ops of its regions.
// A value lives from its definition to its last use; a value defined
// outside a loop and used inside it stays live to the loop's last point,
// because every iteration reads it. Results of an op with regions appear
// when its regions are done.
//
// Holds for any verified function; the register estimate needs layouts
// (after assign-layouts).
#pragma once

#include "tritonc/ir/IR.h"

#include <iosfwd>
#include <string>
#include <unordered_map>
#include <vector>

namespace tritonc {

struct LiveRange {
  unsigned begin = 0, end = 0; // inclusive program points

  bool overlaps(const LiveRange &o) const { return begin <= o.end && o.begin <= end; }
};

class Liveness {
public:
  explicit Liveness(const tir::Function &function);

  unsigned point(const tir::Op &op) const { return points_.at(&op); }
  // The last point inside `op`'s regions (its own point when it has none).
  unsigned lastPoint(const tir::Op &op) const { return lastPoints_.at(&op); }
  LiveRange range(const tir::Value *v) const { return ranges_.at(v); }
  // The loop (`for`/`while`) that most closely encloses `op`, if any.
  const tir::Op *enclosingLoop(const tir::Op &op) const;

  // 32-bit registers per thread that live values hold at the busiest
  // point: an upper bound, since values of both branches of an `if` count
  // together and 16-bit elements count a register each.
  struct Pressure {
    unsigned registers = 0;
    unsigned point = 0;
  };
  Pressure peakPressure() const;

  void print(std::ostream &out) const;

private:
  void number(const tir::Block &block, const tir::Op *owner);
  void extendToUses(const tir::Block &block);

  const tir::Function &function_;
  std::vector<const tir::Op *> opAt_;
  std::unordered_map<const tir::Op *, unsigned> points_, lastPoints_;
  std::unordered_map<const tir::Block *, const tir::Op *> owners_;
  std::unordered_map<const tir::Value *, LiveRange> ranges_;
};

} // namespace tritonc
