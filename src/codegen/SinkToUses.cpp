#include "SinkToUses.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <vector>

namespace tritonc::codegen {

namespace {

bool movable(const llvm::Instruction &i) {
  if (i.isTerminator() || llvm::isa<llvm::PHINode>(i) || i.mayHaveSideEffects() || i.mayReadFromMemory() ||
      llvm::isa<llvm::AllocaInst>(i))
    return false;
  if (const auto *call = llvm::dyn_cast<llvm::CallBase>(&i))
    return !call->isInlineAsm() && !call->isConvergent() && call->doesNotAccessMemory();
  return true;
}

// The first instruction of `block` that uses `i`, or nothing when a user
// lives elsewhere (another block, or a PHI, which reads at the edge).
llvm::Instruction *firstUserIn(llvm::Instruction &i, llvm::BasicBlock &block) {
  llvm::Instruction *first = nullptr;
  for (llvm::User *u : i.users()) {
    auto *user = llvm::dyn_cast<llvm::Instruction>(u);
    if (!user || user->getParent() != &block || llvm::isa<llvm::PHINode>(user))
      return nullptr;
    if (!first || user->comesBefore(first))
      first = user;
  }
  return first;
}

} // namespace

void sinkToUses(llvm::Function &function) {
  for (llvm::BasicBlock &block : function) {
    std::vector<llvm::Instruction *> order;
    for (llvm::Instruction &i : block)
      order.push_back(&i);
    // Bottom-up: a user has found its place before its operands look for
    // theirs, so a whole chain gathers in front of the op consuming it.
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
      llvm::Instruction &i = **it;
      if (!movable(i))
        continue;
      if (llvm::Instruction *user = firstUserIn(i, block); user && user != i.getNextNode())
        i.moveBefore(user->getIterator());
    }
  }
}

} // namespace tritonc::codegen
