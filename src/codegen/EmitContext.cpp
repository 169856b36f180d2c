#include "EmitContext.h"

#include "SharedTileAccess.h"
#include "ThreadLayout.h"
#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

#include <algorithm>

namespace tritonc::codegen {

llvm::Type *EmitContext::scalarType(ScalarKind k) {
  switch (k) {
  case ScalarKind::I1: return b.getInt1Ty();
  case ScalarKind::I8:
  case ScalarKind::U8:
  case ScalarKind::F8E4NV:
  case ScalarKind::F8E5: return b.getInt8Ty();
  case ScalarKind::I16:
  case ScalarKind::U16: return b.getInt16Ty();
  case ScalarKind::I32:
  case ScalarKind::U32: return b.getInt32Ty();
  case ScalarKind::I64:
  case ScalarKind::U64: return b.getInt64Ty();
  case ScalarKind::F16: return b.getHalfTy();
  case ScalarKind::BF16: return b.getBFloatTy();
  case ScalarKind::F32: return b.getFloatTy();
  case ScalarKind::F64: return b.getDoubleTy();
  case ScalarKind::Ptr: return llvm::PointerType::get(module.getContext(), 1);
  }
  return nullptr;
}

const std::vector<std::vector<llvm::Value *>> &EmitContext::coordinates(const Type &t) {
  std::string key = t.str();
  auto it = coordinates_.find(key);
  if (it == coordinates_.end()) {
    llvm::IRBuilder<> atEntry(module.getContext());
    if (llvm::Instruction *terminator = entry->getTerminator())
      atEntry.SetInsertPoint(terminator);
    else
      atEntry.SetInsertPoint(entry);
    it = coordinates_.emplace(key, elementCoordinates(atEntry, t, threadId)).first;
  }
  return it->second;
}

void EmitContext::beginThreadScope() {
  threadId = inlinePtx(b, b.getInt32Ty(), "mov.u32 $0, %tid.x;", "=r", {}, /*sideEffects=*/true);
  entry = b.GetInsertBlock();
  llvm::BasicBlock *body = llvm::BasicBlock::Create(module.getContext(), "scope", entry->getParent());
  b.CreateBr(body);
  b.SetInsertPoint(body);
  coordinates_.clear();
  warpId_ = nullptr;
}

void EmitContext::beginOp(const tir::Op &op) { ops_.push_back({&op, 0}); }

const SharedBuffer *EmitContext::currentBuffer() const {
  TRITONC_CHECK(!ops_.empty(), "shared memory used outside an op");
  return allocation_.bufferOf(*ops_.back().op);
}

void EmitContext::endOp() {
  const SharedBuffer *buffer = currentBuffer();
  TRITONC_CHECK(ops_.back().accesses == (buffer ? 2 * buffer->rounds : 0),
                std::string("codegen of `") + tir::mnemonic(ops_.back().op->kind) +
                    "` used shared memory other than planned");
  ops_.pop_back();
}

llvm::Value *EmitContext::scratch(uint64_t bytes) {
  const SharedBuffer *buffer = currentBuffer();
  TRITONC_CHECK(buffer && bytes <= buffer->bytes, "an op used more shared memory than the allocation gave it");
  if (!shared_) {
    // Dynamic shared memory: sized at launch from the metadata.
    auto *type = llvm::ArrayType::get(b.getInt8Ty(), 0);
    shared_ = new llvm::GlobalVariable(module, type, false, llvm::GlobalValue::ExternalLinkage, nullptr,
                                       "tritonc_shared", nullptr, llvm::GlobalValue::NotThreadLocal, 3);
    shared_->setAlignment(llvm::Align(1024)); // tensor-core tiles: see SharedMemory.cpp
  }
  return b.CreateConstInBoundsGEP1_64(b.getInt8Ty(), shared_, buffer->offset);
}

void EmitContext::nextAccess(bool write) {
  TRITONC_CHECK(currentBuffer(), "shared memory used by an op the allocation gave none");
  OpInProgress &current = ops_.back();
  TRITONC_CHECK((current.accesses % 2 == 0) == write, "shared-memory accesses out of the planned order");
  if (hazards_.barrierBefore(*current.op, current.accesses))
    barrier();
  ++current.accesses;
}

llvm::Value *EmitContext::uniformWarpId() {
  if (!warpId_) {
    llvm::IRBuilder<> atEntry(llvm::cast<llvm::Instruction>(threadId)->getNextNode());
    warpId_ = atEntry.CreateIntrinsic(
        llvm::Intrinsic::nvvm_shfl_sync_idx_i32, {},
        {atEntry.getInt32(0xffffffffu), atEntry.CreateLShr(threadId, 5), atEntry.getInt32(0), atEntry.getInt32(31)});
  }
  return warpId_;
}

void EmitContext::beforeSharedWrite() { nextAccess(true); }
void EmitContext::beforeSharedRead() { nextAccess(false); }

void EmitContext::barrier() {
  // Not `.aligned`: that promises every thread of the CTA runs this very
  // instruction, and the producer's warps run none of the consumers'.
  if (consumerThreads)
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier_cta_sync_count, {b.getInt32(1), b.getInt32(consumerThreads)});
  else
    b.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier_cta_sync_aligned_all, {b.getInt32(0)});
}

} // namespace tritonc::codegen
