#include "SharedTileAccess.h"

#include "tritonc/ir/LinearLayout.h"
#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/InlineAsm.h>

#include <map>

namespace tritonc::codegen {

llvm::Value *inlinePtx(llvm::IRBuilder<> &b, llvm::Type *result, const std::string &text,
                       const std::string &constraints, const std::vector<llvm::Value *> &args, bool sideEffects) {
  std::vector<llvm::Type *> argTypes;
  for (llvm::Value *a : args)
    argTypes.push_back(a->getType());
  auto *fnType = llvm::FunctionType::get(result, argTypes, false);
  return b.CreateCall(llvm::InlineAsm::get(fnType, text, constraints, sideEffects), args);
}

std::string ptxTypeName(ScalarKind k) {
  switch (k) {
  case ScalarKind::F16: return "f16";
  case ScalarKind::BF16: return "bf16";
  case ScalarKind::F32: return "tf32";
  case ScalarKind::I8: return "s8";
  case ScalarKind::U8: return "u8";
  case ScalarKind::F8E4NV: return "e4m3";
  case ScalarKind::F8E5: return "e5m2";
  default: return "";
  }
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

std::vector<llvm::Value *> sharedTileOffsets(llvm::IRBuilder<> &b, const SharedTile &tile, const Type &type,
                                             const std::vector<std::vector<llvm::Value *>> &coords,
                                             const std::vector<size_t> &elements) {
  if (elements.empty())
    return {};
  // Offsets as a linear map of (register, lane, warp): an element's offset
  // is its register part XOR its thread's part. Two elements whose register
  // parts differ only in bits no thread part touches lie at a fixed
  // distance in every thread, so the later one is the earlier one's offset
  // plus a constant.
  std::optional<LinearLayout> distributed = LinearLayout::of(type);
  TRITONC_CHECK(distributed.has_value(), "a shared tile stored from a tensor without a distributed layout");
  LinearLayout offsetOf = LinearLayout::compose(LinearLayout::ofSharedTile(tile), *distributed);
  uint64_t threadBits = 0;
  for (LayoutDim dim : {LayoutDim::Lane, LayoutDim::Warp})
    for (unsigned k = 0; k < offsetOf.inBits(dim); ++k)
      threadBits |= offsetOf.image(dim, k);
  std::vector<int64_t> inThreadZero;
  std::vector<uint64_t> variation;
  for (size_t element : elements) {
    uint64_t offset = offsetOf.apply(LayoutDim::Register, element);
    inThreadZero.push_back(int64_t(offset));
    variation.push_back(offset & threadBits);
  }
  // One offset computed through the swizzle per kind of variation (where
  // the swizzle mixes a register bit with a thread bit, a few); the others
  // are constants away from it.
  std::map<uint64_t, size_t> anchorOf;
  std::vector<llvm::Value *> offsets;
  for (size_t k = 0; k < elements.size(); ++k) {
    auto [it, isNew] = anchorOf.emplace(variation[k], k);
    size_t anchor = it->second;
    const std::vector<llvm::Value *> &c = coords[elements[k]];
    offsets.push_back(isNew
                          ? sharedTileOffset(b, tile, c[0], c[1])
                          : b.CreateAdd(offsets[anchor], b.getInt32(uint32_t(inThreadZero[k] - inThreadZero[anchor]))));
  }
  return offsets;
}

llvm::Value *ringSlot(llvm::IRBuilder<> &b, llvm::Value *buffer, llvm::Value *slot, uint64_t slotBytes) {
  llvm::Value *offset = b.CreateMul(b.CreateZExtOrTrunc(slot, b.getInt32Ty()), b.getInt32(uint32_t(slotBytes)));
  return b.CreateGEP(b.getInt8Ty(), buffer, offset);
}

} // namespace tritonc::codegen
