#include "SharedTileAccess.h"

#include <llvm/IR/InlineAsm.h>

namespace tritonc::codegen {

llvm::Value *inlinePtx(llvm::IRBuilder<> &b, llvm::Type *result, const std::string &text,
                       const std::string &constraints, const std::vector<llvm::Value *> &args, bool sideEffects) {
  std::vector<llvm::Type *> argTypes;
  for (llvm::Value *a : args)
    argTypes.push_back(a->getType());
  auto *fnType = llvm::FunctionType::get(result, argTypes, false);
  return b.CreateCall(llvm::InlineAsm::get(fnType, text, constraints, sideEffects), args);
}

llvm::Value *swizzledChunkOffset(llvm::IRBuilder<> &b, const SwizzledLayout &s, llvm::Value *line, llvm::Value *chunk) {
  llvm::Value *phase = b.CreateURem(b.CreateUDiv(line, b.getInt32(s.perPhase)), b.getInt32(s.maxPhase));
  llvm::Value *offset = b.CreateMul(line, b.getInt32(uint32_t(s.blockElements)));
  if (s.blockElements < s.rowElements) {
    uint32_t chunksPerBlock = uint32_t(s.blockElements / s.chunkElements);
    llvm::Value *block = b.CreateUDiv(chunk, b.getInt32(chunksPerBlock));
    offset = b.CreateAdd(offset, b.CreateMul(block, b.getInt32(uint32_t(s.lines * s.blockElements))));
    chunk = b.CreateURem(chunk, b.getInt32(chunksPerBlock));
  }
  return b.CreateAdd(offset, b.CreateMul(b.CreateXor(chunk, phase), b.getInt32(s.chunkElements)));
}

llvm::Value *sharedTileOffset(llvm::IRBuilder<> &b, const SharedTile &tile, llvm::Value *row, llvm::Value *col) {
  llvm::Value *line = tile.colMajor ? col : row, *pos = tile.colMajor ? row : col;
  llvm::Value *chunkElements = b.getInt32(tile.swizzle.chunkElements);
  return b.CreateAdd(swizzledChunkOffset(b, tile.swizzle, line, b.CreateUDiv(pos, chunkElements)),
                     b.CreateURem(pos, chunkElements));
}

llvm::Value *ringSlot(llvm::IRBuilder<> &b, llvm::Value *buffer, llvm::Value *slot, uint64_t slotBytes) {
  llvm::Value *offset = b.CreateMul(b.CreateZExtOrTrunc(slot, b.getInt32Ty()), b.getInt32(uint32_t(slotBytes)));
  return b.CreateGEP(b.getInt8Ty(), buffer, offset);
}

} // namespace tritonc::codegen
