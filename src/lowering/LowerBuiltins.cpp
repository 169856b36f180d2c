// Builtins other than loads and stores: creation, elementwise math,
// conversions, hints, reductions, the matrix product and libdevice calls
// (shapes in LowerShapes.cpp).
#include "Lowerer.h"

#include <tuple>

#include "tritonc/sema/Builtins.h"
#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/support/Diagnostics.h"

#include <cctype>
#include <set>

namespace tritonc::lowering {

using tir::OpKind;

bool Lowerer::given(const ResolvedCall &r, size_t i) const {
  if (!r.args[i])
    return false;
  const SemaValue &v = valueOf(r.args[i]);
  return !(v.isConstexpr() && v.constant.kind == ConstexprValue::Kind::None);
}

tir::Value *Lowerer::unaryMath(const std::string &fn, tir::Value *x, SourceRange loc) {
  const Type &t = x->type;
  bool fp = isFloat(t.elem.kind);
  if (fn == "abs" && isInteger(t.elem.kind) && !isSigned(t.elem.kind))
    return x; // Triton: `abs` of an unsigned value is the value
  if (fn == "abs")
    return builder_->value(fp ? OpKind::AbsF : OpKind::AbsI, {x}, t, loc);
  return builder_->value(OpKind::Math, {x}, t, loc, {{"fn", fn}});
}

tir::Value *Lowerer::builtin(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  const std::string &n = r.builtin;
  const Type &t = result.type;
  if (n == "tl.zeros")
    return constant(ConstexprValue::ofInt(0), t, c.range);
  if (n == "tl.full") {
    const SemaValue &v = valueOf(r.args[1]);
    if (v.isConstexpr())
      return constant(v.constant, t, c.range);
    return builder_->value(OpKind::Splat, {use(*r.args[1])}, t, c.range);
  }
  if (n == "tl.join" || n == "tl.interleave")
    return join(c, r, result);
  if (n == "tl.where")
    return builder_->value(OpKind::Select, {use(*r.args[0]), use(*r.args[1]), use(*r.args[2])}, t, c.range);
  if (n == "tl.maximum" || n == "tl.minimum") {
    bool max = n == "tl.maximum";
    ScalarKind k = t.elem.kind;
    bool propagateNan =
        given(r, 2) && valueOf(r.args[2]).isConstexpr() && valueOf(r.args[2]).constant.intValue == kPropagateNanAll;
    OpKind kind = isFloat(k) && propagateNan ? (max ? OpKind::MaximumF : OpKind::MinimumF)
                  : isFloat(k)               ? (max ? OpKind::MaxNumF : OpKind::MinNumF)
                  : isSigned(k)              ? (max ? OpKind::MaxSI : OpKind::MinSI)
                                             : (max ? OpKind::MaxUI : OpKind::MinUI);
    return builder_->value(kind, {use(*r.args[0]), use(*r.args[1])}, t, c.range);
  }
  if (n == "tl.fma")
    return builder_->value(OpKind::Fma, {use(*r.args[0]), use(*r.args[1]), use(*r.args[2])}, t, c.range);
  if (n == "tl.div_rn") // IEEE division, where `/` on fp32 is div.full
    return builder_->value(OpKind::DivF, {use(*r.args[0]), use(*r.args[1])}, t, c.range,
                           {{"rounding", std::string("rn")}});
  if (n == "tl.to_tensor")
    return use(*r.args[0]);
  if (n == "tl.cast" || n == "tl.to") {
    tir::Value *x = use(*r.args[0]);
    if (x->type.elem.isPointer() || t.elem.isPointer()) // reinterpreted, as address or as another pointer
      return x->type == t ? x : builder_->value(OpKind::Bitcast, {x}, t, c.range);
    bool bitcast = given(r, 3) && valueOf(r.args[3]).constant.boolValue;
    if (bitcast)
      return x->type == t ? x : builder_->value(OpKind::Bitcast, {x}, t, c.range);
    return convert(x, t, c.range);
  }
  if (n == "tl.max_constancy") // the axis analysis finds constancy itself; the hint adds nothing it uses
    return use(*r.args[0]);
  if (n == "tl.multiple_of" || n == "tl.max_contiguous") {
    const SemaValue &v = valueOf(r.args[1]);
    std::vector<int64_t> values;
    if (v.kind == SemaValue::Kind::Tuple)
      for (const SemaValue &e : v.elements)
        values.push_back(e.constant.intValue);
    else
      values.push_back(v.constant.intValue);
    return builder_->value(n == "tl.multiple_of" ? OpKind::MultipleOf : OpKind::MaxContiguous, {use(*r.args[0])}, t,
                           c.range, {{"values", values}});
  }
  if (n == "tl.sum" || n == "tl.max" || n == "tl.min")
    return reduce(c, r, result);
  if (n == "tl.reduce" || n == "tl.associative_scan")
    return combine(c, r).value;
  if (n == "tl.trans" || n == "tl.permute" || n == "tl.reshape" || n == "tl.view" || n == "tl.broadcast_to" ||
      n == "tl.expand_dims")
    return shapeBuiltin(c, r, result);
  if (n == "tl.dot")
    return dot(c, r, result);
  if (n.rfind("tl.atomic_", 0) == 0) {
    // `sem` and `scope` other than Triton's defaults (acq_rel, gpu) are recorded.
    std::vector<tir::NamedAttribute> attrs;
    for (auto [index, name, byDefault] :
         {std::tuple{size_t(3), tir::AttrKey("sem"), "acq_rel"}, std::tuple{size_t(4), tir::AttrKey("scope"), "gpu"}})
      if (given(r, index) && valueOf(r.args[index]).constant.text != byDefault)
        attrs.push_back({name, valueOf(r.args[index]).constant.text});
    if (n == "tl.atomic_cas")
      return builder_->value(OpKind::AtomicCAS, {use(*r.args[0]), use(*r.args[1]), use(*r.args[2])}, t, c.range, attrs);
    std::string kind = n.substr(std::string("tl.atomic_").size());
    if ((kind == "max" || kind == "min") && isInteger(t.elem.kind) && !isSigned(t.elem.kind))
      kind = "u" + kind;
    std::vector<tir::Value *> operands{use(*r.args[0]), use(*r.args[1])};
    if (given(r, 2))
      operands.push_back(use(*r.args[2]));
    attrs.push_back({"kind", kind});
    return builder_->value(OpKind::AtomicRMW, operands, t, c.range, attrs);
  }
  if (n == "tl.device_print") {
    std::vector<tir::Value *> operands;
    for (const ast::Expr *e : r.rest)
      operands.push_back(use(*e));
    std::vector<tir::NamedAttribute> attrs{{"prefix", valueOf(r.args[0]).constant.text}};
    if (given(r, 2) && truthy(valueOf(r.args[2]).constant))
      attrs.push_back({"hex", int64_t(1)});
    builder_->create(OpKind::Print, operands, {}, attrs, c.range);
    return nullptr;
  }
  if (n == "tl.debug_barrier") {
    builder_->create(OpKind::Barrier, {}, {}, {}, c.range);
    return nullptr;
  }
  if (n == "tl.condition")
    return use(*r.args[0]);
  if (n == "tl.umulhi")
    return builder_->value(OpKind::MulHiUI, {use(*r.args[0]), use(*r.args[1])}, t, c.range);
  if (n == "tl.gather") {
    int64_t rank = int64_t(t.shape.size()), axis = valueOf(r.args[2]).constant.intValue;
    return builder_->value(OpKind::Gather, {use(*r.args[0]), use(*r.args[1])}, t, c.range,
                           {{"axis", axis < 0 ? axis + rank : axis}});
  }
  if (n == "tl.inline_asm_elementwise")
    return inlineAsm(c, r, inlineAsmOperands(r), {result}, 0);
  if (n == "tl.cumsum") {
    int64_t rank = int64_t(t.shape.size());
    int64_t axis = given(r, 1) ? valueOf(r.args[1]).constant.intValue : 0;
    std::vector<tir::NamedAttribute> attrs{{"axis", axis < 0 ? axis + rank : axis}, {"kind", std::string("sum")}};
    if (given(r, 2) && truthy(valueOf(r.args[2]).constant))
      attrs.push_back({"reverse", int64_t(1)});
    return builder_->value(OpKind::Scan, {use(*r.args[0])}, t, c.range, std::move(attrs));
  }
  if (n.rfind("libdevice.", 0) == 0) {
    std::vector<tir::Value *> operands;
    for (const ast::Expr *a : r.args)
      operands.push_back(use(*a));
    // Sema resolved the symbol for the operands' kind: "libdevice.__nv_fdiv_rn".
    std::string symbol = n.substr(std::string("libdevice.").size());
    return builder_->value(OpKind::ExternCall, operands, t, c.range, {{"symbol", symbol}});
  }
  if (n.rfind("tl.", 0) == 0)
    return unaryMath(n.substr(3), use(*r.args[0]), c.range);
  internalError("lowering has no rule for builtin " + n);
}

tir::Value *Lowerer::reduce(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  tir::Value *x = use(*r.args[0]);
  int64_t rank = int64_t(x->type.shape.size());
  std::string kind = r.builtin.substr(3); // sum, max, min
  std::vector<int64_t> axes;
  if (given(r, 1)) {
    int64_t axis = valueOf(r.args[1]).constant.intValue;
    axes.push_back(axis < 0 ? axis + rank : axis);
  } else if (flattensForReduction(x)) {
    x = flattenedForReduction(x, c.range);
    axes.push_back(0);
  } else {
    for (int64_t d = rank - 1; d >= 0; --d)
      axes.push_back(d);
  }
  for (int64_t axis : axes) {
    std::vector<int64_t> shape = x->type.shape;
    shape.erase(shape.begin() + axis);
    x = builder_->value(OpKind::Reduce, {x}, Type::tensor(x->type.elem, shape), c.range,
                        {{"axis", axis}, {"kind", kind}});
  }
  return keepDims(x, result.type, axes.front(), c.range);
}

bool Lowerer::flattensForReduction(const tir::Value *x) const {
  if (x->type.shape.size() <= 1)
    return false;
  // Through the ops (and loops' yields) it is computed from, a bounded walk.
  std::vector<const tir::Value *> pending{x};
  std::set<const tir::Op *> seen;
  while (!pending.empty() && seen.size() < 256) {
    const tir::Op *def = pending.back()->definingOp();
    pending.pop_back();
    if (!def || !seen.insert(def).second)
      continue;
    if (def->kind == OpKind::Dot)
      return false;
    for (const tir::Value *operand : def->operands)
      pending.push_back(operand);
    for (const auto &region : def->regions)
      if (!region->ops.empty())
        for (const tir::Value *yielded : region->ops.back()->operands)
          pending.push_back(yielded);
  }
  return true;
}

tir::Value *Lowerer::flattenedForReduction(tir::Value *x, SourceRange loc) {
  return builder_->value(OpKind::Reshape, {x}, Type::tensor(x->type.elem, {x->type.numElements()}), loc);
}

// keep_dims: the reduced dims come back with size 1.
tir::Value *Lowerer::keepDims(tir::Value *x, const Type &result, int64_t axis, SourceRange loc) {
  if (x->type.shape == result.shape)
    return x;
  if (!x->type.isTensor())
    return builder_->value(OpKind::Splat, {x}, result, loc);
  return builder_->value(OpKind::ExpandDims, {x}, result, loc, {{"axis", axis}});
}

// As Triton's _reduce_with_indices: the index along the axis (make_range,
// broadcast over the other dims) reduces with the values, in one `reduce`
// of two operands and two results, {kind = "argmax" | "argmin"}.
Binding Lowerer::reduceWithIndices(const ast::CallExpr &c, const ResolvedCall &r) {
  tir::Value *x = use(*r.args[0]);
  const std::vector<int64_t> &shape = x->type.shape;
  int64_t rank = int64_t(shape.size());
  int64_t axis = valueOf(r.args[1]).constant.intValue;
  axis = axis < 0 ? axis + rank : axis;
  ElemType i32 = ElemType::scalar(ScalarKind::I32);
  int64_t length = shape[size_t(axis)];
  tir::Value *index = builder_->value(OpKind::MakeRange, {}, Type::tensor(i32, {length}), c.range,
                                      {{"start", int64_t(0)}, {"end", length}});
  if (rank > 1) {
    std::vector<int64_t> expanded{length};
    for (int64_t d = 0; d < rank; ++d) {
      if (d == axis)
        continue;
      expanded.insert(expanded.begin() + d, 1);
      index = builder_->value(OpKind::ExpandDims, {index}, Type::tensor(i32, expanded), c.range, {{"axis", d}});
    }
    index = builder_->value(OpKind::Broadcast, {index}, Type::tensor(i32, shape), c.range);
  }
  std::vector<int64_t> reduced = shape;
  reduced.erase(reduced.begin() + axis);
  std::string kind = r.builtin == "tl.max" ? "argmax" : "argmin";
  tir::Op *op =
      builder_->create(OpKind::Reduce, {x, index}, {Type::tensor(x->type.elem, reduced), Type::tensor(i32, reduced)},
                       {{"axis", axis}, {"kind", kind}}, c.range);
  const SemaValue &result = valueOf(&c);
  Binding pair;
  for (unsigned i = 0; i < 2; ++i)
    pair.elements.push_back(Binding{keepDims(op->result(i), result.elements[i].type, axis, c.range), std::nullopt});
  return pair;
}

// The accumulator is always an operand: zeros when the call gives none.
tir::Value *Lowerer::dot(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  tir::Value *a = use(*r.args[0]), *b = use(*r.args[1]);
  tir::Value *acc = given(r, 2) ? use(*r.args[2]) : constant(ConstexprValue::ofInt(0), result.type, c.range);
  // As sema checked it: `input_precision`, else the default the compile
  // was given (Triton's TRITON_F32_DEFAULT outranks `allow_tf32` too), else
  // `allow_tf32=False` for "ieee", else Triton's default on NVIDIA GPUs, "tf32".
  std::string precision = "tf32";
  if (given(r, 3))
    precision = valueOf(r.args[3]).constant.text;
  else if (!kernel_.fp32DotDefault.empty())
    precision = kernel_.fp32DotDefault;
  else if (given(r, 4) && !truthy(valueOf(r.args[4]).constant))
    precision = "ieee";
  // Triton takes any case. Its sums of bf16 products approximate fp32
  // products; tritonc computes them exactly, in fp32 on CUDA cores.
  for (char &ch : precision)
    ch = char(std::tolower((unsigned char)ch));
  if (precision == "bf16x3" || precision == "bf16x6")
    precision = "ieee";
  return builder_->value(OpKind::Dot, {a, b, acc}, result.type, c.range, {{"input_precision", precision}});
}

std::vector<tir::Value *> Lowerer::inlineAsmOperands(const ResolvedCall &r) {
  const ast::Expr *list = r.args[2]; // sema checked the arguments are a list or tuple
  const auto &elements = list->kind == ast::ExprKind::List ? static_cast<const ast::ListExpr *>(list)->elements
                                                           : static_cast<const ast::TupleExpr *>(list)->elements;
  std::vector<tir::Value *> operands;
  for (const ast::ExprPtr &e : elements)
    operands.push_back(use(*e));
  return operands;
}

tir::Value *Lowerer::inlineAsm(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<tir::Value *> &operands,
                               const std::vector<SemaValue> &results, size_t output) {
  std::vector<tir::NamedAttribute> attrs{{"asm", valueOf(r.args[0]).constant.text},
                                         {"constraints", valueOf(r.args[1]).constant.text},
                                         {"pack", int64_t(valueOf(r.args[5]).constant.intValue)}};
  if (!truthy(valueOf(r.args[4]).constant))
    attrs.push_back({"side_effects", int64_t(1)});
  if (results.size() > 1) {
    std::string bits;
    for (const SemaValue &v : results)
      bits += (bits.empty() ? "" : ",") + std::to_string(bitWidth(v.type.elem.kind));
    attrs.push_back({"output", int64_t(output)});
    attrs.push_back({"output_bits", bits});
  }
  return builder_->value(OpKind::InlineAsm, operands, results[output].type, c.range, std::move(attrs));
}

Binding Lowerer::inlineAsmResults(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  std::vector<tir::Value *> operands = inlineAsmOperands(r); // once, for every result's op
  Binding tuple;
  for (size_t k = 0; k < result.elements.size(); ++k)
    tuple.elements.push_back(Binding{inlineAsm(c, r, operands, result.elements, k), std::nullopt});
  return tuple;
}

} // namespace tritonc::lowering
