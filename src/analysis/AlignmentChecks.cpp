#include "tritonc/analysis/AlignmentChecks.h"

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/ir/Walk.h"

#include <algorithm>

namespace tritonc {

namespace {

using tir::Op;
using tir::OpKind;

// The pointer and mask of a memory access, or null for any other op.
std::pair<const tir::Value *, const tir::Value *> accessOf(const Op &op) {
  size_t maskIndex = op.kind == OpKind::Load ? 1 : 2;
  bool access = op.kind == OpKind::Load || op.kind == OpKind::Store || op.kind == OpKind::AtomicRMW;
  if (!access || !op.operands[0]->type.isTensor())
    return {nullptr, nullptr};
  return {op.operands[0], op.operands.size() > maskIndex ? op.operands[maskIndex] : nullptr};
}

// Whether `op` loads a tile that becomes a dot's operand (not a vector of
// row statistics that only scales one).
bool loadsDotTile(const Op &op, const tir::Users &users) {
  return op.kind == OpKind::Load && op.result()->type.shape.size() >= 2 && tir::reachesDotOperand(op.result(), users);
}

// The accesses of `block` and its regions, in order; with `users`, only
// the loads of dot tiles.
void collectAccesses(const tir::Block &block, const tir::Users *users, std::vector<const Op *> &accesses) {
  for (const auto &op : block.ops) {
    if (accessOf(*op).first && (!users || loadsDotTile(*op, *users)))
      accesses.push_back(op.get());
    for (const auto &region : op->regions)
      collectAccesses(*region, users, accesses);
  }
}

// Each access's elements per vector instruction under `hints`.
std::vector<unsigned> accessWidths(tir::Function &function, const std::vector<tir::ParamHint> &hints,
                                   const std::vector<const Op *> &accesses) {
  std::vector<tir::ParamHint> given = function.paramHints;
  function.paramHints = hints;
  AxisInfoAnalysis axis(function);
  function.paramHints = std::move(given);
  std::vector<unsigned> widths;
  for (const Op *op : accesses) {
    auto [pointers, mask] = accessOf(*op);
    unsigned fastest = axis.fastestDim(pointers);
    unsigned width = axis.vectorWidthAlong(pointers, fastest);
    if (mask && mask->type.isTensor())
      width = std::min<unsigned>(width, unsigned(std::max<int64_t>(1, axis.get(mask).constancy[fastest])));
    widths.push_back(width);
  }
  return widths;
}

bool mayPromiseMore(const tir::Value &arg, const tir::ParamHint &hint) {
  const ElemType &elem = arg.type.elem;
  bool integer = elem.kind == ScalarKind::I32 || elem.kind == ScalarKind::I64;
  return !arg.type.isTensor() && (integer || elem.isPointer()) && !hint.equalToOne && hint.divisibility < 16;
}

// From `start`, each candidate's promise lowered (halved) as far as the
// widths of `accesses` stay what `start` gives them: widths only grow with
// divisibility, so each parameter's promise can be lowered on its own
// while the others stay as strong as they may be.
std::vector<AlignmentCheck> weakestKeepingWidths(tir::Function &function, const std::vector<tir::ParamHint> &given,
                                                 std::vector<tir::ParamHint> hints,
                                                 const std::vector<unsigned> &candidates,
                                                 const std::vector<const Op *> &accesses) {
  const std::vector<unsigned> target = accessWidths(function, hints, accesses);
  std::vector<AlignmentCheck> checks;
  for (unsigned i : candidates) {
    while (hints[i].divisibility > given[i].divisibility) {
      tir::ParamHint kept = hints[i];
      hints[i].divisibility = std::max<int64_t>(given[i].divisibility, hints[i].divisibility / 2);
      if (accessWidths(function, hints, accesses) != target) {
        hints[i] = kept;
        break;
      }
    }
    if (hints[i].divisibility > given[i].divisibility)
      checks.push_back({i, hints[i].divisibility});
  }
  return checks;
}

} // namespace

std::vector<std::vector<AlignmentCheck>> alignmentWorthChecking(tir::Function &function) {
  const std::vector<tir::ParamHint> given = function.paramHints;
  std::vector<unsigned> candidates;
  std::vector<tir::ParamHint> hints = given;
  for (unsigned i = 0; i < function.body.args.size(); ++i)
    if (mayPromiseMore(*function.body.args[i], given[i])) {
      candidates.push_back(i);
      hints[i].divisibility = 16;
    }
  if (candidates.empty())
    return {};
  tir::Users users;
  tir::collectUsers(function.body, users);
  std::vector<const Op *> dotLoads, accesses;
  collectAccesses(function.body, &users, dotLoads);
  const std::vector<unsigned> unpromised = accessWidths(function, given, dotLoads);
  if (accessWidths(function, hints, dotLoads) == unpromised)
    return {};
  collectAccesses(function.body, nullptr, accesses);
  std::vector<std::vector<AlignmentCheck>> rungs{weakestKeepingWidths(function, given, hints, candidates, accesses)};
  // A promise of 16 is one Triton's own key makes (the drop-in's signature
  // has it wherever it holds); sizes between are most often multiples of
  // 8, which give 1-byte elements 8-byte copies: a rung below, where that
  // still widens a dot's loads.
  std::vector<tir::ParamHint> halved = given;
  bool asksSixteen = false;
  for (const AlignmentCheck &check : rungs.front()) {
    asksSixteen |= check.divisibility == 16;
    halved[check.param].divisibility = check.divisibility == 16 ? 8 : check.divisibility;
  }
  if (asksSixteen && accessWidths(function, halved, dotLoads) != unpromised) {
    std::vector<AlignmentCheck> lower = weakestKeepingWidths(function, given, halved, candidates, accesses);
    if (!lower.empty())
      rungs.push_back(std::move(lower));
  }
  // Each rung again, asking only what its dot loads need: where the output's
  // rows are what is unaligned (logits over an odd vocabulary, C of N =
  // 1017 halves) the loads still stream by copies and only the stores stay
  // narrow. And the weakest rung for each dot load alone: where one
  // operand's rows are unaligned (B of N = 1017 halves) the other's still
  // stream by copies.
  std::vector<std::vector<AlignmentCheck>> out;
  auto addIfNew = [&](std::vector<AlignmentCheck> checks) {
    if (!checks.empty() && std::find(out.begin(), out.end(), checks) == out.end())
      out.push_back(std::move(checks));
  };
  for (size_t r = 0; r < rungs.size(); ++r) {
    const std::vector<AlignmentCheck> &rung = rungs[r];
    std::vector<tir::ParamHint> promised = given;
    std::vector<unsigned> asked;
    for (const AlignmentCheck &check : rung) {
      promised[check.param].divisibility = check.divisibility;
      asked.push_back(check.param);
    }
    addIfNew(rung);
    std::vector<AlignmentCheck> loadsOnly = weakestKeepingWidths(function, given, promised, asked, dotLoads);
    if (loadsOnly.size() < rung.size())
      addIfNew(loadsOnly);
    if (r + 1 < rungs.size() || dotLoads.size() < 2)
      continue;
    const std::vector<unsigned> widened = accessWidths(function, promised, dotLoads);
    for (size_t i = 0; i < dotLoads.size(); ++i) {
      if (widened[i] == unpromised[i])
        continue;
      std::vector<AlignmentCheck> forLoad = weakestKeepingWidths(function, given, promised, asked, {dotLoads[i]});
      if (forLoad.size() < loadsOnly.size())
        addIfNew(std::move(forLoad));
    }
  }
  return out;
}

} // namespace tritonc
