// Conversions between the fp8 formats and fp16, bf16 and fp32, with the
// packed `cvt` instructions of sm_89+ that Triton emits: two elements per
// instruction, the first in the low half. Narrowing is `cvt.rn.satfinite`
// (nearest-even, out-of-range values to the largest finite, NaN kept);
// widening is exact, but for e5m2's infinities and NaN widened to bf16,
// which follow Triton's exponent move. bf16 goes through fp32 both ways,
// but for widening on sm_90, which converts fp16 to bf16 in one step.
#include "EmitContext.h"
#include "SharedTileAccess.h"

#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

namespace tritonc::codegen {

namespace {

// Two fp8 elements (the second may be absent) to two fp16 ones.
std::pair<llvm::Value *, llvm::Value *> widenPair(llvm::IRBuilder<> &b, ScalarKind from, llvm::Value *first,
                                                  llvm::Value *second) {
  llvm::Value *packed = b.CreateZExt(first, b.getInt16Ty());
  if (second)
    packed = b.CreateOr(packed, b.CreateShl(b.CreateZExt(second, b.getInt16Ty()), 8));
  llvm::Intrinsic::ID id =
      from == ScalarKind::F8E4NV ? llvm::Intrinsic::nvvm_e4m3x2_to_f16x2_rn : llvm::Intrinsic::nvvm_e5m2x2_to_f16x2_rn;
  llvm::Value *halves = b.CreateIntrinsic(id, {packed});
  return {b.CreateExtractElement(halves, uint64_t(0)), b.CreateExtractElement(halves, uint64_t(1))};
}

// Two fp16 or fp32 elements (the second may be absent) to two fp8 ones.
std::pair<llvm::Value *, llvm::Value *> narrowPair(llvm::IRBuilder<> &b, ScalarKind to, llvm::Value *first,
                                                   llvm::Value *second) {
  bool e4m3 = to == ScalarKind::F8E4NV;
  llvm::Value *packed;
  if (first->getType()->isHalfTy()) {
    llvm::Value *halves = llvm::PoisonValue::get(llvm::FixedVectorType::get(b.getHalfTy(), 2));
    halves = b.CreateInsertElement(halves, first, uint64_t(0));
    halves = b.CreateInsertElement(halves, second ? second : first, uint64_t(1));
    packed = b.CreateIntrinsic(
        e4m3 ? llvm::Intrinsic::nvvm_f16x2_to_e4m3x2_rn : llvm::Intrinsic::nvvm_f16x2_to_e5m2x2_rn, {halves});
  } else { // the instruction puts its first operand in the high byte
    packed = b.CreateIntrinsic(e4m3 ? llvm::Intrinsic::nvvm_ff_to_e4m3x2_rn : llvm::Intrinsic::nvvm_ff_to_e5m2x2_rn,
                               {second ? second : first, first});
  }
  return {b.CreateTrunc(packed, b.getInt8Ty()), b.CreateTrunc(b.CreateLShr(packed, 8), b.getInt8Ty())};
}

} // namespace

Elements convertFp8(EmitContext &ctx, const Elements &in, ScalarKind from, ScalarKind to) {
  llvm::IRBuilder<> &b = ctx.b;
  TRITONC_CHECK(isFp8(from) != isFp8(to), "an fp8 conversion has fp8 on exactly one side (lowering splits the rest)");
  llvm::Type *f32 = b.getFloatTy();
  Elements out;
  for (size_t i = 0; i < in.size(); i += 2) {
    llvm::Value *first = in[i], *second = i + 1 < in.size() ? in[i + 1] : nullptr;
    if (isFp8(from)) {
      auto [x, y] = widenPair(b, from, first, second);
      llvm::Value *pair[2] = {x, y};
      for (int half = 0; half < 2; ++half) {
        llvm::Value *v = pair[half];
        // Exact either way: bf16 holds every fp8 value.
        if (to == ScalarKind::BF16 && ctx.hasHalfToBf16)
          v = b.CreateBitCast(inlinePtx(b, b.getInt16Ty(), "cvt.rn.bf16.f16 $0, $1;", "=h,h",
                                        {b.CreateBitCast(v, b.getInt16Ty())}, /*sideEffects=*/false),
                              b.getBFloatTy());
        else if (to == ScalarKind::F32 || to == ScalarKind::BF16)
          v = b.CreateFPExt(v, f32);
        if (to == ScalarKind::BF16 && !ctx.hasHalfToBf16)
          v = b.CreateFPTrunc(v, b.getBFloatTy());
        llvm::Value *byte = half == 0 ? first : second;
        if (to == ScalarKind::BF16 && from == ScalarKind::F8E5 && byte) {
          // Triton widens e5m2 to bf16 by moving the exponent field, so the
          // all-ones exponent is not special: infinities and NaN come out
          // as (1 + m/4) * 2^16 with their sign. Same bits here.
          llvm::Value *wide = b.CreateZExt(byte, b.getInt16Ty());
          llvm::Value *allOnes = b.CreateICmpEQ(b.CreateAnd(wide, 0x7C), b.getInt16(0x7C));
          llvm::Value *bits = b.CreateOr(b.CreateOr(b.CreateShl(b.CreateAnd(wide, 0x80), 8), b.getInt16(143 << 7)),
                                         b.CreateShl(b.CreateAnd(wide, 3), 5));
          v = b.CreateSelect(allOnes, b.CreateBitCast(bits, b.getBFloatTy()), v);
        }
        out.push_back(v);
      }
    } else {
      TRITONC_CHECK(from == ScalarKind::F32 || from == ScalarKind::F16 || from == ScalarKind::BF16,
                    "fp8 narrows from fp16, bf16 or fp32");
      if (from == ScalarKind::BF16) {
        first = b.CreateFPExt(first, f32);
        second = second ? b.CreateFPExt(second, f32) : nullptr;
      }
      auto [x, y] = narrowPair(b, to, first, second);
      out.push_back(x);
      out.push_back(y);
    }
  }
  out.resize(in.size()); // an odd count packed one unused half
  return out;
}

llvm::Value *fp8ToF32(EmitContext &ctx, llvm::Value *v, ScalarKind from) {
  return convertFp8(ctx, {v}, from, ScalarKind::F32)[0];
}

} // namespace tritonc::codegen
