#include "MulHigh.h"

#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

llvm::Value *unsignedMulHigh(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Value *y) {
  llvm::Type *t = x->getType();
  unsigned bits = t->getIntegerBitWidth();
  if (bits == 32) {
    static const char *const kText = "{ .reg .b64 w; .reg .b32 lo;\n"
                                     "mul.wide.u32 w, $1, $2;\n"
                                     "mov.b64 {lo, $0}, w; }";
    auto *type = llvm::FunctionType::get(t, {t, t}, false);
    return b.CreateCall(llvm::InlineAsm::get(type, kText, "=r,r,r", /*hasSideEffects=*/false), {x, y});
  }
  llvm::Type *wide = b.getIntNTy(2 * bits);
  llvm::Value *product = b.CreateMul(b.CreateZExt(x, wide), b.CreateZExt(y, wide));
  return b.CreateTrunc(b.CreateLShr(product, bits), t);
}

} // namespace tritonc::codegen
