// Block pointers become ordinary masked pointer tiles. A block pointer has
// no IR value: its fields (BlockPointerFields) live in a binding, element by
// element, like a tuple's, and loops and branches carry the fields they
// change. An access through one builds, for each dim d,
//
//   offs_d = offset_d + arange(0, block_shape[d])                 (i32)
//   pointer = base + sum_d i64(offs_d) * stride_d                 (i64)
//   mask = and over the dims d of boundary_check: 0 <= offs_d < shape_d
//
// each term computed along its own dim and broadcast to the tile, as a
// hand-written `offs_m[:, None] * stride_m + offs_n[None, :]` is, so that
// axis info sees the unit-stride dim contiguous. Padding fills masked-off
// elements with 0, or NaN for `padding_option="nan"`.
// A load's pointers pass through `window_pointers`, which names the
// window's base, shape, strides and offsets for the pipeliner: on sm_90a it
// may copy the tile with TMA instead (SoftwarePipeline.h).
#include "Lowerer.h"

#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tritonc::lowering {

using tir::OpKind;

namespace {

const Type kI32 = Type::scalar(ElemType::scalar(ScalarKind::I32));
const Type kI64 = Type::scalar(ElemType::scalar(ScalarKind::I64));

// The entries of a list-like argument's binding: a tuple's, or itself for a
// single value.
std::vector<Binding> entriesOf(const Binding &b, const SemaValue &v) {
  return v.kind == SemaValue::Kind::Tuple ? b.elements : std::vector<Binding>{b};
}
std::vector<SemaValue> entriesOf(const SemaValue &v) {
  return v.kind == SemaValue::Kind::Tuple ? v.elements : std::vector<SemaValue>{v};
}

} // namespace

tir::Value *Lowerer::fieldValue(const Binding &field, const Type &type, SourceRange loc) {
  if (field.value)
    return convert(field.value, type, loc);
  TRITONC_CHECK(field.constant.has_value(), "a block pointer field with neither a value nor a constant");
  return constant(*field.constant, type, loc);
}

Binding &Lowerer::slot(const std::string &name) {
  size_t hash = name.rfind('#');
  if (hash == std::string::npos)
    return env_[name];
  Binding &bp = env_.at(name.substr(0, hash));
  return bp.elements.at(std::stoul(name.substr(hash + 1)));
}

Binding Lowerer::makeBlockPointer(const ast::CallExpr &c, const ResolvedCall &r) {
  BlockPointerFields f{valueOf(&c).blockShape.size()};
  // Shape, strides and offsets, in the order of the call's parameters.
  return blockPointerFields(c, r, {{1, f.shape(0)}, {2, f.stride(0)}, {3, f.offset(0)}});
}

Binding Lowerer::blockPointerFields(const ast::CallExpr &c, const ResolvedCall &r,
                                    const std::vector<std::pair<size_t, size_t>> &lists) {
  const SemaValue &result = valueOf(&c);
  BlockPointerFields f{result.blockShape.size()};
  Binding out;
  out.elements.resize(f.count());
  tir::Value *base = use(*r.args[0]);
  const Type &baseType = result.elements[f.base()].type;
  if (base->type != baseType) // a bool base addresses bytes (sema's makeBlockPointer)
    base = builder_->value(OpKind::Bitcast, {base}, baseType, c.range);
  out.elements[f.base()] = Binding{base, std::nullopt};
  for (const auto &[arg, first] : lists) {
    std::vector<Binding> entries = entriesOf(evaluate(*r.args[arg]), valueOf(r.args[arg]));
    for (size_t d = 0; d < f.rank; ++d) {
      const SemaValue &field = result.elements[first + d];
      out.elements[first + d] =
          field.isRuntime() ? Binding{fieldValue(entries[d], field.type, c.range), std::nullopt} : entries[d];
    }
  }
  return out;
}

Binding Lowerer::advance(const ast::CallExpr &c, const ResolvedCall &r) {
  const SemaValue &result = valueOf(&c);
  BlockPointerFields f{result.blockShape.size()};
  Binding out = evaluate(*r.args[0]);
  std::vector<Binding> deltas = entriesOf(evaluate(*r.args[1]), valueOf(r.args[1]));
  std::vector<SemaValue> deltaValues = entriesOf(valueOf(r.args[1]));
  for (size_t d = 0; d < f.rank; ++d) {
    const SemaValue &delta = deltaValues[d];
    if (delta.isConstexpr() && delta.constant.intValue == 0)
      continue;
    Binding &offset = out.elements[f.offset(d)];
    const SemaValue &field = result.elements[f.offset(d)];
    if (field.isConstexpr()) {
      offset = Binding{nullptr, field.constant};
      continue;
    }
    tir::Value *sum = builder_->value(
        OpKind::AddI, {fieldValue(offset, kI32, c.range), fieldValue(deltas[d], kI32, c.range)}, kI32, c.range);
    offset = Binding{sum, std::nullopt};
  }
  return out;
}

tir::Value *Lowerer::blockPointerAccess(const ast::CallExpr &c, const ResolvedCall &r, bool isStore) {
  std::vector<int64_t> checked;
  if (r.args[3]) {
    const SemaValue &bc = valueOf(r.args[3]);
    if (!(bc.isConstexpr() && bc.constant.kind == ConstexprValue::Kind::None))
      for (const SemaValue &d : entriesOf(bc))
        checked.push_back(d.constant.intValue);
  }
  bool nan = !isStore && given(r, 4) && valueOf(r.args[4]).constant.text == "nan";
  std::vector<tir::NamedAttribute> attrs;
  size_t cacheIndex = isStore ? 4 : 5, evictionIndex = isStore ? 5 : 6;
  if (given(r, cacheIndex) && !valueOf(r.args[cacheIndex]).constant.text.empty())
    attrs.push_back({"cache", valueOf(r.args[cacheIndex]).constant.text.substr(1)}); // `.ca` is `ca` in the IR
  if (given(r, evictionIndex) && !valueOf(r.args[evictionIndex]).constant.text.empty())
    attrs.push_back({"eviction", valueOf(r.args[evictionIndex]).constant.text});
  return blockTileAccess(c.range, valueOf(r.args[0]), evaluate(*r.args[0]), checked, nan, isStore ? r.args[1] : nullptr,
                         attrs);
}

tir::Value *Lowerer::blockTileAccess(SourceRange loc, const SemaValue &bpValue, const Binding &bp,
                                     const std::vector<int64_t> &checked, bool nanPadding, const ast::Expr *stored,
                                     const std::vector<tir::NamedAttribute> &attrs, bool descriptor) {
  bool isStore = stored != nullptr;
  const std::vector<int64_t> &tileShape = bpValue.blockShape;
  BlockPointerFields f{tileShape.size()};
  const Type &baseType = bpValue.elements[f.base()].type;
  ElemType elem = ElemType::scalar(baseType.elem.pointee);

  // A vector along dim d, as a tile of rank R with size-1 dims elsewhere,
  // broadcast to the whole tile.
  auto toTile = [&](tir::Value *v, size_t d) {
    std::vector<int64_t> shape = v->type.shape;
    for (size_t j = 0; j < f.rank; ++j) {
      if (j == d)
        continue;
      shape.insert(shape.begin() + j, 1);
      v = builder_->value(OpKind::ExpandDims, {v}, Type::tensor(v->type.elem, shape), loc, {{"axis", int64_t(j)}});
    }
    if (shape != tileShape)
      v = builder_->value(OpKind::Broadcast, {v}, Type::tensor(v->type.elem, tileShape), loc);
    return v;
  };

  tir::Value *offsets = nullptr, *mask = nullptr;
  for (size_t d = 0; d < f.rank; ++d) {
    int64_t size = tileShape[d];
    Type vecI32 = Type::tensor(ElemType::scalar(ScalarKind::I32), {size});
    Type vecI64 = Type::tensor(ElemType::scalar(ScalarKind::I64), {size});
    tir::Value *range = builder_->value(OpKind::MakeRange, {}, vecI32, loc, {{"start", int64_t(0)}, {"end", size}});
    const Binding &offsetField = bp.elements[f.offset(d)];
    tir::Value *offs = range;
    if (!(offsetField.constant && offsetField.constant->intValue == 0 && !offsetField.value))
      offs =
          builder_->value(OpKind::AddI, {convert(fieldValue(offsetField, kI32, loc), vecI32, loc), range}, vecI32, loc);

    // The address term, in i64 as Triton computes it; a stride of 1 adds
    // the offsets themselves.
    const Binding &strideField = bp.elements[f.stride(d)];
    tir::Value *term = builder_->value(OpKind::ExtSI, {offs}, vecI64, loc);
    if (!(strideField.constant && !strideField.value && strideField.constant->intValue == 1)) {
      tir::Value *stride = fieldValue(strideField, kI64, loc);
      term = builder_->value(OpKind::MulI, {term, convert(stride, vecI64, loc)}, vecI64, loc);
    }
    term = toTile(term, d);
    offsets = offsets ? builder_->value(OpKind::AddI, {offsets, term}, term->type, loc) : term;

    if (std::find(checked.begin(), checked.end(), int64_t(d)) == checked.end())
      continue;
    // 0 <= offs < shape, compared in the shape's width.
    const SemaValue &shapeValue = bpValue.elements[f.shape(d)];
    Type shapeType = shapeValue.isRuntime()
                         ? shapeValue.type
                         : (shapeValue.constant.intValue == int32_t(shapeValue.constant.intValue) ? kI32 : kI64);
    Type vec = Type::tensor(shapeType.elem, {size});
    tir::Value *wideOffs = convert(offs, vec, loc);
    tir::Value *shape = convert(fieldValue(bp.elements[f.shape(d)], shapeType, loc), vec, loc);
    Type vecI1 = Type::tensor(ElemType::scalar(ScalarKind::I1), {size});
    tir::Value *below =
        builder_->value(OpKind::CmpI, {wideOffs, shape}, vecI1, loc, {{"predicate", std::string("slt")}});
    tir::Value *zero = constant(ConstexprValue::ofInt(0), vec, loc);
    tir::Value *above =
        builder_->value(OpKind::CmpI, {wideOffs, zero}, vecI1, loc, {{"predicate", std::string("sge")}});
    tir::Value *inside = toTile(builder_->value(OpKind::AndI, {above, below}, vecI1, loc), d);
    mask = mask ? builder_->value(OpKind::AndI, {mask, inside}, inside->type, loc) : inside;
  }
  Type pointerTile = Type::tensor(baseType.elem, tileShape);
  tir::Value *base = convert(fieldValue(bp.elements[f.base()], baseType, loc), pointerTile, loc);
  tir::Value *pointers = builder_->value(OpKind::AddPtr, {base, offsets}, pointerTile, loc);
  if (!isStore || descriptor) {
    // The window's fields go along, so that the pipeliner may copy it with
    // TMA, and bulk-tensor-accesses a descriptor's other loads and stores.
    std::vector<tir::Value *> window{pointers, fieldValue(bp.elements[f.base()], baseType, loc)};
    for (size_t d = 0; d < f.rank; ++d) {
      const SemaValue &shapeValue = bpValue.elements[f.shape(d)];
      window.push_back(fieldValue(bp.elements[f.shape(d)], shapeValue.isRuntime() ? shapeValue.type : kI64, loc));
    }
    for (size_t d = 0; d < f.rank; ++d)
      window.push_back(fieldValue(bp.elements[f.stride(d)], kI64, loc));
    for (size_t d = 0; d < f.rank; ++d)
      window.push_back(fieldValue(bp.elements[f.offset(d)], kI32, loc));
    std::vector<tir::NamedAttribute> windowAttrs;
    if (descriptor)
      windowAttrs.push_back({"descriptor", int64_t(1)});
    pointers = builder_->value(OpKind::WindowPointers, window, pointerTile, loc, windowAttrs);
  }

  std::vector<tir::Value *> operands{pointers};
  if (isStore)
    operands.push_back(use(*stored));
  if (mask)
    operands.push_back(mask);
  if (!isStore && mask) {
    ConstexprValue fill =
        nanPadding ? ConstexprValue::ofFloat(std::numeric_limits<double>::quiet_NaN()) : ConstexprValue::ofInt(0);
    operands.push_back(constant(fill, Type::tensor(elem, tileShape), loc));
  }
  if (isStore) {
    builder_->create(OpKind::Store, operands, {}, attrs, loc);
    return nullptr;
  }
  return builder_->value(OpKind::Load, operands, Type::tensor(elem, tileShape), loc, attrs);
}

} // namespace tritonc::lowering
