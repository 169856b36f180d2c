// Math functions, in the forms Triton 3.6 emits for them (measured with
// bench/triton_math_forms.py): fp32 `exp` as ex2.approx.f32 of x*log2(e)
// (ex2.approx.ftz.f32 where `1 + exp` absorbs subnormals: FlushAbsorbedSubnormals.h);
// `exp2`, `log`, `log2`, `sqrt`, `rsqrt`, `sin`, `cos`, `erf`, `floor`, `ceil` through
// libdevice, linked with flush-to-zero on (NVPTXBackend.cpp), which makes
// `exp2` ex2.approx.ftz.f32 and `sqrt`/`rsqrt` their approx.ftz forms;
// fp64 always through libdevice; fp16 and bf16 compute in fp32.
#include "EmitContext.h"

#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include <cmath>

namespace tritonc::codegen {

namespace {

// ex2.approx.f32's results (fp32 `exp`), computed so that ptxas keeps no
// predicate across the ex2: ptxas expands that instruction to a
// flush-to-zero ex2 of x/2, squared, where x < -126, holding a predicate
// per element across the ex2's latency; with 32 exponentials in flight it
// runs out of predicate registers and serialises them (measured on an
// H100 with an attention forward written with non-flushing exponentials:
// 334 TFLOP/s that way, 400 with the scale chosen and tested again around
// the ex2 as below). Each predicate here lives for one instruction; the
// scale costs a register per exponential in flight instead.
llvm::Value *exp2ShortPredicates(llvm::IRBuilder<> &b, llvm::Value *x) {
  static const char *const kText = "{ .reg .pred p; .reg .b32 m, y, e, f;\n"
                                   "setp.lt.f32 p, $1, 0fC2FC0000;\n"         // x < -126
                                   "selp.f32 m, 0f3F000000, 0f3F800000, p;\n" // halve it
                                   "mul.f32 y, $1, m;\n"
                                   "ex2.approx.ftz.f32 e, y;\n"
                                   "setp.eq.f32 p, m, 0f3F000000;\n"
                                   "selp.f32 f, e, 0f3F800000, p;\n" // and square the result
                                   "mul.f32 $0, e, f; }";
  auto *type = llvm::FunctionType::get(b.getFloatTy(), {b.getFloatTy()}, false);
  return b.CreateCall(llvm::InlineAsm::get(type, kText, "=f,f", /*hasSideEffects=*/false), {x});
}

llvm::Value *libdevice(EmitContext &ctx, const std::string &name, llvm::Value *x) {
  bool f64 = x->getType()->isDoubleTy();
  return emitExternCall(ctx, "__nv_" + name + (f64 ? "" : "f"), {x});
}

llvm::Value *fp32(EmitContext &ctx, const std::string &fn, llvm::Value *x, bool flushSubnormals) {
  llvm::IRBuilder<> &b = ctx.b;
  auto ex2 = [&](llvm::Value *v) -> llvm::Value * {
    if (flushSubnormals)
      return b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx_ftz, {v->getType()}, {v});
    return ctx.exp2ShortPredicates ? exp2ShortPredicates(b, v)
                                   : b.CreateIntrinsic(llvm::Intrinsic::nvvm_ex2_approx, {v->getType()}, {v});
  };
  if (fn == "exp")
    return ex2(b.CreateFMul(x, llvm::ConstantFP::get(x->getType(), M_LOG2E)));
  if (fn == "exp2" || fn == "log" || fn == "log2" || fn == "sqrt" || fn == "rsqrt")
    return libdevice(ctx, fn, x);
  if (fn == "sqrt_rn")
    return b.CreateUnaryIntrinsic(llvm::Intrinsic::sqrt, x);
  // Triton's floor and ceil reach libdevice too, so with flush-to-zero a
  // subnormal input rounds as ±0 (floor(-1e-45) is -0.0, not -1; seen on
  // the GPU against Triton 3.6).
  if (fn == "sin" || fn == "cos" || fn == "erf" || fn == "floor" || fn == "ceil")
    return libdevice(ctx, fn, x);
  internalError("unknown math function " + fn);
}

} // namespace

llvm::Value *emitMath(EmitContext &ctx, const std::string &fn, llvm::Value *x, bool flushSubnormals) {
  llvm::IRBuilder<> &b = ctx.b;
  llvm::Type *type = x->getType();
  if (type->isDoubleTy()) {
    if (fn == "sqrt_rn")
      return fp32(ctx, fn, x, false); // the LLVM intrinsic is exact at any width
    return libdevice(ctx, fn == "sqrt" ? "sqrt" : fn, x);
  }
  if (type->isFloatTy())
    return fp32(ctx, fn, x, flushSubnormals);
  llvm::Value *wide = fp32(ctx, fn, b.CreateFPExt(x, b.getFloatTy()), flushSubnormals);
  return b.CreateFPTrunc(wide, type);
}

llvm::Value *emitExternCall(EmitContext &ctx, const std::string &symbol, const std::vector<llvm::Value *> &args,
                            llvm::Type *result) {
  std::vector<llvm::Type *> types;
  for (llvm::Value *a : args)
    types.push_back(a->getType());
  auto *fnType = llvm::FunctionType::get(result ? result : types.front(), types, false);
  llvm::FunctionCallee callee = ctx.module.getOrInsertFunction(symbol, fnType);
  return ctx.b.CreateCall(callee, args);
}

} // namespace tritonc::codegen
