// `tl.dot` on the tensor cores with `mma.sync` (sm_80 and later): A and B
// sit in swizzled shared memory (tritonc/ir/SharedLayout.h), stored along
// whichever dim is contiguous (so a transposed operand, through `tl.trans`
// or its strides, moves no extra data); each warp reads its fragments with
// `ldmatrix`, `.trans` where the stored lines run across the fragment's
// pairs; and `mma.sync.m16n8k16` accumulates into the result's MMA layout
// (tritonc/ir/Layout.h), so the accumulator never leaves registers.
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/ir/SharedLayout.h"
#include "tritonc/support/Diagnostics.h"

#include <bit>

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
  for (size_t i = 0; i < elements.size(); i += width) {
    llvm::Value *address = b_.CreateGEP(elem, base, sharedTileOffset(b_, tile, coords[i][0], coords[i][1]));
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
  ScalarKind inKind = aType.elem.kind;
  bool halfAccumulator = cType.elem.kind == ScalarKind::F16;
  TRITONC_CHECK((inKind == ScalarKind::F16 || inKind == ScalarKind::BF16) && bType.elem.kind == inKind &&
                    (cType.elem.kind == ScalarKind::F32 || (halfAccumulator && inKind == ScalarKind::F16)) &&
                    K % 16 == 0 && M >= 16 && N >= 8,
                "mma.sync dot of an unsupported shape or type");
  llvm::Type *half = elementType(aType.elem);

  // Each operand is stored along the dim its threads hold contiguously:
  // that of its ring buffer when a pipelined loop copied it there, else
  // its register layout's fastest dim, so that staging writes whole runs.
  auto inShared = [](const tir::Value *v) { return v->type.layout->shared; };
  auto colMajor = [&](const tir::Value *v) {
    return inShared(v) ? v->type.layout->sharedColMajor : v->type.layout->order()[0] == 0;
  };
  SharedTile aTile(M, K, 2, colMajor(a)), bTile(K, N, 2, colMajor(bv));

  // Operands in registers are staged in shared memory.
  bool aInRegisters = accumulatorFeedsOperandA(*aType.layout, *cType.layout);
  uint64_t aBytes = inShared(a) || aInRegisters ? 0 : uint64_t(M * K) * 2;
  uint64_t bBytes = inShared(bv) ? 0 : uint64_t(K * N) * 2;
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
  if (scratch)
    ctx_.beforeSharedRead();

  // This warp's place in the MMA layout, and which 8x8 matrix of an
  // ldmatrix.x4 this lane addresses: A's matrices go down M first, then
  // along K; B's along K first, then to the next N tile.
  const std::vector<unsigned> &wpc = cType.layout->mma->warpsPerCTA;
  unsigned wm = wpc[0], wn = wpc[1];
  llvm::Value *warp = b_.CreateLShr(ctx_.threadId, 5), *lane = b_.CreateAnd(ctx_.threadId, 31);
  llvm::Value *warpM = b_.CreateAnd(b_.CreateLShr(warp, unsigned(std::countr_zero(wn))), wm - 1);
  llvm::Value *warpN = b_.CreateAnd(warp, wn - 1);
  llvm::Value *matrix = b_.CreateLShr(lane, 3), *rowInMatrix = b_.CreateAnd(lane, 7);
  llvm::Value *firstHalf8 = b_.CreateMul(b_.CreateAnd(matrix, 1), b_.getInt32(8)); // matrices 1, 3
  llvm::Value *secondHalf = b_.CreateLShr(matrix, 1);                             // matrices 2, 3
  int64_t repM = std::max<int64_t>(1, M / (16 * wm)), repN = std::max<int64_t>(1, N / (8 * wn));

  // The lane's address for the 8x8 matrix whose top-left element is
  // (row, col) of a tile: the lane's own line of it (a row when stored by
  // rows, a column when stored by columns); `trans` tells ldmatrix which.
  auto matrixAddress = [&](const SharedTile &tile, llvm::Value *base, llvm::Value *row, llvm::Value *col) {
    llvm::Value *line = b_.CreateAdd(tile.colMajor ? col : row, rowInMatrix);
    llvm::Value *chunk = b_.CreateUDiv(tile.colMajor ? row : col, b_.getInt32(tile.swizzle.chunkElements));
    return b_.CreatePtrToInt(b_.CreateGEP(half, base, swizzledChunkOffset(b_, tile.swizzle, line, chunk)), b_.getInt32Ty());
  };
  auto aAddress = [&](int64_t m, int64_t kStep) {
    llvm::Value *row = b_.CreateAdd(b_.CreateMul(warpM, b_.getInt32(16)), b_.getInt32(uint32_t(16 * wm * m)));
    row = b_.CreateURem(b_.CreateAdd(row, firstHalf8), b_.getInt32(uint32_t(M)));
    llvm::Value *col = b_.CreateAdd(b_.getInt32(uint32_t(16 * kStep)), b_.CreateMul(secondHalf, b_.getInt32(8)));
    return matrixAddress(aTile, aBase, row, col);
  };
  auto bAddress = [&](int64_t n, int64_t kStep, unsigned tiles) {
    llvm::Value *row = b_.CreateAdd(b_.getInt32(uint32_t(16 * kStep)), firstHalf8);
    llvm::Value *tile = b_.getInt32(uint32_t(n));
    if (tiles == 2)
      tile = b_.CreateAdd(tile, secondHalf);
    llvm::Value *col = b_.CreateAdd(b_.CreateMul(warpN, b_.getInt32(8)), b_.CreateMul(tile, b_.getInt32(8 * wn)));
    return matrixAddress(bTile, bBase, row, b_.CreateURem(col, b_.getInt32(uint32_t(N))));
  };

  // An A fragment of an accumulator-layout operand: columns 16*kStep..+7
  // are its accumulator tile 2*kStep, the next eight tile 2*kStep+1; each
  // register packs a row's pair of columns, rows +0 then +8.
  std::map<std::vector<unsigned>, size_t> aPosition;
  if (aInRegisters)
    aPosition = perThreadPositions(aType);
  auto aFromAccumulator = [&](int64_t m, int64_t kStep) {
    std::vector<llvm::Value *> regs;
    for (int64_t tile : {2 * kStep, 2 * kStep + 1})
      for (unsigned rowHalf = 0; rowHalf < 2; ++rowHalf) {
        llvm::Value *pair = llvm::PoisonValue::get(llvm::FixedVectorType::get(half, 2));
        for (unsigned c = 0; c < 2; ++c)
          pair = b_.CreateInsertElement(
              pair, in(a)[aPosition.at({unsigned(2 * m + rowHalf), unsigned(2 * tile + c)})], c);
        regs.push_back(b_.CreateBitCast(pair, b_.getInt32Ty()));
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
  std::string shape = inKind == ScalarKind::BF16 ? "bf16.bf16" : "f16.f16";
  std::string mmaText = "mma.sync.aligned.m16n8k16.row.col.f32." + shape +
                        ".f32 {$0, $1, $2, $3}, {$4, $5, $6, $7}, {$8, $9}, {$10, $11, $12, $13};";
  llvm::Type *f32 = b_.getFloatTy();
  llvm::Type *quad = llvm::StructType::get(b_.getContext(), {f32, f32, f32, f32});
  // An fp16 accumulator (`out_dtype=tl.float16`) packs each row's pair of
  // columns into one register: c0c1, then c2c3.
  std::string halfText = "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {$0, $1}, {$2, $3, $4, $5}, {$6, $7}, {$8, $9};";
  llvm::Type *pairType = llvm::StructType::get(b_.getContext(), {b_.getInt32Ty(), b_.getInt32Ty()});
  auto mmaHalf = [&](std::vector<llvm::Value *> args, int64_t m, int64_t n) {
    for (unsigned c = 0; c < 4; c += 2) {
      llvm::Value *pair = llvm::PoisonValue::get(llvm::FixedVectorType::get(half, 2));
      for (unsigned j = 0; j < 2; ++j)
        pair = b_.CreateInsertElement(pair, result[accIndex(m, n, c + j)], j);
      args.push_back(b_.CreateBitCast(pair, b_.getInt32Ty()));
    }
    llvm::Value *d = inlinePtx(b_, pairType, halfText, "=r,=r,r,r,r,r,r,r,0,1", args, false);
    for (unsigned c = 0; c < 4; c += 2) {
      llvm::Value *pair = b_.CreateBitCast(b_.CreateExtractValue(d, c / 2), llvm::FixedVectorType::get(half, 2));
      for (unsigned j = 0; j < 2; ++j)
        result[accIndex(m, n, c + j)] = b_.CreateExtractElement(pair, j);
    }
  };
  for (int64_t kStep = 0; kStep < K / 16; ++kStep) {
    std::vector<std::vector<llvm::Value *>> aFrag, bFrag;
    for (int64_t m = 0; m < repM; ++m)
      aFrag.push_back(aInRegisters ? aFromAccumulator(m, kStep) : ldmatrix(b_, aAddress(m, kStep), 4, aTile.colMajor));
    for (int64_t n = 0; n < repN; n += 2) {
      unsigned tiles = n + 1 < repN ? 2 : 1;
      std::vector<llvm::Value *> regs = ldmatrix(b_, bAddress(n, kStep, tiles), 2 * tiles, !bTile.colMajor);
      bFrag.push_back({regs[0], regs[1]});
      if (tiles == 2)
        bFrag.push_back({regs[2], regs[3]});
    }
    for (int64_t m = 0; m < repM; ++m)
      for (int64_t n = 0; n < repN; ++n) {
        std::vector<llvm::Value *> args(aFrag[m]);
        args.insert(args.end(), bFrag[n].begin(), bFrag[n].end());
        if (halfAccumulator) {
          mmaHalf(args, m, n);
          continue;
        }
        for (unsigned c = 0; c < 4; ++c)
          args.push_back(result[accIndex(m, n, c)]);
        llvm::Value *d = inlinePtx(b_, quad, mmaText, "=f,=f,=f,=f,r,r,r,r,r,r,0,1,2,3", args, false);
        for (unsigned c = 0; c < 4; ++c)
          result[accIndex(m, n, c)] = b_.CreateExtractValue(d, c);
      }
  }
  values_[op.result()] = result;
  return true;
}

} // namespace tritonc::codegen
