#include "MulHigh.h"

#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>

#include <map>
#include <utility>

namespace tritonc::codegen {

namespace {

// Both words of the widening product: {high, low}.
const char *const kWideProductText = "{ .reg .b64 w;\n"
                                     "mul.wide.u32 w, $2, $3;\n"
                                     "mov.b64 {$1, $0}, w; }";

bool isWideProduct(const llvm::CallInst &call) {
  const auto *asmCallee = llvm::dyn_cast<llvm::InlineAsm>(call.getCalledOperand());
  return asmCallee && asmCallee->getAsmString() == kWideProductText;
}

} // namespace

llvm::Value *unsignedMulHigh(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Value *y) {
  llvm::Type *t = x->getType();
  unsigned bits = t->getIntegerBitWidth();
  if (bits == 32) {
    auto *words = llvm::StructType::get(t, t);
    auto *type = llvm::FunctionType::get(words, {t, t}, false);
    llvm::Value *product =
        b.CreateCall(llvm::InlineAsm::get(type, kWideProductText, "=r,=r,r,r", /*hasSideEffects=*/false), {x, y});
    return b.CreateExtractValue(product, 0);
  }
  llvm::Type *wide = b.getIntNTy(2 * bits);
  llvm::Value *product = b.CreateMul(b.CreateZExt(x, wide), b.CreateZExt(y, wide));
  return b.CreateTrunc(b.CreateLShr(product, bits), t);
}

void reuseWideProductLowWords(llvm::Module &module) {
  for (llvm::Function &function : module)
    for (llvm::BasicBlock &block : function) {
      // Operands in either order, to the product computed earlier in the block.
      std::map<std::pair<llvm::Value *, llvm::Value *>, llvm::CallInst *> products;
      for (auto it = block.begin(); it != block.end();) {
        llvm::Instruction &inst = *it++;
        if (auto *call = llvm::dyn_cast<llvm::CallInst>(&inst); call && isWideProduct(*call)) {
          products.try_emplace({call->getArgOperand(0), call->getArgOperand(1)}, call);
          products.try_emplace({call->getArgOperand(1), call->getArgOperand(0)}, call);
          continue;
        }
        auto *mul = llvm::dyn_cast<llvm::BinaryOperator>(&inst);
        if (!mul || mul->getOpcode() != llvm::Instruction::Mul || !mul->getType()->isIntegerTy(32))
          continue;
        auto found = products.find({mul->getOperand(0), mul->getOperand(1)});
        if (found == products.end())
          continue;
        auto *low = llvm::ExtractValueInst::Create(found->second, {1}, "low");
        low->insertAfter(found->second->getIterator());
        mul->replaceAllUsesWith(low);
        mul->eraseFromParent();
      }
    }
}

} // namespace tritonc::codegen
