#include "tritonc/ir/WgmmaFit.h"

#include "tritonc/ir/DotOperandLayout.h"

#include <algorithm>

namespace tritonc {

bool dotOperandColMajor(const tir::Op &dot, unsigned index) {
  const tir::Value *v = dot.operands[index];
  if (v->type.inSharedMemory())
    return v->type.layout->sharedColMajor;
  bool alongKOnly = tir::isWgmmaDot(dot) && bitWidth(dot.operands[0]->type.elem.kind) != 16;
  return alongKOnly ? index == 1 : v->type.layout->order()[0] == 0;
}

SharedTile dotOperandTile(const tir::Op &dot, unsigned index) {
  const Type &t = dot.operands[index]->type;
  return SharedTile(t.shape[0], t.shape[1], bitWidth(t.elem.kind) / 8, dotOperandColMajor(dot, index));
}

bool wgmmaTakesOperands(const tir::Op &dot) {
  ScalarKind a = dot.operands[0]->type.elem.kind, b = dot.operands[1]->type.elem.kind, c = dot.result()->type.elem.kind;
  const tir::Attribute *precision = dot.attr("input_precision");
  const std::string *rounding = precision ? std::get_if<std::string>(precision) : nullptr;
  bool tf32 = a == ScalarKind::F32 && b == a && rounding && *rounding == "tf32";
  bool int8 = a == ScalarKind::I8 && b == a && c == ScalarKind::I32;
  bool sixteen = (a == ScalarKind::F16 || a == ScalarKind::BF16) && b == a;
  bool floats = c == ScalarKind::F32 && (sixteen || tf32 || (isFp8(a) && isFp8(b)));
  bool halfSums = c == ScalarKind::F16 && a == ScalarKind::F16 && b == a;
  return int8 || floats || halfSums;
}

std::optional<std::string> wgmmaMisfit(const tir::Op &dot) {
  const Type &a = dot.operands[0]->type, &b = dot.operands[1]->type, &c = dot.result()->type;
  if (a.shape.size() != 2 || b.shape.size() != 2 || !c.layout || !c.layout->isMma())
    return "its operands are not 2-D tiles, or its result is not in an MMA layout";
  if (a.elem.kind == ScalarKind::F32 && !wgmmaTakesOperands(dot))
    return "wgmma reads fp32 operands as tf32, which needs input_precision = \"tf32\"";
  if (!wgmmaTakesOperands(dot))
    return "wgmma multiplies no such element types";
  int64_t M = a.shape[0], K = a.shape[1], N = b.shape[1];
  int64_t bytes = bitWidth(a.elem.kind) / 8;
  // Its layout's rule keeps the warps along M in whole warpgroups
  // (brokenLayoutRule) and the verifier its instruction shape.
  unsigned warpsM = c.layout->mma->warpsPerCTA[0];
  int64_t instrN = c.layout->mma->instrShape[1], instrK = c.layout->mma->instrShape[2];
  if (M % (16 * int64_t(warpsM)) != 0 || K % instrK != 0 || N % 8 != 0 || N % instrN != 0)
    return "M is no multiple of 16 rows a warp, K of 32 bytes, or N of 8 columns and of its instruction's";
  SharedTile aTile = dotOperandTile(dot, 0), bTile = dotOperandTile(dot, 1);
  bool aFromRegisters = accumulatorFeedsOperandA(a, *c.layout);
  // Each tile (and each ring slot after it) starts where its swizzle
  // pattern does: 8 lines of the swizzle's width, 1024 bytes at 128.
  auto wholePatterns = [&](const SharedTile &t, int64_t tileBytes) {
    return tileBytes % (8 * int64_t(t.swizzle.swizzleBytes(unsigned(bytes)))) == 0;
  };
  if (!wholePatterns(aTile, M * K * bytes) || !wholePatterns(bTile, K * N * bytes))
    return "an operand tile is not a whole number of its swizzle patterns";
  // A's lines run along K unless it is stored by columns; B's only when it is.
  bool aAlongK = !aTile.colMajor, bAlongK = bTile.colMajor;
  auto swizzled = [&](const SharedTile &t) {
    unsigned width = t.swizzle.swizzleBytes(unsigned(bytes));
    return width == 128 || width == 64 || width == 32;
  };
  if (!(swizzled(aTile) || aFromRegisters) || !swizzled(bTile))
    return "an operand tile has no 32-, 64- or 128-byte swizzle";
  // wgmma transposes only 16-bit operands, and packs A from registers for
  // 16-bit pairs only.
  if (bytes != 2 && !(aAlongK && bAlongK && !aFromRegisters))
    return "an 8- or 32-bit operand is not stored along K";
  // An instruction's rows (or columns) fall in one column block.
  int64_t aBlock = aTile.swizzle.swizzleBytes(unsigned(bytes)) / bytes;
  int64_t bBlock = bTile.swizzle.swizzleBytes(unsigned(bytes)) / bytes;
  if (!(aFromRegisters || aAlongK || 64 % aBlock == 0) || !(bAlongK || instrN % bBlock == 0 || instrN < bBlock))
    return "an instruction's rows or columns cross a column block";
  return std::nullopt;
}

} // namespace tritonc
