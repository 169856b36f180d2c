// Reductions, broadcasts and layout conversions: the ops whose elements
// come from other elements of the same thread, of other lanes (shuffles)
// or of other warps (shared memory).
#include "EmitContext.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"
#include "tritonc/ir/MatrixFragments.h"
#include "tritonc/ir/ReshapeLayout.h"
#include "tritonc/ir/ThreadMapping.h"

#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

#include <map>
#include <optional>

namespace tritonc::codegen {

namespace {

using Index = std::vector<unsigned>;

llvm::Value *combineScalars(llvm::IRBuilder<> &b, const std::string &kind, ScalarKind k, llvm::Value *x,
                            llvm::Value *y) {
  bool fp = isFloat(k), sign = isSigned(k);
  if (kind == "sum")
    return fp ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
  bool max = kind == "max";
  if (fp) // Triton's max/min reductions return the non-NaN operand
    return b.CreateBinaryIntrinsic(max ? llvm::Intrinsic::maxnum : llvm::Intrinsic::minnum, x, y);
  llvm::Intrinsic::ID id = max ? (sign ? llvm::Intrinsic::smax : llvm::Intrinsic::umax)
                               : (sign ? llvm::Intrinsic::smin : llvm::Intrinsic::umin);
  return b.CreateBinaryIntrinsic(id, x, y);
}

// A shfl.sync of any scalar of up to 64 bits; `lane` is the intrinsic's
// lane operand (xor mask, delta or source lane) and `clamp` its c operand.
llvm::Value *shuffle(llvm::IRBuilder<> &b, llvm::Intrinsic::ID id, llvm::Value *v, llvm::Value *lane, unsigned clamp) {
  llvm::Type *type = v->getType();
  auto shfl32 = [&](llvm::Value *word) {
    return b.CreateIntrinsic(id, {b.getInt32(0xffffffff), word, lane, b.getInt32(clamp)});
  };
  // Pointers (a loop-carried tensor of pointers changing layout) move as
  // their 64-bit address; they have no primitive size to bitcast by.
  bool isPointer = type->isPointerTy();
  unsigned bits = isPointer ? 64 : type->getPrimitiveSizeInBits();
  llvm::Value *asInt = isPointer ? b.CreatePtrToInt(v, b.getInt64Ty()) : b.CreateBitCast(v, b.getIntNTy(bits));
  if (bits == 64) {
    llvm::Value *lo = shfl32(b.CreateTrunc(asInt, b.getInt32Ty()));
    llvm::Value *hi = shfl32(b.CreateTrunc(b.CreateLShr(asInt, 32), b.getInt32Ty()));
    llvm::Value *joined =
        b.CreateOr(b.CreateZExt(lo, b.getInt64Ty()), b.CreateShl(b.CreateZExt(hi, b.getInt64Ty()), 32));
    return isPointer ? b.CreateIntToPtr(joined, type) : b.CreateBitCast(joined, type);
  }
  llvm::Value *word = bits < 32 ? b.CreateZExt(asInt, b.getInt32Ty()) : asInt;
  llvm::Value *out = shfl32(word);
  if (bits < 32)
    out = b.CreateTrunc(out, b.getIntNTy(bits));
  return b.CreateBitCast(out, type);
}

llvm::Value *shuffleXor(llvm::IRBuilder<> &b, llvm::Value *v, unsigned laneMask) {
  return shuffle(b, llvm::Intrinsic::nvvm_shfl_sync_bfly_i32, v, b.getInt32(laneMask), 0x1f);
}

Elements shuffleParts(llvm::IRBuilder<> &b, llvm::Intrinsic::ID id, const Elements &v, llvm::Value *lane,
                      unsigned clamp) {
  Elements out;
  for (llvm::Value *part : v)
    out.push_back(shuffle(b, id, part, lane, clamp));
  return out;
}

Elements selectParts(llvm::IRBuilder<> &b, llvm::Value *condition, const Elements &x, const Elements &y) {
  Elements out;
  for (size_t c = 0; c < x.size(); ++c)
    out.push_back(b.CreateSelect(condition, x[c], y[c]));
  return out;
}

// `v` combined with its value in the lane `laneMask` away: one step of a
// butterfly.
Elements combineWithLane(llvm::IRBuilder<> &b, const Combine &combine, const Elements &v, unsigned laneMask) {
  Elements other;
  for (llvm::Value *part : v)
    other.push_back(shuffleXor(b, part, laneMask));
  return combine(v, other);
}

// The current op's buffer as one array of `count` elements per part, laid
// out as the allocation sized it (sharedPartOffsets).
std::vector<llvm::Value *> partArrays(EmitContext &ctx, uint64_t count, const Elements &parts) {
  const llvm::DataLayout &dl = ctx.module.getDataLayout();
  std::vector<uint64_t> partBytes;
  for (llvm::Value *v : parts)
    partBytes.push_back(count * dl.getTypeAllocSize(v->getType()));
  std::vector<uint64_t> offsets = sharedPartOffsets(partBytes);
  llvm::Value *scratch = ctx.scratch(offsets.back());
  std::vector<llvm::Value *> bases;
  for (size_t c = 0; c < parts.size(); ++c)
    bases.push_back(ctx.b.CreateGEP(ctx.b.getInt8Ty(), scratch, ctx.b.getInt64(offsets[c])));
  return bases;
}

// A value that may be absent (an empty prefix): combining skips it.
struct Partial {
  Elements value;
  llvm::Value *valid;
};

Partial join(llvm::IRBuilder<> &b, const Combine &combine, const Partial &x, const Partial &y) {
  Elements both = combine(x.value, y.value);
  return {selectParts(b, x.valid, selectParts(b, y.valid, both, x.value), y.value), b.CreateOr(x.valid, y.valid)};
}

// Runs `body` only where `condition` holds.
template <typename Fn> void emitIf(llvm::IRBuilder<> &b, llvm::Value *condition, Fn body) {
  llvm::Function *fn = b.GetInsertBlock()->getParent();
  auto *then = llvm::BasicBlock::Create(b.getContext(), "owner", fn);
  auto *done = llvm::BasicBlock::Create(b.getContext(), "owner.done", fn);
  b.CreateCondBr(condition, then, done);
  b.SetInsertPoint(then);
  body();
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

// From this many warps along a reduced axis, or this many partials a
// thread would read (outputs it holds times warps), the partials are
// combined by lane shuffles rather than each thread reading all of them:
// up to this many rounds of 32 slots. A combine function (a Welford step,
// with a division) is worth the shuffles from 4 warps: every thread
// combining 2 rows' 8 warp partials made FlagGems' var_mean 14 combines a
// thread where the butterfly makes 3 (Triton's way; 90 registers against
// its 55).
constexpr unsigned kWarpButterflyMinWarps = 16;
constexpr unsigned kWarpButterflyMinWarpsCostly = 4;
constexpr size_t kWarpButterflyMinPartials = 32;
constexpr uint64_t kWarpButterflyMaxRounds = 4;

} // namespace

Combine builtinCombine(llvm::IRBuilder<> &b, const std::string &kind, ScalarKind k) {
  if (kind != "argmax" && kind != "argmin")
    return [&b, kind, k](const Elements &x, const Elements &y) -> Elements {
      return {combineScalars(b, kind, k, x[0], y[0])};
    };
  // argmax/argmin keep the larger (smaller) value, and on a tie the lower
  // index, as Triton's combine function does; NaN compares false.
  return [&b, kind, k](const Elements &x, const Elements &y) -> Elements {
    bool fp = isFloat(k), max = kind == "argmax";
    llvm::CmpInst::Predicate better = fp ? (max ? llvm::CmpInst::FCMP_OGT : llvm::CmpInst::FCMP_OLT)
                                         : (isSigned(k) ? (max ? llvm::CmpInst::ICMP_SGT : llvm::CmpInst::ICMP_SLT)
                                                        : (max ? llvm::CmpInst::ICMP_UGT : llvm::CmpInst::ICMP_ULT));
    llvm::Value *equal = fp ? b.CreateFCmpOEQ(x[0], y[0]) : b.CreateICmpEQ(x[0], y[0]);
    llvm::Value *take = b.CreateOr(b.CreateCmp(better, x[0], y[0]), b.CreateAnd(equal, b.CreateICmpSLT(x[1], y[1])));
    return {b.CreateSelect(take, x[0], y[0]), b.CreateSelect(take, x[1], y[1])};
  };
}

std::vector<Elements> emitReduce(EmitContext &ctx, const Type &inType, unsigned axis, const Combine &combine,
                                 bool exact, bool costly, const std::vector<Elements> &in, const Type &outType) {
  llvm::IRBuilder<> &b = ctx.b;
  unsigned p = inType.layout->parentDim(axis);
  size_t parts = in.size();

  // Within the thread: fold the elements that differ only along the axis.
  std::vector<Index> inIndices = perThreadIndices(inType);
  std::map<Index, size_t> outPositions;
  if (outType.isTensor())
    outPositions = perThreadPositions(outType);
  std::vector<std::vector<Elements>> members(outType.isTensor() ? outPositions.size() : 1);
  for (size_t i = 0; i < in[0].size(); ++i) {
    Index key = inIndices[i];
    key[p] = 0;
    Elements element;
    for (size_t c = 0; c < parts; ++c)
      element.push_back(in[c][i]);
    members[outType.isTensor() ? outPositions.at(key) : 0].push_back(element);
  }
  std::vector<Elements> acc;
  for (std::vector<Elements> &m : members) {
    if (exact) {
      // Pairs, then pairs of pairs: the same value (the combine is exact),
      // and the shape ptxas compiles right. Given a long chain of `min.s32`
      // of negated values, ptxas 12.8 and 13.0 at -O3 fold it into
      // three-input VIMNMX3s and drop the negation of every other operand.
      while (m.size() > 1) {
        std::vector<Elements> next;
        for (size_t k = 0; k + 1 < m.size(); k += 2)
          next.push_back(combine(m[k], m[k + 1]));
        if (m.size() % 2)
          next.push_back(m.back());
        m = std::move(next);
      }
      acc.push_back(m[0]);
    } else { // in order, so float sums round as Triton's do
      Elements folded = m[0];
      for (size_t k = 1; k < m.size(); ++k)
        folded = combine(folded, m[k]);
      acc.push_back(folded);
    }
  }

  // Within the warp: butterfly over the lanes spread along the axis, the
  // farthest lanes first, as Triton pairs them: float sums then round as
  // Triton's do.
  AxisSpread spread = axisSpread(inType, p);
  for (unsigned step = spread.lanes / 2; step >= 1; step /= 2)
    for (Elements &v : acc)
      v = combineWithLane(b, combine, v, step * spread.laneStride);

  if (spread.warps > 1) {
    // Across warps: each warp's partial goes through shared memory, one
    // array per part.
    uint64_t outCount = outType.isTensor() ? uint64_t(outType.numElements()) : 1;
    std::vector<llvm::Value *> bases = partArrays(ctx, outCount * spread.warps, acc[0]);
    llvm::Value *warp = warpCoordinate(b, inType, p, ctx.threadId);
    std::vector<llvm::Value *> flat(acc.size(), b.getInt32(0));
    if (outType.isTensor()) {
      const auto &coords = ctx.coordinates(outType);
      for (size_t i = 0; i < acc.size(); ++i)
        flat[i] = b.CreateMul(flatIndex(b, outType.shape, coords[i]), b.getInt32(spread.warps));
    }
    ctx.beforeSharedWrite();
    emitIf(b, isFirstOwner(b, inType, ctx.threadId, int(p)), [&] {
      for (size_t i = 0; i < acc.size(); ++i)
        for (size_t c = 0; c < parts; ++c)
          b.CreateStore(acc[i][c], b.CreateGEP(acc[i][c]->getType(), bases[c], b.CreateAdd(flat[i], warp)));
    });
    ctx.beforeSharedRead();
    uint64_t slots = outCount * spread.warps;
    uint64_t rounds = (slots + 31) / 32;
    bool manyPartials = spread.warps >= kWarpButterflyMinWarps ||
                        acc.size() * spread.warps >= kWarpButterflyMinPartials ||
                        (costly && spread.warps >= kWarpButterflyMinWarpsCostly);
    if (manyPartials && rounds <= kWarpButterflyMaxRounds) {
      // Many partials a thread: reading every one costs a register each
      // and warps - 1 combines per output. Instead, in each round of 32
      // slots, lane l of every warp reads slot l and the lanes of an
      // output's group combine by the same butterfly; the group's first
      // lane holds the result the other path's pairing makes, and each
      // output is fetched from it.
      llvm::Value *lane = b.CreateAnd(ctx.threadId, b.getInt32(uint32_t(std::min<uint64_t>(slots, 32) - 1)));
      std::vector<Elements> roundPartials(rounds);
      for (uint64_t r = 0; r < rounds; ++r) {
        Elements &partial = roundPartials[r];
        llvm::Value *slot = b.CreateAdd(lane, b.getInt32(uint32_t(32 * r)));
        for (size_t c = 0; c < parts; ++c) {
          llvm::Type *t = acc[0][c]->getType();
          partial.push_back(b.CreateLoad(t, b.CreateGEP(t, bases[c], slot)));
        }
        for (unsigned step = spread.warps / 2; step >= 1; step /= 2)
          partial = combineWithLane(b, combine, partial, step);
      }
      for (size_t i = 0; i < acc.size(); ++i) {
        llvm::Value *sourceLane = b.CreateAnd(flat[i], b.getInt32(31));
        llvm::Value *round = b.CreateLShr(flat[i], b.getInt32(5));
        auto fetch = [&](uint64_t r) {
          return shuffleParts(b, llvm::Intrinsic::nvvm_shfl_sync_idx_i32, roundPartials[r], sourceLane, 0x1f);
        };
        if (auto *known = llvm::dyn_cast<llvm::ConstantInt>(round)) {
          acc[i] = fetch(known->getZExtValue());
          continue;
        }
        acc[i] = fetch(rounds - 1);
        for (uint64_t r = rounds - 1; r-- > 0;)
          acc[i] = selectParts(b, b.CreateICmpEQ(round, b.getInt32(uint32_t(r))), fetch(r), acc[i]);
      }
    } else {
      // The warps' partials pair up as a butterfly would pair them (warp w
      // with w + half, halving), Triton's order for the second round.
      for (size_t i = 0; i < acc.size(); ++i) {
        std::vector<Elements> partials(spread.warps);
        for (unsigned w = 0; w < spread.warps; ++w)
          for (size_t c = 0; c < parts; ++c) {
            llvm::Type *t = acc[i][c]->getType();
            partials[w].push_back(b.CreateLoad(t, b.CreateGEP(t, bases[c], b.CreateAdd(flat[i], b.getInt32(w)))));
          }
        for (unsigned half = spread.warps / 2; half >= 1; half /= 2)
          for (unsigned w = 0; w < half; ++w)
            partials[w] = combine(partials[w], partials[w + half]);
        acc[i] = partials[0];
      }
    }
  }
  std::vector<Elements> out(parts);
  for (const Elements &v : acc)
    for (size_t c = 0; c < parts; ++c)
      out[c].push_back(v[c]);
  return out;
}

std::vector<Elements> emitScan(EmitContext &ctx, const Type &type, unsigned axis, bool reverse, const Combine &combine,
                               const std::vector<Elements> &in) {
  llvm::IRBuilder<> &b = ctx.b;
  const Layout &layout = *type.layout;
  TRITONC_CHECK(!layout.isMma(), "scans run on blocked layouts");
  unsigned p = layout.parentDim(axis);
  unsigned group = contiguousPerThread(type, p);
  AxisSpread spread = axisSpread(type, p);
  size_t parts = in.size();
  llvm::Value *lane = b.CreateAnd(ctx.threadId, 31);
  // Threads past the distinct positions along the axis hold copies; they
  // compute as the thread they copy and take its results at the end.
  llvm::Value *laneCoord = b.CreateAnd(laneCoordinate(b, type, p, ctx.threadId), b.getInt32(spread.lanes - 1));
  llvm::Value *warpCoord = b.CreateAnd(warpCoordinate(b, type, p, ctx.threadId), b.getInt32(spread.warps - 1));
  // A reverse scan is a forward scan of the sequence read backwards: every
  // position below is a place in that sequence (`seq`), which runs down the
  // lanes, warps, repetitions and in-thread elements when reversed.
  auto seq = [&](unsigned count, unsigned k) { return reverse ? count - 1 - k : k; };
  llvm::Value *laneSeq = reverse ? b.CreateSub(b.getInt32(spread.lanes - 1), laneCoord) : laneCoord;
  // Earlier places in the sequence are lower lanes forward (shfl.up), higher ones reversed (shfl.down).
  llvm::Intrinsic::ID fromEarlier =
      reverse ? llvm::Intrinsic::nvvm_shfl_sync_down_i32 : llvm::Intrinsic::nvvm_shfl_sync_up_i32;
  unsigned fromEarlierClamp = reverse ? 0x1f : 0;

  // Lines: elements that differ only along the axis, ordered along it by
  // repetition of the CTA tile, then by position within the thread.
  std::vector<Index> indices = perThreadIndices(type);
  std::map<Index, std::vector<size_t>> lines;
  for (size_t i = 0; i < indices.size(); ++i) {
    Index line = indices[i];
    line[p] = 0;
    lines[line].push_back(i); // enumeration order is ascending along p
  }
  // One element's parts, and an element's parts stored back.
  auto element = [&](size_t i) {
    Elements v;
    for (size_t c = 0; c < parts; ++c)
      v.push_back(in[c][i]);
    return v;
  };
  std::vector<Elements> out(parts, Elements(in[0].size(), nullptr));
  auto store = [&](size_t i, const Elements &v) {
    for (size_t c = 0; c < parts; ++c)
      out[c][i] = v[c];
  };
  // Warps exchange totals per line, so a line's shared-memory slots follow
  // its coordinates (threads along other dims hold other lines).
  uint64_t linesTotal = uint64_t(type.numElements() / type.shape[axis]);
  std::vector<int64_t> lineShape = type.shape;
  lineShape.erase(lineShape.begin() + axis);
  // Each repetition of each line: the scan within the thread, across the
  // lanes, and the warp's total.
  struct Repetition {
    const std::vector<size_t> *members;
    size_t rep;
    llvm::Value *slot;             // its warps' totals in shared memory
    std::vector<Elements> partial; // in sequence order
    Elements inclusive, warpTotal;
  };
  std::vector<std::vector<Repetition>> byLine;
  for (auto &[line, members] : lines) {
    llvm::Value *lineIndex = b.getInt32(0);
    if (spread.warps > 1) {
      std::vector<llvm::Value *> coord = ctx.coordinates(type)[members[0]];
      coord.erase(coord.begin() + axis);
      lineIndex = flatIndex(b, lineShape, coord);
    }
    size_t reps = members.size() / group;
    byLine.emplace_back();
    for (size_t r = 0; r < reps; ++r) {
      Repetition t{&members, seq(unsigned(reps), unsigned(r)), nullptr, {}, {}, {}};
      for (unsigned w = 0; w < group; ++w) {
        Elements v = element(members[t.rep * group + seq(group, w)]);
        t.partial.push_back(t.partial.empty() ? v : combine(t.partial.back(), v));
      }
      // Across the lanes along the axis: inclusive scan of the chunk totals.
      t.inclusive = t.partial.back();
      for (unsigned step = 1; step < spread.lanes; step *= 2) {
        Elements from =
            shuffleParts(b, fromEarlier, t.inclusive, b.getInt32(step * spread.laneStride), fromEarlierClamp);
        llvm::Value *take = b.CreateICmpUGE(laneSeq, b.getInt32(step));
        t.inclusive = selectParts(b, take, combine(from, t.inclusive), t.inclusive);
      }
      // The warp's total sits in the last distinct lane of the sequence.
      llvm::Value *lastLane =
          b.CreateSub(b.CreateAdd(lane, b.getInt32(seq(spread.lanes, spread.lanes - 1) * spread.laneStride)),
                      b.CreateMul(laneCoord, b.getInt32(spread.laneStride)));
      t.warpTotal = shuffleParts(b, llvm::Intrinsic::nvvm_shfl_sync_idx_i32, t.inclusive, lastLane, 0x1f);
      t.slot = b.CreateMul(b.CreateAdd(b.CreateMul(lineIndex, b.getInt32(uint32_t(reps))), b.getInt32(uint32_t(t.rep))),
                           b.getInt32(spread.warps));
      byLine.back().push_back(std::move(t));
    }
  }
  // Every repetition's warp totals go through shared memory at once, each
  // in its own slots: one barrier for the whole scan, not two a repetition.
  std::vector<llvm::Value *> bases;
  if (spread.warps > 1) {
    bases = partArrays(ctx, linesTotal * byLine[0].size() * spread.warps, byLine[0][0].partial.back());
    ctx.beforeSharedWrite();
    emitIf(b, isFirstOwner(b, type, ctx.threadId, int(p)), [&] {
      for (const std::vector<Repetition> &line : byLine)
        for (const Repetition &t : line)
          for (size_t c = 0; c < parts; ++c)
            b.CreateStore(t.warpTotal[c],
                          b.CreateGEP(t.warpTotal[c]->getType(), bases[c], b.CreateAdd(t.slot, warpCoord)));
    });
    ctx.beforeSharedRead();
  }
  for (const std::vector<Repetition> &line : byLine) {
    Elements carry; // totals of the earlier repetitions
    for (const Repetition &t : line) {
      const Elements &chunk = t.partial.back();
      // What comes before this thread's lane, associated as Triton's scan
      // lowering does (so fp16/bf16 sums round alike): the earlier
      // repetitions' carry, then each earlier warp's total in turn, then the
      // earlier lanes' inclusive scan.
      Partial warpPrefix{carry, b.getInt1(!carry.empty())};
      Elements nextCarry;
      if (spread.warps > 1) {
        if (warpPrefix.value.empty())
          for (llvm::Value *v : chunk)
            warpPrefix.value.push_back(llvm::Constant::getNullValue(v->getType()));
        nextCarry = carry;
        for (unsigned k = 0; k < spread.warps; ++k) {
          unsigned w = seq(spread.warps, k);
          Elements total;
          for (size_t c = 0; c < parts; ++c) {
            llvm::Type *partType = chunk[c]->getType();
            total.push_back(
                b.CreateLoad(partType, b.CreateGEP(partType, bases[c], b.CreateAdd(t.slot, b.getInt32(w)))));
          }
          llvm::Value *earlier =
              reverse ? b.CreateICmpUGT(b.getInt32(w), warpCoord) : b.CreateICmpULT(b.getInt32(w), warpCoord);
          warpPrefix = join(b, combine, warpPrefix, {total, earlier});
          nextCarry = nextCarry.empty() ? total : combine(nextCarry, total);
        }
      } else {
        nextCarry = carry.empty() ? t.warpTotal : combine(carry, t.warpTotal);
      }
      // The earlier lanes' part is the previous lane's inclusive value.
      Partial lanes{shuffleParts(b, fromEarlier, t.inclusive, b.getInt32(spread.laneStride), fromEarlierClamp),
                    b.CreateICmpNE(laneSeq, b.getInt32(0))};
      Partial prefix = warpPrefix.value.empty() ? lanes : join(b, combine, warpPrefix, lanes);
      const std::vector<size_t> &members = *t.members;
      for (unsigned w = 0; w + 1 < group; ++w) {
        const Elements &v = t.partial[w];
        store(members[t.rep * group + seq(group, w)], selectParts(b, prefix.valid, combine(prefix.value, v), v));
      }
      // The chunk's last element: the warp prefix joined to this lane's own
      // inclusive value (a tree over the lanes), not to the earlier lanes
      // and then the chunk.
      Elements last = warpPrefix.value.empty()
                          ? t.inclusive
                          : selectParts(b, warpPrefix.valid, combine(warpPrefix.value, t.inclusive), t.inclusive);
      store(members[t.rep * group + seq(group, group - 1)], last);
      carry = nextCarry;
    }
  }
  // Copies along the axis take the results of the thread they copy.
  if (spread.lanes < layout.blocked.threadsPerWarp[p]) {
    llvm::Value *own = laneCoordinate(b, type, p, ctx.threadId);
    llvm::Value *source = b.CreateSub(lane, b.CreateMul(b.CreateSub(own, laneCoord), b.getInt32(spread.laneStride)));
    for (Elements &part : out)
      for (llvm::Value *&v : part)
        v = shuffle(b, llvm::Intrinsic::nvvm_shfl_sync_idx_i32, v, source, 0x1f);
  }
  return out;
}

Elements emitTrans(const Type &from, const Type &to, const std::vector<int64_t> &order, const Elements &in) {
  std::optional<std::vector<unsigned>> registers = transposeRegisterMap(from, to, order);
  TRITONC_CHECK(registers, "a transpose between layouts that move data");
  Elements out;
  for (unsigned r : *registers)
    out.push_back(in[r]);
  return out;
}

Elements emitBroadcast(const Type &from, const Type &to, const Elements &in) {
  TRITONC_CHECK(from.layout == to.layout, "broadcast between different layouts");
  std::map<Index, size_t> fromPositions = perThreadPositions(from);
  std::vector<int64_t> fromShape = from.layout->parentShape(from.shape);
  Elements out;
  for (Index index : perThreadIndices(to)) {
    for (size_t d = 0; d < index.size(); ++d)
      if (fromShape[d] == 1)
        index[d] = 0;
    out.push_back(in[fromPositions.at(index)]);
  }
  return out;
}

Elements emitWarpShuffle(EmitContext &ctx, const WarpShufflePlan &plan, const Elements &in) {
  llvm::IRBuilder<> &b = ctx.b;
  Elements out;
  if (plan.renamesOnly()) {
    for (const WarpShufflePlan::Read &read : plan.reads)
      out.push_back(in[read.sourceElement]);
    return out;
  }
  llvm::Value *lane = b.CreateAnd(ctx.threadId, 31);
  for (const WarpShufflePlan::Read &read : plan.reads) {
    llvm::Value *source = b.getInt32(read.laneBase);
    for (unsigned bit = 0; bit < 5; ++bit)
      if (read.laneBits[bit] != 0) {
        llvm::Value *set = b.CreateAnd(b.CreateLShr(lane, bit), 1);
        source = b.CreateXor(source, b.CreateMul(set, b.getInt32(read.laneBits[bit])));
      }
    out.push_back(shuffle(b, llvm::Intrinsic::nvvm_shfl_sync_idx_i32, in[read.sourceElement], source, 0x1f));
  }
  return out;
}

namespace {

// How `stmatrix` writes a tensor held as MatrixFragments into a tile:
// `count` matrices per instruction (4, 2 or 1), lane l giving the address
// of row l%8 of the instruction's matrix l/8. Within an instruction the
// matrices' origins must be linear in the two bits of l/8, so that each
// lane finds its own by two multiply-adds; across warps they must move
// together, so that the first matrix's origin (read off the thread's own
// coordinates) places all of them. Where an instruction's addresses lie
// at the same distance from the first instruction's in every thread, that
// distance is an immediate.
struct MatrixWrites {
  unsigned count = 0;
  std::vector<std::optional<int64_t>> distance; // per instruction, from the first
};

std::optional<MatrixWrites> planMatrixWrites(const MatrixFragments &fragments, const SharedTile &tile) {
  const auto &origins = fragments.origins;
  size_t matrices = origins[0].size();
  for (const auto &warp : origins)
    for (size_t m = 0; m < matrices; ++m)
      if (warp[m][0] - warp[0][0] != origins[0][m][0] - origins[0][0][0] ||
          warp[m][1] - warp[0][1] != origins[0][m][1] - origins[0][0][1])
        return std::nullopt;
  auto linear = [&](unsigned count) {
    if (matrices % count != 0)
      return false;
    for (size_t first = 0; count == 4 && first < matrices; first += 4)
      for (unsigned d = 0; d < 2; ++d)
        if (origins[0][first + 3][d] - origins[0][first][d] !=
            origins[0][first + 1][d] + origins[0][first + 2][d] - 2 * origins[0][first][d])
          return false;
    return true;
  };
  MatrixWrites plan;
  plan.count = linear(4) ? 4 : linear(2) ? 2 : 1;
  size_t instructions = matrices / plan.count;
  plan.distance.assign(instructions, std::nullopt);
  for (size_t q = 0; q < instructions; ++q) {
    std::optional<int64_t> common;
    bool same = true;
    for (size_t w = 0; w < origins.size() && same; ++w)
      for (unsigned lane = 0; lane < 32 && same; ++lane) {
        unsigned j = (lane / 8) % plan.count;
        auto address = [&](size_t instruction) {
          const auto &o = origins[w][instruction * plan.count + j];
          return tile.offset(o[0] + lane % 8, o[1]);
        };
        int64_t d = address(q) - address(0);
        same = !common || *common == d;
        common = d;
      }
    if (same)
      plan.distance[q] = common;
  }
  return plan;
}

void writeMatrices(EmitContext &ctx, const MatrixFragments &fragments, const MatrixWrites &plan, const SharedTile &tile,
                   llvm::Value *base, const Elements &in, const std::vector<std::vector<llvm::Value *>> &coords) {
  llvm::IRBuilder<> &b = ctx.b;
  const auto &origins = fragments.origins[0];
  llvm::Value *lane = b.CreateAnd(ctx.threadId, 31);
  llvm::Value *rowInMatrix = b.CreateAnd(lane, 7);
  llvm::Value *bit0 = b.CreateAnd(b.CreateLShr(lane, 3), 1), *bit1 = b.CreateAnd(b.CreateLShr(lane, 4), 1);
  // The warp's first matrix, from this lane's place in it.
  const std::vector<llvm::Value *> &own = coords[fragments.firstElements[0]];
  llvm::Value *warpRow = b.CreateSub(own[0], b.CreateLShr(lane, 2));
  llvm::Value *warpCol = b.CreateSub(own[1], b.CreateShl(b.CreateAnd(lane, 3), 1));
  llvm::Type *elemType = in[0]->getType();
  std::string regs, constraints;
  for (unsigned i = 0; i < plan.count; ++i) {
    regs += i ? ", $" : "$";
    regs += std::to_string(i + 1);
    constraints += ",r";
  }
  std::string text = "stmatrix.sync.aligned.m8n8.x" + std::to_string(plan.count) + ".shared.b16 [$0], {" + regs + "};";
  llvm::Value *firstAddress = nullptr;
  for (size_t q = 0; q < plan.distance.size(); ++q) {
    size_t first = q * plan.count;
    llvm::Value *address;
    if (q > 0 && plan.distance[q]) {
      address = b.CreateAdd(firstAddress, b.getInt32(uint32_t(*plan.distance[q] * 2)));
    } else {
      auto step = [&](size_t m, unsigned d) { return int64_t(origins[first + m][d] - origins[first][d]); };
      auto along = [&](unsigned d) {
        llvm::Value *v = b.getInt32(uint32_t(origins[first][d] - origins[0][d]));
        if (plan.count >= 2)
          v = b.CreateAdd(v, b.CreateMul(bit0, b.getInt32(uint32_t(step(1, d)))));
        if (plan.count == 4)
          v = b.CreateAdd(v, b.CreateMul(bit1, b.getInt32(uint32_t(step(2, d)))));
        return v;
      };
      llvm::Value *row = b.CreateAdd(b.CreateAdd(warpRow, along(0)), rowInMatrix);
      llvm::Value *col = b.CreateAdd(warpCol, along(1));
      address = b.CreatePtrToInt(b.CreateGEP(elemType, base, sharedTileOffset(b, tile, row, col)), b.getInt32Ty());
      if (q == 0)
        firstAddress = address;
    }
    std::vector<llvm::Value *> args{address};
    for (unsigned i = 0; i < plan.count; ++i) {
      size_t e = fragments.firstElements[first + i];
      llvm::Value *pair = llvm::PoisonValue::get(llvm::FixedVectorType::get(elemType, 2));
      pair = b.CreateInsertElement(b.CreateInsertElement(pair, in[e], uint64_t(0)), in[e + 1], uint64_t(1));
      args.push_back(b.CreateBitCast(pair, b.getInt32Ty()));
    }
    inlinePtx(b, b.getVoidTy(), text, "r" + constraints, args, /*sideEffects=*/true);
  }
}

// A conversion through a swizzled row-major tile (ExchangeTile): each
// thread writes and reads its runs along the rows as whole vectors; on
// sm_90 a layout of 8x8 matrices is written by stmatrix.
Elements exchangeSwizzled(EmitContext &ctx, const Type &from, const Type &to, const Elements &in,
                          const ExchangeTile &exchange) {
  llvm::IRBuilder<> &b = ctx.b;
  llvm::Type *elemType = in[0]->getType();
  unsigned elementBytes = unsigned(ctx.module.getDataLayout().getTypeAllocSize(elemType));
  SharedTile tile(int64_t(exchange.rows), int64_t(exchange.rowStride), elementBytes, false);
  unsigned last = unsigned(from.shape.size() - 1);
  std::vector<int64_t> leading(from.shape.begin(), from.shape.end() - 1);
  auto address = [&](const std::vector<llvm::Value *> &coord) {
    std::vector<llvm::Value *> rowCoord(coord.begin(), coord.end() - 1);
    return b.CreateGEP(elemType, ctx.scratch(exchange.bytes(elementBytes)),
                       sharedTileOffset(b, tile, flatIndex(b, leading, rowCoord), coord.back()));
  };
  // A run stays inside one 16-byte chunk: it starts at a multiple of its
  // width, and no wider than a chunk.
  auto runOf = [&](const Type &t) {
    return std::min<unsigned>(contiguousPerThread(t, last), tile.swizzle.chunkElements);
  };
  const auto &fromCoords = ctx.coordinates(from);
  const auto &toCoords = ctx.coordinates(to);
  unsigned writeRun = runOf(from), readRun = runOf(to);
  ctx.beforeSharedWrite();
  if (!writeTileByStmatrix(ctx, from, in, tile, ctx.scratch(exchange.bytes(elementBytes))))
    emitIf(b, isFirstOwner(b, from, ctx.threadId), [&] {
      for (size_t i = 0; i < in.size(); i += writeRun) {
        llvm::Value *vec = llvm::PoisonValue::get(llvm::FixedVectorType::get(elemType, writeRun));
        for (unsigned j = 0; j < writeRun; ++j)
          vec = b.CreateInsertElement(vec, in[i + j], j);
        b.CreateAlignedStore(vec, address(fromCoords[i]), llvm::Align(writeRun * elementBytes));
      }
    });
  ctx.beforeSharedRead();
  Elements out;
  for (size_t i = 0; i < toCoords.size(); i += readRun) {
    llvm::Type *vecType = llvm::FixedVectorType::get(elemType, readRun);
    llvm::Value *vec = b.CreateAlignedLoad(vecType, address(toCoords[i]), llvm::Align(readRun * elementBytes));
    for (unsigned j = 0; j < readRun; ++j)
      out.push_back(b.CreateExtractElement(vec, j));
  }
  return out;
}

} // namespace

bool writeTileByStmatrix(EmitContext &ctx, const Type &type, const Elements &in, const SharedTile &tile,
                         llvm::Value *base) {
  if (!ctx.hasStmatrix || in.empty() || ctx.module.getDataLayout().getTypeAllocSize(in[0]->getType()) != 2 ||
      type.shape.size() != 2)
    return false;
  std::optional<MatrixFragments> fragments = matrixFragments(type);
  std::optional<MatrixWrites> plan = fragments ? planMatrixWrites(*fragments, tile) : std::nullopt;
  if (!plan)
    return false;
  writeMatrices(ctx, *fragments, *plan, tile, base, in, ctx.coordinates(type));
  return true;
}

Elements emitConvertLayout(EmitContext &ctx, const Type &from, const Type &to, const Elements &in) {
  llvm::IRBuilder<> &b = ctx.b;
  llvm::Type *elemType = in[0]->getType();
  bool isBool = elemType->isIntegerTy(1); // bytes in memory
  llvm::Type *memType = isBool ? b.getInt8Ty() : elemType;
  // A reshape changes the shape: both sides agree only on the flat
  // row-major index. A conversion keeps it and pads rows against bank
  // conflicts.
  bool sameShape = from.shape == to.shape;
  ExchangeTile tile = sameShape ? exchangeTile(from, to) : ExchangeTile{1, uint64_t(from.numElements())};
  if (tile.swizzled && !isBool)
    return exchangeSwizzled(ctx, from, to, in, tile);
  auto slot = [&](const Type &type, const std::vector<llvm::Value *> &coord) -> llvm::Value * {
    if (!sameShape || type.shape.size() < 2)
      return flatIndex(b, type.shape, coord);
    std::vector<int64_t> leading(type.shape.begin(), type.shape.end() - 1);
    std::vector<llvm::Value *> rowCoord(coord.begin(), coord.end() - 1);
    return b.CreateAdd(b.CreateMul(flatIndex(b, leading, rowCoord), b.getInt32(uint32_t(tile.rowStride))),
                       coord.back());
  };
  llvm::Value *base = ctx.scratch(tile.bytes(ctx.module.getDataLayout().getTypeAllocSize(memType)));
  const auto &fromCoords = ctx.coordinates(from);
  const auto &toCoords = ctx.coordinates(to);
  ctx.beforeSharedWrite();
  emitIf(b, isFirstOwner(b, from, ctx.threadId), [&] {
    for (size_t i = 0; i < in.size(); ++i) {
      llvm::Value *v = isBool ? b.CreateZExt(in[i], memType) : in[i];
      b.CreateStore(v, b.CreateGEP(memType, base, slot(from, fromCoords[i])));
    }
  });
  ctx.beforeSharedRead();
  Elements out;
  for (const auto &coord : toCoords) {
    llvm::Value *v = b.CreateLoad(memType, b.CreateGEP(memType, base, slot(to, coord)));
    out.push_back(isBool ? b.CreateICmpNE(v, b.getInt8(0)) : v);
  }
  return out;
}

} // namespace tritonc::codegen
