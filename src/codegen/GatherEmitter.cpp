// `tl.gather` through shared memory: every thread writes the source
// elements it holds at their row-major places in the op's scratch buffer,
// then reads, for each result element, the source element its index
// names along the axis. Any source layout works, copies included (they
// write the same value twice).
#include "FunctionEmitter.h"
#include "ThreadLayout.h"

#include "tritonc/analysis/SharedMemory.h"

namespace tritonc::codegen {

void FunctionEmitter::emitGather(const tir::Op &op) {
  const tir::Value *src = op.operands[0], *index = op.operands[1], *result = op.result();
  const std::vector<int64_t> &shape = src->type.shape;
  size_t axis = size_t(op.intAttr("axis"));
  // i1 values are kept as bytes in shared memory.
  bool isBool = src->type.elem.kind == ScalarKind::I1;
  llvm::Type *elem = ctx_.scalarType(isBool ? ScalarKind::I8 : src->type.elem.kind);
  llvm::Value *base = ctx_.scratch(uint64_t(src->type.numElements()) * sharedElementBytes(src->type.elem.kind));
  auto toShared = [&](llvm::Value *v) { return isBool ? b_.CreateZExt(v, elem) : v; };
  auto fromShared = [&](llvm::Value *v) { return isBool ? b_.CreateTrunc(v, b_.getInt1Ty()) : v; };
  ctx_.beforeSharedWrite();
  const Elements &values = in(src);
  const auto &srcCoordinates = ctx_.coordinates(src->type);
  for (size_t i = 0; i < values.size(); ++i)
    b_.CreateStore(toShared(values[i]), b_.CreateGEP(elem, base, flatIndex(b_, shape, srcCoordinates[i])));
  ctx_.beforeSharedRead();
  const Elements &indices = in(index);
  const auto &resultCoordinates = ctx_.coordinates(result->type);
  bool indexSigned = isSigned(index->type.elem.kind);
  Elements out;
  for (size_t i = 0; i < indices.size(); ++i) {
    std::vector<llvm::Value *> coordinate = resultCoordinates[i];
    coordinate[axis] = b_.CreateIntCast(indices[i], b_.getInt32Ty(), indexSigned);
    out.push_back(fromShared(b_.CreateLoad(elem, b_.CreateGEP(elem, base, flatIndex(b_, shape, coordinate)))));
  }
  values_[result] = out;
}

} // namespace tritonc::codegen
