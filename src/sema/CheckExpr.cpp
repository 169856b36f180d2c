// Expressions: literals, names, attributes and operators with Triton's
// promotion and broadcasting rules.
#include "Checker.h"
#include "TensorConstants.h"

#include "tritonc/sema/LanguageSurface.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

#include <algorithm>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

Result Checker::record(const ast::Expr &e, Result v) {
  if (v)
    out_.values[key(&e)] = *v;
  return v;
}

Result Checker::expr(const ast::Expr &e) { return record(e, exprUnrecorded(e)); }

Result Checker::exprUnrecorded(const ast::Expr &e) {
  switch (e.kind) {
  case ExprKind::Int: {
    uint64_t value = static_cast<const ast::IntExpr &>(e).value; // 0xFFFF_FFFF_FFFF_FFFF is 2^64 - 1, as in Python
    return SemaValue::constexprValue(ConstexprValue::ofInt(ConstInt(value)));
  }
  case ExprKind::Float:
    return SemaValue::constexprValue(ConstexprValue::ofFloat(static_cast<const ast::FloatExpr &>(e).value));
  case ExprKind::Bool:
    return SemaValue::constexprValue(ConstexprValue::ofBool(static_cast<const ast::BoolExpr &>(e).value));
  case ExprKind::String:
    return SemaValue::constexprValue(ConstexprValue::ofString(static_cast<const ast::StringExpr &>(e).value));
  case ExprKind::None: return SemaValue::constexprValue(ConstexprValue::none());
  case ExprKind::Name: return name(static_cast<const ast::NameExpr &>(e));
  case ExprKind::Attribute: return attribute(static_cast<const ast::AttributeExpr &>(e));
  case ExprKind::Call: return call(static_cast<const ast::CallExpr &>(e));
  case ExprKind::Binary: {
    auto &b = static_cast<const ast::BinaryExpr &>(e);
    return binary(e.range, b.op, *b.lhs, *b.rhs);
  }
  case ExprKind::Unary: return unary(static_cast<const ast::UnaryExpr &>(e));
  case ExprKind::Compare: return compare(static_cast<const ast::CompareExpr &>(e));
  case ExprKind::BoolOp: return boolOp(static_cast<const ast::BoolOpExpr &>(e));
  case ExprKind::IfExp: return ifExp(static_cast<const ast::IfExpExpr &>(e));
  case ExprKind::Subscript: return subscript(static_cast<const ast::SubscriptExpr &>(e));
  case ExprKind::Comprehension: return comprehension(static_cast<const ast::ComprehensionExpr &>(e));
  case ExprKind::Tuple:
  case ExprKind::List: {
    const auto &elements = e.kind == ExprKind::Tuple ? static_cast<const ast::TupleExpr &>(e).elements
                                                     : static_cast<const ast::ListExpr &>(e).elements;
    std::vector<SemaValue> values;
    for (const auto &element : elements) {
      Result v = expr(*element);
      if (!v)
        return std::nullopt;
      values.push_back(*v);
    }
    return SemaValue::tuple(std::move(values));
  }
  default:
    diags_.error(Diag::UnsupportedOperation, e.range, "this expression is not supported by this version of tritonc");
    return std::nullopt;
  }
}

Result Checker::name(const ast::NameExpr &n) {
  if (auto it = locals_.find(n.id); it != locals_.end())
    return it->second;
  if (poisoned_.count(n.id))
    return std::nullopt;
  if (auto it = scope().globals.find(n.id); it != scope().globals.end())
    return it->second;
  bool found = false;
  Result resolved = resolveGlobal(n.id, n.range, found);
  if (found)
    return resolved;
  if (n.id == "range" || n.id == "min" || n.id == "max" || n.id == "abs" || n.id == "len" || n.id == "float" ||
      n.id == "int" || n.id == "bool" || n.id == "isinstance" || n.id == "getattr" || n.id == "hasattr")
    return SemaValue::function(n.id);
  diags_.error(Diag::UnknownName, n.range, n.id);
  return std::nullopt;
}

Result Checker::attribute(const ast::AttributeExpr &a) {
  Result base = expr(*a.value);
  if (!base)
    return std::nullopt;
  return attributeOf(a, *base);
}

Result Checker::attributeOf(const ast::AttributeExpr &a, const SemaValue &baseValue) {
  const SemaValue *base = &baseValue;
  if (base->kind == SemaValue::Kind::BlockPtr && !base->descriptorPadding.empty()) {
    // What kernels ask of a tensor descriptor to size and type their tiles.
    if (a.attr == "dtype")
      return SemaValue::dtypeValue(base->elements[0].type.elem.pointee);
    if (a.attr == "block_shape") {
      std::vector<SemaValue> dims;
      for (int64_t d : base->blockShape)
        dims.push_back(SemaValue::constexprValue(ConstexprValue::ofInt(d)));
      return SemaValue::tuple(std::move(dims));
    }
    // The tensor's shape and strides: its fields, run-time or constant.
    if (a.attr == "shape" || a.attr == "strides") {
      BlockPointerFields f{base->blockShape.size()};
      size_t first = a.attr == "shape" ? f.shape(0) : f.stride(0);
      return SemaValue::tuple(
          std::vector<SemaValue>(base->elements.begin() + long(first), base->elements.begin() + long(first + f.rank)));
    }
  }
  // `bptr.type.element_ty`, as FlagGems casts what it stores through a
  // block pointer: Triton's answer is the block type, which `.to()` reads
  // as its element type; here the element type itself.
  if (base->kind == SemaValue::Kind::BlockPtr && base->descriptorPadding.empty() && a.attr == "type") {
    SemaValue d = SemaValue::dtypeValue(ScalarKind::Ptr);
    d.pointee = base->elements[0].type.elem.pointee;
    return d;
  }
  if (base->kind == SemaValue::Kind::Module && base->moduleId >= 0) { // one of the user's modules
    ImportFailure failure;
    if (std::optional<SemaValue> v = moduleMember(base->moduleId, a.attr, failure))
      return v;
    report(failure, a.range);
    return std::nullopt;
  }
  if (base->kind == SemaValue::Kind::Module && base->name == "triton.language.PropagateNan") {
    if (a.attr == "NONE" || a.attr == "ALL")
      return SemaValue::constexprValue(ConstexprValue::ofInt(a.attr == "ALL" ? kPropagateNanAll : kPropagateNanNone));
    diags_.error(Diag::UnknownBuiltin, a.range, "tl.PropagateNan." + a.attr);
    return std::nullopt;
  }
  if (base->kind == SemaValue::Kind::Module && base->name == "math") {
    if (std::optional<SemaValue> v = pythonMathAttribute(a.attr))
      return v;
    diags_.error(Diag::UnknownBuiltin, a.range, "math." + a.attr);
    return std::nullopt;
  }
  if (base->kind == SemaValue::Kind::Module && (base->name == "os" || base->name == "os.environ")) {
    if (base->name == "os" && a.attr == "environ")
      return SemaValue::module("os.environ");
    if ((base->name == "os" && a.attr == "getenv") || (base->name == "os.environ" && a.attr == "get"))
      return SemaValue::function(base->name + "." + a.attr);
    diags_.error(Diag::UnknownBuiltin, a.range, base->name + "." + a.attr);
    return std::nullopt;
  }
  if (base->kind == SemaValue::Kind::Module && !isTritonModule(base->name) && base->name != "libdevice") {
    diags_.error(Diag::ModuleNotFound, a.value ? a.value->range : a.range, base->name, modules_.describeRoots());
    return std::nullopt;
  }
  if (base->kind == SemaValue::Kind::Module) {
    // `tl.extra.cuda.libdevice`, `triton.language.extra.libdevice`.
    if (base->name == "triton.language" && a.attr == "extra")
      return SemaValue::module("triton.language.extra");
    if (base->name == "triton.language.extra" && a.attr == "cuda")
      return SemaValue::module("triton.language.extra.cuda");
    if (base->name != "triton.language" && canonicalModule(base->name + "." + a.attr) == "libdevice")
      return SemaValue::module("libdevice");
    if (base->name == "triton" && a.attr == "language")
      return SemaValue::module("triton.language");
    // `tl.math.exp2` is `tl.exp2`: the math module holds the primitives;
    // `tl.core.float32`, `tl.random.randint`: where tl's names are defined.
    if (base->name == "triton.language" &&
        (a.attr == "math" || canonicalModule(base->name + "." + a.attr) == "triton.language"))
      return SemaValue::module("triton.language");
    if (base->name == "triton.language") {
      if (a.attr == "PropagateNan")
        return SemaValue::module("triton.language.PropagateNan");
      if (a.attr == "TRITON_MAX_TENSOR_NUMEL")
        return SemaValue::constexprValue(ConstexprValue::ofInt(kMaxTensorElements));
      if (std::optional<ScalarKind> k = scalarFromTritonName(a.attr))
        return SemaValue::dtypeValue(*k);
      if (aliasDType(a.attr))
        return SemaValue::dtypeValue(*aliasDType(a.attr));
      std::string full = "tl." + a.attr;
      // Loops check `range` and `static_range`; `tensor` and the descriptor
      // classes are for `isinstance`.
      if (findBuiltin(full) || isSemaLanguageName(a.attr) || a.attr == "tensor_descriptor_base" ||
          stdlibFunction(a.attr))
        return SemaValue::function(full);
      diags_.error(Diag::UnknownBuiltin, a.range, full);
      return std::nullopt;
    }
    std::string full = base->name + "." + a.attr;
    if (base->name == "libdevice") // any libdevice function; checked at the call
      return SemaValue::function(full);
    if (base->name == "triton" && a.attr == "jit")
      return SemaValue::function(full);
    if (base->name == "triton" && a.attr == "cdiv" && stdlibFunction(a.attr)) // the host's helper, also in kernels
      return SemaValue::function("tl.cdiv");
    if (base->name == "triton" && a.attr == "next_power_of_2") // a host helper Triton calls on compile-time values
      return SemaValue::function(full);
    diags_.error(Diag::UnknownBuiltin, a.range, full);
    return std::nullopt;
  }
  if (base->isRuntime() && (a.attr == "dtype" || a.attr == "type")) {
    SemaValue d = SemaValue::dtypeValue(base->type.elem.kind);
    d.pointee = base->type.elem.pointee;
    return d;
  }
  // `c.value` unwraps a `tl.constexpr`; every compile-time value here is
  // already unwrapped (a dtype passed to a helper, `BLOCK.value`).
  if (a.attr == "value" && (base->kind == SemaValue::Kind::DType || base->isConstexpr()))
    return *base;
  if (base->kind == SemaValue::Kind::DType)
    return dtypeAttribute(a, *base);
  if (base->isRuntime() && a.attr == "shape") {
    std::vector<SemaValue> dims;
    for (int64_t d : base->type.shape)
      dims.push_back(SemaValue::constexprValue(ConstexprValue::ofInt(d)));
    return SemaValue::tuple(std::move(dims));
  }
  if (base->isRuntime() && a.attr == "numel")
    return SemaValue::constexprValue(ConstexprValue::ofInt(base->type.numElements()));
  if (base->isRuntime() && a.attr == "T")
    return transposed(a, *base);
  diags_.error(Diag::UnsupportedOperation, a.range,
               fmt::format("{} has no attribute `{}` that tritonc knows", describe(*base), a.attr));
  return std::nullopt;
}

std::optional<ScalarKind> Checker::aliasDType(const std::string &name) {
  if (name == "float")
    return ScalarKind::F32;
  if (name == "int")
    return ScalarKind::I32;
  if (name == "bool")
    return ScalarKind::I1;
  return std::nullopt;
}

// Converts `e` (already checked, value `v`) for use as `target`.
void Checker::coerce(const ast::Expr &e, const SemaValue &v, const Type &target) {
  if (!(v.isRuntime() && v.type == target))
    out_.coercions[key(&e)] = target;
}

bool Checker::isNumeric(const SemaValue &v) const {
  if (v.isRuntime())
    return true;
  return v.isConstexpr() &&
         (v.constant.kind == ConstexprValue::Kind::Int || v.constant.kind == ConstexprValue::Kind::Float ||
          v.constant.kind == ConstexprValue::Kind::Bool);
}

PromotionOperand Checker::promotionOperand(const SemaValue &v) const {
  if (v.isRuntime())
    return {v.type.elem.kind, false};
  if (v.heldAs)
    return {*v.heldAs, false};
  switch (v.constant.kind) {
  case ConstexprValue::Kind::Float: return {ScalarKind::F32, true};
  case ConstexprValue::Kind::Bool: return {ScalarKind::I1, true};
  default: return {pythonIntType(v.constant.intValue, false), true};
  }
}

// Triton's checks on a Python integer beside a tile of integer type `kind`:
// it must be representable there, and not negative for an unsigned type.
bool Checker::scalarFits(SourceRange range, const SemaValue &v, ScalarKind kind) {
  if (!v.isConstexpr() || v.heldAs || v.constant.kind != ConstexprValue::Kind::Int || !isInteger(kind) || kind == ScalarKind::I1)
    return true;
  ConstInt x = v.constant.intValue;
  unsigned bits = bitWidth(kind);
  if (!isSigned(kind) && x < 0) {
    diags_.error(Diag::TypeMismatch, range,
                 fmt::format("the constant {} is negative beside a `{}` tile; cast one of them first", intText(x),
                             tritonName(kind)));
    return false;
  }
  bool fits =
      isSigned(kind) ? x >= -(ConstInt(1) << (bits - 1)) && x < (ConstInt(1) << (bits - 1)) : x < (ConstInt(1) << bits);
  if (!fits)
    diags_.error(Diag::TypeMismatch, range,
                 fmt::format("the constant {} is out of range for `{}`", intText(x), tritonName(kind)));
  return fits;
}

// The shape both operands broadcast to, or nullopt after a diagnostic.
std::optional<std::vector<int64_t>> Checker::broadcastShape(SourceRange range, const SemaValue &a, const SemaValue &b) {
  std::vector<int64_t> sa = a.isRuntime() ? a.type.shape : std::vector<int64_t>{};
  std::vector<int64_t> sb = b.isRuntime() ? b.type.shape : std::vector<int64_t>{};
  // NumPy's rule: align the trailing dims; each pair is equal or has a 1.
  size_t rank = std::max(sa.size(), sb.size());
  std::vector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t x = i < rank - sa.size() ? 1 : sa[i - (rank - sa.size())];
    int64_t y = i < rank - sb.size() ? 1 : sb[i - (rank - sb.size())];
    if (x != y && x != 1 && y != 1) {
      diags_.error(Diag::ShapeMismatch, range, Type::tensor(a.type.elem, sa).str(),
                   Type::tensor(b.type.elem, sb).str());
      return std::nullopt;
    }
    out[i] = std::max(x, y);
  }
  return out;
}

// For `x op= y` the target node is read here, so its coercion is
// recorded on it like any operand.
// A tuple repeated past any tensor rank or shape is a mistake; the bound
// keeps `(1,) * 10**9` from exhausting memory before sema says so.
constexpr size_t kMaxTupleRepeat = 1 << 16;

Result Checker::binary(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr) {
  Result lhs = expr(lhsExpr);
  Result rhs = expr(rhsExpr);
  if (!lhs || !rhs)
    return std::nullopt;
  bool bothConstant = lhs->isConstexpr() && rhs->isConstexpr();
  bool held = bothConstant && (lhs->heldAs || rhs->heldAs) && isNumeric(*lhs) && isNumeric(*rhs);
  if (bothConstant && !held) {
    std::string why;
    if (std::optional<ConstexprValue> folded = foldBinary(op, lhs->constant, rhs->constant, why))
      return SemaValue::constexprValue(*folded);
    diags_.error(Diag::TypeMismatch, range, why);
    return std::nullopt;
  }
  // Python's sequence operators on compile-time tuples and lists, as shape
  // code writes them: `[2] * n_dims`, `x.shape[:1] + (1,)`.
  bool lhsTuple = lhs->kind == SemaValue::Kind::Tuple, rhsTuple = rhs->kind == SemaValue::Kind::Tuple;
  if (op == ast::BinaryOp::Add && lhsTuple && rhsTuple) {
    std::vector<SemaValue> joined = lhs->elements;
    joined.insert(joined.end(), rhs->elements.begin(), rhs->elements.end());
    return SemaValue::tuple(std::move(joined));
  }
  if (op == ast::BinaryOp::Mul && lhsTuple != rhsTuple) {
    const SemaValue &count = lhsTuple ? *rhs : *lhs;
    if (count.isConstexpr() && count.constant.kind == ConstexprValue::Kind::Int) {
      const std::vector<SemaValue> &one = (lhsTuple ? *lhs : *rhs).elements;
      std::vector<SemaValue> repeated;
      for (int64_t i = 0; i < count.constant.intValue && repeated.size() < kMaxTupleRepeat; ++i)
        repeated.insert(repeated.end(), one.begin(), one.end());
      return SemaValue::tuple(std::move(repeated));
    }
  }
  if (!isNumeric(*lhs) || !isNumeric(*rhs)) {
    diags_.error(Diag::TypeMismatch, range,
                 fmt::format("`{}` cannot combine {} and {}", ast::spelling(op), describe(*lhs), describe(*rhs)));
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> shape = broadcastShape(range, *lhs, *rhs);
  if (!shape)
    return std::nullopt;

  bool lhsPtr = lhs->isRuntime() && lhs->type.elem.isPointer();
  bool rhsPtr = rhs->isRuntime() && rhs->type.elem.isPointer();
  if (lhsPtr || rhsPtr)
    return pointerArithmetic(range, op, lhsExpr, *lhs, rhsExpr, *rhs, *shape, lhsPtr && rhsPtr);

  bool divOrMod = op == ast::BinaryOp::Div || op == ast::BinaryOp::Mod || op == ast::BinaryOp::FloorDiv;
  std::string why;
  std::optional<ScalarKind> common = computationType(promotionOperand(*lhs), promotionOperand(*rhs), divOrMod, why);
  if (!common) {
    diags_.error(Diag::TypeMismatch, range, why);
    return std::nullopt;
  }
  if (!scalarFits(range, *lhs, *common) || !scalarFits(range, *rhs, *common))
    return std::nullopt;
  ScalarKind resultKind = *common;
  switch (op) {
  case ast::BinaryOp::Div:
    if (isInteger(*common))
      common = resultKind = ScalarKind::F32; // Triton: integer `/` computes in fp32
    break;
  case ast::BinaryOp::FloorDiv:
    if (isFloat(*common)) {
      diags_.error(Diag::UnsupportedOperation, range, "`//` on floating-point values is not supported yet");
      return std::nullopt;
    }
    break;
  case ast::BinaryOp::BitAnd:
  case ast::BinaryOp::BitOr:
  case ast::BinaryOp::BitXor:
  case ast::BinaryOp::Shl:
  case ast::BinaryOp::Shr:
    if (!isInteger(*common)) {
      diags_.error(Diag::TypeMismatch, range,
                   fmt::format("`{}` needs integer operands, found {} and {}", ast::spelling(op), describe(*lhs),
                               describe(*rhs)));
      return std::nullopt;
    }
    break;
  case ast::BinaryOp::Pow:
  case ast::BinaryOp::MatMul:
    diags_.error(Diag::UnsupportedOperation, range,
                 fmt::format("`{}` on tensors is not supported; use `tl.dot` or `libdevice.pow`", ast::spelling(op)));
    return std::nullopt;
  default: break;
  }
  if (held) // numbers Triton holds as tensors: folded with the tensor's arithmetic where that is exact
    if (std::optional<ConstexprValue> folded = foldTensorBinary(op, lhs->constant, rhs->constant, *common)) {
      SemaValue v = SemaValue::constexprValue(*folded);
      v.heldAs = resultKind;
      return v;
    }
  Type operandType = Type::tensor(ElemType::scalar(*common), *shape);
  coerce(lhsExpr, *lhs, operandType);
  coerce(rhsExpr, *rhs, operandType);
  return SemaValue::runtime(Type::tensor(ElemType::scalar(resultKind), *shape));
}

Result Checker::pointerArithmetic(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const SemaValue &lhs,
                                  const ast::Expr &rhsExpr, const SemaValue &rhs, const std::vector<int64_t> &shape,
                                  bool bothPointers) {
  bool lhsPtr = lhs.isRuntime() && lhs.type.elem.isPointer();
  const SemaValue &offset = lhsPtr ? rhs : lhs;
  bool offsetIsInt =
      offset.isRuntime() ? isInteger(offset.type.elem.kind) : offset.constant.kind == ConstexprValue::Kind::Int;
  bool allowed = !bothPointers && offsetIsInt && (op == ast::BinaryOp::Add || (op == ast::BinaryOp::Sub && lhsPtr));
  if (!allowed) {
    diags_.error(Diag::TypeMismatch, range,
                 fmt::format("`{}` cannot combine {} and {}; pointers take integer offsets with `+` and `-`",
                             ast::spelling(op), describe(lhs), describe(rhs)));
    return std::nullopt;
  }
  const SemaValue &pointer = lhsPtr ? lhs : rhs;
  const ast::Expr &pointerExpr = lhsPtr ? lhsExpr : rhsExpr;
  const ast::Expr &offsetExpr = lhsPtr ? rhsExpr : lhsExpr;
  ScalarKind offsetKind = offset.isRuntime() ? offset.type.elem.kind : pythonIntType(offset.constant.intValue, false);
  coerce(pointerExpr, pointer, Type::tensor(pointer.type.elem, shape));
  coerce(offsetExpr, offset, Type::tensor(ElemType::scalar(offsetKind), shape));
  return SemaValue::runtime(Type::tensor(pointer.type.elem, shape));
}

Result Checker::unary(const ast::UnaryExpr &u) {
  Result v = expr(*u.operand);
  if (!v)
    return std::nullopt;
  if (v->isConstexpr() && v->heldAs) {
    std::optional<ConstexprValue> folded = u.op == ast::UnaryOp::Not
                                               ? std::optional<ConstexprValue>(ConstexprValue::ofBool(!truthy(v->constant)))
                                               : foldTensorUnary(u.op, v->constant, *v->heldAs);
    if (folded) {
      SemaValue r = SemaValue::constexprValue(*folded);
      r.heldAs = u.op == ast::UnaryOp::Not ? ScalarKind::I1 : *v->heldAs;
      return r;
    }
  }
  if (v->isConstexpr()) {
    std::string why;
    if (std::optional<ConstexprValue> folded = foldUnary(u.op, v->constant, why))
      return SemaValue::constexprValue(*folded);
    diags_.error(Diag::TypeMismatch, u.range, why);
    return std::nullopt;
  }
  if (!v->isRuntime() || (v->type.elem.isPointer() && u.op != ast::UnaryOp::Pos)) {
    diags_.error(Diag::TypeMismatch, u.range,
                 fmt::format("bad operand for unary `{}`: {}", ast::spelling(u.op), describe(*v)));
    return std::nullopt;
  }
  switch (u.op) {
  case ast::UnaryOp::Neg:
  case ast::UnaryOp::Pos: return v;
  case ast::UnaryOp::Invert: // Triton's `~` is a bitwise xor with all ones
    if (!isInteger(v->type.elem.kind)) {
      diags_.error(Diag::TypeMismatch, u.range, fmt::format("`~` needs an integer operand, found {}", describe(*v)));
      return std::nullopt;
    }
    return v;
  case ast::UnaryOp::Not: { // on the truth value, `x != 0`
    Type t = v->type.withElem(ElemType::scalar(ScalarKind::I1));
    coerce(*u.operand, *v, t);
    return SemaValue::runtime(t);
  }
  }
  return std::nullopt;
}

// `x.shape == (32,)`: element by element, as Python compares tuples;
// nullopt when an element is not a compile-time value.
std::optional<bool> Checker::tuplesEqual(const SemaValue &a, const SemaValue &b) {
  if (a.elements.size() != b.elements.size())
    return false;
  for (size_t i = 0; i < a.elements.size(); ++i) {
    const SemaValue &x = a.elements[i], &y = b.elements[i];
    if (x.kind == SemaValue::Kind::Tuple && y.kind == SemaValue::Kind::Tuple) {
      std::optional<bool> inner = tuplesEqual(x, y);
      if (!inner || !*inner)
        return inner;
      continue;
    }
    if (!x.isConstexpr() || !y.isConstexpr())
      return std::nullopt;
    std::string why;
    std::optional<ConstexprValue> same = foldCompare(ast::CompareOp::Eq, x.constant, y.constant, why);
    if (!same)
      return std::nullopt;
    if (!same->boolValue)
      return false;
  }
  return true;
}

Result Checker::compare(const ast::CompareExpr &c) {
  if (c.ops.size() != 1) {
    diags_.error(Diag::UnsupportedOperation, c.range, "chained comparisons are not supported on tensors");
    return std::nullopt;
  }
  Result lhs = expr(*c.operands[0]);
  Result rhs = expr(*c.operands[1]);
  if (!lhs || !rhs)
    return std::nullopt;
  ast::CompareOp op = c.ops[0];
  // Triton's dtypes are module-level singletons (`tl.bfloat16`, and what a
  // pointer's element type or `.to()` names), so `is` is `==` on them.
  if (lhs->kind == SemaValue::Kind::DType && rhs->kind == SemaValue::Kind::DType &&
      (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne || op == ast::CompareOp::Is ||
       op == ast::CompareOp::IsNot)) {
    bool same = lhs->dtype == rhs->dtype && (lhs->dtype != ScalarKind::Ptr || lhs->pointee == rhs->pointee);
    bool equalOp = op == ast::CompareOp::Eq || op == ast::CompareOp::Is;
    return SemaValue::constexprValue(ConstexprValue::ofBool(same == equalOp));
  }
  if (lhs->kind == SemaValue::Kind::Tuple && rhs->kind == SemaValue::Kind::Tuple &&
      (op == ast::CompareOp::Eq || op == ast::CompareOp::Ne)) {
    std::optional<bool> same = tuplesEqual(*lhs, *rhs);
    if (!same) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("`{}` compares tuples of compile-time values only", ast::spelling(op)));
      return std::nullopt;
    }
    return SemaValue::constexprValue(ConstexprValue::ofBool(*same == (op == ast::CompareOp::Eq)));
  }
  bool held = lhs->isConstexpr() && rhs->isConstexpr() && (lhs->heldAs || rhs->heldAs) && isNumeric(*lhs) &&
              isNumeric(*rhs) && op != ast::CompareOp::Is && op != ast::CompareOp::IsNot;
  if (held) {
    std::string why;
    std::optional<ScalarKind> common = computationType(promotionOperand(*lhs), promotionOperand(*rhs), false, why);
    std::optional<ConstexprValue> folded;
    if (common) {
      if (!scalarFits(c.range, *lhs, *common) || !scalarFits(c.range, *rhs, *common))
        return std::nullopt;
      folded = foldTensorCompare(op, lhs->constant, rhs->constant, *common);
    }
    if (folded) {
      SemaValue v = SemaValue::constexprValue(*folded);
      v.heldAs = ScalarKind::I1;
      return v;
    }
  }
  if (lhs->isConstexpr() && rhs->isConstexpr()) {
    std::string why;
    if (std::optional<ConstexprValue> folded = foldCompare(op, lhs->constant, rhs->constant, why))
      return SemaValue::constexprValue(*folded);
    diags_.error(Diag::TypeMismatch, c.range, why);
    return std::nullopt;
  }
  // A run-time value is never `None`: Triton specialises a `None` argument
  // to a compile-time `None`, so `W is not None` on a real pointer is True.
  bool isIdentity = op == ast::CompareOp::Is || op == ast::CompareOp::IsNot;
  if (isIdentity && (isNone(lhs) || isNone(rhs)) && (lhs->isRuntime() || rhs->isRuntime()))
    return SemaValue::constexprValue(ConstexprValue::ofBool(op == ast::CompareOp::IsNot));
  if (op == ast::CompareOp::Is || op == ast::CompareOp::IsNot || op == ast::CompareOp::In ||
      op == ast::CompareOp::NotIn || !isNumeric(*lhs) || !isNumeric(*rhs)) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`{}` cannot compare {} and {}", ast::spelling(op), describe(*lhs), describe(*rhs)));
    return std::nullopt;
  }
  if ((lhs->isRuntime() && lhs->type.elem.isPointer()) || (rhs->isRuntime() && rhs->type.elem.isPointer())) {
    diags_.error(Diag::TypeMismatch, c.range,
                 fmt::format("`{}` cannot compare {} and {}; Triton compares no pointers, compare their offsets",
                             ast::spelling(op), describe(*lhs), describe(*rhs)));
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> shape = broadcastShape(c.range, *lhs, *rhs);
  if (!shape)
    return std::nullopt;
  std::string why;
  std::optional<ScalarKind> common = computationType(promotionOperand(*lhs), promotionOperand(*rhs), false, why);
  if (!common) {
    diags_.error(Diag::TypeMismatch, c.range, why);
    return std::nullopt;
  }
  Type operandType = Type::tensor(ElemType::scalar(*common), *shape);
  coerce(*c.operands[0], *lhs, operandType);
  coerce(*c.operands[1], *rhs, operandType);
  return SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I1), *shape));
}

} // namespace tritonc::sema

namespace tritonc::sema {

// `shape[:d]`, `shape[d + 1:]`, `t[::-1]` on a compile-time tuple, with
// Python's rules for negative and out-of-range bounds.
Result Checker::tupleSlice(const SemaValue &tuple, const ast::SliceExpr &slice) {
  int64_t n = int64_t(tuple.elements.size());
  auto bound = [&](const ast::ExprPtr &e, const char *what) -> std::optional<std::optional<int64_t>> {
    if (!e)
      return std::optional<int64_t>();
    Result v = expr(*e);
    if (!v)
      return std::nullopt;
    if (isNone(v))
      return std::optional<int64_t>();
    std::optional<int64_t> i = constantInt(e.get(), v, what);
    if (!i)
      return std::nullopt;
    return i;
  };
  auto lower = bound(slice.lower, "a slice bound"), upper = bound(slice.upper, "a slice bound"),
       step = bound(slice.step, "a slice step");
  if (!lower || !upper || !step)
    return std::nullopt;
  int64_t by = step->value_or(1);
  if (by == 0) {
    diags_.error(Diag::TypeMismatch, slice.step->range, "slice step cannot be zero");
    return std::nullopt;
  }
  auto clamp = [&](std::optional<int64_t> i, int64_t byDefault) {
    if (!i)
      return byDefault;
    int64_t v = *i < 0 ? *i + n : *i;
    return by > 0 ? std::clamp<int64_t>(v, 0, n) : std::clamp<int64_t>(v, -1, n - 1);
  };
  int64_t from = clamp(*lower, by > 0 ? 0 : n - 1), to = clamp(*upper, by > 0 ? n : -1);
  std::vector<SemaValue> picked;
  for (int64_t i = from; by > 0 ? i < to : i > to; i += by)
    picked.push_back(tuple.elements[size_t(i)]);
  return SemaValue::tuple(std::move(picked));
}

// `x[:, None]`, `x[None, :]`, `x[None]`: new size-1 dims where `None`
// stands; `t[i]` on a compile-time tuple (such as `x.shape[0]`).
Result Checker::subscript(const ast::SubscriptExpr &s) {
  Result base = expr(*s.value);
  if (!base)
    return std::nullopt;
  if (base->kind == SemaValue::Kind::Tuple && s.indices.size() == 1 && s.indices[0]->kind == ExprKind::Slice)
    return tupleSlice(*base, static_cast<const ast::SliceExpr &>(*s.indices[0]));
  if (base->kind == SemaValue::Kind::Tuple && s.indices.size() == 1) {
    Result index = expr(*s.indices[0]);
    if (!index)
      return std::nullopt;
    std::optional<int64_t> i = constantInt(s.indices[0].get(), index, "a tuple index");
    if (!i)
      return std::nullopt;
    int64_t n = int64_t(base->elements.size());
    if (*i < -n || *i >= n) {
      diags_.error(Diag::TypeMismatch, s.indices[0]->range, fmt::format("tuple index {} is out of range", *i));
      return std::nullopt;
    }
    return base->elements[size_t(*i < 0 ? *i + n : *i)];
  }
  // A run-time scalar (a full reduction) takes `None`s only: `tl.sum(x)[None]`.
  bool scalarWithNones =
      base->isRuntime() && !base->type.isTensor() &&
      std::all_of(s.indices.begin(), s.indices.end(), [](const auto &index) { return index->kind == ExprKind::None; });
  if (!base->isRuntime() || (!base->type.isTensor() && !scalarWithNones)) {
    diags_.error(Diag::UnsupportedOperation, s.range, "only tensors can be indexed, with `:` and `None`");
    return std::nullopt;
  }
  std::vector<int64_t> shape;
  size_t kept = 0;
  for (const auto &index : s.indices) {
    if (index->kind == ExprKind::None) {
      shape.push_back(1);
      continue;
    }
    auto *slice = index->kind == ExprKind::Slice ? static_cast<const ast::SliceExpr *>(index.get()) : nullptr;
    if (!slice || slice->lower || slice->upper || slice->step || kept >= base->type.shape.size()) {
      diags_.error(Diag::UnsupportedOperation, index->range,
                   "tensors are indexed with `:` and `None` only, one `:` per dimension");
      return std::nullopt;
    }
    shape.push_back(base->type.shape[kept++]);
  }
  while (kept < base->type.shape.size()) // missing trailing dims are kept
    shape.push_back(base->type.shape[kept++]);
  return SemaValue::runtime(Type::tensor(base->type.elem, shape));
}

} // namespace tritonc::sema
