// Expressions: conversions sema asked for, operators and builtin calls.
#include "Lowerer.h"
#include "tritonc/sema/ConstexprFolding.h"

#include "tritonc/support/Diagnostics.h"

#include <optional>

namespace tritonc::lowering {

using ast::ExprKind;
using tir::OpKind;

namespace {
OpKind castKind(ScalarKind from, ScalarKind to) {
  if (isInteger(from) && isInteger(to))
    return bitWidth(to) > bitWidth(from) ? (isSigned(from) ? OpKind::ExtSI : OpKind::ExtUI) : OpKind::TruncI;
  if (isInteger(from))
    return isSigned(from) ? OpKind::SIToFP : OpKind::UIToFP;
  if (isInteger(to))
    return isSigned(to) || to == ScalarKind::I1 ? OpKind::FPToSI : OpKind::FPToUI;
  return bitWidth(to) > bitWidth(from) ? OpKind::ExtF : OpKind::TruncF;
}

// The format a conversion passes through when the GPU has no direct
// instruction for it; each step is exact except the last, which rounds once.
// Floats of one width (fp16 and bf16) go through fp32, as Triton casts
// them. fp8 converts directly only to and from fp16, bf16 and fp32: one
// fp8 format reaches the other through fp16, which holds both exactly, and
// integers and fp64 go through fp32.
std::optional<ScalarKind> conversionStep(ScalarKind from, ScalarKind to) {
  if (isFloat(from) && isFloat(to) && from != to && bitWidth(from) == bitWidth(to))
    return isFp8(from) ? ScalarKind::F16 : ScalarKind::F32;
  ScalarKind other = isFp8(from) ? to : from;
  if (isFp8(from) != isFp8(to) && other != ScalarKind::F16 && other != ScalarKind::BF16 && other != ScalarKind::F32)
    return ScalarKind::F32;
  return std::nullopt;
}
} // namespace

// The value of `e` as its user needs it: converted, splatted or
// materialised as sema recorded.
tir::Value *Lowerer::use(const ast::Expr &e) {
  auto c = kernel_.coercions.find(key(&e));
  const SemaValue &sv = valueOf(&e);
  if (c == kernel_.coercions.end()) {
    tir::Value *v = lower(e);
    TRITONC_CHECK(v, "a compile-time value used at run time without a recorded conversion");
    return v;
  }
  const Type &target = c->second;
  if (sv.isConstexpr()) {
    if (e.kind == ExprKind::Call) // an inlined function may store before returning a constant
      lower(e);
    return constant(sv.constant, target, e.range);
  }
  return convert(lower(e), target, e.range);
}

tir::Value *Lowerer::constant(const ConstexprValue &c, const Type &type, SourceRange loc) {
  tir::Attribute value;
  if (isFloat(type.elem.kind))
    value = c.kind == ConstexprValue::Kind::Float
                ? c.floatValue
                : double(c.kind == ConstexprValue::Kind::Bool ? c.boolValue : c.intValue);
  else if (c.kind == ConstexprValue::Kind::Float)
    value = int64_t(c.floatValue);
  else
    value = c.kind == ConstexprValue::Kind::Bool ? int64_t(c.boolValue) : int64_t(c.intValue); // uint64: its bits
  return builder_->value(OpKind::Constant, {}, type, loc, {{"value", value}});
}

tir::Value *Lowerer::convert(tir::Value *v, const Type &target, SourceRange loc) {
  if (target.elem.kind == ScalarKind::I1 && v->type.elem.kind != ScalarKind::I1) {
    // Truth is `!= 0`, as in Triton's casts to int1 and `if x:`.
    bool fp = isFloat(v->type.elem.kind);
    tir::Value *zero = constant(ConstexprValue::ofInt(0), v->type, loc);
    v = builder_->value(fp ? OpKind::CmpF : OpKind::CmpI, {v, zero}, v->type.withElem(target.elem), loc,
                        {{"predicate", std::string(fp ? "une" : "ne")}});
  } else if (!(v->type.elem == target.elem)) {
    ScalarKind from = v->type.elem.kind, to = target.elem.kind;
    if (std::optional<ScalarKind> via = conversionStep(from, to))
      v = builder_->value(castKind(from, *via), {v}, v->type.withElem(ElemType::scalar(*via)), loc);
    v = builder_->value(castKind(v->type.elem.kind, to), {v}, v->type.withElem(target.elem), loc);
  }
  if (v->type.shape == target.shape)
    return v;
  if (!v->type.isTensor())
    return builder_->value(OpKind::Splat, {v}, target, loc);
  // NumPy broadcasting, as Triton lowers it: leading dims of size 1 first,
  // then size-1 dims stretched to the target's sizes.
  while (v->type.shape.size() < target.shape.size()) {
    std::vector<int64_t> shape = v->type.shape;
    shape.insert(shape.begin(), 1);
    v = builder_->value(OpKind::ExpandDims, {v}, Type::tensor(v->type.elem, shape), loc, {{"axis", int64_t(0)}});
  }
  if (v->type.shape != target.shape)
    v = builder_->value(OpKind::Broadcast, {v}, Type::tensor(v->type.elem, target.shape), loc);
  return v;
}

// Runtime value of `e` in its own type, or null for compile-time values.
tir::Value *Lowerer::lower(const ast::Expr &e) {
  const SemaValue &sv = valueOf(&e);
  if (!sv.isRuntime() && e.kind != ExprKind::Call) // calls may have effects (`tl.store`)
    return nullptr;
  switch (e.kind) {
  case ExprKind::Name: return env_.at(static_cast<const ast::NameExpr &>(e).id).value;
  case ExprKind::Binary: {
    auto &b = static_cast<const ast::BinaryExpr &>(e);
    return binary(e.range, b.op, *b.lhs, *b.rhs, sv);
  }
  case ExprKind::Unary: return unary(static_cast<const ast::UnaryExpr &>(e));
  case ExprKind::Compare: return compare(static_cast<const ast::CompareExpr &>(e), sv);
  case ExprKind::BoolOp: return boolOp(static_cast<const ast::BoolOpExpr &>(e), sv);
  case ExprKind::IfExp: return conditional(static_cast<const ast::IfExpExpr &>(e), sv);
  case ExprKind::Attribute: // the one run-time attribute: `x.T`
    return transpose(lower(*static_cast<const ast::AttributeExpr &>(e).value), {1, 0}, e.range);
  case ExprKind::Call: return call(static_cast<const ast::CallExpr &>(e), sv);
  case ExprKind::Subscript: {
    auto &s = static_cast<const ast::SubscriptExpr &>(e);
    if (valueOf(s.value.get()).kind == SemaValue::Kind::Tuple) { // `t[i]`, `i` a constant
      Binding t = evaluate(*s.value);
      int64_t i = valueOf(s.indices[0].get()).constant.intValue;
      return t.elements[size_t(i < 0 ? i + int64_t(t.elements.size()) : i)].value;
    }
    // Each `None` inserts a size-1 dim at its position; a scalar (sema
    // allows only `None`s there) becomes a tensor of ones.
    tir::Value *v = lower(*s.value);
    if (!v->type.isTensor())
      return builder_->value(OpKind::Splat, {v}, Type::tensor(v->type.elem, std::vector<int64_t>(s.indices.size(), 1)),
                             e.range);
    std::vector<int64_t> shape = v->type.shape;
    for (size_t i = 0; i < s.indices.size(); ++i) {
      if (s.indices[i]->kind != ExprKind::None)
        continue;
      shape.insert(shape.begin() + i, 1);
      v = builder_->value(OpKind::ExpandDims, {v}, Type::tensor(v->type.elem, shape), e.range, {{"axis", int64_t(i)}});
    }
    return v;
  }
  default: internalError("lowering reached an expression sema rejects");
  }
}

// Triton picks the right shift by the signedness of the tensor operand as
// written, before promotion: int8 >> uint8 shifts the promoted uint8 bits
// arithmetically. A Python scalar on the left defers to the right operand.
bool Lowerer::shiftsArithmetically(const ast::Expr &lhsExpr, const ast::Expr &rhsExpr) const {
  const SemaValue &lhs = valueOf(&lhsExpr);
  const SemaValue &decides = lhs.isRuntime() ? lhs : valueOf(&rhsExpr);
  return isSigned(decides.type.elem.kind);
}

tir::Value *Lowerer::binary(SourceRange loc, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr,
                            const SemaValue &result) {
  if (result.isConstexpr())
    return nullptr;
  tir::Value *lhs = use(lhsExpr);
  tir::Value *rhs = use(rhsExpr);
  if (result.type.elem.isPointer()) {
    bool lhsIsPointer = lhs->type.elem.isPointer();
    tir::Value *pointer = lhsIsPointer ? lhs : rhs;
    tir::Value *offset = lhsIsPointer ? rhs : lhs;
    if (op == ast::BinaryOp::Sub) {
      tir::Value *zero = constant(ConstexprValue::ofInt(0), offset->type, loc);
      offset = builder_->value(OpKind::SubI, {zero, offset}, offset->type, loc);
    }
    return builder_->value(OpKind::AddPtr, {pointer, offset}, result.type, loc);
  }
  ScalarKind k = lhs->type.elem.kind;
  bool fp = isFloat(k), sign = isSigned(k);
  OpKind kind;
  switch (op) {
  case ast::BinaryOp::Add: kind = fp ? OpKind::AddF : OpKind::AddI; break;
  case ast::BinaryOp::Sub: kind = fp ? OpKind::SubF : OpKind::SubI; break;
  case ast::BinaryOp::Mul: kind = fp ? OpKind::MulF : OpKind::MulI; break;
  case ast::BinaryOp::Div: kind = OpKind::DivF; break;
  case ast::BinaryOp::FloorDiv: kind = sign ? OpKind::DivSI : OpKind::DivUI; break;
  case ast::BinaryOp::Mod: kind = fp ? OpKind::RemF : sign ? OpKind::RemSI : OpKind::RemUI; break;
  case ast::BinaryOp::BitAnd: kind = OpKind::AndI; break;
  case ast::BinaryOp::BitOr: kind = OpKind::OrI; break;
  case ast::BinaryOp::BitXor: kind = OpKind::XorI; break;
  case ast::BinaryOp::Shl: kind = OpKind::ShlI; break;
  case ast::BinaryOp::Shr: kind = shiftsArithmetically(lhsExpr, rhsExpr) ? OpKind::ShrSI : OpKind::ShrUI; break;
  default: internalError("lowering reached a binary operator sema rejects");
  }
  return builder_->value(kind, {lhs, rhs}, result.type, loc);
}

tir::Value *Lowerer::unary(const ast::UnaryExpr &u) {
  tir::Value *v = use(*u.operand); // `not` reads the truth value, as sema asked
  switch (u.op) {
  case ast::UnaryOp::Pos: return v;
  case ast::UnaryOp::Neg: // 0 - x, as Triton: -(+0.0) is +0.0
    if (isFloat(v->type.elem.kind))
      return builder_->value(OpKind::SubF, {constant(ConstexprValue::ofFloat(0.0), v->type, u.range), v}, v->type,
                             u.range);
    return builder_->value(OpKind::SubI, {constant(ConstexprValue::ofInt(0), v->type, u.range), v}, v->type, u.range);
  case ast::UnaryOp::Invert: // xor with all ones; on i1 (always so for `not`) that is `true`
  case ast::UnaryOp::Not: {
    int64_t ones = v->type.elem.kind == ScalarKind::I1 ? 1 : -1;
    tir::Value *mask = constant(ConstexprValue::ofInt(ones), v->type, u.range);
    return builder_->value(OpKind::XorI, {v, mask}, v->type, u.range);
  }
  }
  internalError("lowering reached a unary operator sema rejects");
}

tir::Value *Lowerer::compare(const ast::CompareExpr &c, const SemaValue &result) {
  tir::Value *lhs = use(*c.operands[0]);
  tir::Value *rhs = use(*c.operands[1]);
  ScalarKind k = lhs->type.elem.kind;
  static const char *const kSigned[] = {"slt", "sle", "sgt", "sge", "eq", "ne"};
  static const char *const kUnsigned[] = {"ult", "ule", "ugt", "uge", "eq", "ne"};
  // NaN compares unequal with `!=` and false otherwise, as in Triton.
  static const char *const kFloat[] = {"olt", "ole", "ogt", "oge", "oeq", "une"};
  int index = int(c.ops[0]); // Lt Le Gt Ge Eq Ne
  const char *predicate = isFloat(k) ? kFloat[index] : isSigned(k) ? kSigned[index] : kUnsigned[index];
  return builder_->value(isFloat(k) ? OpKind::CmpF : OpKind::CmpI, {lhs, rhs}, result.type, c.range,
                         {{"predicate", std::string(predicate)}});
}

tir::Value *Lowerer::call(const ast::CallExpr &c, const SemaValue &result) {
  if (auto inlined = kernel_.inlined.find(key(&c)); inlined != kernel_.inlined.end())
    return inlineCall(c, inlined->second).value;
  auto found = kernel_.calls.find(key(&c));
  if (found == kernel_.calls.end()) { // Python builtins fold to constants
    TRITONC_CHECK(!result.isRuntime(), "a run-time call without a resolved builtin");
    return nullptr;
  }
  const ResolvedCall &r = found->second;
  bool effect = r.builtin == "tl.store" || r.builtin == "tl.store_tensor_descriptor" ||
                r.builtin == "tl.debug_barrier" || r.builtin == "tl.device_print"; // no value, but must happen
  if ((r.builtin == "tl.constexpr" || !result.isRuntime()) && !effect)
    return nullptr;
  auto given = [&](size_t i) {
    if (!r.args[i])
      return false;
    const SemaValue &v = valueOf(r.args[i]);
    return !(v.isConstexpr() && v.constant.kind == ConstexprValue::Kind::None);
  };
  auto constArg = [&](size_t i) { return valueOf(r.args[i]).constant; };
  if (r.builtin == "tl.program_id" || r.builtin == "tl.num_programs")
    return builder_->value(r.builtin == "tl.program_id" ? OpKind::ProgramId : OpKind::NumPrograms, {}, result.type,
                           c.range, {{"axis", int64_t(constArg(0).intValue)}});
  if (r.builtin == "tl.arange")
    return builder_->value(OpKind::MakeRange, {}, result.type, c.range,
                           {{"start", int64_t(constArg(0).intValue)}, {"end", int64_t(constArg(1).intValue)}});
  bool isStore = r.builtin == "tl.store";
  if ((r.builtin == "tl.load" || isStore) && valueOf(r.args[0]).kind == SemaValue::Kind::BlockPtr)
    return blockPointerAccess(c, r, isStore);
  if (r.builtin == "tl.load_tensor_descriptor" || r.builtin == "tl.store_tensor_descriptor")
    return tensorDescriptorAccess(c, r, r.builtin == "tl.store_tensor_descriptor");
  if (r.builtin == "tl.make_block_ptr" || r.builtin == "tl.advance" ||
      r.builtin == "tl.make_tensor_descriptor") // a block pointer nobody uses
    return nullptr;
  if (r.builtin == "tl.load" || isStore) {
    std::vector<tir::Value *> operands{use(*r.args[0])};
    size_t maskIndex = isStore ? 2 : 1;
    if (isStore)
      operands.push_back(use(*r.args[1]));
    if (given(maskIndex))
      operands.push_back(use(*r.args[maskIndex]));
    if (!isStore && given(maskIndex) && given(2))
      operands.push_back(use(*r.args[2]));
    // Bool memory with an int8 value or `other` (sema's viaBytes): the
    // access goes through the bytes, and a load's bytes compare with 0.
    bool throughBytes = operands[0]->type.elem.pointee == ScalarKind::I1 && operands.size() > size_t(isStore ? 1 : 2) &&
                        operands[isStore ? 1 : 2]->type.elem.kind == ScalarKind::I8;
    if (throughBytes)
      operands[0] = builder_->value(OpKind::Bitcast, {operands[0]},
                                    operands[0]->type.withElem(ElemType::pointerTo(ScalarKind::I8)), c.range);
    std::vector<tir::NamedAttribute> attrs;
    size_t cacheIndex = isStore ? 4 : 5, evictionIndex = isStore ? 5 : 6;
    if (given(cacheIndex) && !constArg(cacheIndex).text.empty())
      attrs.push_back({"cache", constArg(cacheIndex).text.substr(1)}); // the IR spells `.ca` as `ca`
    if (!isStore && given(7) && truthy(constArg(7)))
      attrs.push_back({"volatile", int64_t(1)});
    if (given(evictionIndex) && !constArg(evictionIndex).text.empty())
      attrs.push_back({"eviction", constArg(evictionIndex).text});
    if (isStore) {
      builder_->create(OpKind::Store, operands, {}, attrs, c.range);
      return nullptr;
    }
    if (throughBytes)
      return convert(builder_->value(OpKind::Load, operands, result.type.withElem(ElemType::scalar(ScalarKind::I8)),
                                     c.range, attrs),
                     result.type, c.range);
    return builder_->value(OpKind::Load, operands, result.type, c.range, attrs);
  }
  return builtin(c, r, result);
}

} // namespace tritonc::lowering
