// Integers to bf16 rounded once, where the target converts to bf16 only
// from fp32 (before sm_90). Through fp32 rounded to nearest, a 32- or
// 64-bit integer rounds twice and can land one bf16 ulp from the nearest
// value (u32 149422084: fp32 149422080, then bf16 148897792 where the
// nearest is 149946368), which Triton does not do. Rounded toward zero with
// the lowest bit set when inexact (round to odd), fp32 keeps enough bits
// that the one rounding to bf16 is the correct one.
#include "EmitContext.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

namespace tritonc::codegen {

llvm::Value *intToBf16RoundedOnce(llvm::IRBuilder<> &b, llvm::Value *x, bool isSigned) {
  unsigned bits = x->getType()->getIntegerBitWidth();
  if (bits <= 24) // exact in fp32
    return isSigned ? b.CreateSIToFP(x, b.getBFloatTy()) : b.CreateUIToFP(x, b.getBFloatTy());
  if (bits < 32)
    x = isSigned ? b.CreateSExt(x, b.getInt32Ty()) : b.CreateZExt(x, b.getInt32Ty());
  bool wide = x->getType()->getIntegerBitWidth() == 64;
  llvm::Intrinsic::ID toFloat = wide ? (isSigned ? llvm::Intrinsic::nvvm_ll2f_rz : llvm::Intrinsic::nvvm_ull2f_rz)
                                     : (isSigned ? llvm::Intrinsic::nvvm_i2f_rz : llvm::Intrinsic::nvvm_ui2f_rz);
  llvm::Intrinsic::ID back = wide ? (isSigned ? llvm::Intrinsic::nvvm_f2ll_rz : llvm::Intrinsic::nvvm_f2ull_rz)
                                  : (isSigned ? llvm::Intrinsic::nvvm_f2i_rz : llvm::Intrinsic::nvvm_f2ui_rz);
  llvm::Value *truncated = b.CreateIntrinsic(toFloat, {}, {x});
  llvm::Value *inexact = b.CreateICmpNE(b.CreateIntrinsic(back, {}, {truncated}), x);
  llvm::Value *odd = b.CreateOr(b.CreateBitCast(truncated, b.getInt32Ty()), b.CreateZExt(inexact, b.getInt32Ty()));
  return b.CreateFPTrunc(b.CreateBitCast(odd, b.getFloatTy()), b.getBFloatTy());
}

} // namespace tritonc::codegen
