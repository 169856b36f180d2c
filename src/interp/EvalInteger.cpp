// Integer arithmetic, min/max/abs and comparisons. Every result wraps at
// the operand width. Where LLVM leaves a result undefined the interpreter
// does what the PTX instruction does: shifts by the width or more clamp
// (0, or all sign bits for an arithmetic right shift), INT_MIN / -1 wraps
// to INT_MIN. Division by zero, which PTX leaves unspecified, is a fault.
#include "Machine.h"

#include "tritonc/support/Diagnostics.h"

namespace tritonc::interp {

namespace {

using tir::OpKind;

template <typename Fn> void binary(const tir::Op &op, Frame &frame, Fn fn) {
  const RtValue &a = frame.get(op.operands[0]), &b = frame.get(op.operands[1]);
  RtValue &out = frame.define(op.result());
  unsigned width = bitWidth(out.kind());
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = truncBits(fn(a.bits[i], b.bits[i]), width);
}

template <typename Fn> void unary(const tir::Op &op, Frame &frame, Fn fn) {
  const RtValue &a = frame.get(op.operands[0]);
  RtValue &out = frame.define(op.result());
  unsigned width = bitWidth(out.kind());
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = truncBits(fn(a.bits[i]), width);
}

enum class Predicate { EQ, NE, SLT, SLE, SGT, SGE, ULT, ULE, UGT, UGE };

Predicate predicate(const tir::Op &op) {
  static const std::pair<const char *, Predicate> names[] = {
      {"eq", Predicate::EQ},   {"ne", Predicate::NE},   {"slt", Predicate::SLT}, {"sle", Predicate::SLE},
      {"sgt", Predicate::SGT}, {"sge", Predicate::SGE}, {"ult", Predicate::ULT}, {"ule", Predicate::ULE},
      {"ugt", Predicate::UGT}, {"uge", Predicate::UGE}};
  const std::string &name = op.strAttr("predicate");
  for (const auto &[spelling, p] : names)
    if (name == spelling)
      return p;
  internalError("unknown integer comparison predicate " + name);
}

bool compare(Predicate p, uint64_t a, uint64_t b, unsigned width) {
  int64_t sa = sextBits(a, width), sb = sextBits(b, width);
  switch (p) {
  case Predicate::EQ: return a == b;
  case Predicate::NE: return a != b;
  case Predicate::SLT: return sa < sb;
  case Predicate::SLE: return sa <= sb;
  case Predicate::SGT: return sa > sb;
  case Predicate::SGE: return sa >= sb;
  case Predicate::ULT: return a < b;
  case Predicate::ULE: return a <= b;
  case Predicate::UGT: return a > b;
  case Predicate::UGE: return a >= b;
  }
  return false;
}

} // namespace

void evalInteger(const tir::Op &op, Frame &frame) {
  unsigned w = bitWidth(op.operands[0]->type.elem.kind);
  auto s = [w](uint64_t v) { return sextBits(v, w); };
  auto nonzero = [&op](uint64_t divisor) {
    if (divisor == 0)
      throw KernelFault(op, "integer division by zero");
  };
  switch (op.kind) {
  case OpKind::AddI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a + b; });
  case OpKind::SubI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a - b; });
  case OpKind::MulI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a * b; });
  case OpKind::DivSI:
    return binary(op, frame, [&](uint64_t a, uint64_t b) {
      nonzero(b);
      // The one overflowing quotient, INT_MIN / -1, is its own negation.
      return s(b) == -1 ? 0 - a : uint64_t(s(a) / s(b));
    });
  case OpKind::DivUI:
    return binary(op, frame, [&](uint64_t a, uint64_t b) {
      nonzero(b);
      return a / b;
    });
  case OpKind::RemSI:
    return binary(op, frame, [&](uint64_t a, uint64_t b) {
      nonzero(b);
      return s(b) == -1 ? 0 : uint64_t(s(a) % s(b));
    });
  case OpKind::RemUI:
    return binary(op, frame, [&](uint64_t a, uint64_t b) {
      nonzero(b);
      return a % b;
    });
  case OpKind::AndI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a & b; });
  case OpKind::OrI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a | b; });
  case OpKind::XorI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a ^ b; });
  case OpKind::MulHiUI: // operands are zero-extended bit patterns of width w
    return binary(op, frame, [w](uint64_t a, uint64_t b) { return uint64_t((unsigned __int128)a * b >> w); });
  case OpKind::ShlI: return binary(op, frame, [w](uint64_t a, uint64_t b) { return b >= w ? 0 : a << b; });
  case OpKind::ShrUI: return binary(op, frame, [w](uint64_t a, uint64_t b) { return b >= w ? 0 : a >> b; });
  case OpKind::ShrSI:
    return binary(op, frame, [&](uint64_t a, uint64_t b) { return uint64_t(s(a) >> (b >= w ? w - 1 : b)); });
  case OpKind::MaxSI: return binary(op, frame, [&](uint64_t a, uint64_t b) { return s(a) >= s(b) ? a : b; });
  case OpKind::MinSI: return binary(op, frame, [&](uint64_t a, uint64_t b) { return s(a) <= s(b) ? a : b; });
  case OpKind::MaxUI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a >= b ? a : b; });
  case OpKind::MinUI: return binary(op, frame, [](uint64_t a, uint64_t b) { return a <= b ? a : b; });
  case OpKind::AbsI: return unary(op, frame, [&](uint64_t a) { return s(a) < 0 ? 0 - a : a; });
  case OpKind::CmpI: {
    Predicate p = predicate(op);
    const RtValue &a = frame.get(op.operands[0]), &b = frame.get(op.operands[1]);
    RtValue &out = frame.define(op.result());
    for (size_t i = 0; i < out.bits.size(); ++i)
      out.bits[i] = compare(p, a.bits[i], b.bits[i], w);
    return;
  }
  default: internalError(std::string("not an integer op: ") + mnemonic(op.kind));
  }
}

} // namespace tritonc::interp
