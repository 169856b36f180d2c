// `tl.dot` on CUDA cores, for the products the tensor-core path
// (MmaEmitter.cpp) does not take: both operands go through shared memory
// (staged here, or already there in a pipelined loop's ring slot) and each
// thread accumulates its own elements of the result with FMAs over K, in
// fp32 for floating inputs (int32 for int8). Correct for every shape and
// layout.
//
// Where the result's layout gives each thread a block of results (its
// rows and columns need not be adjacent: cudaCoreDotLayout spreads the
// rows), the thread reads per K step one element of each of its block's
// rows of A and columns of B and multiplies every pair: A's elements come
// V steps of K at a time in one vector read, B's as vectors along the
// block's column runs. A staged here has its 16-byte chunks along K
// permuted by row block, so that lanes reading the same chunk of different
// rows find different banks; a ring slot has its own swizzle, which does
// the same for rows one apart.
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

#include <bit>

namespace tritonc::codegen {

namespace {

// Row-major flat index from (row, col) coordinates.
llvm::Value *flat(llvm::IRBuilder<> &b, llvm::Value *row, llvm::Value *col, int64_t cols) {
  return b.CreateAdd(b.CreateMul(row, b.getInt32(uint32_t(cols))), col);
}

// A thread's block of results: the offsets of its distinct rows and
// columns from its first result, and each result's row and column among
// them.
struct ResultBlock {
  std::vector<int64_t> rowOffsets, colOffsets;
  std::vector<std::vector<unsigned>> rowAndCol; // per result element
  unsigned rowsPerLaneBlock;                    // rows a lane's block spans before the next lane's
  unsigned contiguousCols;
};

std::optional<ResultBlock> resultBlockOf(const Type &c) {
  const Layout &l = *c.layout;
  if (l.isMma() || l.isSlice() || l.shared || l.parentRank() != 2 || replicatesElements(c))
    return std::nullopt;
  std::vector<std::vector<BitGroup>> groups = dimGroups(c);
  ResultBlock block;
  for (unsigned r = 0; r < perThreadAlong(c, 0); ++r)
    block.rowOffsets.push_back(registerOffset(groups[0], r));
  for (unsigned col = 0; col < perThreadAlong(c, 1); ++col)
    block.colOffsets.push_back(registerOffset(groups[1], col));
  block.rowAndCol = perThreadIndices(c);
  block.rowsPerLaneBlock = l.blocked.sizePerThread[0];
  block.contiguousCols = contiguousPerThread(c, 1);
  return block;
}

// Products a thread's unrolled dot may take (K times its results).
constexpr int64_t kUnrolledDotProducts = 8192;

// The largest power of two no more than `limit` that divides `n`.
int64_t powerOfTwoDividing(int64_t n, int64_t limit) {
  return int64_t(std::min(std::bit_floor(uint64_t(limit)), uint64_t(n & -n)));
}

} // namespace

void FunctionEmitter::emitDot(const tir::Op &op) {
  if (emitDotMma(op))
    return;
  const tir::Value *a = op.operands[0], *bv = op.operands[1], *acc = op.operands[2];
  const Type &aType = a->type, &bType = bv->type, &cType = op.result()->type;
  TRITONC_CHECK(aType.shape.size() == 2 && bType.shape.size() == 2, "dot of 2-D tiles");
  int64_t M = aType.shape[0], K = aType.shape[1], N = bType.shape[1];
  bool integer = isInteger(cType.elem.kind);
  llvm::Type *accType = elementType(cType.elem);
  llvm::Type *aElem = elementType(aType.elem), *bElem = elementType(bType.elem);
  const llvm::DataLayout &dl = ctx_.module.getDataLayout();
  int64_t aSize = int64_t(dl.getTypeAllocSize(aElem)), bSize = int64_t(dl.getTypeAllocSize(bElem));
  std::optional<ResultBlock> block = resultBlockOf(cType);
  // A ring slot's tile, swizzled as its copies wrote it: runs along K (A)
  // or N (B) are contiguous only within a 16-byte chunk of a stored line.
  std::optional<SharedTile> aSlot, bSlot;
  if (aType.inSharedMemory())
    aSlot.emplace(M, K, unsigned(aSize), aType.layout->sharedColMajor);
  if (bType.inSharedMemory())
    bSlot.emplace(K, N, unsigned(bSize), bType.layout->sharedColMajor);

  // A's permuted chunks: V elements along K each, swapped by row block.
  int64_t V = block && !(aSlot && aSlot->colMajor) ? powerOfTwoDividing(K, std::max<int64_t>(1, 16 / aSize)) : 1;
  int64_t permutedChunks = block && !aSlot ? powerOfTwoDividing(K / V, 8) : 1;
  auto i32 = [&](int64_t v) { return b_.getInt32(uint32_t(v)); };
  auto aIndex = [&](llvm::Value *row, llvm::Value *k) -> llvm::Value * {
    if (aSlot)
      return sharedTileOffset(b_, *aSlot, row, k);
    if (permutedChunks == 1)
      return flat(b_, row, k, K);
    llvm::Value *rowBlock = b_.CreateAnd(b_.CreateUDiv(row, i32(block->rowsPerLaneBlock)), i32(permutedChunks - 1));
    llvm::Value *chunk = b_.CreateXor(b_.CreateUDiv(k, i32(V)), rowBlock);
    return b_.CreateAdd(b_.CreateMul(row, i32(K)), b_.CreateAdd(b_.CreateMul(chunk, i32(V)), b_.CreateURem(k, i32(V))));
  };
  auto bIndex = [&](llvm::Value *k, llvm::Value *col) {
    return bSlot ? sharedTileOffset(b_, *bSlot, k, col) : flat(b_, k, col, N);
  };
  // B's elements read at once: a run of the thread's columns, within a
  // 16-byte chunk (a column-major slot holds none side by side).
  int64_t W = !block || (bSlot && bSlot->colMajor)
                  ? 1
                  : powerOfTwoDividing(N, std::min<int64_t>(block->contiguousCols, std::max<int64_t>(1, 16 / bSize)));

  // Stage A then B in shared memory, row-major, unless in a ring slot.
  uint64_t aBytes = aSlot ? 0 : uint64_t(M * K * aSize), bBytes = bSlot ? 0 : uint64_t(K * N * bSize);
  // B starts 16 bytes aligned after A, as the shared-memory analysis sized it.
  uint64_t bOffset = bBytes ? (aBytes + 15) / 16 * 16 : aBytes;
  llvm::Value *base = aBytes + bBytes ? ctx_.scratch(bOffset + bBytes) : nullptr;
  llvm::Value *aBase = aSlot ? in(a)[0] : base;
  llvm::Value *bBase = bSlot ? in(bv)[0] : b_.CreateGEP(b_.getInt8Ty(), base, b_.getInt64(bOffset));
  if (base)
    ctx_.beforeSharedWrite();
  auto stage = [&](const tir::Value *v, llvm::Value *dst, llvm::Type *elem, bool isA) {
    if (v->type.inSharedMemory())
      return;
    llvm::Value *owner = isFirstOwner(b_, v->type, ctx_.threadId);
    auto *write = llvm::BasicBlock::Create(b_.getContext(), "dot.stage", fn_);
    auto *done = llvm::BasicBlock::Create(b_.getContext(), "dot.staged", fn_);
    b_.CreateCondBr(owner, write, done);
    b_.SetInsertPoint(write);
    const auto &coords = ctx_.coordinates(v->type);
    for (size_t i = 0; i < coords.size(); ++i) {
      llvm::Value *index = isA ? aIndex(coords[i][0], coords[i][1]) : bIndex(coords[i][0], coords[i][1]);
      b_.CreateStore(in(v)[i], b_.CreateGEP(elem, dst, index));
    }
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  };
  stage(a, aBase, aElem, true);
  stage(bv, bBase, bElem, false);
  if (base)
    ctx_.beforeSharedRead();

  auto widen = [&](llvm::Value *v, ScalarKind k) -> llvm::Value * {
    if (integer)
      return b_.CreateSExtOrTrunc(v, accType);
    if (isFp8(k))
      v = fp8ToF32(ctx_, v, k); // exact; an fp16 accumulator takes it back exactly too
    if (v->getType() == accType)
      return v;
    return accType->getScalarSizeInBits() > v->getType()->getScalarSizeInBits() ? b_.CreateFPExt(v, accType)
                                                                                : b_.CreateFPTrunc(v, accType);
  };
  auto multiplyAdd = [&](llvm::Value *x, llvm::Value *y, llvm::Value *sum) {
    return integer ? b_.CreateAdd(sum, b_.CreateMul(x, y))
                   : b_.CreateIntrinsic(llvm::Intrinsic::fma, {accType}, {x, y, sum});
  };
  // `count` consecutive elements from `index` in one aligned vector read.
  auto readRun = [&](llvm::Type *elem, llvm::Value *tile, llvm::Value *index, int64_t count, int64_t size) {
    std::vector<llvm::Value *> out;
    llvm::Type *vec = llvm::FixedVectorType::get(elem, unsigned(count));
    llvm::Value *run = b_.CreateAlignedLoad(vec, b_.CreateGEP(elem, tile, index), llvm::Align(uint64_t(count * size)));
    for (int64_t j = 0; j < count; ++j)
      out.push_back(b_.CreateExtractElement(run, uint64_t(j)));
    return out;
  };

  // K in steps of V, one accumulator per result element of this thread.
  const auto &cCoords = ctx_.coordinates(cType);
  llvm::Value *firstRow = nullptr, *firstCol = nullptr;
  if (block) {
    size_t first = perThreadPositions(cType).at({0, 0});
    firstRow = cCoords[first][0];
    firstCol = cCoords[first][1];
  }
  auto step = [&](llvm::Value *k, Elements next) {
    if (block) {
      // Each row's V elements of A, then per step of K each column's B.
      std::vector<std::vector<llvm::Value *>> aRows;
      for (int64_t rowOffset : block->rowOffsets) {
        llvm::Value *row = b_.CreateAdd(firstRow, i32(rowOffset));
        std::vector<llvm::Value *> run = readRun(aElem, aBase, aIndex(row, k), V, aSize);
        for (llvm::Value *&x : run)
          x = widen(x, aType.elem.kind);
        aRows.push_back(run);
      }
      for (int64_t kStep = 0; kStep < V; ++kStep) {
        llvm::Value *bRow = b_.CreateAdd(k, i32(kStep));
        std::vector<llvm::Value *> bCols;
        for (size_t c = 0; c < block->colOffsets.size(); c += size_t(W)) {
          llvm::Value *col = b_.CreateAdd(firstCol, i32(block->colOffsets[c]));
          for (llvm::Value *y : readRun(bElem, bBase, bIndex(bRow, col), W, bSize))
            bCols.push_back(widen(y, bType.elem.kind));
        }
        for (size_t i = 0; i < next.size(); ++i) {
          const std::vector<unsigned> &rc = block->rowAndCol[i];
          next[i] = multiplyAdd(aRows[rc[0]][size_t(kStep)], bCols[rc[1]], next[i]);
        }
      }
      return next;
    }
    for (size_t i = 0; i < cCoords.size(); ++i) {
      llvm::Value *x =
          widen(b_.CreateLoad(aElem, b_.CreateGEP(aElem, aBase, aIndex(cCoords[i][0], k))), aType.elem.kind);
      llvm::Value *y =
          widen(b_.CreateLoad(bElem, b_.CreateGEP(bElem, bBase, bIndex(k, cCoords[i][1]))), bType.elem.kind);
      next[i] = multiplyAdd(x, y, next[i]);
    }
    return next;
  };

  // Unrolled, as Triton's FMA dots are, up to a bound on the code: the
  // offsets become a few bases plus constants and ptxas can issue the
  // shared-memory reads of later steps early (an exact fp32 128x128x64 dot:
  // 4096 FMAs a thread).
  Elements next = in(acc);
  if (K * int64_t(next.size()) <= kUnrolledDotProducts) {
    for (int64_t k = 0; k < K; k += V)
      next = step(i32(k), next);
    values_[op.result()] = next;
    return;
  }
  llvm::BasicBlock *pre = b_.GetInsertBlock();
  auto *loop = llvm::BasicBlock::Create(b_.getContext(), "dot.k", fn_);
  auto *exit = llvm::BasicBlock::Create(b_.getContext(), "dot.done", fn_);
  b_.CreateBr(loop);
  b_.SetInsertPoint(loop);
  llvm::PHINode *k = b_.CreatePHI(b_.getInt32Ty(), 2);
  k->addIncoming(i32(0), pre);
  Elements sums = phis(next, pre);
  next = step(k, sums);
  llvm::Value *kNext = b_.CreateAdd(k, i32(V));
  k->addIncoming(kNext, b_.GetInsertBlock());
  addIncoming(sums, next, b_.GetInsertBlock());
  b_.CreateCondBr(b_.CreateICmpSLT(kNext, i32(K)), loop, exit);
  b_.SetInsertPoint(exit);
  values_[op.result()] = next;
}

} // namespace tritonc::codegen
