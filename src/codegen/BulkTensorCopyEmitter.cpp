// Bulk tensor copies (TMA) on sm_90a. Into shared memory (`tma_copy`, a
// pipelined loop's or a descriptor load's): one thread starts each slot's
// copies and announces their bytes on the slot's mbarrier; every thread
// waits on that mbarrier's phase before reading the slot. Out of it
// (`tma_store`, a descriptor store): the threads write the tile into the
// slot, one thread copies it out, and later waits until it has been read
// (`tma_store_wait`, once for a run of stores). The tensor maps are the
// kernel's hidden grid-constant parameters (TensorMaps.h).
#include "FunctionEmitter.h"
#include "SharedTileAccess.h"

#include "tritonc/analysis/SharedMemory.h"
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

namespace tritonc::codegen {

namespace {

uint64_t slotBytes(const Type &ring) {
  return uint64_t(ring.shape[1]) * uint64_t(ring.shape[2]) * (bitWidth(ring.elem.kind) / 8);
}

llvm::Value *sharedAddress(llvm::IRBuilder<> &b, llvm::Value *pointer) {
  return b.CreatePtrToInt(pointer, b.getInt32Ty());
}

} // namespace

llvm::Value *FunctionEmitter::mbarrier(const tir::Value *ring, llvm::Value *slot, bool released) {
  llvm::Value *first = b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), in(ring)[0], ringDataBytes(ring->type));
  if (released)
    slot = b_.CreateAdd(slot, b_.getInt32(uint32_t(ring->type.shape[0])));
  return sharedAddress(b_, b_.CreateGEP(b_.getInt64Ty(), first, slot));
}

void FunctionEmitter::leaderOnEachMbarrier(const tir::Value *ring,
                                           const std::function<std::string(size_t, bool)> &instruction) {
  std::string text = "{\n.reg .pred leader;\nsetp.eq.b32 leader, $0, 0;\n";
  std::vector<llvm::Value *> args{ctx_.threadId};
  std::string constraints = "r";
  for (bool released : {false, true}) {
    if (released && ring->definingOp()->intAttr("barriers") < 2)
      break;
    for (int64_t s = 0; s < ring->type.shape[0]; ++s) {
      text += "@leader " + instruction(args.size(), released) + "\n";
      args.push_back(mbarrier(ring, b_.getInt32(uint32_t(s)), released));
      constraints += ",r";
    }
  }
  inlinePtx(b_, b_.getVoidTy(), text + "}", constraints, args, /*sideEffects=*/true);
}

void FunctionEmitter::waitForParity(llvm::Value *barrier, llvm::Value *parity, const std::string &label) {
  // The label is local to the braces, so each wait may repeat it.
  std::string text = fmt::format("{{\n.reg .pred landed;\n{0}:\n"
                                 "mbarrier.try_wait.parity.shared::cta.b64 landed, [$0], $1;\n"
                                 "@!landed bra {0};\n}}",
                                 label);
  inlinePtx(b_, b_.getVoidTy(), text, "r,r", {barrier, parity}, /*sideEffects=*/true);
}

void FunctionEmitter::initMbarriers(const tir::Value *ring) {
  // One arrival per phase: the thread that announces the copies' bytes;
  // on a second set, one per consumer warp, each releasing the slot.
  leaderOnEachMbarrier(ring, [&](size_t operand, bool released) {
    return fmt::format("mbarrier.init.shared::cta.b64 [${}], {};", operand, released ? numWarps_ : 1);
  });
  // The copies complete transactions on these barriers through the async
  // proxy: it must see them initialised.
  inlinePtx(b_, b_.getVoidTy(), "fence.mbarrier_init.release.cluster;", "", {}, /*sideEffects=*/true);
  ctx_.barrier();
}

void FunctionEmitter::emitBulkTensorOp(const tir::Op &op) {
  const tir::Value *ring = op.operands[0];
  switch (op.kind) {
  case tir::OpKind::TmaWait:
    waitForParity(mbarrier(ring, in(op.operands[1])[0]), in(op.operands[2])[0], "tritonc_tma_wait");
    return;
  case tir::OpKind::ReleaseBarriers: {
    leaderOnEachMbarrier(
        ring, [](size_t operand, bool) { return fmt::format("mbarrier.inval.shared::cta.b64 [${}];", operand); });
    ctx_.barrier();
    return;
  }
  case tir::OpKind::TmaStoreWait: {
    // Before an op that may touch global memory the stores' writes must be
    // done too, and ordered before the generic proxy's accesses.
    bool writes = op.attr("writes") != nullptr;
    std::string text = std::string("{\n.reg .pred issuer;\nsetp.eq.b32 issuer, $0, 0;\n") +
                       (writes ? "@issuer cp.async.bulk.wait_group 0;\n@issuer fence.proxy.async.global;\n"
                               : "@issuer cp.async.bulk.wait_group.read 0;\n") +
                       "}";
    inlinePtx(b_, b_.getVoidTy(), text, "r", {ctx_.threadId}, /*sideEffects=*/true);
    ctx_.barrier();
    return;
  }
  default: break;
  }
  TRITONC_CHECK(op.kind == tir::OpKind::TmaCopy || op.kind == tir::OpKind::TmaStore,
                "a bulk tensor op codegen does not know");
  const Type &type = ring->type;
  unsigned elementBytes = bitWidth(type.elem.kind) / 8;
  TmaBox box = tmaBox(type.shape[1], type.shape[2], elementBytes);
  llvm::Value *slot = in(op.operands[1])[0];
  llvm::Value *slotBase = ringSlot(b_, in(ring)[0], slot, slotBytes(type));
  bool store = op.kind == tir::OpKind::TmaStore;
  if (store) {
    // The slot may take the bytes of a buffer whose last readers, in other
    // warps, are still running (SharedMemory.cpp lets one-slot buffers
    // share bytes once the first one's views are dead).
    ctx_.barrier();
    SharedTile tile(type.shape[1], type.shape[2], elementBytes, /*colMajor=*/false);
    const tir::Value *value = op.operands[2];
    if (!writeTileByStmatrix(ctx_, value->type, in(value), tile, slotBase))
      storeTile(value, slotBase, tile);
    // The bulk copy reads the slot through the async proxy: the threads'
    // writes must reach it first.
    inlinePtx(b_, b_.getVoidTy(), "fence.proxy.async.shared::cta;", "", {}, /*sideEffects=*/true);
    ctx_.barrier();
  }
  llvm::Value *issue = b_.CreateICmpEQ(ctx_.threadId, b_.getInt32(ctx_.leaderThread));
  if (!store)
    issue = b_.CreateAnd(issue, in(op.operands[2])[0]);
  llvm::Value *row = in(op.operands[8])[0], *col = in(op.operands[9])[0];
  // $0 says whether this thread issues, $1 is the tensor map; the
  // coordinates after the column follow, innermost first: the row, then
  // each outer dim's index, the outermost last.
  std::vector<llvm::Value *> args{b_.CreateZExt(issue, b_.getInt32Ty()), tensorMapParams_.at(tensorMaps_.indexOf(op)),
                                  row};
  std::string constraints = "r,l,r";
  std::string rowAndOuter = "$2";
  for (size_t i = op.operands.size(); i > 10; i -= 3) {
    rowAndOuter += fmt::format(", ${}", args.size());
    args.push_back(in(op.operands[i - 1])[0]);
    constraints += ",r";
  }
  size_t dims = 2 + (op.operands.size() - 10) / 3;
  std::string text = "{\n.reg .pred issue;\nsetp.ne.b32 issue, $0, 0;\n";
  size_t barrier = args.size();
  if (!store) {
    args.push_back(mbarrier(ring, slot));
    constraints += ",r";
    text += fmt::format("@issue mbarrier.arrive.expect_tx.shared::cta.b64 _, [${}], {};\n", barrier, slotBytes(type));
  }
  // A box holds every row of one column block, the blocks one after another.
  uint64_t boxBytes = uint64_t(box.rows * box.cols) * elementBytes;
  for (int64_t k = 0; k < box.copies; ++k) {
    size_t shared = args.size();
    args.push_back(sharedAddress(b_, b_.CreateConstInBoundsGEP1_64(b_.getInt8Ty(), slotBase, uint64_t(k) * boxBytes)));
    args.push_back(k == 0 ? col : b_.CreateAdd(col, b_.getInt32(uint32_t(k * box.cols))));
    constraints += ",r,r";
    if (store)
      text += fmt::format("@issue cp.async.bulk.tensor.{}d.global.shared::cta.bulk_group [$1, {{${}, {}}}], [${}];\n",
                          dims, shared + 1, rowAndOuter, shared);
    else
      text += fmt::format("@issue cp.async.bulk.tensor.{}d.shared::cluster.global.mbarrier::complete_tx::bytes "
                          "[${}], [$1, {{${}, {}}}], [${}];\n",
                          dims, shared, shared + 1, rowAndOuter, barrier);
  }
  // Its `tma_store_wait` waits until the copy has read the slot.
  if (store)
    text += "@issue cp.async.bulk.commit_group;\n";
  inlinePtx(b_, b_.getVoidTy(), text + "}", constraints, args, /*sideEffects=*/true);
}

void FunctionEmitter::emitWarpSpecialize(const tir::Op &op) {
  unsigned consumers = 32 * numWarps_;
  auto *producer = llvm::BasicBlock::Create(b_.getContext(), "producer", fn_);
  auto *consumer = llvm::BasicBlock::Create(b_.getContext(), "consumers", fn_);
  b_.CreateCondBr(b_.CreateICmpUGE(ctx_.threadId, b_.getInt32(consumers)), producer, consumer);
  // Registers move from the producer, which holds a few scalars, to the
  // consumers, which hold the accumulators: what each producer thread gives
  // up of the count at entry (down to 40), the consumers share. Where that
  // would not raise the consumers' count (few warps, every thread near the
  // 255 limit), nothing moves.
  unsigned producerRegisters = 40;
  unsigned consumerRegisters = 0;
  if (entryRegisters_ > producerRegisters)
    consumerRegisters = std::min(
        240u, (entryRegisters_ + (entryRegisters_ - producerRegisters) * 32 * producerWarps_ / consumers) / 8 * 8);
  bool moves = consumerRegisters > entryRegisters_;
  b_.SetInsertPoint(producer);
  if (moves)
    inlinePtx(b_, b_.getVoidTy(), fmt::format("setmaxnreg.dec.sync.aligned.u32 {};", producerRegisters), "", {},
              /*sideEffects=*/true);
  ctx_.leaderThread = consumers;
  emitRegion(*op.regions[0]);
  ctx_.leaderThread = 0;
  b_.CreateRetVoid();
  b_.SetInsertPoint(consumer);
  if (moves)
    inlinePtx(b_, b_.getVoidTy(), fmt::format("setmaxnreg.inc.sync.aligned.u32 {};", consumerRegisters), "", {},
              /*sideEffects=*/true);
  ctx_.consumerThreads = consumers;
}

void FunctionEmitter::emitRingOp(const tir::Op &op) {
  if (op.kind == tir::OpKind::ProducerJoin) {
    // Named barrier 2: every producer and consumer thread, each role at its
    // own instruction (so not `.aligned`).
    b_.CreateIntrinsic(llvm::Intrinsic::nvvm_barrier_cta_sync_count,
                       {b_.getInt32(2), b_.getInt32(32 * (numWarps_ + producerWarps_))});
    return;
  }
  const tir::Value *ring = op.operands[0];
  llvm::Value *released = mbarrier(ring, in(op.operands[1])[0], /*released=*/true);
  llvm::Value *third = in(op.operands[2])[0];
  if (op.kind == tir::OpKind::RingRelease) {
    // One arrival per consumer warp, by its first lane, once the warp's
    // reads of the slot are done (its wgmma groups waited for).
    llvm::Value *lane0 = b_.CreateICmpEQ(b_.CreateAnd(ctx_.threadId, b_.getInt32(31)), b_.getInt32(0));
    llvm::Value *arrive = b_.CreateZExt(b_.CreateAnd(lane0, third), b_.getInt32Ty());
    inlinePtx(b_, b_.getVoidTy(),
              "{\n.reg .pred arrive;\nsetp.ne.b32 arrive, $0, 0;\n@arrive mbarrier.arrive.shared::cta.b64 _, [$1];\n}",
              "r,r", {arrive, released}, /*sideEffects=*/true);
    return;
  }
  // Round r of a slot waits for the consumers' release of round r - 1: the
  // phase of the opposite parity. Before any release that phase counts as
  // complete, so the first round passes at once.
  waitForParity(released, b_.CreateXor(third, b_.getInt32(1)), "tritonc_ring_acquire");
}

} // namespace tritonc::codegen
