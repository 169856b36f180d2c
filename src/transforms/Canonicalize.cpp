#include "tritonc/transforms/Canonicalize.h"

#include "tritonc/ir/Walk.h"

#include <optional>

namespace tritonc {

namespace {

using tir::OpKind;

using tir::integerConstant;

// Wraps `v` to the width and signedness of `k`, as the GPU would.
int64_t wrapTo(ScalarKind k, int64_t v) {
  unsigned bits = bitWidth(k);
  if (bits >= 64)
    return v;
  uint64_t mask = (uint64_t(1) << bits) - 1;
  uint64_t u = uint64_t(v) & mask;
  if (isSigned(k) && (u >> (bits - 1)))
    u |= ~mask;
  return int64_t(u);
}

std::optional<int64_t> fold(OpKind kind, int64_t a, int64_t b) {
  switch (kind) {
  case OpKind::AddI: return int64_t(uint64_t(a) + uint64_t(b));
  case OpKind::SubI: return int64_t(uint64_t(a) - uint64_t(b));
  case OpKind::MulI: return int64_t(uint64_t(a) * uint64_t(b));
  case OpKind::AndI: return a & b;
  case OpKind::OrI: return a | b;
  case OpKind::XorI: return a ^ b;
  default: return std::nullopt; // division and shifts have edge cases the GPU defines
  }
}

void canonicalizeBlock(tir::Block &block) {
  for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
    tir::Op &op = **it;
    for (auto &region : op.regions)
      canonicalizeBlock(*region);
    if (op.kind == OpKind::Select) {
      // `tl.where(CONSTEXPR == 1, a, b)`: the side the constant picks.
      if (std::optional<int64_t> c = integerConstant(op.operands[0]);
          c && op.operands[*c ? 1 : 2]->type == op.result()->type)
        replaceAllUses(block, op.result(), op.operands[*c ? 1 : 2]);
      continue;
    }
    if (op.kind == OpKind::TruncF) {
      // Narrowing an integer's float conversion converts the integer
      // directly, with one rounding: Triton's arith canonicalization does
      // this, so `i64.to(fp32)` stored as bf16 is i64 -> bf16 there.
      // fp8 targets are not `truncf` in Triton and keep both steps.
      const tir::Op *def = op.operands[0]->definingOp();
      if (def && (def->kind == OpKind::SIToFP || def->kind == OpKind::UIToFP) && !isFp8(op.result()->type.elem.kind)) {
        tir::Builder b(block, it);
        replaceAllUses(block, op.result(), b.value(def->kind, {def->operands[0]}, op.result()->type, op.loc));
      }
      continue;
    }
    if (op.results.size() != 1 || !isInteger(op.result()->type.elem.kind))
      continue;
    tir::Value *result = op.result();
    if (op.kind == OpKind::Splat) {
      if (std::optional<int64_t> c = integerConstant(op.operands[0])) {
        tir::Builder b(block, it);
        replaceAllUses(block, result, b.value(OpKind::Constant, {}, result->type, op.loc, {{"value", *c}}));
      }
      continue;
    }
    if (op.operands.size() != 2)
      continue;
    std::optional<int64_t> lhs = integerConstant(op.operands[0]), rhs = integerConstant(op.operands[1]);
    tir::Value *replacement = nullptr;
    if (lhs && rhs) {
      if (std::optional<int64_t> v = fold(op.kind, *lhs, *rhs)) {
        tir::Builder b(block, it);
        replacement =
            b.value(OpKind::Constant, {}, result->type, op.loc, {{"value", wrapTo(result->type.elem.kind, *v)}});
      }
    } else if ((op.kind == OpKind::AddI || op.kind == OpKind::SubI) && rhs == 0) {
      replacement = op.operands[0];
    } else if (op.kind == OpKind::AddI && lhs == 0) {
      replacement = op.operands[1];
    } else if (op.kind == OpKind::MulI && rhs == 1) {
      replacement = op.operands[0];
    } else if (op.kind == OpKind::MulI && lhs == 1) {
      replacement = op.operands[1];
    } else if ((op.kind == OpKind::DivSI || op.kind == OpKind::DivUI) && rhs == 1) {
      // `stride // GROUP` with GROUP specialised to 1 is the stride itself,
      // divisibility included (Triton's folding keeps it too).
      replacement = op.operands[0];
    } else if (((op.kind == OpKind::RemSI || op.kind == OpKind::RemUI) && rhs == 1) ||
               (op.kind == OpKind::MulI && (lhs == 0 || rhs == 0))) {
      tir::Builder b(block, it);
      replacement = b.value(OpKind::Constant, {}, result->type, op.loc, {{"value", int64_t(0)}});
    }
    if (replacement && replacement->type == result->type)
      replaceAllUses(block, result, replacement);
  }
}

// A parameter promised equal to 1 (`i32:1`, checked by the launcher) is
// the constant 1 in the code: a stride of 1 then folds away instead of
// staying a register that address arithmetic multiplies by at run time.
void substituteUnitParameters(tir::Function &f) {
  for (size_t i = 0; i < f.body.args.size() && i < f.paramHints.size(); ++i) {
    tir::Value *param = f.body.args[i].get();
    if (!f.paramHints[i].equalToOne || !isInteger(param->type.elem.kind) || param->type.isTensor())
      continue;
    tir::Builder b(f.body, f.body.ops.begin());
    replaceAllUses(f.body, param, b.value(OpKind::Constant, {}, param->type, f.loc, {{"value", int64_t(1)}}));
  }
}

} // namespace

void canonicalize(tir::Module &module) {
  for (auto &f : module.functions) {
    substituteUnitParameters(*f);
    canonicalizeBlock(f->body);
  }
}

} // namespace tritonc
