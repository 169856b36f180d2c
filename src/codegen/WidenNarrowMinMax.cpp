// ptxas 13.0 at -O3 (the driver's JIT included) miscompiles trees of 16-bit
// `max.s16`/`min.s16` over negated values on sm_90a: fusing them into
// three-input VIMNMX3.S16x2 it drops the negation of one operand (SASS of
// tests/difftest/corpus/max_of_negated_i16.py: four rows a column, one
// `neg.s16` missing per column, so 70% of the columns wrong over random
// inputs; a chain of `max.s16` fails the same way, -O0 is right). The same
// tree on 32-bit registers was right. LLVM's InstCombine
// narrows `smax(sext a, sext b)` back to i16, so the widening runs after the
// optimisation pipeline, just before instruction selection.
#include "WidenNarrowMinMax.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace tritonc::codegen {

namespace {

bool isNarrowMinMax(const llvm::IntrinsicInst &call) {
  switch (call.getIntrinsicID()) {
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin:
    return call.getType()->getScalarSizeInBits() < 32;
  default:
    return false;
  }
}

// The narrow value goes to the top of a 32-bit word (its low bits zero):
// the order of words is the order of the values, signed or unsigned, and
// whatever ptxas moves across the shift is still exact. Sign-extending
// instead is not: ptxas turns `cvt.s32.s16 (neg.s16 x)` into a 32-bit
// negation of the extended x, wrong for -32768 (dt_908544,
// `tl.maximum(-x, 3)` gave -32768).
void widen(llvm::IntrinsicInst &call) {
  llvm::IRBuilder<> builder(&call);
  llvm::Type *narrow = call.getType();
  llvm::Type *wide = narrow->getWithNewBitWidth(32);
  unsigned shift = 32 - narrow->getScalarSizeInBits();
  auto toTop = [&](llvm::Value *v) { return builder.CreateShl(builder.CreateZExt(v, wide), shift); };
  llvm::Value *result =
      builder.CreateBinaryIntrinsic(call.getIntrinsicID(), toTop(call.getArgOperand(0)), toTop(call.getArgOperand(1)));
  call.replaceAllUsesWith(builder.CreateTrunc(builder.CreateLShr(result, shift), narrow));
  call.eraseFromParent();
}

} // namespace

void widenNarrowMinMax(llvm::Module &module) {
  std::vector<llvm::IntrinsicInst *> calls;
  for (llvm::Function &function : module)
    for (llvm::BasicBlock &block : function)
      for (llvm::Instruction &inst : block)
        if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst); call && isNarrowMinMax(*call))
          calls.push_back(call);
  for (llvm::IntrinsicInst *call : calls)
    widen(*call);
}

} // namespace tritonc::codegen
