// The ops of a software-pipelined loop (tritonc/transforms/SoftwarePipeline.h):
// ring buffers in shared memory, `cp.async` copies from global memory into
// a slot (16 bytes at a time where the pointers allow, zero-filled where
// masked off), the commit/wait groups that order them, and the reads of a
// slot back into registers (`local_load`).
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/analysis/PipelineSchedule.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <bit>

namespace tritonc::codegen {

namespace {

void emitAsm(llvm::IRBuilder<> &b, const std::string &text, const std::string &constraints,
             const std::vector<llvm::Value *> &args) {
  inlinePtx(b, b.getVoidTy(), text, constraints, args, /*sideEffects=*/true);
}

uint64_t tileBytes(const Type &t) { return uint64_t(t.numElements()) * (bitWidth(t.elem.kind) / 8); }

// The op next to `op` in its block (after it, or before it) that may touch
// shared memory: constants, buffers and slot views only name addresses.
const tir::Op *neighbourTouchingShared(const tir::Op &op, bool after) {
  const auto &ops = op.parent->ops;
  auto it = tir::positionOf(*op.parent, &op);
  auto namesAddresses = [](const tir::Op &o) {
    return o.kind == tir::OpKind::Constant || o.kind == tir::OpKind::LocalAlloc || o.kind == tir::OpKind::LocalSlot;
  };
  if (after) {
    for (++it; it != ops.end(); ++it)
      if (!namesAddresses(**it))
        return it->get();
  } else {
    while (it != ops.begin())
      if (--it; !namesAddresses(**it))
        return it->get();
  }
  return nullptr;
}

} // namespace

void FunctionEmitter::emitAsyncOp(const tir::Op &op) {
  switch (op.kind) {
  case tir::OpKind::LocalAlloc:
    values_[op.result()] = {ctx_.scratch(tileBytes(op.result()->type))};
    if (op.attr("barriers"))
      initMbarriers(op.result());
    return;
  case tir::OpKind::LocalSlot:
    values_[op.result()] = {ringSlot(b_, in(op.operands[0])[0], in(op.operands[1])[0], tileBytes(op.result()->type))};
    return;
  case tir::OpKind::LocalStore: {
    const tir::Value *buffer = op.operands[0], *value = op.operands[2];
    const Type &t = value->type;
    llvm::Value *base = ringSlot(b_, in(buffer)[0], in(op.operands[1])[0], tileBytes(t));
    // Stores in a row share their barriers: the first's, before it, has
    // every earlier reader done with any of their slots; the last's, after
    // it, publishes them all.
    const tir::Op *before = neighbourTouchingShared(op, false), *after = neighbourTouchingShared(op, true);
    bool followsOverwritingStore = before && before->kind == tir::OpKind::LocalStore && before->attr("overwrites");
    if (op.attr("overwrites") && !followsOverwritingStore)
      ctx_.barrier();
    storeTile(value, base,
              SharedTile(t.shape[0], t.shape[1], bitWidth(t.elem.kind) / 8, buffer->type.layout->sharedColMajor));
    if (after && after->kind == tir::OpKind::LocalStore)
      return;
    fenceForWgmma();
    ctx_.barrier();
    return;
  }
  case tir::OpKind::LocalLoad: {
    // Each thread reads its elements back in runs along the stored lines:
    // a run within one 16-byte chunk stays contiguous through the swizzle,
    // so it is one vector load.
    const tir::Value *slot = op.operands[0];
    const Type &t = op.result()->type;
    ScalarKind kind = t.elem.kind;
    unsigned elementBytes = bitWidth(kind) / 8;
    SharedTile tile(t.shape[0], t.shape[1], elementBytes, slot->type.layout->sharedColMajor);
    unsigned run = std::bit_floor(std::min(contiguousPerThread(t, t.layout->order()[0]), 16 / elementBytes));
    const auto &coords = ctx_.coordinates(t);
    size_t count = elementsPerThread(t);
    std::vector<size_t> firsts;
    for (size_t i = 0; i < count; i += run)
      firsts.push_back(i);
    std::vector<llvm::Value *> offsets = sharedTileOffsets(b_, tile, t, coords, firsts);
    llvm::Type *element = elementType(ElemType::scalar(kind));
    llvm::Type *vector = llvm::FixedVectorType::get(element, run);
    Elements values(count);
    for (size_t v = 0; v < firsts.size(); ++v) {
      llvm::Value *address = b_.CreateGEP(element, in(slot)[0], offsets[v]);
      llvm::Value *loaded = b_.CreateAlignedLoad(vector, address, llvm::Align(run * elementBytes));
      for (unsigned j = 0; j < run; ++j)
        values[firsts[v] + j] = b_.CreateExtractElement(loaded, j);
    }
    values_[op.result()] = values;
    return;
  }
  case tir::OpKind::AsyncCommit: emitAsm(b_, "cp.async.commit_group;", "", {}); return;
  case tir::OpKind::AsyncWait:
    // No proxy fence here: cp.async data reaches wgmma ordered by the wait
    // and the barrier alone, as in Triton's and CUTLASS's cp.async Hopper
    // loops; the fence (a MEMBAR.ALL.CTA) cost 2-3% of the matmul on an
    // H100 (2026-11-24).
    emitAsm(b_, "cp.async.wait_group " + std::to_string(op.intAttr("pending")) + ";", "", {});
    ctx_.barrier();
    return;
  default: break;
  }
  TRITONC_CHECK(op.kind == tir::OpKind::AsyncCopy, "an async op codegen does not know");
  const tir::Value *buffer = op.operands[0], *slot = op.operands[1], *pointers = op.operands[2];
  const tir::Value *mask = op.operands.size() > 3 ? op.operands[3] : nullptr;
  const Type &pointerType = pointers->type;
  ScalarKind kind = buffer->type.elem.kind;
  unsigned elementBytes = bitWidth(kind) / 8;
  unsigned width = unsigned(op.intAttr("width"));
  unsigned bytes = width * elementBytes;
  SharedTile tile(pointerType.shape[0], pointerType.shape[1], elementBytes, buffer->type.layout->sharedColMajor);
  llvm::Value *slotBase = ringSlot(b_, in(buffer)[0], in(slot)[0], tileBytes(pointerType.withElem(buffer->type.elem)));
  const Elements &ptrs = in(pointers);
  Elements predicate = mask ? in(mask) : Elements{};
  const auto &coords = ctx_.coordinates(pointerType);
  // .cg bypasses L1 (each byte is read once per CTA); it exists for 16 bytes only.
  std::string text = std::string("cp.async.") + (bytes == 16 ? "cg" : "ca") + ".shared.global [$0], [$1], " +
                     std::to_string(bytes) + ", $2;";
  std::vector<size_t> firsts;
  for (size_t i = 0; i < ptrs.size(); i += width)
    firsts.push_back(i);
  auto copy = [&] {
    std::vector<llvm::Value *> offsets = sharedTileOffsets(b_, tile, pointerType, coords, firsts);
    for (size_t v = 0; v < firsts.size(); ++v) {
      size_t i = firsts[v];
      llvm::Value *dst = b_.CreateGEP(elementType(ElemType::scalar(kind)), slotBase, offsets[v]);
      if (bytes < 4) {
        // cp.async moves 4 bytes at least: copy the element through a
        // register instead (ordered all the same by the wait's barrier).
        llvm::Value *enabled = mask ? b_.CreateZExt(predicate[i], b_.getInt32Ty()) : b_.getInt32(1);
        std::string load = "{ .reg .pred p; setp.ne.b32 p, $2, 0; mov.b16 $0, 0; @p ld.global.b" +
                           std::to_string(8 * bytes) + " $0, [$1]; }";
        llvm::Value *v = inlinePtx(b_, b_.getInt16Ty(), load, "=h,l,r", {ptrs[i], enabled}, /*sideEffects=*/true);
        b_.CreateStore(b_.CreateTrunc(v, b_.getIntNTy(8 * bytes)), dst);
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
