// `tl.dot` on Hopper's warpgroup instruction (sm_90a): each group of four
// warps multiplies a 64-row block of A by up to 256 columns of B with one
// `wgmma.mma_async.m64nNk16` (fp16, bf16), `m64nNk32` (fp8, int8) or
// `m64nNk8` (tf32) per 32 bytes of K, B (and usually A) read straight from
// the swizzled shared-memory tiles (tritonc/ir/SharedLayout.h) through
// 64-bit matrix descriptors, so no thread loads their fragments; a 16-bit
// A that an earlier dot left in registers in the fragments' order
// (attention's probabilities, DotOperandLayout.h) is passed in registers.
// Which dots it runs is WgmmaFit.h's rule.
//
// The accumulator keeps the MMA layout (tritonc/ir/Layout.h) of mma.sync:
// with every warp along M the two give each thread the same elements, and
// only the order of a wgmma's registers differs. By default the dot waits
// for its own products before it ends (`wgmma.wait_group 0`), so the
// shared-memory hazard analysis sees it as it sees mma.sync; a dot the
// pipeliner (or overlap-wgmma) marks `pending` leaves up to that many
// groups, its own among them, in flight (see the end of emitWgmma).
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/WgmmaFit.h"

#include <algorithm>
#include <bit>

namespace tritonc::codegen {

namespace {

// The descriptor's swizzle field for a tile's swizzle width.
std::optional<uint64_t> swizzleMode(const SharedTile &tile, unsigned elementBytes) {
  switch (tile.swizzle.swizzleBytes(elementBytes)) {
  case 128: return 1;
  case 64: return 2;
  case 32: return 3;
  default: return std::nullopt; // 16-byte lines: the interleaved form, not used
  }
}

// Where one instruction's operand starts in a tile and how the hardware
// walks it. K-major (K along the stored lines): blocks of K are one
// swizzle width apart in column blocks, 8-line groups of M (or N) one
// swizzle atom apart. MN-major (M or N along the lines): K steps go down
// lines, column blocks of M (or N) are `leading` bytes apart.
struct OperandWalk {
  bool kMajor;
  int64_t elementBytes, swizzle, lines, blockBytes;

  int64_t startByte(int64_t mn, int64_t k) const {
    int64_t blockElements = swizzle / elementBytes;
    if (kMajor)
      return (k / blockElements) * blockBytes + mn * swizzle + (k % blockElements) * elementBytes;
    return (mn / blockElements) * blockBytes + k * swizzle + (mn % blockElements) * elementBytes;
  }
  int64_t leadingBytes() const { return kMajor ? 16 : blockBytes; }
  int64_t strideBytes() const { return 8 * swizzle; }
};

OperandWalk walkOf(const SharedTile &tile, bool kAlongLines, unsigned elementBytes) {
  return {kAlongLines, elementBytes, tile.swizzle.swizzleBytes(elementBytes), tile.swizzle.lines,
          tile.swizzle.blockBytes(elementBytes)};
}

// The accumulator and operand types as wgmma spells them, for types it
// takes (wgmmaTakesOperands).
std::string wgmmaTypes(ScalarKind a, ScalarKind b, ScalarKind c) {
  const char *sums = c == ScalarKind::I32 ? "s32." : c == ScalarKind::F16 ? "f16." : "f32.";
  return sums + ptxTypeName(a) + "." + ptxTypeName(b);
}

// The inline-asm constraint of a register holding `type`.
const char *registerConstraint(const llvm::Type *type) {
  if (type->isIntegerTy())
    return "r";
  return type->isHalfTy() ? "h" : "f";
}

} // namespace

bool FunctionEmitter::emitWgmma(const tir::Op &op, llvm::Value *aBase, const SharedTile &aTile, llvm::Value *bBase,
                                const SharedTile &bTile, const RegisterFragments &registerA, Elements &acc) {
  const Type &aType = op.operands[0]->type, &cType = op.result()->type;
  int64_t M = aType.shape[0], K = aType.shape[1], N = op.operands[1]->type.shape[1];
  ScalarKind in = aType.elem.kind;
  // The verifier let through only dots wgmma can run (WgmmaFit.h).
  if (wgmmaMisfit(op))
    return false;
  std::string types = wgmmaTypes(in, op.operands[1]->type.elem.kind, cType.elem.kind);
  bool integer = cType.elem.kind == ScalarKind::I32;
  // The instruction's shape, as layout assignment chose it (32 bytes of K:
  // k16 for 16-bit types, k32 for 8-bit, k8 for tf32).
  const unsigned elementBytes = bitWidth(in) / 8;
  const int64_t kStepK = cType.layout->mma->instrShape[2];
  const std::vector<unsigned> &wpc = cType.layout->mma->warpsPerCTA;
  unsigned warpsM = wpc[0];
  // A's lines run along K unless it is stored by columns; B's only when it is.
  OperandWalk aWalk = walkOf(aTile, !aTile.colMajor, elementBytes), bWalk = walkOf(bTile, bTile.colMajor, elementBytes);
  int64_t instrN = cType.layout->mma->instrShape[1];
  std::optional<uint64_t> aMode = swizzleMode(aTile, elementBytes), bMode = swizzleMode(bTile, elementBytes);
  // A from registers is always read along K: no shared-memory constraint.
  bool aFromRegisters = bool(registerA);

  // The descriptor of the instruction tile starting at (mn, 0) of a tile
  // whose first byte is at `base`: its start address in 16-byte units,
  // then the leading and stride byte offsets and the swizzle mode. Later
  // K steps add their constant offset to the start field, which never
  // carries out of it (shared addresses stay below 256 KiB).
  auto descriptor = [&](llvm::Value *base, const OperandWalk &walk, uint64_t mode, llvm::Value *mn) {
    uint64_t fixed =
        (uint64_t(walk.leadingBytes() >> 4) << 16) | (uint64_t(walk.strideBytes() >> 4) << 32) | (mode << 62);
    llvm::Value *address = b_.CreatePtrToInt(base, b_.getInt32Ty());
    int64_t blockElements = walk.swizzle / elementBytes;
    // `mn` is a multiple of 64 (warpgroup rows) or a whole instruction's
    // columns: its column block and offset within follow from the walk.
    llvm::Value *offset = walk.kMajor ? b_.CreateMul(mn, b_.getInt32(uint32_t(walk.swizzle)))
                                      : b_.CreateMul(b_.CreateUDiv(mn, b_.getInt32(uint32_t(blockElements))),
                                                     b_.getInt32(uint32_t(walk.blockBytes)));
    llvm::Value *start = b_.CreateLShr(b_.CreateAdd(address, offset), 4);
    start = b_.CreateZExt(b_.CreateAnd(start, b_.getInt32(0x3fff)), b_.getInt64Ty());
    return b_.CreateOr(start, b_.getInt64(fixed));
  };
  auto atK = [&](llvm::Value *desc, const OperandWalk &walk, int64_t k) {
    return b_.CreateAdd(desc, b_.getInt64(uint64_t(walk.startByte(0, k) >> 4)));
  };

  // Warpgroups are four consecutive warps; all of one issue the same
  // instruction, so their descriptors derive from the warpgroup alone (in
  // uniform registers: see EmitContext::uniformWarpId).
  llvm::Value *warpgroup = b_.CreateLShr(ctx_.uniformWarpId(), 2);
  int64_t repM = M / (16 * warpsM);
  std::map<std::vector<unsigned>, size_t> position = perThreadPositions(cType);
  // Register i of the instruction at (rep, n-instruction q): rows +0 or +8
  // of the warp's 16, column pair i/4 of its 8-column tiles.
  auto accIndex = [&](int64_t rep, int64_t q, unsigned i) {
    return position.at({unsigned(2 * rep + ((i >> 1) & 1)), unsigned(2 * (q * (instrN / 8) + (i >> 2)) + (i & 1))});
  };

  // Each register holds one of a thread's instrN / 2 accumulators, or an
  // f16 pair of them (a row's two adjacent columns).
  bool halfSums = cType.elem.kind == ScalarKind::F16;
  unsigned perRegister = halfSums ? 2 : 1;
  unsigned regs = unsigned(instrN / 2) / perRegister;
  std::string list, constraints;
  for (unsigned i = 0; i < regs; ++i) {
    list += (i ? ", $" : "$") + std::to_string(i);
    constraints += integer || halfSums ? "=r," : "=f,";
  }
  // Operands after the accumulators: A's descriptor, or its four
  // registers (the register form has no A transpose), then B's
  // descriptor and the scale-d flag.
  unsigned aOperands = aFromRegisters ? 4 : 1;
  std::string aText;
  for (unsigned i = 0; i < aOperands; ++i)
    aText += (i ? ", $" : "$") + std::to_string(regs + i);
  if (aFromRegisters)
    aText = "{" + aText + "}";
  // Scale-d, then A's and B's scales (+1; integer products have none),
  // then, for 16-bit types only, whether each is transposed (read along M
  // or N).
  std::string immediates = integer ? "" : ", 1, 1";
  if (elementBytes == 2)
    immediates += aFromRegisters ? std::string(", ") + (bWalk.kMajor ? "0" : "1")
                                 : std::string(", ") + (aWalk.kMajor ? "0" : "1") + ", " + (bWalk.kMajor ? "0" : "1");
  // Everything up to scale-d, which is `p` (set from the operand after B's
  // descriptor) where the chain accumulates and 0 where it starts.
  std::string instruction = "wgmma.mma_async.sync.aligned.m64n" + std::to_string(instrN) + "k" +
                            std::to_string(kStepK) + "." + types + " {" + list + "}, " + aText + ", $" +
                            std::to_string(regs + aOperands) + ", ";
  std::string text = "{ .reg .pred p; setp.ne.b32 p, $" + std::to_string(regs + aOperands + 1) + ", 0; " + instruction +
                     "p" + immediates + "; }";
  // A dot into zeros (attention's scores, a product out of a loop) starts
  // with scale-d 0: its first instructions only write the accumulators,
  // which need no zeroing beforehand and hold no registers until then.
  bool startsFromZero = std::all_of(acc.begin(), acc.end(), [](const llvm::Value *v) {
    const auto *c = llvm::dyn_cast<llvm::Constant>(v);
    return c && c->isNullValue();
  });
  std::string firstText = instruction + "0" + immediates + ";";
  std::string firstConstraints = constraints + (aFromRegisters ? "r,r,r,r,l" : "l,l");
  constraints += aFromRegisters ? "r,r,r,r,l,r" : "l,l,r";
  for (unsigned i = 0; i < regs; ++i)
    constraints += "," + std::to_string(i);
  llvm::Type *registerType = halfSums ? b_.getInt32Ty() : acc[0]->getType();
  std::vector<llvm::Type *> fields(regs, registerType);
  llvm::Type *resultType = llvm::StructType::get(b_.getContext(), fields);

  // Rows 64 * warpgroup + 16 * warpsM * rep onwards; columns q * instrN on.
  std::vector<llvm::Value *> aFirst, bFirst;
  for (int64_t rep = 0; rep < repM && !aFromRegisters; ++rep)
    aFirst.push_back(
        descriptor(aBase, aWalk, *aMode,
                   b_.CreateAdd(b_.CreateMul(warpgroup, b_.getInt32(64)), b_.getInt32(uint32_t(16 * warpsM * rep)))));
  // Register fragments are packed before wgmma.fence, which orders their
  // writes before the instructions that read them.
  std::vector<std::vector<std::vector<llvm::Value *>>> aRegisters(static_cast<size_t>(repM));
  for (int64_t rep = 0; rep < repM && aFromRegisters; ++rep)
    for (int64_t kStep = 0; kStep < K / kStepK; ++kStep)
      aRegisters[size_t(rep)].push_back(registerA(rep, kStep));
  for (int64_t q = 0; q < N / instrN; ++q)
    bFirst.push_back(descriptor(bBase, bWalk, *bMode, b_.getInt32(uint32_t(q * instrN))));
  // Accumulators that ordinary instructions write (zeros before a loop, a
  // rescaled attention output) must be written before the fence, or ptxas
  // serialises the wgmma chains: passing them through an empty asm placed
  // before it pins those writes there. Tiles stored from registers were
  // fenced into the async proxy by their writers before the barrier that
  // ordered them before this (fenceForWgmma); copied ones are ordered by
  // their wait and barrier.
  //
  // The instructions' registers: the accumulators themselves, or f16 pairs
  // of them packed here, before the fence, and unpacked after the wait, so
  // that no ordinary instruction touches a register wgmma owns.
  int64_t instrsN = N / instrN;
  Elements pairs(halfSums ? size_t(repM * instrsN * regs) : 0);
  auto reg = [&](int64_t rep, int64_t q, unsigned i) -> llvm::Value *& {
    return halfSums ? pairs[size_t((rep * instrsN + q) * regs + i)] : acc[accIndex(rep, q, i)];
  };
  llvm::Type *halfPair = llvm::FixedVectorType::get(acc[0]->getType(), 2);
  for (int64_t rep = 0; rep < repM && halfSums; ++rep)
    for (int64_t q = 0; q < instrsN; ++q)
      for (unsigned i = 0; i < regs; ++i) {
        llvm::Value *pair = llvm::PoisonValue::get(halfPair);
        for (unsigned c = 0; c < 2; ++c)
          pair = b_.CreateInsertElement(pair, acc[accIndex(rep, q, 2 * i + c)], c);
        reg(rep, q, i) = b_.CreateBitCast(pair, registerType);
      }
  if (!startsFromZero)
    tieAccumulators(halfSums ? pairs : acc);
  inlinePtx(b_, b_.getVoidTy(), "wgmma.fence.sync.aligned;", "", {}, true);
  // Each 64-row half runs all its steps of K before the next starts, as
  // Triton's do: the next half's A fragments and descriptors are not yet
  // live, and an A held in registers dies half by half (alternating the
  // halves at every step kept both halves' operands live through the dot
  // and made the two-loop causal attention spill inside its loop).
  for (int64_t rep = 0; rep < repM; ++rep)
    for (int64_t kStep = 0; kStep < K / kStepK; ++kStep) {
      std::vector<llvm::Value *> aArgs =
          aFromRegisters ? aRegisters[size_t(rep)][size_t(kStep)]
                         : std::vector<llvm::Value *>{atK(aFirst[size_t(rep)], aWalk, kStep * kStepK)};
      for (int64_t q = 0; q < N / instrN; ++q) {
        std::vector<llvm::Value *> args(aArgs);
        args.push_back(atK(bFirst[size_t(q)], bWalk, kStep * kStepK));
        bool first = startsFromZero && kStep == 0;
        if (!first) {
          args.push_back(b_.getInt32(1));
          for (unsigned i = 0; i < regs; ++i)
            args.push_back(reg(rep, q, i));
        }
        llvm::Value *d = first ? inlinePtx(b_, resultType, firstText, firstConstraints, args, true)
                               : inlinePtx(b_, resultType, text, constraints, args, true);
        for (unsigned i = 0; i < regs; ++i)
          reg(rep, q, i) = b_.CreateExtractValue(d, i);
      }
    }
  inlinePtx(b_, b_.getVoidTy(), "wgmma.commit_group.sync.aligned;", "", {}, true);
  // A dot the pipeliner or overlap-wgmma let run on waits until at most
  // `pending` groups are in flight (the pipeliner's: an iteration's): its
  // products stay in flight into the next iteration's wgmma, which
  // accumulates on them in order, and the loop's exit waits for the rest
  // (emitFor).
  // Packed sums are unpacked by ordinary instructions, which may only run
  // once the products are in: such a dot always waits for its own.
  const tir::Attribute *pending = op.attr("pending");
  waitForWgmma(pending && !halfSums ? unsigned(std::get<int64_t>(*pending)) : 0, halfSums ? pairs : acc);
  for (int64_t rep = 0; rep < repM && halfSums; ++rep)
    for (int64_t q = 0; q < instrsN; ++q)
      for (unsigned i = 0; i < regs; ++i) {
        llvm::Value *pair = b_.CreateBitCast(reg(rep, q, i), halfPair);
        for (unsigned c = 0; c < 2; ++c)
          acc[accIndex(rep, q, 2 * i + c)] = b_.CreateExtractElement(pair, c);
      }
  // This wait also completes the previous iteration's dot that the
  // pipeliner let run on (`completes_carried`: which loop-carried value
  // holds its products); reads of them stay below it.
  if (const tir::Attribute *carried = op.attr("completes_carried")) {
    const tir::Value *products = op.parent->args.at(1 + size_t(std::get<int64_t>(*carried))).get();
    tieAccumulators(values_.at(products));
  }
  // Likewise the dot just before, left in flight (`completes_previous`,
  // OverlapWgmmaDots.h).
  if (op.attr("completes_previous")) {
    auto self = std::find_if(op.parent->ops.begin(), op.parent->ops.end(),
                             [&](const std::unique_ptr<tir::Op> &o) { return o.get() == &op; });
    tieAccumulators(values_.at((*std::prev(self))->result()));
  }
  return true;
}

bool FunctionEmitter::hasWgmmaDot(const tir::Block &block) {
  for (const auto &op : block.ops) {
    if (tir::isWgmmaDot(*op))
      return true;
    for (const auto &region : op->regions)
      if (hasWgmmaDot(*region))
        return true;
  }
  return false;
}

void FunctionEmitter::fenceForWgmma() {
  if (usesWgmma_)
    inlinePtx(b_, b_.getVoidTy(), "fence.proxy.async.shared::cta;", "", {}, true);
}

void FunctionEmitter::waitForWgmma(unsigned pending, Elements &acc) {
  inlinePtx(b_, b_.getVoidTy(), "wgmma.wait_group.sync.aligned " + std::to_string(pending) + ";", "", {}, true);
  // The products are in the registers only after the wait: each
  // accumulator passes through an empty asm placed after it, so nothing
  // that reads one moves above the wait.
  if (!pending)
    tieAccumulators(acc);
}

void FunctionEmitter::tieAccumulators(Elements &acc) {
  const size_t tieChunk = 32;
  for (size_t first = 0; first < acc.size(); first += tieChunk) {
    size_t count = std::min(tieChunk, acc.size() - first);
    std::string tieConstraints;
    for (size_t i = 0; i < count; ++i)
      tieConstraints += std::string("=") + registerConstraint(acc[first]->getType()) + ",";
    for (size_t i = 0; i < count; ++i)
      tieConstraints += (i ? "," : "") + std::to_string(i);
    std::vector<llvm::Value *> values(acc.begin() + long(first), acc.begin() + long(first + count));
    std::vector<llvm::Type *> tieFields(count, acc[first]->getType());
    llvm::Value *tied =
        inlinePtx(b_, llvm::StructType::get(b_.getContext(), tieFields), "", tieConstraints, values, true);
    for (size_t i = 0; i < count; ++i)
      acc[first + i] = b_.CreateExtractValue(tied, unsigned(i));
  }
}

} // namespace tritonc::codegen
