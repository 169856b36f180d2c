// `tl.dot` on CUDA cores, for the products the tensor-core path
// (MmaEmitter.cpp) does not take: both operands go through shared memory
// and each thread accumulates its own elements of the result with FMAs
// over K, in fp32 for floating inputs (int32 for int8). Correct for every
// shape and layout.
#include "FunctionEmitter.h"
#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

namespace tritonc::codegen {

namespace {

// Row-major flat index from (row, col) coordinates.
llvm::Value *flat(llvm::IRBuilder<> &b, llvm::Value *row, llvm::Value *col, int64_t cols) {
  return b.CreateAdd(b.CreateMul(row, b.getInt32(uint32_t(cols))), col);
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

  // Stage A then B in shared memory, row-major.
  const llvm::DataLayout &dl = ctx_.module.getDataLayout();
  uint64_t aBytes = uint64_t(M * K) * dl.getTypeAllocSize(aElem);
  uint64_t bBytes = uint64_t(K * N) * dl.getTypeAllocSize(bElem);
  llvm::Value *base = ctx_.scratch((aBytes + 15) / 16 * 16 + bBytes);
  llvm::Value *aBase = base;
  llvm::Value *bBase = b_.CreateGEP(b_.getInt8Ty(), base, b_.getInt64((aBytes + 15) / 16 * 16));
  ctx_.beforeSharedWrite();
  auto stage = [&](const tir::Value *v, llvm::Value *dst, llvm::Type *elem, int64_t cols) {
    llvm::Value *owner = isFirstOwner(b_, v->type, ctx_.threadId);
    auto *write = llvm::BasicBlock::Create(b_.getContext(), "dot.stage", fn_);
    auto *done = llvm::BasicBlock::Create(b_.getContext(), "dot.staged", fn_);
    b_.CreateCondBr(owner, write, done);
    b_.SetInsertPoint(write);
    const auto &coords = ctx_.coordinates(v->type);
    for (size_t i = 0; i < coords.size(); ++i)
      b_.CreateStore(in(v)[i], b_.CreateGEP(elem, dst, flat(b_, coords[i][0], coords[i][1], cols)));
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  };
  stage(a, aBase, aElem, K);
  stage(bv, bBase, bElem, N);
  ctx_.beforeSharedRead();

  // The loop over K, one accumulator per result element of this thread.
  const auto &cCoords = ctx_.coordinates(cType);
  Elements init = in(acc);
  llvm::BasicBlock *pre = b_.GetInsertBlock();
  auto *loop = llvm::BasicBlock::Create(b_.getContext(), "dot.k", fn_);
  auto *exit = llvm::BasicBlock::Create(b_.getContext(), "dot.done", fn_);
  b_.CreateBr(loop);
  b_.SetInsertPoint(loop);
  llvm::PHINode *k = b_.CreatePHI(b_.getInt32Ty(), 2);
  k->addIncoming(b_.getInt32(0), pre);
  Elements sums = phis(init, pre);
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
  Elements next;
  for (size_t i = 0; i < cCoords.size(); ++i) {
    llvm::Value *x =
        widen(b_.CreateLoad(aElem, b_.CreateGEP(aElem, aBase, flat(b_, cCoords[i][0], k, K))), aType.elem.kind);
    llvm::Value *y =
        widen(b_.CreateLoad(bElem, b_.CreateGEP(bElem, bBase, flat(b_, k, cCoords[i][1], N))), bType.elem.kind);
    next.push_back(integer ? b_.CreateAdd(sums[i], b_.CreateMul(x, y))
                           : b_.CreateIntrinsic(llvm::Intrinsic::fma, {accType}, {x, y, sums[i]}));
  }
  llvm::Value *kNext = b_.CreateAdd(k, b_.getInt32(1));
  k->addIncoming(kNext, b_.GetInsertBlock());
  addIncoming(sums, next, b_.GetInsertBlock());
  b_.CreateCondBr(b_.CreateICmpSLT(kNext, b_.getInt32(uint32_t(K))), loop, exit);
  b_.SetInsertPoint(exit);
  values_[op.result()] = next;
}

} // namespace tritonc::codegen
