#include "MemoryAccess.h"

#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>
#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

namespace {

// A run of elements seen as PTX registers: 32-bit words when the run has
// at least 32 bits, else one register of the run's width.
struct Packing {
  unsigned wordBits;
  unsigned words;
};

Packing packingFor(llvm::Type *elemType, unsigned width) {
  unsigned bits = elemType->getPrimitiveSizeInBits() * width;
  if (bits >= 32)
    return {32, bits / 32};
  return {bits, 1};
}

const char *registerConstraint(unsigned bits) {
  switch (bits) {
  case 8:
  case 16: return "h";
  case 64: return "l";
  default: return "r";
  }
}

std::string ptxBits(unsigned bits) { return fmt::format("b{}", bits < 16 ? 16 : bits); }

// The run as words: bitcast <width x T> to <words x iN>.
std::vector<llvm::Value *> packRun(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &elems, size_t first,
                                   unsigned width, Packing p) {
  llvm::Type *elemType = elems[first]->getType();
  llvm::Value *vec = llvm::PoisonValue::get(llvm::FixedVectorType::get(elemType, width));
  for (unsigned i = 0; i < width; ++i)
    vec = b.CreateInsertElement(vec, elems[first + i], uint64_t(i));
  llvm::Type *wordType = b.getIntNTy(p.wordBits < 16 ? 16 : p.wordBits);
  llvm::Value *words = b.CreateBitCast(vec, llvm::FixedVectorType::get(b.getIntNTy(p.wordBits), p.words));
  std::vector<llvm::Value *> out;
  for (unsigned i = 0; i < p.words; ++i) {
    llvm::Value *w = b.CreateExtractElement(words, uint64_t(i));
    out.push_back(p.wordBits < 16 ? b.CreateZExt(w, wordType) : w);
  }
  return out;
}

std::vector<llvm::Value *> unpackRun(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &words,
                                     llvm::Type *elemType, unsigned width, Packing p) {
  llvm::Value *vec = llvm::PoisonValue::get(llvm::FixedVectorType::get(b.getIntNTy(p.wordBits), p.words));
  for (unsigned i = 0; i < p.words; ++i) {
    llvm::Value *w = words[i];
    if (p.wordBits < 16)
      w = b.CreateTrunc(w, b.getIntNTy(p.wordBits));
    vec = b.CreateInsertElement(vec, w, uint64_t(i));
  }
  llvm::Value *elems = b.CreateBitCast(vec, llvm::FixedVectorType::get(elemType, width));
  std::vector<llvm::Value *> out;
  for (unsigned i = 0; i < width; ++i)
    out.push_back(b.CreateExtractElement(elems, uint64_t(i)));
  return out;
}

// An eviction priority applies to L1 by the qualifier and to L2 by a
// cache policy operand (`createpolicy`, sm_80 and later), as in Triton's
// PTX: a row read twice (softmax backward's two passes) stays in L2
// between them.
bool takesL2Policy(const AccessInfo &info) { return !info.isVolatile && info.cache.empty() && !info.eviction.empty(); }

// The 64-bit L2 policy for `info`'s eviction priority over all of memory;
// free of side effects, so LLVM shares one among the accesses.
llvm::Value *l2Policy(llvm::IRBuilder<> &b, const AccessInfo &info) {
  auto *fnType = llvm::FunctionType::get(b.getInt64Ty(), {}, false);
  std::string text = fmt::format("createpolicy.fractional.L2::{}.b64 $0, 1.0;", info.eviction);
  return b.CreateCall(llvm::InlineAsm::get(fnType, text, "=l", /*hasSideEffects=*/false), {});
}

// An access's eviction qualifiers: L1's, and L2's cache-hint where the
// access takes a policy operand.
std::string evictionQualifiers(const AccessInfo &info) {
  if (info.eviction.empty())
    return "";
  return ".L1::" + info.eviction + (takesL2Policy(info) ? ".L2::cache_hint" : "");
}

// The policy operand of an inline asm whose `outputs` results come before
// `args`: appended to the operands when the access takes one, and its
// text (", $N") for the instruction; "" otherwise.
std::string appendL2Policy(llvm::IRBuilder<> &b, const AccessInfo &info, unsigned outputs, std::string &constraints,
                           std::vector<llvm::Type *> &argTypes, std::vector<llvm::Value *> &args) {
  if (!takesL2Policy(info))
    return "";
  std::string operand = fmt::format(", ${}", outputs + args.size());
  constraints += ",l";
  argTypes.push_back(b.getInt64Ty());
  args.push_back(l2Policy(b, info));
  return operand;
}

// PTX takes a cache operator or an eviction priority, not both, and a
// volatile load neither: the stronger request wins.
std::string loadOpcode(const AccessInfo &info) {
  if (info.isVolatile)
    return "ld.volatile.global";
  if (!info.cache.empty())
    return "ld.global" + info.cache;
  return "ld.global" + evictionQualifiers(info);
}

std::string storeOpcode(const AccessInfo &info) {
  if (!info.cache.empty())
    return "st.global" + info.cache;
  return "st.global" + evictionQualifiers(info);
}

// `@pred ld.global... {outs}, [ptr];` with the outputs preset to `other`.
std::vector<llvm::Value *> predicatedLoad(llvm::IRBuilder<> &b, llvm::Value *pointer, llvm::Value *predicate,
                                          const std::vector<llvm::Value *> &otherWords, Packing p,
                                          const AccessInfo &info) {
  unsigned regBits = p.wordBits < 16 ? 16 : p.wordBits;
  // A byte comes back as an i8 (`c`: a 16-bit register LLVM knows holds
  // 8 bits), not as an i16 LLVM truncates: from the i16, LLVM sign-extends
  // a negated byte as shl/neg/shr.s16, which ptxas turns into a negation
  // of the sign-extended byte, wrong for -128 (Triton's loads use `c` too).
  bool byte = p.wordBits == 8;
  const char *constraint = byte ? "c" : registerConstraint(regBits);
  std::string outs, constraints, movs;
  for (unsigned i = 0; i < p.words; ++i) {
    outs += fmt::format("{}${}", i ? ", " : "", i);
    constraints += fmt::format("={},", constraint);
  }
  constraints += "b,l";
  unsigned firstOther = p.words + 2;
  for (unsigned i = 0; i < p.words; ++i) {
    movs += fmt::format("mov.{} ${}, ${};\n\t", ptxBits(regBits), i, firstOther + i);
    constraints += fmt::format(",{}", constraint);
  }
  llvm::Type *regType = b.getIntNTy(byte ? 8 : regBits);
  std::vector<llvm::Type *> resultTypes(p.words, regType);
  llvm::Type *retType = p.words == 1 ? regType : llvm::StructType::get(b.getContext(), resultTypes);
  std::vector<llvm::Type *> argTypes{b.getInt1Ty(), pointer->getType()};
  std::vector<llvm::Value *> args{predicate, pointer};
  for (llvm::Value *w : otherWords) {
    argTypes.push_back(regType);
    args.push_back(b.CreateTrunc(w, regType));
  }
  std::string policyOperand = appendL2Policy(b, info, p.words, constraints, argTypes, args);
  std::string vec = p.words > 1 ? fmt::format(".v{}", p.words) : "";
  std::string loadBits = p.wordBits < 16 ? fmt::format("b{}", p.wordBits) : ptxBits(p.wordBits);
  std::string outList = p.words > 1 ? "{ " + outs + " }" : outs;
  std::string asmText = fmt::format("{}@${} {}{}.{} {}, [ ${} + 0 ]{};", movs, p.words, loadOpcode(info), vec, loadBits,
                                    outList, p.words + 1, policyOperand);
  if (p.wordBits == 8) // an 8-bit load writes a 16-bit register
    asmText = fmt::format("{}@${} {}.u8 {}, [ ${} + 0 ]{};", movs, p.words, loadOpcode(info), outList, p.words + 1,
                          policyOperand);
  auto *fnType = llvm::FunctionType::get(retType, argTypes, false);
  llvm::Value *call = b.CreateCall(llvm::InlineAsm::get(fnType, asmText, constraints, /*hasSideEffects=*/true), args);
  std::vector<llvm::Value *> words;
  for (unsigned i = 0; i < p.words; ++i)
    words.push_back(p.words == 1 ? call : b.CreateExtractValue(call, i));
  return words;
}

// A run of 32-bit elements whose mask may change inside it, in one asm:
// the whole run in one load where `whole`, else element by element where
// each one's mask holds, every load writing the same outputs (preset to
// `other`). Merging two loads' results with selects instead made the
// selects wait for both loads where they stood, before any later barrier
// (Liger's fused_add_rms_norm: W's latency then no longer hid behind the
// row's reduction).
std::vector<llvm::Value *> loadRunOrElements(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &pointers,
                                             const std::vector<llvm::Value *> &mask, size_t first, unsigned width,
                                             llvm::Value *whole, const std::vector<llvm::Value *> &otherWords,
                                             const AccessInfo &info) {
  llvm::Type *word = b.getInt32Ty();
  std::string outs, constraints, movs;
  std::vector<llvm::Type *> argTypes;
  std::vector<llvm::Value *> args;
  auto operand = [&](llvm::Value *v, const char *constraint) {
    constraints += fmt::format(",{}", constraint);
    argTypes.push_back(v->getType());
    args.push_back(v);
    return fmt::format("${}", width + args.size() - 1);
  };
  for (unsigned i = 0; i < width; ++i) {
    outs += fmt::format("{}${}", i ? ", " : "", i);
    constraints += fmt::format("{}=r", i ? "," : "");
  }
  for (unsigned i = 0; i < width; ++i)
    movs += fmt::format("mov.b32 ${}, {};\n\t", i, operand(otherWords[i], "r"));
  // Operands are numbered in the order they are added: each is added in a
  // statement of its own, so the numbering does not depend on the order in
  // which a compiler evaluates function arguments.
  std::string wholePredicate = operand(whole, "b");
  std::string runPointer = operand(pointers[first], "l");
  std::string text = movs + fmt::format("@{} {}.v{}.b32 {{ {} }}, [ {} + 0 ]", wholePredicate, loadOpcode(info), width,
                                        outs, runPointer);
  std::vector<std::string> elementLoads;
  llvm::Value *partial = b.CreateNot(whole);
  for (unsigned i = 0; i < width; ++i) {
    std::string predicate = operand(b.CreateAnd(partial, mask[first + i]), "b");
    std::string pointer = operand(pointers[first + i], "l");
    elementLoads.push_back(fmt::format("@{} {}.b32 ${}, [ {} + 0 ]", predicate, loadOpcode(info), i, pointer));
  }
  std::string policy = appendL2Policy(b, info, width, constraints, argTypes, args);
  text += policy + ";";
  for (const std::string &load : elementLoads)
    text += "\n\t" + load + policy + ";";
  std::vector<llvm::Type *> resultTypes(width, word);
  auto *fnType = llvm::FunctionType::get(llvm::StructType::get(b.getContext(), resultTypes), argTypes, false);
  llvm::Value *call = b.CreateCall(llvm::InlineAsm::get(fnType, text, constraints, /*hasSideEffects=*/true), args);
  std::vector<llvm::Value *> words;
  for (unsigned i = 0; i < width; ++i)
    words.push_back(b.CreateExtractValue(call, i));
  return words;
}

void predicatedStore(llvm::IRBuilder<> &b, llvm::Value *pointer, llvm::Value *predicate,
                     const std::vector<llvm::Value *> &words, Packing p, const AccessInfo &info) {
  unsigned regBits = p.wordBits < 16 ? 16 : p.wordBits;
  std::string ins, constraints = "b,l";
  for (unsigned i = 0; i < p.words; ++i) {
    ins += fmt::format("{}${}", i ? ", " : "", i + 2);
    constraints += fmt::format(",{}", registerConstraint(regBits));
  }
  std::vector<llvm::Type *> argTypes{b.getInt1Ty(), pointer->getType()};
  std::vector<llvm::Value *> args{predicate, pointer};
  for (llvm::Value *w : words) {
    argTypes.push_back(w->getType());
    args.push_back(w);
  }
  std::string policyOperand = appendL2Policy(b, info, 0, constraints, argTypes, args);
  std::string vec = p.words > 1 ? fmt::format(".v{}", p.words) : "";
  std::string bits = p.wordBits == 8 ? "u8" : ptxBits(p.wordBits);
  std::string inList = p.words > 1 ? "{ " + ins + " }" : ins;
  std::string asmText =
      fmt::format("@$0 {}{}.{} [ $1 + 0 ], {}{};", storeOpcode(info), vec, bits, inList, policyOperand);
  auto *fnType = llvm::FunctionType::get(b.getVoidTy(), argTypes, false);
  b.CreateCall(llvm::InlineAsm::get(fnType, asmText, constraints, /*hasSideEffects=*/true), args);
}

// Whether the run's mask is all true; a mask known constant over the run
// needs only its first element.
llvm::Value *allOf(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &mask, size_t first, unsigned width,
                   unsigned constancy) {
  if (constancy >= width)
    return mask[first];
  llvm::Value *all = mask[first];
  for (unsigned i = 1; i < width; ++i)
    all = b.CreateAnd(all, mask[first + i]);
  return all;
}

} // namespace

std::vector<llvm::Value *> emitLoad(llvm::IRBuilder<> &b, llvm::Type *memoryType,
                                    const std::vector<llvm::Value *> &pointers, const std::vector<llvm::Value *> &mask,
                                    const std::vector<llvm::Value *> &other, const AccessInfo &info) {
  TRITONC_CHECK(pointers.size() % info.width == 0, "access width divides the thread's elements");
  std::vector<llvm::Value *> result;
  llvm::Align align(memoryType->getPrimitiveSizeInBits() / 8 * info.width);
  for (size_t first = 0; first < pointers.size(); first += info.width) {
    unsigned width = info.width;
    if (mask.empty() && info.cache.empty() && info.eviction.empty() && !info.isVolatile) {
      // Plain loads stay visible to LLVM's optimiser.
      llvm::Type *vecType = llvm::FixedVectorType::get(memoryType, width);
      llvm::Value *v = b.CreateAlignedLoad(width == 1 ? memoryType : vecType, pointers[first], align);
      for (unsigned i = 0; i < width; ++i)
        result.push_back(width == 1 ? v : b.CreateExtractElement(v, uint64_t(i)));
      continue;
    }
    std::vector<llvm::Value *> otherRun;
    for (unsigned i = 0; i < width; ++i)
      otherRun.push_back(other.empty() ? llvm::Constant::getNullValue(memoryType) : other[first + i]);
    Packing p = packingFor(memoryType, width);
    std::vector<llvm::Value *> otherWords = packRun(b, otherRun, 0, width, p);
    llvm::Value *whole = mask.empty() ? b.getTrue() : allOf(b, mask, first, width, info.maskConstancy);
    bool varyingMask = !mask.empty() && info.maskConstancy < width;
    // A varying mask means a run of two or more (constancy is at least 1);
    // 32-bit elements fill one word each.
    if (varyingMask && memoryType->getPrimitiveSizeInBits() == 32) {
      std::vector<llvm::Value *> run = unpackRun(
          b, loadRunOrElements(b, pointers, mask, first, width, whole, otherWords, info), memoryType, width, p);
      result.insert(result.end(), run.begin(), run.end());
      continue;
    }
    std::vector<llvm::Value *> run =
        unpackRun(b, predicatedLoad(b, pointers[first], whole, otherWords, p, info), memoryType, width, p);
    if (varyingMask) {
      // The mask may change inside the run: when it is not all true, load
      // element by element.
      Packing one = packingFor(memoryType, 1);
      llvm::Value *partial = b.CreateNot(whole);
      for (unsigned i = 0; i < width; ++i) {
        std::vector<llvm::Value *> otherWord = packRun(b, otherRun, i, 1, one);
        llvm::Value *pred = b.CreateAnd(partial, mask[first + i]);
        llvm::Value *single =
            unpackRun(b, predicatedLoad(b, pointers[first + i], pred, otherWord, one, info), memoryType, 1, one)[0];
        run[i] = b.CreateSelect(whole, run[i], single);
      }
    }
    result.insert(result.end(), run.begin(), run.end());
  }
  return result;
}

void emitStore(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &pointers,
               const std::vector<llvm::Value *> &values, const std::vector<llvm::Value *> &mask,
               const AccessInfo &info) {
  TRITONC_CHECK(pointers.size() % info.width == 0, "access width divides the thread's elements");
  llvm::Type *memoryType = values[0]->getType();
  llvm::Align align(memoryType->getPrimitiveSizeInBits() / 8 * info.width);
  for (size_t first = 0; first < pointers.size(); first += info.width) {
    unsigned width = info.width;
    if (mask.empty() && info.cache.empty() && info.eviction.empty()) {
      llvm::Value *v = values[first];
      if (width > 1) {
        v = llvm::PoisonValue::get(llvm::FixedVectorType::get(memoryType, width));
        for (unsigned i = 0; i < width; ++i)
          v = b.CreateInsertElement(v, values[first + i], uint64_t(i));
      }
      b.CreateAlignedStore(v, pointers[first], align);
      continue;
    }
    Packing p = packingFor(memoryType, width);
    llvm::Value *whole = mask.empty() ? b.getTrue() : allOf(b, mask, first, width, info.maskConstancy);
    predicatedStore(b, pointers[first], whole, packRun(b, values, first, width, p), p, info);
    if (!mask.empty() && info.maskConstancy < width) {
      Packing one = packingFor(memoryType, 1);
      llvm::Value *partial = b.CreateNot(whole);
      for (unsigned i = 0; i < width; ++i)
        predicatedStore(b, pointers[first + i], b.CreateAnd(partial, mask[first + i]),
                        packRun(b, values, first + i, 1, one), one, info);
    }
  }
}

} // namespace tritonc::codegen
