// The ops of a software-pipelined loop (tritonc/transforms/SoftwarePipeline.h):
// ring buffers in shared memory, `cp.async` copies from global memory into
// a slot (16 bytes at a time where the pointers allow, zero-filled where
// masked off), and the commit/wait groups that order them.
#include "FunctionEmitter.h"
#include "ThreadLayout.h"

#include "tritonc/ir/SharedLayout.h"
#include "tritonc/support/Diagnostics.h"
#include "tritonc/transforms/SoftwarePipeline.h"

#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

namespace {

void emitAsm(llvm::IRBuilder<> &b, const std::string &text, const std::string &constraints,
             const std::vector<llvm::Value *> &args) {
  std::vector<llvm::Type *> types;
  for (llvm::Value *a : args)
    types.push_back(a->getType());
  auto *fnType = llvm::FunctionType::get(b.getVoidTy(), types, false);
  b.CreateCall(llvm::InlineAsm::get(fnType, text, constraints, /*hasSideEffects=*/true), args);
}

} // namespace

void FunctionEmitter::emitAsyncOp(const tir::Op &op) {
  switch (op.kind) {
  case tir::OpKind::LocalAlloc: {
    const Type &t = op.result()->type;
    uint64_t bytes = uint64_t(t.numElements()) * (bitWidth(t.elem.kind) / 8);
    values_[op.result()] = {ctx_.scratch(bytes)};
    return;
  }
  case tir::OpKind::LocalSlot: {
    const Type &slot = op.result()->type;
    uint64_t slotBytes = uint64_t(slot.numElements()) * (bitWidth(slot.elem.kind) / 8);
    llvm::Value *offset = b_.CreateMul(b_.CreateZExtOrTrunc(in(op.operands[1])[0], b_.getInt32Ty()),
                                       b_.getInt32(uint32_t(slotBytes)));
    values_[op.result()] = {b_.CreateGEP(b_.getInt8Ty(), in(op.operands[0])[0], offset)};
    return;
  }
  case tir::OpKind::LocalStore: {
    const tir::Value *buffer = op.operands[0], *value = op.operands[2];
    const Type &t = value->type;
    uint64_t slotBytes = uint64_t(t.numElements()) * (bitWidth(t.elem.kind) / 8);
    llvm::Value *base = b_.CreateGEP(
        b_.getInt8Ty(), in(buffer)[0],
        b_.CreateMul(b_.CreateZExtOrTrunc(in(op.operands[1])[0], b_.getInt32Ty()), b_.getInt32(uint32_t(slotBytes))));
    storeTile(value, base, SharedTile(t.shape[0], t.shape[1], bitWidth(t.elem.kind) / 8, buffer->type.layout->sharedColMajor));
    ctx_.barrier();
    return;
  }
  case tir::OpKind::AsyncCommit:
    emitAsm(b_, "cp.async.commit_group;", "", {});
    return;
  case tir::OpKind::AsyncWait:
    emitAsm(b_, "cp.async.wait_group " + std::to_string(op.intAttr("pending")) + ";", "", {});
    ctx_.barrier();
    return;
  default:
    break;
  }
  TRITONC_CHECK(op.kind == tir::OpKind::AsyncCopy, "an async op codegen does not know");
  const tir::Value *buffer = op.operands[0], *slot = op.operands[1], *pointers = op.operands[2];
  const tir::Value *mask = op.operands.size() > 3 ? op.operands[3] : nullptr;
  const Type &pointerType = pointers->type;
  ScalarKind kind = buffer->type.elem.kind;
  unsigned elementBytes = bitWidth(kind) / 8;
  unsigned width = asyncCopyWidth(axis_, pointers, mask);
  unsigned bytes = width * elementBytes;
  TRITONC_CHECK(bytes <= 16 && elementBytes == 2, "async_copy of 16-bit elements, at most 16 bytes at a time");
  int64_t rows = pointerType.shape[0], cols = pointerType.shape[1];
  bool colMajor = buffer->type.layout->sharedColMajor;
  SwizzledLayout tile = swizzledLayoutFor(colMajor ? rows : cols, elementBytes);
  llvm::Value *slotBase = b_.CreateGEP(
      b_.getInt8Ty(), in(buffer)[0],
      b_.CreateMul(b_.CreateZExtOrTrunc(in(slot)[0], b_.getInt32Ty()), b_.getInt32(uint32_t(rows * cols * elementBytes))));
  const Elements &ptrs = in(pointers);
  Elements predicate = mask ? in(mask) : Elements{};
  const auto &coords = ctx_.coordinates(pointerType);
  // .cg bypasses L1 (each byte is read once per CTA); it exists for 16 bytes only.
  std::string text = std::string("cp.async.") + (bytes == 16 ? "cg" : "ca") + ".shared.global [$0], [$1], " +
                     std::to_string(bytes) + ", $2;";
  auto copy = [&] {
    for (size_t i = 0; i < ptrs.size(); i += width) {
      // The stored line and the position along it.
      llvm::Value *row = coords[i][colMajor ? 1 : 0], *col = coords[i][colMajor ? 0 : 1];
      llvm::Value *phase = b_.CreateURem(b_.CreateUDiv(row, b_.getInt32(tile.perPhase)), b_.getInt32(tile.maxPhase));
      llvm::Value *chunk = b_.CreateXor(b_.CreateUDiv(col, b_.getInt32(tile.chunkElements)), phase);
      llvm::Value *offset = b_.CreateAdd(
          b_.CreateMul(row, b_.getInt32(uint32_t(tile.rowElements))),
          b_.CreateAdd(b_.CreateMul(chunk, b_.getInt32(tile.chunkElements)), b_.CreateURem(col, b_.getInt32(tile.chunkElements))));
      llvm::Value *dst = b_.CreateGEP(elementType(ElemType::scalar(kind)), slotBase, offset);
      if (bytes < 4) {
        // cp.async moves 4 bytes at least: copy the element through a
        // register instead (ordered all the same by the wait's barrier).
        llvm::Value *enabled = mask ? b_.CreateZExt(predicate[i], b_.getInt32Ty()) : b_.getInt32(1);
        auto *fnType = llvm::FunctionType::get(b_.getInt16Ty(), {ptrs[i]->getType(), b_.getInt32Ty()}, false);
        llvm::Value *v = b_.CreateCall(
            llvm::InlineAsm::get(fnType,
                                 "{ .reg .pred p; setp.ne.b32 p, $2, 0; mov.b16 $0, 0; @p ld.global.b16 $0, [$1]; }",
                                 "=h,l,r", /*hasSideEffects=*/true),
            {ptrs[i], enabled});
        b_.CreateStore(v, dst);
        continue;
      }
      llvm::Value *size = b_.getInt32(bytes);
      if (mask)
        size = b_.CreateSelect(predicate[i], size, b_.getInt32(0));
      emitAsm(b_, text, "r,l,r", {b_.CreatePtrToInt(dst, b_.getInt32Ty()), ptrs[i], size});
    }
  };
  if (!replicatesElements(pointerType)) {
    copy();
    return;
  }
  auto *then = llvm::BasicBlock::Create(b_.getContext(), "copy.owner", fn_);
  auto *done = llvm::BasicBlock::Create(b_.getContext(), "copy.done", fn_);
  b_.CreateCondBr(isFirstOwner(b_, pointerType, ctx_.threadId), then, done);
  b_.SetInsertPoint(then);
  copy();
  b_.CreateBr(done);
  b_.SetInsertPoint(done);
}

} // namespace tritonc::codegen
