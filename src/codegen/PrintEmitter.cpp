// `tl.device_print` through CUDA's vprintf: per element, the owning
// thread (copies stay silent) fills a buffer with the program ids, the
// element's indices and its value, laid out as vprintf reads its
// arguments (each aligned to its size, floats widened to double), and
// passes it with the line's format (tritonc/ir/PrintFormat.h).
#include "FunctionEmitter.h"
#include "ThreadLayout.h"

#include "tritonc/ir/PrintFormat.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

namespace tritonc::codegen {

void FunctionEmitter::emitPrint(const tir::Op &op) {
  llvm::Module &module = ctx_.module;
  llvm::LLVMContext &context = b_.getContext();
  llvm::PointerType *generic = llvm::PointerType::get(context, 0);
  llvm::FunctionCallee vprintf =
      module.getOrInsertFunction("vprintf", llvm::FunctionType::get(b_.getInt32Ty(), {generic, generic}, false));
  llvm::Value *pid[3] = {b_.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x, {}),
                         b_.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y, {}),
                         b_.CreateIntrinsic(llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z, {})};
  bool hex = op.attr("hex") != nullptr;
  llvm::IRBuilder<> atEntry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
  for (size_t o = 0; o < op.operands.size(); ++o) {
    const tir::Value *v = op.operands[o];
    const Type &type = v->type;
    ScalarKind kind = type.elem.kind;
    PrintedValue printed = printedValue(op.strAttr("prefix"), kind, hex, op.operands.size() > 1 ? int(o) : -1);
    size_t rank = type.shape.size();
    llvm::Constant *init = llvm::ConstantDataArray::getString(context, printFormat(printed, rank));
    auto *format = new llvm::GlobalVariable(module, init->getType(), true, llvm::GlobalValue::PrivateLinkage, init,
                                            "printf_format", nullptr, llvm::GlobalValue::NotThreadLocal, 1);
    llvm::Value *formatPointer = b_.CreateAddrSpaceCast(format, generic);

    // The value's argument: integers of 32 bits or fewer as i32, 64-bit ones
    // as i64, floats as double (C's variadic promotions).
    llvm::Type *argType = printed.wide ? b_.getInt64Ty() : (!hex && isFloat(kind)) ? b_.getDoubleTy() : b_.getInt32Ty();
    std::vector<llvm::Type *> fields(3 + rank, b_.getInt32Ty());
    fields.push_back(argType);
    auto *bufferType = llvm::StructType::get(context, fields);
    llvm::Value *buffer = atEntry.CreateAlloca(bufferType);

    auto *print = llvm::BasicBlock::Create(context, "print", fn_);
    auto *done = llvm::BasicBlock::Create(context, "print.done", fn_);
    b_.CreateCondBr(isFirstOwner(b_, type, ctx_.threadId), print, done);
    b_.SetInsertPoint(print);
    const Elements &values = in(v);
    const auto *coordinates = rank > 0 ? &ctx_.coordinates(type) : nullptr;
    for (size_t i = 0; i < values.size(); ++i) {
      for (unsigned k = 0; k < 3; ++k)
        b_.CreateStore(pid[k], b_.CreateStructGEP(bufferType, buffer, k));
      for (size_t d = 0; d < rank; ++d)
        b_.CreateStore((*coordinates)[i][d], b_.CreateStructGEP(bufferType, buffer, unsigned(3 + d)));
      llvm::Value *value = values[i];
      if (!hex && isFloat(kind))
        value = b_.CreateFPExt(value, argType);
      else {
        value = b_.CreateBitCast(value, b_.getIntNTy(value->getType()->getPrimitiveSizeInBits()));
        value = b_.CreateIntCast(value, argType, !hex && isSigned(kind) && kind != ScalarKind::I1);
      }
      b_.CreateStore(value, b_.CreateStructGEP(bufferType, buffer, unsigned(3 + rank)));
      b_.CreateCall(vprintf, {formatPointer, b_.CreateAddrSpaceCast(buffer, generic)});
    }
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  }
}

} // namespace tritonc::codegen
