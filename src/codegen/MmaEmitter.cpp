// `tl.dot` on the tensor cores with `mma.sync` (sm_80 and later): A and B
// sit in swizzled shared memory (tritonc/ir/SharedLayout.h), stored along
// whichever dim is contiguous (so a transposed operand, through `tl.trans`
// or its strides, moves no extra data); each warp reads its fragments with
// `ldmatrix` (`.trans` where the stored lines run across a 16-bit
// fragment's pairs; element by element for a 32- or 8-bit operand stored
// across K), and `mma.sync` (m16n8k16 for fp16/bf16, k8 for tf32, k32 for
// int8 and fp8) accumulates into the result's MMA layout
// (tritonc/ir/Layout.h), so the accumulator never leaves registers.
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/ir/DotOperandLayout.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/ir/WgmmaFit.h"
#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <bit>
#include <optional>

namespace tritonc::codegen {

namespace {

// `count` 8x8 matrices of 16-bit elements; lane l gives the address of row
// l%8 of matrix l/8. Each result register holds two elements.
std::vector<llvm::Value *> ldmatrix(llvm::IRBuilder<> &b, llvm::Value *address, unsigned count, bool trans) {
  std::string regs, constraints;
  for (unsigned i = 0; i < count; ++i) {
    regs += (i ? ", $" : "$") + std::to_string(i);
    constraints += "=r,";
  }
  std::string text = "ldmatrix.sync.aligned.m8n8.x" + std::to_string(count) + (trans ? ".trans" : "") +
                     ".shared.b16 {" + regs + "}, [$" + std::to_string(count) + "];";
  std::vector<llvm::Type *> fields(count, b.getInt32Ty());
  llvm::Type *result = count == 1 ? (llvm::Type *)b.getInt32Ty() : llvm::StructType::get(b.getContext(), fields);
  llvm::Value *call = inlinePtx(b, result, text, constraints + "r", {address}, /*sideEffects=*/true);
  std::vector<llvm::Value *> out;
  for (unsigned i = 0; i < count; ++i)
    out.push_back(count == 1 ? call : b.CreateExtractValue(call, i));
  return out;
}

// One mma.sync instruction by operand types and its K, as the accumulator's
// layout records it: every form takes 32 bits of operand per register and
// 32 bytes of K per instruction.
struct MmaForm {
  unsigned elementBytes;
  int64_t k;
  std::string shape; // the instruction's shape and types, as PTX spells them
  bool integerAccumulator;
};

std::optional<MmaForm> mmaFormFor(ScalarKind a, ScalarKind b, ScalarKind c, int64_t k) {
  std::string aName = ptxTypeName(a), bName = ptxTypeName(b);
  if (aName.empty() || bName.empty() || bitWidth(a) != bitWidth(b) || (!isFp8(a) && a != b))
    return std::nullopt;
  unsigned bytes = bitWidth(a) / 8;
  bool integer = a == ScalarKind::I8 || a == ScalarKind::U8;
  if (integer != (c == ScalarKind::I32) || (c == ScalarKind::F16 && a != ScalarKind::F16))
    return std::nullopt;
  std::string acc = integer ? "s32" : c == ScalarKind::F16 ? "f16" : "f32";
  std::string shape = "m16n8k" + std::to_string(k) + ".row.col." + acc + "." + aName + "." + bName + "." + acc;
  return MmaForm{bytes, k, shape, integer};
}

} // namespace

void FunctionEmitter::storeTile(const tir::Value *v, llvm::Value *base, const SharedTile &tile) {
  llvm::Type *elem = elementType(v->type.elem);
  const Elements &elements = in(v);
  const auto &coords = ctx_.coordinates(v->type);
  unsigned chunk = tile.swizzle.chunkElements, along = tile.colMajor ? 0 : 1;
  // A thread's run along the stored line goes out in one store (16 bytes,
  // or 4 for an accumulator's pair of columns).
  unsigned width = v->type.layout->order()[0] == along ? std::min(chunk, contiguousPerThread(v->type, along)) : 1;
  auto *write = llvm::BasicBlock::Create(b_.getContext(), "tile.store", fn_);
  auto *done = llvm::BasicBlock::Create(b_.getContext(), "tile.stored", fn_);
  b_.CreateCondBr(isFirstOwner(b_, v->type, ctx_.threadId), write, done);
  b_.SetInsertPoint(write);
  std::vector<size_t> runStarts;
  for (size_t i = 0; i < elements.size(); i += width)
    runStarts.push_back(i);
  std::vector<llvm::Value *> offsets = sharedTileOffsets(b_, tile, v->type, coords, runStarts);
  for (size_t r = 0; r < runStarts.size(); ++r) {
    size_t i = runStarts[r];
    llvm::Value *address = b_.CreateGEP(elem, base, offsets[r]);
    if (width == 1) {
      b_.CreateStore(elements[i], address);
      continue;
    }
    llvm::Value *vec = llvm::PoisonValue::get(llvm::FixedVectorType::get(elem, width));
    for (unsigned j = 0; j < width; ++j)
      vec = b_.CreateInsertElement(vec, elements[i + j], j);
    b_.CreateAlignedStore(vec, address, llvm::Align(width * (bitWidth(v->type.elem.kind) / 8)));
  }
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

bool FunctionEmitter::emitDotMma(const tir::Op &op) {
  const Type &cType = op.result()->type;
  if (!cType.layout->isMma())
    return false;
  const tir::Value *a = op.operands[0], *bv = op.operands[1], *acc = op.operands[2];
  const Type &aType = a->type, &bType = bv->type;
  int64_t M = aType.shape[0], K = aType.shape[1], N = bType.shape[1];
  std::optional<MmaForm> form =
      mmaFormFor(aType.elem.kind, bType.elem.kind, cType.elem.kind, cType.layout->mma->instrShape[2]);
  TRITONC_CHECK(form && K % form->k == 0 && M >= 16 && N >= 8, "mma.sync dot of an unsupported shape or type");
  bool halfAccumulator = cType.elem.kind == ScalarKind::F16;
  unsigned bytes = form->elementBytes;
  llvm::Type *elem = elementType(aType.elem), *bElem = elementType(bType.elem);

  // Each operand is stored along the dim its threads hold contiguously:
  // that of its ring buffer when a pipelined loop copied it there, else
  // its register layout's fastest dim, so that staging writes whole runs.
  // wgmma reads 8- and 32-bit operands along K only: staged ones are
  // written that way (layout assignment let only tiles whose runs go
  // along K, or that are read an element at a time, take wgmma). The one
  // rule is dotOperandTile's (WgmmaFit.h), which the verifier reads too.
  auto inShared = [](const tir::Value *v) { return v->type.inSharedMemory(); };
  SharedTile aTile = dotOperandTile(op, 0), bTile = dotOperandTile(op, 1);

  // Operands in registers are staged in shared memory; a 16-bit A that is
  // an earlier dot's accumulator is repacked in registers instead.
  std::optional<std::vector<unsigned>> aElements = operandAFromRegisters(aType, *cType.layout);
  bool aInRegisters = aElements.has_value();
  uint64_t aBytes = inShared(a) || aInRegisters ? 0 : uint64_t(M * K) * bytes;
  uint64_t bBytes = inShared(bv) ? 0 : uint64_t(K * N) * bytes;
  llvm::Value *scratch = aBytes + bBytes ? ctx_.scratch(aBytes + bBytes) : nullptr;
  llvm::Value *aBase = inShared(a) ? in(a)[0] : scratch;
  llvm::Value *bBase = inShared(bv) ? in(bv)[0] : b_.CreateGEP(b_.getInt8Ty(), scratch, b_.getInt64(aBytes));
  auto stage = [&](const tir::Value *v, llvm::Value *base, const SharedTile &tile) {
    if (!inShared(v) && !(v == a && aInRegisters))
      storeTile(v, base, tile);
  };
  if (scratch)
    ctx_.beforeSharedWrite();
  stage(a, aBase, aTile);
  stage(bv, bBase, bTile);
  if (scratch) {
    fenceForWgmma();
    ctx_.beforeSharedRead();
  }
  // The A fragment of the thread's block `m` along M at step `kStep` along
  // K, from the registers the layout algebra found holding it
  // (DotOperandLayout.h: eight elements a block, blocks along K first);
  // each register packs two consecutive elements.
  auto aFromAccumulator = [&](int64_t m, int64_t kStep) {
    size_t first = size_t(m * (K / 16) + kStep) * 8;
    std::vector<llvm::Value *> regs;
    for (size_t r = 0; r < 4; ++r) {
      llvm::Value *pair = llvm::PoisonValue::get(llvm::FixedVectorType::get(elem, 2));
      for (unsigned c = 0; c < 2; ++c)
        pair = b_.CreateInsertElement(pair, in(a)[(*aElements)[first + 2 * r + c]], c);
      regs.push_back(b_.CreateBitCast(pair, b_.getInt32Ty()));
    }
    return regs;
  };

  if (tir::isWgmmaDot(op)) {
    Elements product = in(acc);
    RegisterFragments registerA;
    if (aInRegisters)
      registerA = aFromAccumulator;
    TRITONC_CHECK(hasWgmma_ && emitWgmma(op, aBase, aTile, bBase, bTile, registerA, product),
                  "a dot in a wgmma layout that wgmma cannot run");
    values_[op.result()] = product;
    return true;
  }

  // This warp's place in the MMA layout, and which 8x8 matrix of an
  // ldmatrix.x4 this lane addresses: A's matrices go down M first, then
  // along K; B's along K first, then to the next N tile. A fragment
  // register holds 32 bits of K; an instruction's K is two 16-byte chunks.
  const std::vector<unsigned> &wpc = cType.layout->mma->warpsPerCTA;
  unsigned wm = wpc[0], wn = wpc[1];
  unsigned chunk = 16 / bytes, perRegister = 4 / bytes;
  llvm::Value *warp = b_.CreateLShr(ctx_.threadId, 5), *lane = b_.CreateAnd(ctx_.threadId, 31);
  llvm::Value *warpM = b_.CreateAnd(b_.CreateLShr(warp, unsigned(std::countr_zero(wn))), wm - 1);
  llvm::Value *warpN = b_.CreateAnd(warp, wn - 1);
  llvm::Value *matrix = b_.CreateLShr(lane, 3), *rowInMatrix = b_.CreateAnd(lane, 7);
  llvm::Value *firstHalf = b_.CreateAnd(matrix, 1);   // matrices 1, 3
  llvm::Value *secondHalf = b_.CreateLShr(matrix, 1); // matrices 2, 3
  llvm::Value *group = b_.CreateLShr(lane, 2), *inGroup = b_.CreateAnd(lane, 3);
  int64_t repM = std::max<int64_t>(1, M / (16 * wm)), repN = std::max<int64_t>(1, N / (8 * wn));
  auto i32 = [&](int64_t v) { return b_.getInt32(uint32_t(v)); };
  auto aRow = [&](int64_t m, llvm::Value *within) {
    llvm::Value *row = b_.CreateAdd(b_.CreateMul(warpM, i32(16)), i32(16 * wm * m));
    return b_.CreateURem(b_.CreateAdd(row, within), i32(M));
  };
  auto bCol = [&](llvm::Value *tile, llvm::Value *within) {
    llvm::Value *col = b_.CreateAdd(b_.CreateMul(warpN, i32(8)), b_.CreateMul(tile, i32(8 * wn)));
    return b_.CreateURem(b_.CreateAdd(col, within), i32(N));
  };

  // ldmatrix moves 16-bit elements, transposing them if asked; 32- and
  // 8-bit operands take it only where K runs along the stored lines (then
  // a lane's 32 bits are consecutive in K either way).
  bool aByLdmatrix = bytes == 2 || !aTile.colMajor, bByLdmatrix = bytes == 2 || bTile.colMajor;

  // The lane's address for the 8x8 matrix whose top-left element is
  // (row, col) of a tile: the lane's own line of it (a row when stored by
  // rows, a column when stored by columns); `trans` tells ldmatrix which.
  auto matrixAddress = [&](const SharedTile &tile, llvm::Type *type, llvm::Value *base, llvm::Value *row,
                           llvm::Value *col) {
    llvm::Value *line = b_.CreateAdd(tile.colMajor ? col : row, rowInMatrix);
    llvm::Value *chunkIndex = b_.CreateUDiv(tile.colMajor ? row : col, i32(tile.swizzle.chunkElements));
    return b_.CreatePtrToInt(b_.CreateGEP(type, base, swizzledChunkOffset(b_, tile.swizzle, line, chunkIndex)),
                             b_.getInt32Ty());
  };
  // One fragment register read element by element: `perRegister`
  // consecutive elements along K from (row, col).
  auto gather = [&](const SharedTile &tile, llvm::Type *type, llvm::Value *base, llvm::Value *row, llvm::Value *col,
                    bool kAlongCols) {
    llvm::Value *packed = llvm::PoisonValue::get(llvm::FixedVectorType::get(type, perRegister));
    for (unsigned e = 0; e < perRegister; ++e) {
      llvm::Value *r = kAlongCols ? row : b_.CreateAdd(row, i32(e)), *c = kAlongCols ? b_.CreateAdd(col, i32(e)) : col;
      llvm::Value *address = b_.CreateGEP(type, base, sharedTileOffset(b_, tile, r, c));
      packed = b_.CreateInsertElement(packed, b_.CreateAlignedLoad(type, address, llvm::Align(bytes)), e);
    }
    return b_.CreateBitCast(packed, b_.getInt32Ty());
  };
  auto loadA = [&](int64_t m, int64_t kStep) {
    if (aByLdmatrix) {
      llvm::Value *col = b_.CreateAdd(i32(form->k * kStep), b_.CreateMul(secondHalf, i32(chunk)));
      return ldmatrix(b_, matrixAddress(aTile, elem, aBase, aRow(m, b_.CreateMul(firstHalf, i32(8))), col), 4,
                      aTile.colMajor);
    }
    // Register r: rows +0, +8, +0, +8 of the instruction tile, K chunks 0, 0, 1, 1.
    std::vector<llvm::Value *> regs;
    for (unsigned r = 0; r < 4; ++r) {
      llvm::Value *row = aRow(m, b_.CreateAdd(group, i32(8 * (r & 1))));
      llvm::Value *col = b_.CreateAdd(i32(form->k * kStep + (r >> 1) * chunk), b_.CreateMul(inGroup, i32(perRegister)));
      regs.push_back(gather(aTile, elem, aBase, row, col, true));
    }
    return regs;
  };
  // B fragments for N tiles n and, when `tiles` is 2, n + 1.
  auto loadB = [&](int64_t n, int64_t kStep, unsigned tiles) {
    if (bByLdmatrix) {
      llvm::Value *tile = i32(n);
      if (tiles == 2)
        tile = b_.CreateAdd(tile, secondHalf);
      llvm::Value *row = b_.CreateAdd(i32(form->k * kStep), b_.CreateMul(firstHalf, i32(chunk)));
      return ldmatrix(b_, matrixAddress(bTile, bElem, bBase, row, bCol(tile, i32(0))), 2 * tiles, !bTile.colMajor);
    }
    // Register r of a tile: K chunk r, column `group`.
    std::vector<llvm::Value *> regs;
    for (unsigned t = 0; t < tiles; ++t)
      for (unsigned r = 0; r < 2; ++r) {
        llvm::Value *row = b_.CreateAdd(i32(form->k * kStep + r * chunk), b_.CreateMul(inGroup, i32(perRegister)));
        regs.push_back(gather(bTile, bElem, bBase, row, bCol(i32(n + t), group), false));
      }
    return regs;
  };

  // The accumulators of instruction tile (m, n): c0..c3 at rows +0, +0, +8,
  // +8 and columns +0, +1, +0, +1 of the tile, as the layout lists them.
  std::map<std::vector<unsigned>, size_t> position = perThreadPositions(cType);
  Elements result = in(acc);
  auto accIndex = [&](int64_t m, int64_t n, unsigned c) {
    return position.at({unsigned(2 * m + c / 2), unsigned(2 * n + c % 2)});
  };
  llvm::Type *accElem = form->integerAccumulator ? (llvm::Type *)b_.getInt32Ty() : b_.getFloatTy();
  std::string accConstraint = form->integerAccumulator ? "=r," : "=f,";
  std::string mmaText =
      "mma.sync.aligned." + form->shape + " {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};";
  std::string constraints;
  for (unsigned i = 0; i < 4; ++i)
    constraints += accConstraint;
  constraints += "r,r,r,r,r,r,0,1,2,3";
  llvm::Type *quad = llvm::StructType::get(b_.getContext(), {accElem, accElem, accElem, accElem});
  // An fp16 accumulator (`out_dtype=tl.float16`) packs each row's pair of
  // columns into one register: c0c1, then c2c3.
  std::string halfText =
      "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};";
  llvm::Type *pairType = llvm::StructType::get(b_.getContext(), {b_.getInt32Ty(), b_.getInt32Ty()});
  auto mma = [&](const std::vector<llvm::Value *> &aRegs, const std::vector<llvm::Value *> &bRegs, int64_t m,
                 int64_t n) {
    std::vector<llvm::Value *> args(aRegs);
    args.insert(args.end(), bRegs.begin(), bRegs.end());
    if (halfAccumulator) {
      for (unsigned c = 0; c < 4; c += 2) {
        llvm::Value *pair = llvm::PoisonValue::get(llvm::FixedVectorType::get(elem, 2));
        for (unsigned j = 0; j < 2; ++j)
          pair = b_.CreateInsertElement(pair, result[accIndex(m, n, c + j)], j);
        args.push_back(b_.CreateBitCast(pair, b_.getInt32Ty()));
      }
      llvm::Value *d = inlinePtx(b_, pairType, halfText, "=r,=r,r,r,r,r,r,r,0,1", args, false);
      for (unsigned c = 0; c < 4; c += 2) {
        llvm::Value *pair = b_.CreateBitCast(b_.CreateExtractValue(d, c / 2), llvm::FixedVectorType::get(elem, 2));
        for (unsigned j = 0; j < 2; ++j)
          result[accIndex(m, n, c + j)] = b_.CreateExtractElement(pair, j);
      }
      return;
    }
    for (unsigned c = 0; c < 4; ++c)
      args.push_back(result[accIndex(m, n, c)]);
    llvm::Value *d = inlinePtx(b_, quad, mmaText, constraints, args, false);
    for (unsigned c = 0; c < 4; ++c)
      result[accIndex(m, n, c)] = b_.CreateExtractValue(d, c);
  };

  // tf32x3: each fp32 operand x = big + small, big its top 19 bits (exact
  // as tf32) and small the rest; small*big + big*small + big*big recovers
  // nearly fp32 accuracy, the small products first so they are not lost.
  bool splitTf32 =
      aType.elem.kind == ScalarKind::F32 && op.attr("input_precision") && op.strAttr("input_precision") == "tf32x3";
  auto split = [&](const std::vector<llvm::Value *> &regs, std::vector<llvm::Value *> &big,
                   std::vector<llvm::Value *> &small) {
    for (llvm::Value *x : regs) {
      llvm::Value *high = b_.CreateAnd(x, i32(int64_t(0xffffe000u)));
      llvm::Value *rest = b_.CreateFSub(b_.CreateBitCast(x, b_.getFloatTy()), b_.CreateBitCast(high, b_.getFloatTy()));
      big.push_back(high);
      small.push_back(b_.CreateBitCast(rest, b_.getInt32Ty()));
    }
  };

  // Each step's fragments, read just before its instructions; a small dot
  // (all its fragments in at most kFragmentRegistersAhead registers), the
  // kernel's only one, reads them all first. mm_skinny's dot (16x64x128 a
  // 4-warp CTA, one CTA an SM) is latency-bound: its 16 ldmatrix issued
  // together, then the 16 mma.sync, run 8% faster than pairs of loads each
  // waited for by its mma.sync (ptxas keeps the order; r211), and 5% faster
  // than Triton's. Beside other dots the registers are wanted for them:
  // flash-linear-attention's many-dot kernels, at 255 registers, spilled more.
  constexpr int64_t kFragmentRegistersAhead = 64;
  const int64_t steps = K / form->k;
  const int64_t stepRegisters = (aInRegisters ? 0 : 4 * repM) + 2 * repN; // A 4, B 2 .b32 a tile
  const int64_t stepsAhead = dots_ == 1 && steps * stepRegisters <= kFragmentRegistersAhead ? steps : 1;
  struct StepFragments {
    std::vector<std::vector<llvm::Value *>> a, b;
  };
  auto loadStep = [&](int64_t kStep) {
    StepFragments f;
    for (int64_t m = 0; m < repM; ++m)
      f.a.push_back(aInRegisters ? aFromAccumulator(m, kStep) : loadA(m, kStep));
    for (int64_t n = 0; n < repN; n += 2) {
      unsigned tiles = n + 1 < repN ? 2 : 1;
      std::vector<llvm::Value *> regs = loadB(n, kStep, tiles);
      f.b.push_back({regs[0], regs[1]});
      if (tiles == 2)
        f.b.push_back({regs[2], regs[3]});
    }
    return f;
  };
  std::vector<StepFragments> loaded;
  for (int64_t kStep = 0; kStep < steps; ++kStep) {
    for (int64_t ahead = int64_t(loaded.size()); ahead < std::min(steps, kStep + stepsAhead); ++ahead)
      loaded.push_back(loadStep(ahead));
    const std::vector<std::vector<llvm::Value *>> &aFrag = loaded[size_t(kStep)].a, &bFrag = loaded[size_t(kStep)].b;
    for (int64_t m = 0; m < repM; ++m)
      for (int64_t n = 0; n < repN; ++n) {
        if (!splitTf32) {
          mma(aFrag[m], bFrag[n], m, n);
          continue;
        }
        std::vector<llvm::Value *> aBig, aSmall, bBig, bSmall;
        split(aFrag[m], aBig, aSmall);
        split(bFrag[n], bBig, bSmall);
        mma(aSmall, bBig, m, n);
        mma(aBig, bSmall, m, n);
        mma(aBig, bBig, m, n);
      }
  }
  values_[op.result()] = result;
  return true;
}

unsigned FunctionEmitter::countDots(const tir::Block &block) {
  unsigned dots = 0;
  tir::forEachOp(block, [&](const tir::Op &op) { dots += op.kind == tir::OpKind::Dot; });
  return dots;
}

} // namespace tritonc::codegen
