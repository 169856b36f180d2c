// Tensor descriptors become block pointers at offset 0 (LowerBlockPointers.cpp):
// `desc.load(offsets)` reads the tile at `offsets`, every dim bounded by
// the descriptor's shape and padded as it says; `desc.store(offsets, v)`
// writes the part of the tile inside the tensor.
#include "Lowerer.h"

namespace tritonc::lowering {

namespace {

std::vector<Binding> entriesOf(const Binding &b, const SemaValue &v) {
  return v.kind == SemaValue::Kind::Tuple ? b.elements : std::vector<Binding>{b};
}

} // namespace

Binding Lowerer::makeTensorDescriptor(const ast::CallExpr &c, const ResolvedCall &r) {
  BlockPointerFields f{valueOf(&c).blockShape.size()};
  Binding out = blockPointerFields(c, r, {{1, f.shape(0)}, {2, f.stride(0)}});
  for (size_t d = 0; d < f.rank; ++d)
    out.elements[f.offset(d)] = Binding{nullptr, ConstexprValue::ofInt(0)};
  return out;
}

tir::Value *Lowerer::tensorDescriptorAccess(const ast::CallExpr &c, const ResolvedCall &r, bool isStore) {
  const SemaValue &desc = valueOf(r.args[0]);
  BlockPointerFields f{desc.blockShape.size()};
  Binding at = evaluate(*r.args[0]);
  std::vector<Binding> offsets = entriesOf(evaluate(*r.args[1]), valueOf(r.args[1]));
  const Type i32 = Type::scalar(ElemType::scalar(ScalarKind::I32));
  std::vector<int64_t> everyDim;
  for (size_t d = 0; d < f.rank; ++d) {
    const Binding &o = offsets[d];
    at.elements[f.offset(d)] = o.value ? Binding{convert(o.value, i32, c.range), std::nullopt} : o;
    everyDim.push_back(int64_t(d));
  }
  return blockTileAccess(c.range, desc, at, everyDim, desc.descriptorPadding == "nan", isStore ? r.args[2] : nullptr,
                         {}, /*descriptor=*/true);
}

} // namespace tritonc::lowering
