// `tl.inline_asm_elementwise`: the user's PTX once per `pack` elements of a
// thread, as Triton runs it. Elements narrower than 32 bits travel packed:
// up to 32 / width of them per register, lowest element in the lowest
// bits. Each register's LLVM type follows its constraint letter (`r`
// 32-bit, `h` 16-bit, `l` 64-bit integers, `f` and `d` floats), so the
// asm sees exactly the registers it asked for.
#include "FunctionEmitter.h"

#include "tritonc/ir/InlineAsmRegisters.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

namespace {

// The letter of each comma-separated constraint, outputs first.
std::vector<char> constraintLetters(const std::string &constraints) {
  std::vector<char> letters;
  size_t start = 0;
  while (start <= constraints.size()) {
    size_t comma = constraints.find(',', start);
    std::string one = constraints.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    size_t letter = one.find_first_not_of("=&+ ");
    letters.push_back(letter == std::string::npos ? 'r' : one[letter]);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  return letters;
}

llvm::Type *registerType(llvm::LLVMContext &c, char letter) {
  switch (letter) {
  case 'h': return llvm::Type::getInt16Ty(c);
  case 'l': return llvm::Type::getInt64Ty(c);
  case 'f': return llvm::Type::getFloatTy(c);
  case 'd': return llvm::Type::getDoubleTy(c);
  default: return llvm::Type::getInt32Ty(c);
  }
}

// `v`'s bits in a register of type `t`: widened, narrowed or
// reinterpreted as needed.
llvm::Value *toRegister(llvm::IRBuilder<> &b, llvm::Value *v, llvm::Type *t) {
  unsigned have = v->getType()->getPrimitiveSizeInBits(), want = t->getPrimitiveSizeInBits();
  llvm::Value *asInt = b.CreateBitCast(v, b.getIntNTy(have));
  if (have != want)
    asInt = b.CreateZExtOrTrunc(asInt, b.getIntNTy(want));
  return b.CreateBitCast(asInt, t);
}

} // namespace

void FunctionEmitter::emitInlineAsm(const tir::Op &op) {
  const tir::Value *result = op.result();
  llvm::LLVMContext &context = b_.getContext();
  unsigned pack = unsigned(op.intAttr("pack"));
  std::vector<char> letters = constraintLetters(op.strAttr("constraints"));
  // The asm's outputs: this op's result alone, or, for one result of
  // several, all of them ({output_bits}), of which this op keeps {output}.
  std::vector<unsigned> outputBits{bitWidth(result->type.elem.kind)};
  unsigned output = 0;
  if (op.attr("output_bits")) {
    outputBits.clear();
    std::string bits = op.strAttr("output_bits");
    for (size_t start = 0; start <= bits.size();) {
      size_t comma = std::min(bits.find(',', start), bits.size());
      outputBits.push_back(unsigned(std::stoul(bits.substr(start, comma - start))));
      start = comma + 1;
    }
    output = unsigned(op.intAttr("output"));
  }
  unsigned resultRegs = 0, firstResultReg = 0;
  for (unsigned k = 0; k < outputBits.size(); ++k) {
    if (k == output)
      firstResultReg = resultRegs;
    resultRegs += pack / asmElementsPerRegister(outputBits[k], pack);
  }
  unsigned resultPer = asmElementsPerRegister(outputBits[output], pack), ownRegs = pack / resultPer;
  std::vector<unsigned> operandPer, operandRegs;
  for (const tir::Value *v : op.operands) {
    operandPer.push_back(asmElementsPerRegister(bitWidth(v->type.elem.kind), pack));
    operandRegs.push_back(pack / operandPer.back());
  }
  size_t registers = resultRegs;
  for (unsigned n : operandRegs)
    registers += n;
  TRITONC_CHECK(letters.size() == registers, "sema counts the inline asm constraints against the registers");

  // The asm's LLVM signature: outputs as a struct when there are several.
  std::vector<llvm::Type *> outTypes, inTypes;
  for (unsigned i = 0; i < resultRegs; ++i)
    outTypes.push_back(registerType(context, letters[i]));
  for (size_t i = resultRegs; i < registers; ++i)
    inTypes.push_back(registerType(context, letters[i]));
  llvm::Type *returnType = outTypes.size() == 1 ? outTypes[0] : llvm::StructType::get(context, outTypes);
  auto *asmType = llvm::FunctionType::get(returnType, inTypes, false);
  auto *asmCall = llvm::InlineAsm::get(asmType, op.strAttr("asm"), op.strAttr("constraints"),
                                       /*hasSideEffects=*/op.attr("side_effects") != nullptr);

  llvm::Type *resultElem = elementType(result->type.elem);
  size_t count = elementsPerThread(result->type);
  Elements out;
  for (size_t first = 0; first < count; first += pack) {
    std::vector<llvm::Value *> args;
    size_t letter = resultRegs;
    for (size_t o = 0; o < op.operands.size(); ++o) {
      const Elements &elems = in(op.operands[o]);
      llvm::Type *elem = elems[0]->getType();
      for (unsigned r = 0; r < operandRegs[o]; ++r) {
        llvm::Value *packed;
        if (operandPer[o] == 1) {
          size_t i = first + r;
          packed = i < elems.size() ? elems[i] : llvm::Constant::getNullValue(elem);
        } else {
          packed = llvm::PoisonValue::get(llvm::FixedVectorType::get(elem, operandPer[o]));
          for (unsigned k = 0; k < operandPer[o]; ++k) {
            size_t i = first + r * operandPer[o] + k;
            packed =
                b_.CreateInsertElement(packed, i < elems.size() ? elems[i] : llvm::Constant::getNullValue(elem), k);
          }
        }
        args.push_back(toRegister(b_, packed, inTypes[letter++ - resultRegs]));
      }
    }
    llvm::Value *call = b_.CreateCall(asmCall, args);
    for (unsigned r = firstResultReg; r < firstResultReg + ownRegs; ++r) {
      llvm::Value *reg = outTypes.size() == 1 ? call : b_.CreateExtractValue(call, r);
      unsigned bits = resultElem->getPrimitiveSizeInBits() * resultPer;
      llvm::Value *asInt = b_.CreateBitCast(reg, b_.getIntNTy(reg->getType()->getPrimitiveSizeInBits()));
      asInt = b_.CreateZExtOrTrunc(asInt, b_.getIntNTy(bits));
      if (resultPer == 1) {
        out.push_back(b_.CreateBitCast(asInt, resultElem));
        continue;
      }
      llvm::Value *lanes = b_.CreateBitCast(asInt, llvm::FixedVectorType::get(resultElem, resultPer));
      for (unsigned k = 0; k < resultPer; ++k)
        out.push_back(b_.CreateExtractElement(lanes, k));
    }
  }
  out.resize(count);
  values_[result] = out;
}

} // namespace tritonc::codegen
