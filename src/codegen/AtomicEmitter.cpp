// Atomics (`tl.atomic_add`, ..., `tl.atomic_cas`) as Triton emits them:
// `atom.global.<scope>.<sem>` (by default `gpu` and `acq_rel`) on each
// element the thread owns, predicated by the mask. An element several threads hold (a scalar, or a layout wider
// than the tensor) is updated once, by its first owner, and the old value
// it read reaches the other holders through shared memory.
#include "FunctionEmitter.h"
#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>
#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

namespace {

std::string ptxType(ScalarKind k, const std::string &kind) {
  unsigned bits = bitWidth(k);
  if (kind == "and" || kind == "or" || kind == "xor" || kind == "xchg" || kind == "cas")
    return fmt::format("b{}", bits);
  if (isFloat(k))
    return bits == 16 ? (k == ScalarKind::BF16 ? "noftz.bf16" : "noftz.f16") : fmt::format("f{}", bits);
  bool sign = isSigned(k) && (kind == "max" || kind == "min");
  return fmt::format("{}{}", sign ? 's' : 'u', bits);
}

std::string ptxOp(const std::string &kind) {
  if (kind == "xchg")
    return "exch";
  if (kind == "umax" || kind == "umin")
    return kind.substr(1);
  return kind;
}

const char *constraintFor(llvm::Type *t) {
  unsigned bits = t->getPrimitiveSizeInBits();
  return bits == 64 ? "l" : bits == 16 ? "h" : "r";
}

} // namespace

void FunctionEmitter::emitAtomic(const tir::Op &op) {
  bool cas = op.kind == tir::OpKind::AtomicCAS;
  std::string kind = cas ? "cas" : op.strAttr("kind");
  const tir::Value *pointerValue = op.operands[0];
  const Type &pointerType = pointerValue->type;
  ScalarKind k = op.result()->type.elem.kind;
  llvm::Type *elemType = elementType(op.result()->type.elem);
  const Elements &pointers = in(pointerValue);
  size_t valueCount = cas ? 2 : 1;
  const tir::Value *mask = !cas && op.operands.size() > 2 ? op.operands[2] : nullptr;
  llvm::Value *owner = isFirstOwner(b_, pointerType, ctx_.threadId);
  auto attrOr = [&](const char *name, const char *byDefault) {
    const tir::Attribute *a = op.attr(name);
    return a ? std::get<std::string>(*a) : std::string(byDefault);
  };
  std::string ordering = attrOr("scope", "gpu") + "." + attrOr("sem", "acq_rel");

  // One `atom` per element, predicated; a masked-off element reads 0.
  auto atom = [&](const std::string &ptxOpName, const std::string &type, llvm::Type *t) {
    std::string operands;
    std::string constraints = fmt::format("={},b,l", constraintFor(t));
    for (size_t v = 0; v < valueCount; ++v) {
      operands += fmt::format(", ${}", 3 + v);
      constraints += fmt::format(",{}", constraintFor(t));
    }
    std::string text = fmt::format("mov.b{0} $0, 0;\n\t@$1 atom.global.{4}.{1}.{2} $0, [ $2 + 0 ]{3};",
                                   t->getPrimitiveSizeInBits(), ptxOpName, type, operands, ordering);
    std::vector<llvm::Type *> argTypes{b_.getInt1Ty(), pointers[0]->getType()};
    for (size_t v = 0; v < valueCount; ++v)
      argTypes.push_back(t);
    auto *asmType = llvm::FunctionType::get(t, argTypes, false);
    auto *asmCall = llvm::InlineAsm::get(asmType, text, constraints, /*hasSideEffects=*/true);
    return [this, asmCall, &pointers](llvm::Value *predicate, size_t i, std::vector<llvm::Value *> values) {
      std::vector<llvm::Value *> args{predicate, pointers[i]};
      args.insert(args.end(), values.begin(), values.end());
      return b_.CreateCall(asmCall, args);
    };
  };

  Elements old;
  if (isFloat(k) && (kind == "max" || kind == "min")) {
    // As Triton: a value whose sign bit is clear takes the signed integer
    // max (min) of the bit patterns, one whose sign bit is set (-0.0 and
    // negative NaNs included) the unsigned min (max). Positive floats order
    // as their signed bits, negative ones in reverse of their unsigned bits.
    unsigned bits = bitWidth(k);
    llvm::Type *intType = b_.getIntNTy(bits);
    bool max = kind == "max";
    auto positive = atom(max ? "max" : "min", fmt::format("s{}", bits), intType);
    auto negative = atom(max ? "min" : "max", fmt::format("u{}", bits), intType);
    for (size_t i = 0; i < pointers.size(); ++i) {
      llvm::Value *value = in(op.operands[1])[i];
      llvm::Value *valueBits = b_.CreateBitCast(value, intType);
      llvm::Value *predicate = mask ? b_.CreateAnd(owner, in(mask)[i]) : owner;
      llvm::Value *isPositive = b_.CreateICmpSGE(valueBits, llvm::ConstantInt::get(intType, 0));
      llvm::Value *positiveOld = positive(b_.CreateAnd(predicate, isPositive), i, {valueBits});
      llvm::Value *negativeOld = negative(b_.CreateAnd(predicate, b_.CreateNot(isPositive)), i, {valueBits});
      old.push_back(b_.CreateBitCast(b_.CreateSelect(isPositive, positiveOld, negativeOld), elemType));
    }
  } else {
    auto update = atom(ptxOp(kind), ptxType(k, kind), elemType);
    for (size_t i = 0; i < pointers.size(); ++i) {
      llvm::Value *predicate = mask ? b_.CreateAnd(owner, in(mask)[i]) : owner;
      std::vector<llvm::Value *> values;
      for (size_t v = 0; v < valueCount; ++v)
        values.push_back(in(op.operands[1 + v])[i]);
      old.push_back(update(predicate, i, values));
    }
  }
  if (replicatesElements(pointerType)) {
    if (pointerType.isTensor()) {
      old = emitConvertLayout(ctx_, op.result()->type, op.result()->type, old);
    } else {
      llvm::Value *slot = ctx_.scratch(ctx_.module.getDataLayout().getTypeAllocSize(elemType));
      ctx_.beforeSharedWrite();
      auto *store = llvm::BasicBlock::Create(b_.getContext(), "atomic.owner", fn_);
      auto *done = llvm::BasicBlock::Create(b_.getContext(), "atomic.shared", fn_);
      b_.CreateCondBr(owner, store, done);
      b_.SetInsertPoint(store);
      b_.CreateStore(old[0], slot);
      b_.CreateBr(done);
      b_.SetInsertPoint(done);
      ctx_.beforeSharedRead();
      old = {b_.CreateLoad(elemType, slot)};
    }
  }
  values_[op.result()] = old;
}

} // namespace tritonc::codegen
