// Float arithmetic, min/max/abs and comparisons. Each op computes at the
// precision the GPU's instruction has: f64 in double, f32 in float, and the
// narrow formats (fp16, bf16, fp8) in float with one rounding back to the
// format, which is what one fp16 `add.rn` does (float holds every exact
// sum, product and quotient of two fp16 values closely enough that the
// second rounding never differs). `fma` rounds once at f32 and f64.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <cmath>
#include <limits>

namespace tritonc::interp {

namespace {

using tir::OpKind;

// Applies `fn` element by element to the op's N operands, in the op's
// arithmetic precision; `fn` is generic over float and double.
template <int N, typename Fn> void arith(const tir::Op &op, Frame &frame, Fn fn) {
  const RtValue *in[N];
  for (int k = 0; k < N; ++k)
    in[k] = &frame.get(op.operands[k]);
  RtValue &out = frame.define(op.result());
  auto loop = [&](auto load, auto store) {
    for (size_t i = 0; i < out.bits.size(); ++i) {
      if constexpr (N == 1)
        out.bits[i] = store(fn(load(in[0]->bits[i])));
      else if constexpr (N == 2)
        out.bits[i] = store(fn(load(in[0]->bits[i]), load(in[1]->bits[i])));
      else
        out.bits[i] = store(fn(load(in[0]->bits[i]), load(in[1]->bits[i]), load(in[2]->bits[i])));
    }
  };
  ScalarKind kind = out.kind();
  switch (kind) {
  case ScalarKind::F64: return loop(asF64, fromF64);
  case ScalarKind::F32: return loop(asF32, fromF32);
  default:
    return loop([kind](uint64_t s) { return float(decodeFloat(s, kind)); },
                [kind](float v) { return encodeFloat(v, kind); });
  }
}

// Sign-bit operations work on the pattern, so NaN payloads pass unchanged
// (LLVM's fneg and fabs are bit operations too).
template <typename Fn> void signBit(const tir::Op &op, Frame &frame, Fn fn) {
  const RtValue &a = frame.get(op.operands[0]);
  RtValue &out = frame.define(op.result());
  uint64_t sign = uint64_t(1) << (bitWidth(out.kind()) - 1);
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = fn(a.bits[i], sign);
}

// max/min that order -0 below +0, as PTX's max/min do.
template <typename T> T orderedMax(T a, T b) { return a > b || (a == b && !std::signbit(a)) ? a : b; }
template <typename T> T orderedMin(T a, T b) { return a < b || (a == b && std::signbit(a)) ? a : b; }

enum class Predicate { False, OEQ, OGT, OGE, OLT, OLE, ONE, ORD, UEQ, UGT, UGE, ULT, ULE, UNE, UNO, True };

Predicate predicate(const tir::Op &op) {
  static const std::pair<const char *, Predicate> names[] = {
      {"false", Predicate::False}, {"oeq", Predicate::OEQ}, {"ogt", Predicate::OGT}, {"oge", Predicate::OGE},
      {"olt", Predicate::OLT},     {"ole", Predicate::OLE}, {"one", Predicate::ONE}, {"ord", Predicate::ORD},
      {"ueq", Predicate::UEQ},     {"ugt", Predicate::UGT}, {"uge", Predicate::UGE}, {"ult", Predicate::ULT},
      {"ule", Predicate::ULE},     {"une", Predicate::UNE}, {"uno", Predicate::UNO}, {"true", Predicate::True}};
  const std::string &name = op.strAttr("predicate");
  for (const auto &[spelling, p] : names)
    if (name == spelling)
      return p;
  internalError("unknown float comparison predicate " + name);
}

// Ordered predicates are false when either side is NaN, unordered ones true.
bool compare(Predicate p, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  switch (p) {
  case Predicate::False: return false;
  case Predicate::OEQ: return !unordered && a == b;
  case Predicate::OGT: return !unordered && a > b;
  case Predicate::OGE: return !unordered && a >= b;
  case Predicate::OLT: return !unordered && a < b;
  case Predicate::OLE: return !unordered && a <= b;
  case Predicate::ONE: return !unordered && a != b;
  case Predicate::ORD: return !unordered;
  case Predicate::UEQ: return unordered || a == b;
  case Predicate::UGT: return unordered || a > b;
  case Predicate::UGE: return unordered || a >= b;
  case Predicate::ULT: return unordered || a < b;
  case Predicate::ULE: return unordered || a <= b;
  case Predicate::UNE: return unordered || a != b;
  case Predicate::UNO: return unordered;
  case Predicate::True: return true;
  }
  return false;
}

void fma(const tir::Op &op, Frame &frame) {
  ScalarKind kind = op.result()->type.elem.kind;
  if (kind == ScalarKind::F32 || kind == ScalarKind::F64)
    return arith<3>(op, frame, [](auto a, auto b, auto c) { return std::fma(a, b, c); });
  // A narrow fma computed in double: the product of two narrow values is
  // exact there, and the sum is exact unless the addend is too small to
  // matter except when breaking an exact tie, which the double rounding
  // loses (the only case where this differs from a single rounding).
  const RtValue &a = frame.get(op.operands[0]), &b = frame.get(op.operands[1]), &c = frame.get(op.operands[2]);
  RtValue &out = frame.define(op.result());
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = encodeFloat(
        std::fma(decodeFloat(a.bits[i], kind), decodeFloat(b.bits[i], kind), decodeFloat(c.bits[i], kind)), kind);
}

} // namespace

void evalFloat(const tir::Op &op, Frame &frame) {
  switch (op.kind) {
  case OpKind::AddF: return arith<2>(op, frame, [](auto a, auto b) { return a + b; });
  case OpKind::SubF: return arith<2>(op, frame, [](auto a, auto b) { return a - b; });
  case OpKind::MulF: return arith<2>(op, frame, [](auto a, auto b) { return a * b; });
  case OpKind::DivF: return arith<2>(op, frame, [](auto a, auto b) { return a / b; });
  case OpKind::RemF: return arith<2>(op, frame, [](auto a, auto b) { return std::fmod(a, b); });
  case OpKind::Fma: return fma(op, frame);
  case OpKind::NegF: return signBit(op, frame, [](uint64_t a, uint64_t sign) { return a ^ sign; });
  case OpKind::AbsF: return signBit(op, frame, [](uint64_t a, uint64_t sign) { return a & ~sign; });
  case OpKind::MaxNumF:
    return arith<2>(op, frame, [](auto a, auto b) { return std::isnan(a) ? b : std::isnan(b) ? a : orderedMax(a, b); });
  case OpKind::MinNumF:
    return arith<2>(op, frame, [](auto a, auto b) { return std::isnan(a) ? b : std::isnan(b) ? a : orderedMin(a, b); });
  case OpKind::MaximumF:
    return arith<2>(op, frame, [](auto a, auto b) {
      return std::isnan(a) || std::isnan(b) ? std::numeric_limits<decltype(a)>::quiet_NaN() : orderedMax(a, b);
    });
  case OpKind::MinimumF:
    return arith<2>(op, frame, [](auto a, auto b) {
      return std::isnan(a) || std::isnan(b) ? std::numeric_limits<decltype(a)>::quiet_NaN() : orderedMin(a, b);
    });
  case OpKind::CmpF: {
    Predicate p = predicate(op);
    ScalarKind kind = op.operands[0]->type.elem.kind;
    const RtValue &a = frame.get(op.operands[0]), &b = frame.get(op.operands[1]);
    RtValue &out = frame.define(op.result());
    for (size_t i = 0; i < out.bits.size(); ++i)
      out.bits[i] = compare(p, decodeFloat(a.bits[i], kind), decodeFloat(b.bits[i], kind));
    return;
  }
  default: internalError(std::string("not a float op: ") + mnemonic(op.kind));
  }
}

} // namespace tritonc::interp
