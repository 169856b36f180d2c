// Structured control flow: `for`, `if` and `while` become LLVM blocks with
// one phi per carried element.
#include "FunctionEmitter.h"

#include "ThreadLayout.h"
#include "tritonc/support/Diagnostics.h"

namespace tritonc::codegen {

using tir::OpKind;

// Emits a region's ops up to its terminator, which it returns.
const tir::Op &FunctionEmitter::emitRegion(const tir::Block &region) {
  for (const auto &op : region.ops) {
    if (op->kind == OpKind::Yield || op->kind == OpKind::Condition)
      return *op;
    emit(*op);
  }
  internalError("a region without a terminator");
}

// One phi per element of `initial`, entered from `from`.
Elements FunctionEmitter::phis(const Elements &initial, llvm::BasicBlock *from) {
  Elements out;
  for (llvm::Value *v : initial) {
    llvm::PHINode *phi = b_.CreatePHI(v->getType(), 2);
    phi->addIncoming(v, from);
    out.push_back(phi);
  }
  return out;
}

void FunctionEmitter::addIncoming(const Elements &phiValues, const Elements &incoming, llvm::BasicBlock *from) {
  for (size_t i = 0; i < phiValues.size(); ++i)
    llvm::cast<llvm::PHINode>(phiValues[i])->addIncoming(incoming[i], from);
}

void FunctionEmitter::emitFor(const tir::Op &op) {
  const tir::Block &body = *op.regions[0];
  llvm::Value *lb = in(op.operands[0])[0], *ub = in(op.operands[1])[0], *step = in(op.operands[2])[0];
  llvm::BasicBlock *pre = b_.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(b_.getContext(), "for.header", fn_);
  auto *loop = llvm::BasicBlock::Create(b_.getContext(), "for.body", fn_);
  auto *exit = llvm::BasicBlock::Create(b_.getContext(), "for.exit", fn_);
  b_.CreateBr(header);
  b_.SetInsertPoint(header);
  Elements iv = phis({lb}, pre);
  std::vector<Elements> carried;
  for (size_t i = 0; i < op.results.size(); ++i)
    carried.push_back(phis(in(op.operands[3 + i]), pre));
  bool descending = op.attr("descending") != nullptr;
  b_.CreateCondBr(descending ? b_.CreateICmpSGT(iv[0], ub) : b_.CreateICmpSLT(iv[0], ub), loop, exit);

  b_.SetInsertPoint(loop);
  values_[body.args[0].get()] = iv;
  for (size_t i = 0; i < carried.size(); ++i)
    values_[body.args[1 + i].get()] = carried[i];
  const tir::Op &yield = emitRegion(body);
  llvm::BasicBlock *latch = b_.GetInsertBlock();
  addIncoming(iv, {b_.CreateAdd(iv[0], step)}, latch);
  for (size_t i = 0; i < carried.size(); ++i)
    addIncoming(carried[i], in(yield.operands[i]), latch);
  keepInvariantsIn(op, b_.CreateBr(header));

  b_.SetInsertPoint(exit);
  // Products of wgmma dots left in flight by the last iteration land here
  // (one wait per such product: after the first, the rest wait for nothing).
  for (size_t i = 0; i < carried.size(); ++i) {
    const tir::Op *def = yield.operands[i]->definingOp();
    if (def && def->kind == tir::OpKind::Dot && def->attr("pending"))
      waitForWgmma(0, carried[i]);
    values_[op.result(unsigned(i))] = carried[i];
  }
}

void FunctionEmitter::emitIf(const tir::Op &op) {
  auto *thenBlock = llvm::BasicBlock::Create(b_.getContext(), "if.then", fn_);
  auto *elseBlock = llvm::BasicBlock::Create(b_.getContext(), "if.else", fn_);
  auto *merge = llvm::BasicBlock::Create(b_.getContext(), "if.end", fn_);
  b_.CreateCondBr(in(op.operands[0])[0], thenBlock, elseBlock);
  std::vector<std::pair<Elements, llvm::BasicBlock *>> arms;
  for (unsigned r = 0; r < 2; ++r) {
    b_.SetInsertPoint(r == 0 ? thenBlock : elseBlock);
    const tir::Op &yield = emitRegion(*op.regions[r]);
    Elements yielded;
    for (const tir::Value *v : yield.operands)
      for (llvm::Value *e : in(v))
        yielded.push_back(e);
    arms.emplace_back(yielded, b_.GetInsertBlock());
    b_.CreateBr(merge);
  }
  b_.SetInsertPoint(merge);
  size_t offset = 0;
  for (const auto &result : op.results) {
    Elements merged;
    for (unsigned i = 0; i < elementsPerThread(result->type); ++i, ++offset) {
      llvm::PHINode *phi = b_.CreatePHI(arms[0].first[offset]->getType(), 2);
      phi->addIncoming(arms[0].first[offset], arms[0].second);
      phi->addIncoming(arms[1].first[offset], arms[1].second);
      merged.push_back(phi);
    }
    values_[result.get()] = merged;
  }
}

// `disable_licm` (`tl.range` or `tl.condition`): LLVM's LICM must leave the
// loop alone too, told so by the back edge's loop metadata.
void FunctionEmitter::keepInvariantsIn(const tir::Op &loop, llvm::BranchInst *backEdge) {
  if (!loop.attr("disable_licm"))
    return;
  llvm::LLVMContext &ctx = b_.getContext();
  llvm::MDNode *noLicm = llvm::MDNode::get(ctx, llvm::MDString::get(ctx, "llvm.licm.disable"));
  llvm::MDNode *loopId = llvm::MDNode::getDistinct(ctx, {nullptr, noLicm});
  loopId->replaceOperandWith(0, loopId);
  backEdge->setMetadata(llvm::LLVMContext::MD_loop, loopId);
}

void FunctionEmitter::emitWhile(const tir::Op &op) {
  const tir::Block &before = *op.regions[0], &after = *op.regions[1];
  llvm::BasicBlock *pre = b_.GetInsertBlock();
  auto *header = llvm::BasicBlock::Create(b_.getContext(), "while.cond", fn_);
  auto *loop = llvm::BasicBlock::Create(b_.getContext(), "while.body", fn_);
  auto *exit = llvm::BasicBlock::Create(b_.getContext(), "while.exit", fn_);
  b_.CreateBr(header);
  b_.SetInsertPoint(header);
  std::vector<Elements> carried;
  for (size_t i = 0; i < op.operands.size(); ++i) {
    carried.push_back(phis(in(op.operands[i]), pre));
    values_[before.args[i].get()] = carried.back();
  }
  const tir::Op &condition = emitRegion(before);
  b_.CreateCondBr(in(condition.operands[0])[0], loop, exit);

  b_.SetInsertPoint(loop);
  for (size_t i = 0; i < after.args.size(); ++i)
    values_[after.args[i].get()] = in(condition.operands[1 + i]);
  const tir::Op &yield = emitRegion(after);
  llvm::BasicBlock *latch = b_.GetInsertBlock();
  for (size_t i = 0; i < carried.size(); ++i)
    addIncoming(carried[i], in(yield.operands[i]), latch);
  keepInvariantsIn(op, b_.CreateBr(header));

  b_.SetInsertPoint(exit);
  for (size_t i = 0; i < op.results.size(); ++i)
    values_[op.result(unsigned(i))] = in(condition.operands[1 + i]);
}

} // namespace tritonc::codegen
