#include "tritonc/analysis/Liveness.h"

#include "tritonc/ir/Printer.h"
#include "tritonc/ir/ThreadMapping.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

namespace tritonc {

namespace {

bool isLoop(const tir::Op &op) { return op.kind == tir::OpKind::For || op.kind == tir::OpKind::While; }

bool hasLayouts(const std::unordered_map<const tir::Value *, LiveRange> &ranges) {
  return std::all_of(ranges.begin(), ranges.end(),
                     [](const auto &entry) { return !entry.first->type.isTensor() || entry.first->type.layout; });
}

unsigned registersPerElement(const Type &type) { return bitWidth(type.elem.kind) > 32 ? 2 : 1; }

} // namespace

Liveness::Liveness(const tir::Function &function) : function_(function) {
  for (const auto &arg : function.body.args)
    ranges_[arg.get()] = {0, 0};
  number(function.body, nullptr);
  extendToUses(function.body);
}

void Liveness::number(const tir::Block &block, const tir::Op *owner) {
  owners_[&block] = owner;
  for (const auto &op : block.ops) {
    unsigned p = unsigned(opAt_.size());
    points_[op.get()] = p;
    opAt_.push_back(op.get());
    for (const auto &region : op->regions) {
      for (const auto &arg : region->args)
        ranges_[arg.get()] = {p, p};
      number(*region, op.get());
    }
    unsigned last = unsigned(opAt_.size()) - 1;
    lastPoints_[op.get()] = last;
    for (const auto &result : op->results)
      ranges_[result.get()] = {last, last};
  }
}

const tir::Op *Liveness::enclosingLoop(const tir::Op &op) const {
  for (const tir::Op *o = owners_.at(op.parent); o; o = owners_.at(o->parent))
    if (isLoop(*o))
      return o;
  return nullptr;
}

void Liveness::extendToUses(const tir::Block &block) {
  for (const auto &op : block.ops) {
    unsigned use = point(*op);
    for (const tir::Value *v : op->operands) {
      LiveRange &r = ranges_.at(v);
      unsigned end = use;
      // The outermost loop around the use that does not hold the definition
      // runs the use again after it: the value must survive to its end.
      for (const tir::Op *loop = enclosingLoop(*op); loop; loop = enclosingLoop(*loop))
        if (r.begin < point(*loop))
          end = std::max(end, lastPoint(*loop));
      r.end = std::max(r.end, end);
    }
    for (const auto &region : op->regions)
      extendToUses(*region);
  }
}

Liveness::Pressure Liveness::peakPressure() const {
  Pressure peak;
  if (!hasLayouts(ranges_))
    return peak;
  std::vector<long> delta(opAt_.size() + 1, 0);
  for (const auto &[value, range] : ranges_) {
    if (value->type.inSharedMemory())
      continue;
    long regs = long(elementsPerThread(value->type)) * registersPerElement(value->type);
    delta[range.begin] += regs;
    delta[range.end + 1] -= regs;
  }
  long live = 0;
  for (unsigned p = 0; p < opAt_.size(); ++p) {
    live += delta[p];
    if (unsigned(live) > peak.registers)
      peak = {unsigned(live), p};
  }
  return peak;
}

void Liveness::print(std::ostream &out) const {
  std::unordered_map<const tir::Value *, std::string> names = tir::valueNames(function_);
  out << fmt::format("liveness of @{}: {} program points\n", function_.name, opAt_.size());
  auto line = [&](const tir::Value *v, const std::string &what) {
    LiveRange r = range(v);
    out << fmt::format("{}{}: [{}, {}]\n", names.at(v), what, r.begin, r.end);
  };
  for (const auto &arg : function_.body.args)
    line(arg.get(), "");
  for (const tir::Op *op : opAt_) {
    for (const auto &result : op->results)
      line(result.get(), fmt::format(" ({})", tir::mnemonic(op->kind)));
    for (const auto &region : op->regions)
      for (const auto &arg : region->args)
        line(arg.get(), fmt::format(" (argument of {})", tir::mnemonic(op->kind)));
  }
  if (hasLayouts(ranges_)) {
    Pressure peak = peakPressure();
    out << fmt::format("peak: {} registers per thread at point {} ({})\n", peak.registers, peak.point,
                       tir::mnemonic(opAt_.at(peak.point)->kind));
  }
}

} // namespace tritonc
