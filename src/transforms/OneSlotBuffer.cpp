#include "tritonc/transforms/OneSlotBuffer.h"

namespace tritonc {

bool inRegisters(const tir::Value *v) { return v->type.layout && v->type.layout->isWholeRegisterTile(); }

bool heldColMajor(const Type &tile) { return tile.layout->order()[0] == 0; }

tir::Value *firstSlot(tir::Builder &b, SourceRange loc) {
  return b.value(tir::OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I32)), loc,
                 {{"value", int64_t(0)}});
}

tir::Value *allocateOneSlot(tir::Builder &b, const Type &tile, bool colMajor, bool barriers, SourceRange loc) {
  Type bufferType = Type::tensor(tile.elem, {1, tile.shape[0], tile.shape[1]});
  bufferType.layout = Layout::sharedMemory(colMajor);
  std::vector<tir::NamedAttribute> attrs;
  if (barriers)
    attrs.push_back({"barriers", int64_t(1)});
  return b.value(tir::OpKind::LocalAlloc, {}, bufferType, loc, attrs);
}

tir::Value *storeInOneSlot(tir::Builder &b, tir::Value *tile, tir::Value *slot, bool overwrites, SourceRange loc) {
  tir::Value *buffer = allocateOneSlot(b, tile->type, heldColMajor(tile->type), false, loc);
  std::vector<tir::NamedAttribute> attrs;
  if (overwrites)
    attrs.push_back({"overwrites", int64_t(1)});
  b.create(tir::OpKind::LocalStore, {buffer, slot, tile}, {}, std::move(attrs), loc);
  return buffer;
}

} // namespace tritonc
