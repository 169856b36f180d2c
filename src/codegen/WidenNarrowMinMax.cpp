// ptxas 13.0 at -O3 (the driver's JIT included) miscompiles trees of 16-bit
// `max.s16`/`min.s16` over negated values on sm_90a: fusing them into
// three-input VIMNMX3.S16x2 it drops the negation of one operand (SASS of
// tests/difftest/corpus/max_of_negated_i16.py: four rows a column, one
// `neg.s16` missing per column, so 70% of the columns wrong over random
// inputs; a chain of `max.s16` fails the same way, -O0 is right). The same
// tree on 32-bit registers, extended once each (what Triton's PTX does after
// its shuffles), was right on every ordinary input. LLVM's InstCombine
// narrows `smax(sext a, sext b)` back to i16, so the widening runs after the
// optimisation pipeline, just before instruction selection.
#include "WidenNarrowMinMax.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace tritonc::codegen {

namespace {

bool isSigned(llvm::Intrinsic::ID id) { return id == llvm::Intrinsic::smax || id == llvm::Intrinsic::smin; }

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

void widen(llvm::IntrinsicInst &call) {
  llvm::IRBuilder<> builder(&call);
  llvm::Type *narrow = call.getType();
  llvm::Type *wide = narrow->getWithNewBitWidth(32);
  bool sign = isSigned(call.getIntrinsicID());
  auto extend = [&](llvm::Value *v) { return sign ? builder.CreateSExt(v, wide) : builder.CreateZExt(v, wide); };
  llvm::Value *result = builder.CreateBinaryIntrinsic(call.getIntrinsicID(), extend(call.getArgOperand(0)),
                                                      extend(call.getArgOperand(1)));
  call.replaceAllUsesWith(builder.CreateTrunc(result, narrow));
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
