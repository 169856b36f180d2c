// `tl.reduce` and `tl.associative_scan`: one `reduce` or `scan` op of
// {kind = "combine"} over the input's tensors, whose region is the combine
// function inlined on 2n scalar arguments. Without an axis a reduction
// reduces its inputs flattened to one dim, as Triton's does (unless they
// come from a dot: Lowerer::flattensForReduction), else every dim,
// innermost first, one op (and one copy of the region) per dim.
#include "Lowerer.h"

#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/support/Diagnostics.h"

#include <algorithm>

namespace tritonc::lowering {

using tir::OpKind;

tir::Op *Lowerer::combineOp(OpKind kind, const std::vector<tir::Value *> &operands,
                            const std::vector<Type> &resultTypes, int64_t axis, const ast::CallExpr &c,
                            const InlinedCall &combine) {
  tir::Op *op =
      builder_->create(kind, operands, resultTypes, {{"axis", axis}, {"kind", std::string("combine")}}, c.range);
  tir::Block &region = *op->regions.emplace_back(std::make_unique<tir::Block>());
  std::vector<std::optional<Binding>> params;
  for (size_t side = 0; side < 2; ++side)
    for (const tir::Value *v : operands)
      params.push_back(Binding{region.addArgument(Type::scalar(v->type.elem), ""), std::nullopt});

  std::unique_ptr<tir::Builder> outer = std::exchange(builder_, std::make_unique<tir::Builder>(region));
  tir::Block *outerBlock = std::exchange(block_, &region);
  Binding returned = inlineBody(c, combine, std::move(params));
  std::vector<tir::Value *> yielded;
  if (returned.elements.empty())
    yielded.push_back(returned.value);
  for (const Binding &part : returned.elements)
    yielded.push_back(part.value);
  for (const tir::Value *v : yielded)
    TRITONC_CHECK(v, "sema lets a combine function return only run-time scalars");
  builder_->create(OpKind::Yield, yielded, {}, {}, c.range);
  builder_ = std::move(outer);
  block_ = outerBlock;
  return op;
}

Binding Lowerer::combine(const ast::CallExpr &c, const ResolvedCall &r) {
  const InlinedCall &fn = kernel_.combines.at(key(&c));
  Binding input = evaluate(*r.args[0]);
  std::vector<tir::Value *> values;
  if (input.elements.empty())
    values.push_back(input.value);
  for (const Binding &part : input.elements)
    values.push_back(part.value);
  const SemaValue &result = valueOf(&c);
  std::vector<Type> resultTypes;
  if (result.kind == SemaValue::Kind::Tuple)
    for (const SemaValue &part : result.elements)
      resultTypes.push_back(part.type);
  else
    resultTypes.push_back(result.type);

  int64_t rank = int64_t(values[0]->type.shape.size());
  auto wrap = [&](int64_t axis) { return axis < 0 ? axis + rank : axis; };
  std::vector<tir::Value *> results;
  if (r.builtin == "tl.associative_scan") {
    tir::Op *op = combineOp(OpKind::Scan, values, resultTypes, wrap(valueOf(r.args[1]).constant.intValue), c, fn);
    if (given(r, 3) && truthy(valueOf(r.args[3]).constant))
      op->setAttr("reverse", int64_t(1));
    for (const auto &v : op->results)
      results.push_back(v.get());
  } else {
    std::vector<int64_t> axes;
    if (given(r, 1)) {
      axes.push_back(wrap(valueOf(r.args[1]).constant.intValue));
    } else if (std::all_of(values.begin(), values.end(), [&](tir::Value *v) { return flattensForReduction(v); })) {
      for (tir::Value *&v : values)
        v = flattenedForReduction(v, c.range);
      axes.push_back(0);
    } else {
      for (int64_t d = rank - 1; d >= 0; --d)
        axes.push_back(d);
    }
    for (int64_t axis : axes) {
      std::vector<Type> types;
      for (const tir::Value *v : values) {
        std::vector<int64_t> shape = v->type.shape;
        shape.erase(shape.begin() + axis);
        types.push_back(Type::tensor(v->type.elem, shape));
      }
      tir::Op *op = combineOp(OpKind::Reduce, values, types, axis, c, fn);
      for (size_t i = 0; i < values.size(); ++i)
        values[i] = op->result(unsigned(i));
    }
    for (size_t i = 0; i < values.size(); ++i)
      results.push_back(keepDims(values[i], resultTypes[i], axes.front(), c.range));
  }
  if (result.kind != SemaValue::Kind::Tuple)
    return Binding{results[0], std::nullopt};
  Binding tuple;
  for (tir::Value *v : results)
    tuple.elements.push_back(Binding{v, std::nullopt});
  return tuple;
}

} // namespace tritonc::lowering
