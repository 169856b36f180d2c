// Shape builtins: `tl.trans` / `tl.permute` / `x.T` become `trans`,
// `tl.reshape` / `tl.view` `reshape`, `tl.expand_dims` one `expand_dims`
// per new dim; `tl.broadcast_to` is the conversion sema recorded.
#include "Lowerer.h"

namespace tritonc::lowering {

using tir::OpKind;

tir::Value *Lowerer::transpose(tir::Value *x, std::vector<int64_t> order, SourceRange loc) {
  std::vector<int64_t> shape;
  for (int64_t d : order)
    shape.push_back(x->type.shape[size_t(d)]);
  return builder_->value(OpKind::Trans, {x}, Type::tensor(x->type.elem, shape), loc, {{"order", std::move(order)}});
}

tir::Value *Lowerer::shapeBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  const std::string &n = r.builtin;
  tir::Value *x = use(*r.args[0]);
  if (n == "tl.broadcast_to")
    return x;
  if (n == "tl.trans" || n == "tl.permute") {
    // The dims as sema read them: `*args` or one tuple; none is (1, 0).
    std::vector<int64_t> order;
    for (const ast::Expr *d : r.rest) {
      const SemaValue &v = valueOf(d);
      if (v.kind == SemaValue::Kind::Tuple)
        for (const SemaValue &e : v.elements)
          order.push_back(e.constant.intValue);
      else
        order.push_back(v.constant.intValue);
    }
    if (order.empty())
      order = {1, 0};
    return transpose(x, std::move(order), c.range);
  }
  if (x->type.shape == result.type.shape) // a scalar splat to all-ones dims; a reshape that changes nothing
    return x;
  if (n == "tl.expand_dims") {
    // The operand's dims are matched to the result's in order and a size-1
    // dim is inserted wherever they differ. New dims have size 1, so any
    // matching that succeeds places the elements the same way.
    const std::vector<int64_t> from = x->type.shape, &to = result.type.shape;
    std::vector<int64_t> prefix;
    size_t i = 0;
    for (size_t d = 0; d < to.size(); ++d) {
      if (i < from.size() && from[i] == to[d]) {
        prefix.push_back(from[i++]);
        continue;
      }
      prefix.push_back(1);
      std::vector<int64_t> shape = prefix;
      shape.insert(shape.end(), from.begin() + i, from.end());
      x = builder_->value(OpKind::ExpandDims, {x}, Type::tensor(x->type.elem, shape), c.range, {{"axis", int64_t(d)}});
    }
    return x;
  }
  return builder_->value(OpKind::Reshape, {x}, result.type, c.range); // tl.reshape, tl.view
}

// Index k along a new last dim of 2, broadcast over `shape`: i1, true at k.
tir::Value *Lowerer::lastDimIs(const std::vector<int64_t> &shape, int64_t k, SourceRange loc) {
  ElemType i32 = ElemType::scalar(ScalarKind::I32);
  std::vector<int64_t> full = shape;
  full.push_back(2);
  tir::Value *idx =
      builder_->value(OpKind::MakeRange, {}, Type::tensor(i32, {2}), loc, {{"start", int64_t(0)}, {"end", int64_t(2)}});
  std::vector<int64_t> ones{2};
  for (size_t d = 0; d < shape.size(); ++d) {
    ones.insert(ones.begin(), 1);
    idx = builder_->value(OpKind::ExpandDims, {idx}, Type::tensor(i32, ones), loc, {{"axis", int64_t(0)}});
  }
  if (!shape.empty())
    idx = builder_->value(OpKind::Broadcast, {idx}, Type::tensor(i32, full), loc);
  tir::Value *kv = constant(ConstexprValue::ofInt(k), Type::tensor(i32, full), loc);
  return builder_->value(OpKind::CmpI, {idx, kv}, Type::tensor(ElemType::scalar(ScalarKind::I1), full), loc,
                         {{"predicate", std::string("eq")}});
}

// `tl.join` / `tl.interleave`: each operand gets a last dim of 1, both
// broadcast to 2 there, and a select on the index takes a at 0, b at 1.
tir::Value *Lowerer::join(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result) {
  tir::Value *a = use(*r.args[0]);
  tir::Value *b = use(*r.args[1]);
  std::vector<int64_t> shape = a->type.shape;
  std::vector<int64_t> one = shape, two = shape;
  one.push_back(1);
  two.push_back(2);
  ElemType e = a->type.elem;
  auto widen = [&](tir::Value *x) {
    tir::Value *x1 = shape.empty() ? builder_->value(OpKind::Splat, {x}, Type::tensor(e, one), c.range)
                                   : builder_->value(OpKind::ExpandDims, {x}, Type::tensor(e, one), c.range,
                                                     {{"axis", int64_t(shape.size())}});
    return builder_->value(OpKind::Broadcast, {x1}, Type::tensor(e, two), c.range);
  };
  tir::Value *joined = builder_->value(OpKind::Select, {lastDimIs(shape, 0, c.range), widen(a), widen(b)},
                                       Type::tensor(e, two), c.range);
  if (joined->type.shape == result.type.shape)
    return joined;
  return builder_->value(OpKind::Reshape, {joined}, result.type, c.range);
}

// `tl.split`: each half is the sum, along the last dim, of the bits of
// the other half masked to zero: exact for every value (signed zeros and
// NaN payloads included), since one term is never zero-masked.
Binding Lowerer::split(const ast::CallExpr &c, const ResolvedCall &r) {
  tir::Value *x = use(*r.args[0]);
  ElemType e = x->type.elem;
  std::vector<int64_t> shape(x->type.shape.begin(), x->type.shape.end() - 1);
  int width = bitWidth(e.kind);
  ScalarKind sumKind = width > 32 ? ScalarKind::I64 : ScalarKind::I32;
  ScalarKind bitsKind = width == 1    ? ScalarKind::I1
                        : width == 8  ? ScalarKind::I8
                        : width == 16 ? ScalarKind::I16
                        : width == 32 ? ScalarKind::I32
                                      : ScalarKind::I64;
  Type full = x->type;
  tir::Value *bits = x;
  if (e.kind != bitsKind) // floats, unsigned integers: the same bits as a signed integer
    bits = builder_->value(OpKind::Bitcast, {bits}, full.withElem(ElemType::scalar(bitsKind)), c.range);
  if (bitsKind != sumKind)
    bits = builder_->value(OpKind::ExtUI, {bits}, full.withElem(ElemType::scalar(sumKind)), c.range);
  Type sumFull = full.withElem(ElemType::scalar(sumKind));
  Type half = shape.empty() ? Type::scalar(e) : Type::tensor(e, shape);
  Type sumHalf = half.withElem(ElemType::scalar(sumKind));
  tir::Value *zero = constant(ConstexprValue::ofInt(0), sumFull, c.range);
  Binding out;
  for (int64_t k = 0; k < 2; ++k) {
    tir::Value *picked = builder_->value(OpKind::Select, {lastDimIs(shape, k, c.range), bits, zero}, sumFull, c.range);
    tir::Value *v = builder_->value(OpKind::Reduce, {picked}, sumHalf, c.range,
                                    {{"axis", int64_t(shape.size())}, {"kind", std::string("sum")}});
    if (bitsKind != sumKind)
      v = builder_->value(OpKind::TruncI, {v}, half.withElem(ElemType::scalar(bitsKind)), c.range);
    if (e.kind != bitsKind)
      v = builder_->value(OpKind::Bitcast, {v}, half, c.range);
    out.elements.push_back(Binding{v, std::nullopt});
  }
  return out;
}

} // namespace tritonc::lowering
