#include "LLVMEmitter.h"

#include "MemoryAccess.h"
#include "ThreadLayout.h"
#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include <unordered_map>

namespace tritonc::codegen {

namespace {

using tir::OpKind;
using Elements = std::vector<llvm::Value *>;

class FunctionEmitter {
public:
  FunctionEmitter(const tir::Function &function, unsigned numWarps, llvm::Module &module)
      : function_(function), numWarps_(numWarps), module_(module), ctx_(module.getContext()), b_(ctx_),
        axis_(function) {}

  void run() {
    std::vector<llvm::Type *> paramTypes;
    for (const auto &arg : function_.body.args)
      paramTypes.push_back(parameterType(arg->type.elem));
    auto *fnType = llvm::FunctionType::get(b_.getVoidTy(), paramTypes, false);
    fn_ = llvm::Function::Create(fnType, llvm::Function::ExternalLinkage, function_.name, module_);
    fn_->setCallingConv(llvm::CallingConv::PTX_Kernel);
    fn_->addFnAttr("nvvm.maxntid", std::to_string(32 * numWarps_));
    entry_ = llvm::BasicBlock::Create(ctx_, "entry", fn_);
    b_.SetInsertPoint(entry_);

    threadId_ = b_.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x, {});
    for (size_t i = 0; i < function_.body.args.size(); ++i) {
      const tir::Value *arg = function_.body.args[i].get();
      llvm::Value *v = fn_->getArg(unsigned(i));
      v->setName(arg->nameHint);
      if (arg->type.elem.kind == ScalarKind::I1) // i1 travels as a byte (PTX ABI)
        v = b_.CreateICmpNE(v, b_.getInt8(0));
      values_[arg] = {v};
    }
    for (const auto &op : function_.body.ops)
      emit(*op);
  }

private:
  llvm::Type *scalarType(ScalarKind k) {
    switch (k) {
    case ScalarKind::I1: return b_.getInt1Ty();
    case ScalarKind::I8: case ScalarKind::U8: case ScalarKind::F8E4NV: case ScalarKind::F8E5: return b_.getInt8Ty();
    case ScalarKind::I16: case ScalarKind::U16: return b_.getInt16Ty();
    case ScalarKind::I32: case ScalarKind::U32: return b_.getInt32Ty();
    case ScalarKind::I64: case ScalarKind::U64: return b_.getInt64Ty();
    case ScalarKind::F16: return b_.getHalfTy();
    case ScalarKind::BF16: return b_.getBFloatTy();
    case ScalarKind::F32: return b_.getFloatTy();
    case ScalarKind::F64: return b_.getDoubleTy();
    case ScalarKind::Ptr: return llvm::PointerType::get(ctx_, 1);
    }
    return nullptr;
  }
  llvm::Type *elementType(const ElemType &e) { return scalarType(e.kind); }
  llvm::Type *parameterType(const ElemType &e) {
    return e.kind == ScalarKind::I1 ? b_.getInt8Ty() : elementType(e);
  }
  // How an element sits in memory: bools as bytes.
  llvm::Type *memoryType(ScalarKind k) { return k == ScalarKind::I1 ? b_.getInt8Ty() : scalarType(k); }

  const Elements &in(const tir::Value *v) {
    auto it = values_.find(v);
    TRITONC_CHECK(it != values_.end(), "codegen read a value it has not emitted");
    return it->second;
  }

  // The thread's element coordinates along the fastest dim, cached per type.
  // Computed once in the entry block, which dominates every use.
  const std::vector<std::vector<llvm::Value *>> &coordinates(const Type &t) {
    std::string key = t.str();
    auto it = coordinates_.find(key);
    if (it == coordinates_.end()) {
      llvm::IRBuilder<> entry(ctx_);
      if (llvm::Instruction *terminator = entry_->getTerminator())
        entry.SetInsertPoint(terminator);
      else
        entry.SetInsertPoint(entry_);
      it = coordinates_.emplace(key, elementCoordinates(entry, t, threadId_)).first;
    }
    return it->second;
  }

  llvm::Value *constantValue(const tir::Op &op, llvm::Type *type) {
    const tir::Attribute *a = op.attr("value");
    if (const double *d = std::get_if<double>(a))
      return llvm::ConstantFP::get(type, *d);
    int64_t i = std::get<int64_t>(*a);
    if (type->isFloatingPointTy())
      return llvm::ConstantFP::get(type, double(i));
    return llvm::ConstantInt::get(type, uint64_t(i), /*isSigned=*/true);
  }

  template <typename Fn> Elements map(const tir::Op &op, Fn fn) {
    Elements out;
    size_t n = in(op.operands[0]).size();
    for (size_t i = 0; i < n; ++i)
      out.push_back(fn(i));
    return out;
  }

  AccessInfo accessInfo(const tir::Op &op, const tir::Value *mask) {
    AccessInfo info;
    const Type &pointer = op.operands[0]->type;
    if (pointer.isTensor()) {
      const BlockedLayout &l = pointer.layout->blocked;
      unsigned fastest = l.order[0];
      unsigned group = unsigned(std::min<int64_t>(l.sizePerThread[fastest], pointer.shape[fastest]));
      info.width = std::min(group, axis_.vectorWidth(op.operands[0]));
      // Runs of the fastest dim only line up with memory when it is the only
      // dim the thread's elements vary in within a group.
      if (mask)
        info.maskConstancy = unsigned(std::min<int64_t>(axis_.get(mask).constancy[fastest], info.width));
    }
    if (const tir::Attribute *c = op.attr("cache"))
      info.cache = "." + std::get<std::string>(*c);
    if (const tir::Attribute *e = op.attr("eviction"))
      info.eviction = std::get<std::string>(*e);
    return info;
  }

  void emit(const tir::Op &op) {
    const tir::Value *result = op.results.empty() ? nullptr : op.result();
    auto bin = [&](auto create) {
      values_[result] = map(op, [&](size_t i) { return create(in(op.operands[0])[i], in(op.operands[1])[i]); });
    };
    auto cast = [&](llvm::Instruction::CastOps c) {
      llvm::Type *t = elementType(result->type.elem);
      values_[result] = map(op, [&](size_t i) { return b_.CreateCast(c, in(op.operands[0])[i], t); });
    };
    switch (op.kind) {
    case OpKind::Constant: {
      llvm::Value *c = constantValue(op, elementType(result->type.elem));
      values_[result] = Elements(elementsPerThread(result->type), c);
      return;
    }
    case OpKind::ProgramId:
    case OpKind::NumPrograms: {
      static const llvm::Intrinsic::ID ids[2][3] = {
          {llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x, llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y,
           llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z},
          {llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x, llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_y,
           llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_z}};
      values_[result] = {b_.CreateIntrinsic(ids[op.kind == OpKind::NumPrograms][op.intAttr("axis")], {})};
      return;
    }
    case OpKind::MakeRange: {
      Elements out;
      int64_t start = op.intAttr("start");
      for (const auto &c : coordinates(result->type))
        out.push_back(b_.CreateAdd(c[0], b_.getInt32(uint32_t(start))));
      values_[result] = out;
      return;
    }
    case OpKind::Splat:
      values_[result] = Elements(elementsPerThread(result->type), in(op.operands[0])[0]);
      return;
    case OpKind::AddI: return bin([&](auto *x, auto *y) { return b_.CreateAdd(x, y); });
    case OpKind::SubI: return bin([&](auto *x, auto *y) { return b_.CreateSub(x, y); });
    case OpKind::MulI: return bin([&](auto *x, auto *y) { return b_.CreateMul(x, y); });
    case OpKind::DivSI: return bin([&](auto *x, auto *y) { return b_.CreateSDiv(x, y); });
    case OpKind::DivUI: return bin([&](auto *x, auto *y) { return b_.CreateUDiv(x, y); });
    case OpKind::RemSI: return bin([&](auto *x, auto *y) { return b_.CreateSRem(x, y); });
    case OpKind::RemUI: return bin([&](auto *x, auto *y) { return b_.CreateURem(x, y); });
    case OpKind::AndI: return bin([&](auto *x, auto *y) { return b_.CreateAnd(x, y); });
    case OpKind::OrI: return bin([&](auto *x, auto *y) { return b_.CreateOr(x, y); });
    case OpKind::XorI: return bin([&](auto *x, auto *y) { return b_.CreateXor(x, y); });
    case OpKind::ShlI: return bin([&](auto *x, auto *y) { return b_.CreateShl(x, y); });
    case OpKind::ShrSI: return bin([&](auto *x, auto *y) { return b_.CreateAShr(x, y); });
    case OpKind::ShrUI: return bin([&](auto *x, auto *y) { return b_.CreateLShr(x, y); });
    case OpKind::AddF: return bin([&](auto *x, auto *y) { return b_.CreateFAdd(x, y); });
    case OpKind::SubF: return bin([&](auto *x, auto *y) { return b_.CreateFSub(x, y); });
    case OpKind::MulF: return bin([&](auto *x, auto *y) { return b_.CreateFMul(x, y); });
    case OpKind::DivF: return bin([&](auto *x, auto *y) { return b_.CreateFDiv(x, y); });
    case OpKind::NegF:
      values_[result] = map(op, [&](size_t i) { return b_.CreateFNeg(in(op.operands[0])[i]); });
      return;
    case OpKind::CmpI:
    case OpKind::CmpF: {
      llvm::CmpInst::Predicate p = predicate(op.strAttr("predicate"));
      return bin([&](auto *x, auto *y) { return b_.CreateCmp(p, x, y); });
    }
    case OpKind::Select:
      values_[result] = map(op, [&](size_t i) {
        return b_.CreateSelect(in(op.operands[0])[i], in(op.operands[1])[i], in(op.operands[2])[i]);
      });
      return;
    case OpKind::ExtSI: return cast(llvm::Instruction::SExt);
    case OpKind::ExtUI: return cast(llvm::Instruction::ZExt);
    case OpKind::TruncI: return cast(llvm::Instruction::Trunc);
    case OpKind::SIToFP: return cast(llvm::Instruction::SIToFP);
    case OpKind::UIToFP: return cast(llvm::Instruction::UIToFP);
    case OpKind::FPToSI: return cast(llvm::Instruction::FPToSI);
    case OpKind::FPToUI: return cast(llvm::Instruction::FPToUI);
    case OpKind::ExtF: return cast(llvm::Instruction::FPExt);
    case OpKind::TruncF: return cast(llvm::Instruction::FPTrunc);
    case OpKind::AddPtr: {
      llvm::Type *pointee = memoryType(result->type.elem.pointee);
      bool unsignedOffset = !isSigned(op.operands[1]->type.elem.kind);
      values_[result] = map(op, [&](size_t i) {
        llvm::Value *offset = in(op.operands[1])[i];
        if (unsignedOffset && offset->getType()->getIntegerBitWidth() < 64)
          offset = b_.CreateZExt(offset, b_.getInt64Ty()); // GEP indices are signed
        return b_.CreateGEP(pointee, in(op.operands[0])[i], offset);
      });
      return;
    }
    case OpKind::Load: {
      ScalarKind k = result->type.elem.kind;
      const tir::Value *mask = op.operands.size() > 1 ? op.operands[1] : nullptr;
      Elements other = op.operands.size() > 2 ? in(op.operands[2]) : Elements{};
      if (k == ScalarKind::I1)
        for (llvm::Value *&o : other)
          o = b_.CreateZExt(o, b_.getInt8Ty());
      Elements loaded = emitLoad(b_, memoryType(k), in(op.operands[0]), mask ? in(mask) : Elements{}, other,
                                 accessInfo(op, mask));
      if (k == ScalarKind::I1)
        for (llvm::Value *&v : loaded)
          v = b_.CreateICmpNE(v, b_.getInt8(0));
      values_[result] = loaded;
      return;
    }
    case OpKind::Store: {
      const tir::Value *mask = op.operands.size() > 2 ? op.operands[2] : nullptr;
      Elements stored = in(op.operands[1]);
      if (op.operands[1]->type.elem.kind == ScalarKind::I1)
        for (llvm::Value *&v : stored)
          v = b_.CreateZExt(v, b_.getInt8Ty());
      emitStore(b_, in(op.operands[0]), stored, mask ? in(mask) : Elements{}, accessInfo(op, mask));
      return;
    }
    case OpKind::Return:
      b_.CreateRetVoid();
      return;
    case OpKind::For: return emitFor(op);
    case OpKind::If: return emitIf(op);
    case OpKind::While: return emitWhile(op);
    case OpKind::Yield:
    case OpKind::Condition:
      internalError("a region terminator outside its region");
    case OpKind::ConvertLayout:
      internalError("convert_layout has no lowering yet; layout assignment never creates one");
    }
  }

  // Emits a region's ops up to its terminator, which it returns.
  const tir::Op &emitRegion(const tir::Block &region) {
    for (const auto &op : region.ops) {
      if (op->kind == OpKind::Yield || op->kind == OpKind::Condition)
        return *op;
      emit(*op);
    }
    internalError("a region without a terminator");
  }

  // One phi per element of `initial`, entered from `from`.
  Elements phis(const Elements &initial, llvm::BasicBlock *from) {
    Elements out;
    for (llvm::Value *v : initial) {
      llvm::PHINode *phi = b_.CreatePHI(v->getType(), 2);
      phi->addIncoming(v, from);
      out.push_back(phi);
    }
    return out;
  }

  void addIncoming(const Elements &phiValues, const Elements &incoming, llvm::BasicBlock *from) {
    for (size_t i = 0; i < phiValues.size(); ++i)
      llvm::cast<llvm::PHINode>(phiValues[i])->addIncoming(incoming[i], from);
  }

  void emitFor(const tir::Op &op) {
    const tir::Block &body = *op.regions[0];
    llvm::Value *lb = in(op.operands[0])[0], *ub = in(op.operands[1])[0], *step = in(op.operands[2])[0];
    llvm::BasicBlock *pre = b_.GetInsertBlock();
    auto *header = llvm::BasicBlock::Create(ctx_, "for.header", fn_);
    auto *loop = llvm::BasicBlock::Create(ctx_, "for.body", fn_);
    auto *exit = llvm::BasicBlock::Create(ctx_, "for.exit", fn_);
    b_.CreateBr(header);
    b_.SetInsertPoint(header);
    Elements iv = phis({lb}, pre);
    std::vector<Elements> carried;
    for (size_t i = 0; i < op.results.size(); ++i)
      carried.push_back(phis(in(op.operands[3 + i]), pre));
    bool descending = op.attr("descending") != nullptr;
    b_.CreateCondBr(descending ? b_.CreateICmpSGT(iv[0], ub) : b_.CreateICmpSLT(iv[0], ub), loop, exit);

    b_.SetInsertPoint(loop);
    values_[body.args[0].get()] = iv;
    for (size_t i = 0; i < carried.size(); ++i)
      values_[body.args[1 + i].get()] = carried[i];
    const tir::Op &yield = emitRegion(body);
    llvm::BasicBlock *latch = b_.GetInsertBlock();
    addIncoming(iv, {b_.CreateAdd(iv[0], step)}, latch);
    for (size_t i = 0; i < carried.size(); ++i)
      addIncoming(carried[i], in(yield.operands[i]), latch);
    b_.CreateBr(header);

    b_.SetInsertPoint(exit);
    for (size_t i = 0; i < carried.size(); ++i)
      values_[op.result(unsigned(i))] = carried[i];
  }

  void emitIf(const tir::Op &op) {
    auto *thenBlock = llvm::BasicBlock::Create(ctx_, "if.then", fn_);
    auto *elseBlock = llvm::BasicBlock::Create(ctx_, "if.else", fn_);
    auto *merge = llvm::BasicBlock::Create(ctx_, "if.end", fn_);
    b_.CreateCondBr(in(op.operands[0])[0], thenBlock, elseBlock);
    std::vector<std::pair<Elements, llvm::BasicBlock *>> arms;
    for (unsigned r = 0; r < 2; ++r) {
      b_.SetInsertPoint(r == 0 ? thenBlock : elseBlock);
      const tir::Op &yield = emitRegion(*op.regions[r]);
      Elements yielded;
      for (const tir::Value *v : yield.operands)
        for (llvm::Value *e : in(v))
          yielded.push_back(e);
      arms.emplace_back(yielded, b_.GetInsertBlock());
      b_.CreateBr(merge);
    }
    b_.SetInsertPoint(merge);
    size_t offset = 0;
    for (const auto &result : op.results) {
      Elements merged;
      for (unsigned i = 0; i < elementsPerThread(result->type); ++i, ++offset) {
        llvm::PHINode *phi = b_.CreatePHI(arms[0].first[offset]->getType(), 2);
        phi->addIncoming(arms[0].first[offset], arms[0].second);
        phi->addIncoming(arms[1].first[offset], arms[1].second);
        merged.push_back(phi);
      }
      values_[result.get()] = merged;
    }
  }

  void emitWhile(const tir::Op &op) {
    const tir::Block &before = *op.regions[0], &after = *op.regions[1];
    llvm::BasicBlock *pre = b_.GetInsertBlock();
    auto *header = llvm::BasicBlock::Create(ctx_, "while.cond", fn_);
    auto *loop = llvm::BasicBlock::Create(ctx_, "while.body", fn_);
    auto *exit = llvm::BasicBlock::Create(ctx_, "while.exit", fn_);
    b_.CreateBr(header);
    b_.SetInsertPoint(header);
    std::vector<Elements> carried;
    for (size_t i = 0; i < op.operands.size(); ++i) {
      carried.push_back(phis(in(op.operands[i]), pre));
      values_[before.args[i].get()] = carried.back();
    }
    const tir::Op &condition = emitRegion(before);
    b_.CreateCondBr(in(condition.operands[0])[0], loop, exit);

    b_.SetInsertPoint(loop);
    for (size_t i = 0; i < after.args.size(); ++i)
      values_[after.args[i].get()] = in(condition.operands[1 + i]);
    const tir::Op &yield = emitRegion(after);
    llvm::BasicBlock *latch = b_.GetInsertBlock();
    for (size_t i = 0; i < carried.size(); ++i)
      addIncoming(carried[i], in(yield.operands[i]), latch);
    b_.CreateBr(header);

    b_.SetInsertPoint(exit);
    for (size_t i = 0; i < op.results.size(); ++i)
      values_[op.result(unsigned(i))] = in(condition.operands[1 + i]);
  }

  static llvm::CmpInst::Predicate predicate(const std::string &p) {
    using P = llvm::CmpInst::Predicate;
    static const std::pair<const char *, P> table[] = {
        {"eq", P::ICMP_EQ},   {"ne", P::ICMP_NE},   {"slt", P::ICMP_SLT}, {"sle", P::ICMP_SLE},
        {"sgt", P::ICMP_SGT}, {"sge", P::ICMP_SGE}, {"ult", P::ICMP_ULT}, {"ule", P::ICMP_ULE},
        {"ugt", P::ICMP_UGT}, {"uge", P::ICMP_UGE}, {"oeq", P::FCMP_OEQ}, {"une", P::FCMP_UNE},
        {"olt", P::FCMP_OLT}, {"ole", P::FCMP_OLE}, {"ogt", P::FCMP_OGT}, {"oge", P::FCMP_OGE}};
    for (const auto &[name, pred] : table)
      if (p == name)
        return pred;
    internalError("unknown comparison predicate " + p);
  }

  const tir::Function &function_;
  unsigned numWarps_;
  llvm::Module &module_;
  llvm::LLVMContext &ctx_;
  llvm::IRBuilder<> b_;
  AxisInfoAnalysis axis_;
  llvm::Function *fn_ = nullptr;
  llvm::BasicBlock *entry_ = nullptr;
  llvm::Value *threadId_ = nullptr;
  std::unordered_map<const tir::Value *, Elements> values_;
  std::unordered_map<std::string, std::vector<std::vector<llvm::Value *>>> coordinates_;
};

} // namespace

std::unique_ptr<llvm::Module> emitLLVM(const tir::Module &module, llvm::LLVMContext &context) {
  auto out = std::make_unique<llvm::Module>("tritonc", context);
  for (const auto &f : module.functions)
    FunctionEmitter(*f, module.numWarps, *out).run();
  return out;
}

} // namespace tritonc::codegen
