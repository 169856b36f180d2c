// Atomics (`tl.atomic_add`, ..., `tl.atomic_cas`) as Triton emits them:
// `atom.global.<scope>.<sem>` (by default `gpu` and `acq_rel`) on each
// element the thread owns, predicated by the mask. An element several
// threads hold (a scalar, or a layout wider than the tensor) is updated
// once, by its first owner, and the old value it read reaches the other
// holders through shared memory, when anything reads it. Float adds take
// a run of contiguous elements at once where the addresses allow:
// `atom.add.v8.bf16`/`.v4.f32` on sm_90 and later, `add.f16x2` before;
// a relaxed or release atomic whose old value nobody reads is a `red`.
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

constexpr const char *kVectorAtomicsFlag = "tritonc.vector-atomics";

// One atomic instruction as inline asm: `vector` elements in brace lists
// (one when 1), each a `registerType` (a packed pair is one i32), after a
// predicate and an address; an `atom` returns the old values (zero where
// the predicate is off), a `red` nothing.
struct AtomicForm {
  std::string opName; // `add`, `exch`, ...
  std::string type;   // `noftz.v8.bf16`, `f32`, `s32`, ...
  llvm::Type *registerType;
  unsigned vector = 1;
  size_t operandCount = 1; // 2 for cas
  bool red = false;
};

llvm::InlineAsm *atomicAsm(const AtomicForm &f, const std::string &ordering, llvm::Type *pointerType) {
  unsigned outputs = f.red ? 0 : f.vector;
  std::string init, results, constraints;
  for (unsigned j = 0; j < outputs; ++j) {
    init += fmt::format("mov.b{} ${}, 0;\n\t", f.registerType->getPrimitiveSizeInBits(), j);
    results += fmt::format("{}${}", j ? ", " : "", j);
    constraints += fmt::format("{}={}", j ? "," : "", constraintFor(f.registerType));
  }
  constraints += fmt::format("{}b,l", outputs ? "," : "");
  std::string operandText;
  unsigned next = outputs + 2;
  for (size_t v = 0; v < f.operandCount; ++v) {
    std::string list;
    for (unsigned j = 0; j < f.vector; ++j, ++next) {
      list += fmt::format("{}${}", j ? ", " : "", next);
      constraints += fmt::format(",{}", constraintFor(f.registerType));
    }
    operandText += f.vector > 1 ? ", {" + list + "}" : ", " + list;
  }
  std::string target = fmt::format("[ ${} + 0 ]", outputs + 1);
  std::string text =
      f.red ? fmt::format("@${} red.global.{}.{}.{} {}{};", outputs, ordering, f.opName, f.type, target, operandText)
            : fmt::format("{}@${} atom.global.{}.{}.{} {}, {}{};", init, outputs, ordering, f.opName, f.type,
                          f.vector > 1 ? "{" + results + "}" : results, target, operandText);
  llvm::LLVMContext &context = f.registerType->getContext();
  std::vector<llvm::Type *> argTypes{llvm::Type::getInt1Ty(context), pointerType};
  argTypes.insert(argTypes.end(), f.operandCount * f.vector, f.registerType);
  llvm::Type *returnType = f.red ? llvm::Type::getVoidTy(context)
                           : f.vector > 1
                               ? llvm::StructType::get(context, std::vector<llvm::Type *>(f.vector, f.registerType))
                               : f.registerType;
  return llvm::InlineAsm::get(llvm::FunctionType::get(returnType, argTypes, false), text, constraints,
                              /*hasSideEffects=*/true);
}

} // namespace

bool usesVectorAtomics(const llvm::Module &m) { return m.getModuleFlag(kVectorAtomicsFlag) != nullptr; }

void FunctionEmitter::emitAtomic(const tir::Op &op) {
  bool cas = op.kind == tir::OpKind::AtomicCAS;
  std::string kind = cas ? "cas" : op.strAttr("kind");
  const tir::Value *pointerValue = op.operands[0];
  const Type &pointerType = pointerValue->type;
  ScalarKind k = op.result()->type.elem.kind;
  llvm::Type *elemType = elementType(op.result()->type.elem);
  const Elements &pointers = in(pointerValue);
  const tir::Value *mask = !cas && op.operands.size() > 2 ? op.operands[2] : nullptr;
  llvm::Value *owner = isFirstOwner(b_, pointerType, ctx_.threadId);
  auto attrOr = [&](tir::AttrKey name, const char *byDefault) {
    const tir::Attribute *a = op.attr(name);
    return a ? std::get<std::string>(*a) : std::string(byDefault);
  };
  std::string sem = attrOr("sem", "acq_rel");
  std::string ordering = attrOr("scope", "gpu") + "." + sem;

  Elements old;
  if (isFloat(k) && (kind == "max" || kind == "min")) {
    // As Triton: a value whose sign bit is clear takes the signed integer
    // max (min) of the bit patterns, one whose sign bit is set (-0.0 and
    // negative NaNs included) the unsigned min (max). Positive floats order
    // as their signed bits, negative ones in reverse of their unsigned bits.
    unsigned bits = bitWidth(k);
    llvm::Type *intType = b_.getIntNTy(bits);
    bool max = kind == "max";
    llvm::Type *pointer = pointers[0]->getType();
    llvm::InlineAsm *positive = atomicAsm({max ? "max" : "min", fmt::format("s{}", bits), intType}, ordering, pointer);
    llvm::InlineAsm *negative = atomicAsm({max ? "min" : "max", fmt::format("u{}", bits), intType}, ordering, pointer);
    for (size_t i = 0; i < pointers.size(); ++i) {
      llvm::Value *value = in(op.operands[1])[i];
      llvm::Value *valueBits = b_.CreateBitCast(value, intType);
      llvm::Value *predicate = mask ? b_.CreateAnd(owner, in(mask)[i]) : owner;
      llvm::Value *isPositive = b_.CreateICmpSGE(valueBits, llvm::ConstantInt::get(intType, 0));
      llvm::Value *positiveOld = b_.CreateCall(positive, {b_.CreateAnd(predicate, isPositive), pointers[i], valueBits});
      llvm::Value *negativeOld =
          b_.CreateCall(negative, {b_.CreateAnd(predicate, b_.CreateNot(isPositive)), pointers[i], valueBits});
      old.push_back(b_.CreateBitCast(b_.CreateSelect(isPositive, positiveOld, negativeOld), elemType));
    }
  } else {
    old = emitAtomicRuns(op, kind, owner, mask, sem, ordering);
  }
  if (!used_.count(op.result())) {
    values_[op.result()] = old;
    return;
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

Elements FunctionEmitter::emitAtomicRuns(const tir::Op &op, const std::string &kind, llvm::Value *owner,
                                         const tir::Value *mask, const std::string &sem, const std::string &ordering) {
  bool cas = op.kind == tir::OpKind::AtomicCAS;
  ScalarKind k = op.result()->type.elem.kind;
  llvm::Type *elemType = elementType(op.result()->type.elem);
  const Elements &pointers = in(op.operands[0]);
  size_t operandCount = cas ? 2 : 1;
  bool red = !used_.count(op.result()) && !cas && kind != "xchg" && (sem == "relaxed" || sem == "release");

  // Elements per instruction: `vector` values in a brace list, or `packed`
  // halves in one 32-bit register; runs are contiguous and aligned, and
  // the mask is the same over each.
  unsigned vector = 1, packed = 1;
  if (kind == "add" && isFloat(k) && bitWidth(k) <= 32 && op.operands[0]->type.isTensor()) {
    AccessInfo info = accessInfo(op, mask);
    unsigned run = mask ? std::min(info.width, info.maskConstancy) : info.width;
    while (run & (run - 1))
      run &= run - 1;
    if (hasVectorAtomics_)
      vector = std::min(run, bitWidth(k) == 16 ? 8u : 4u);
    else if (k == ScalarKind::F16)
      packed = std::min(run, 2u);
  }
  if (vector > 1 && !usesVectorAtomics(ctx_.module))
    ctx_.module.addModuleFlag(llvm::Module::Max, kVectorAtomicsFlag, 1);
  unsigned step = vector * packed;
  llvm::Type *registerType = packed > 1 ? b_.getInt32Ty() : elemType;
  // `add.noftz.v8.bf16`: the vector size goes between the modifiers and the type.
  std::string type = ptxType(k, kind) + (packed > 1 ? "x2" : "");
  if (vector > 1)
    type.insert(type.rfind('.') + 1, fmt::format("v{}.", vector));
  llvm::InlineAsm *asmCall =
      atomicAsm({ptxOp(kind), type, registerType, vector, operandCount, red}, ordering, pointers[0]->getType());
  auto *halves = llvm::FixedVectorType::get(elemType, 2);

  Elements old;
  for (size_t i = 0; i < pointers.size(); i += step) {
    llvm::Value *predicate = mask ? b_.CreateAnd(owner, in(mask)[i]) : owner;
    std::vector<llvm::Value *> args{predicate, pointers[i]};
    for (size_t v = 0; v < operandCount; ++v) {
      const Elements &values = in(op.operands[1 + v]);
      if (packed > 1) {
        llvm::Value *pair = b_.CreateInsertElement(llvm::PoisonValue::get(halves), values[i], uint64_t(0));
        args.push_back(b_.CreateBitCast(b_.CreateInsertElement(pair, values[i + 1], uint64_t(1)), registerType));
      } else {
        args.insert(args.end(), values.begin() + i, values.begin() + i + vector);
      }
    }
    llvm::Value *result = b_.CreateCall(asmCall, args);
    if (red) {
      old.insert(old.end(), step, llvm::PoisonValue::get(elemType));
    } else if (packed > 1) {
      llvm::Value *pair = b_.CreateBitCast(result, halves);
      old.push_back(b_.CreateExtractElement(pair, uint64_t(0)));
      old.push_back(b_.CreateExtractElement(pair, uint64_t(1)));
    } else if (vector > 1) {
      for (unsigned j = 0; j < vector; ++j)
        old.push_back(b_.CreateExtractValue(result, j));
    } else {
      old.push_back(result);
    }
  }
  return old;
}

} // namespace tritonc::codegen
