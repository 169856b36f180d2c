// fp8 arithmetic in fp32. The GPU has no fp8 arithmetic, only conversions,
// so an op that computes on fp8 reads its fp8 operands extended to fp32
// and rounds its fp8 results back once, which is also what the
// interpreter's one-rounding rule gives.
#include "Lowerer.h"

namespace tritonc::lowering {

namespace {

using tir::OpKind;

bool isFp8(const tir::Value *v) { return tritonc::isFp8(v->type.elem.kind); }

void widen(tir::Block &block, tir::Block &body) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    tir::Op &op = **it;
    for (auto &region : op.regions)
      widen(*region, body);
    if (!tir::computesOnFloats(op))
      continue;
    tir::Builder before(block, it);
    for (tir::Value *&operand : op.operands)
      if (isFp8(operand))
        operand =
            before.value(OpKind::ExtF, {operand}, operand->type.withElem(ElemType::scalar(ScalarKind::F32)), op.loc);
    for (auto &result : op.results) {
      if (!isFp8(result.get()))
        continue;
      Type narrow = result->type;
      result->type = narrow.withElem(ElemType::scalar(ScalarKind::F32));
      tir::Builder after(block, std::next(it));
      tir::Op *round = after.create(OpKind::TruncF, {result.get()}, {narrow}, {}, op.loc);
      tir::replaceAllUses(body, result.get(), round->result());
      round->operands[0] = result.get();
      ++it; // past the rounding just inserted
    }
  }
}

} // namespace

void widenFp8Arithmetic(tir::Function &function) { widen(function.body, function.body); }

} // namespace tritonc::lowering
