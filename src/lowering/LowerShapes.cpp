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

} // namespace tritonc::lowering
