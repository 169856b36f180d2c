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

// `C - x`: a negation, possibly with a constant folded in.
bool negates(const llvm::Value *v) {
  const auto *sub = llvm::dyn_cast<llvm::BinaryOperator>(v);
  return sub && sub->getOpcode() == llvm::Instruction::Sub && llvm::isa<llvm::Constant>(sub->getOperand(0));
}

// The width to compute `call` at, or 0 to leave it: 8 and 16 bits always
// go to 32; 32 bits go to 64 when an operand is a negation, since ptxas
// drops negations from 32-bit three-input minima/maxima too (dt_912295,
// tests/difftest/corpus/max_of_negated_rows_i32.py: an 8-warp int32
// `tl.max(-rows)` gave 7 where 0 was due).
unsigned wideWidth(const llvm::IntrinsicInst &call) {
  switch (call.getIntrinsicID()) {
  case llvm::Intrinsic::smax:
  case llvm::Intrinsic::smin:
  case llvm::Intrinsic::umax:
  case llvm::Intrinsic::umin: break;
  default: return 0;
  }
  unsigned bits = call.getType()->getScalarSizeInBits();
  if (bits < 32)
    return 32;
  if (bits == 32 && (negates(call.getArgOperand(0)) || negates(call.getArgOperand(1))))
    return 64;
  return 0;
}

// The value goes to the top of a word twice its width or more (its low bits zero):
// the order of words is the order of the values, signed or unsigned, and
// whatever ptxas moves across the shift is still exact. Sign-extending
// instead is not: ptxas turns `cvt.s32.s16 (neg.s16 x)` into a 32-bit
// negation of the extended x, wrong for -32768 (dt_908544,
// `tl.maximum(-x, 3)` gave -32768).
void widen(llvm::IntrinsicInst &call, unsigned width) {
  llvm::IRBuilder<> builder(&call);
  llvm::Type *narrow = call.getType();
  llvm::Type *wide = narrow->getWithNewBitWidth(width);
  unsigned shift = width - narrow->getScalarSizeInBits();
  auto toTop = [&](llvm::Value *v) { return builder.CreateShl(builder.CreateZExt(v, wide), shift); };
  llvm::Value *result =
      builder.CreateBinaryIntrinsic(call.getIntrinsicID(), toTop(call.getArgOperand(0)), toTop(call.getArgOperand(1)));
  call.replaceAllUsesWith(builder.CreateTrunc(builder.CreateLShr(result, shift), narrow));
  call.eraseFromParent();
}

} // namespace

void widenNarrowMinMax(llvm::Module &module) {
  std::vector<std::pair<llvm::IntrinsicInst *, unsigned>> calls;
  for (llvm::Function &function : module)
    for (llvm::BasicBlock &block : function)
      for (llvm::Instruction &inst : block)
        if (auto *call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst))
          if (unsigned width = wideWidth(*call))
            calls.push_back({call, width});
  for (auto [call, width] : calls)
    widen(*call, width);
}

} // namespace tritonc::codegen
