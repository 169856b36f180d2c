#include "tritonc/transforms/OneSlotBuffer.h"

namespace tritonc {

bool inRegisters(const tir::Value *v) { return v->type.layout && v->type.layout->isWholeRegisterTile(); }

bool heldColMajor(const Type &tile) { return tile.layout->order()[0] == 0; }

tir::Value *firstSlot(tir::Builder &b, SourceRange loc) {
  return b.value(tir::OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I32)), loc,
                 {{"value", int64_t(0)}});
}

tir::Value *storeInOneSlot(tir::Builder &b, tir::Value *tile, tir::Value *slot, bool overwrites, SourceRange loc) {
  const Type &t = tile->type;
  Type bufferType = Type::tensor(t.elem, {1, t.shape[0], t.shape[1]});
  bufferType.layout = Layout::sharedMemory(heldColMajor(t));
  tir::Value *buffer = b.value(tir::OpKind::LocalAlloc, {}, bufferType, loc);
  std::vector<tir::NamedAttribute> attrs;
  if (overwrites)
    attrs.push_back({"overwrites", int64_t(1)});
  b.create(tir::OpKind::LocalStore, {buffer, slot, tile}, {}, std::move(attrs), loc);
  return buffer;
}

} // namespace tritonc
