// Tensor descriptors: `tl.make_tensor_descriptor(base, shape, strides,
// block_shape)` and the tiles read and written through one with
// `desc.load(offsets)` / `desc.store(offsets, value)` (or
// `tl.load_tensor_descriptor` / `tl.store_tensor_descriptor`). A descriptor
// is checked and carried as a block pointer whose offsets stay 0: each
// access names its own offsets and is bounded in every dim, elements
// outside the tensor read as the padding (0, or NaN) and are not written.
#include "Checker.h"

#include <fmt/format.h>

namespace tritonc::sema {

Result Checker::makeTensorDescriptor(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  (void)c;
  const SemaValue &base = *args[0];
  if (!base.isRuntime() || base.type.isTensor() || !base.type.elem.isPointer()) {
    diags_.error(Diag::NotAPointer, r.args[0]->range, "the base of `tl.make_tensor_descriptor`",
                 base.isRuntime() ? base.type.str() : describe(base));
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> blockShape = constantShape(r.args[3], *args[3]);
  if (!blockShape)
    return std::nullopt;
  size_t rank = blockShape->size();
  if (rank == 0) {
    diags_.error(Diag::TypeMismatch, r.args[3]->range,
                 "the `block_shape` of a tensor descriptor needs at least one dim");
    return std::nullopt;
  }
  std::string padding = "zero";
  if (r.args[4] && !isNone(*args[4])) {
    const SemaValue &p = *args[4];
    bool known = p.isConstexpr() && p.constant.kind == ConstexprValue::Kind::String &&
                 (p.constant.text == "zero" || p.constant.text == "nan");
    if (!known) {
      diags_.error(Diag::TypeMismatch, r.args[4]->range,
                   fmt::format("`padding_option` is \"zero\" or \"nan\", found {}", describe(p)));
      return std::nullopt;
    }
    if (p.constant.text == "nan" && !isFloat(base.type.elem.pointee)) {
      diags_.error(Diag::TypeMismatch, r.args[4]->range,
                   fmt::format("padding with NaN needs floating-point elements, found {}", describe(base)));
      return std::nullopt;
    }
    padding = p.constant.text;
  }
  std::optional<std::vector<SemaValue>> shape =
      blockPointerFields(r.args[1], *args[1], "`shape`", rank, *blockShape, false, "tensor descriptor");
  if (!shape)
    return std::nullopt;
  std::optional<std::vector<SemaValue>> strides =
      blockPointerFields(r.args[2], *args[2], "`strides`", rank, *blockShape, false, "tensor descriptor");
  if (!strides)
    return std::nullopt;
  return descriptorValue(base.type, *shape, *strides, *blockShape, padding);
}

// A descriptor: a block pointer whose offsets stay 0, its base a fresh field.
SemaValue Checker::descriptorValue(const Type &baseType, const std::vector<SemaValue> &shape,
                                   const std::vector<SemaValue> &strides, const std::vector<int64_t> &blockShape,
                                   const std::string &padding) {
  size_t rank = blockShape.size();
  std::vector<SemaValue> fields{SemaValue::runtime(baseType)};
  fields[0].fieldId = nextFieldId_++;
  for (size_t d = 0; d < rank; ++d)
    fields.push_back(SemaValue::constexprValue(ConstexprValue::ofInt(0)));
  fields.insert(fields.end(), shape.begin(), shape.end());
  fields.insert(fields.end(), strides.begin(), strides.end());
  // The last dim is the contiguous one, as Triton requires of descriptors.
  std::vector<int64_t> order;
  for (size_t d = rank; d-- > 0;)
    order.push_back(int64_t(d));
  SemaValue descriptor = SemaValue::blockPointer(std::move(fields), blockShape, std::move(order));
  descriptor.descriptorPadding = padding;
  return descriptor;
}

// A descriptor passed in from the host (BoundParam::descriptor): the base,
// shape and strides are kernel parameters, the last stride is 1, and
// elements outside the tensor read as zero.
SemaValue Checker::hostDescriptor(const BoundParam &base) {
  size_t rank = base.descriptorBlock.size();
  auto runtimeField = [&](ScalarKind kind) {
    SemaValue field = SemaValue::runtime(Type::scalar(ElemType::scalar(kind)));
    field.fieldId = nextFieldId_++;
    return field;
  };
  std::vector<SemaValue> shape, strides;
  for (size_t d = 0; d < rank; ++d) {
    shape.push_back(runtimeField(ScalarKind::I32));
    strides.push_back(d + 1 < rank ? runtimeField(ScalarKind::I64)
                                   : SemaValue::constexprValue(ConstexprValue::ofInt(1)));
  }
  return descriptorValue(Type::scalar(base.type), shape, strides, base.descriptorBlock, "zero");
}

Result Checker::tensorDescriptorAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args,
                                       bool isStore) {
  (void)c;
  const SemaValue &desc = *args[0];
  const char *what = isStore ? "`store`" : "`load`";
  if (desc.kind != SemaValue::Kind::BlockPtr || desc.descriptorPadding.empty()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("{} through a tensor descriptor needs one (`tl.make_tensor_descriptor`), found {}", what,
                             describe(desc)));
    return std::nullopt;
  }
  if (!blockPointerFields(r.args[1], *args[1], "`offsets`", desc.blockShape.size(), desc.blockShape, true,
                          "tensor descriptor"))
    return std::nullopt;
  Type tile = Type::tensor(ElemType::scalar(desc.elements[0].type.elem.pointee), desc.blockShape);
  if (!isStore)
    return SemaValue::runtime(tile);
  const SemaValue &v = *args[2];
  bool shapeFits = !v.isRuntime() || !v.type.isTensor() || v.type.shape == desc.blockShape;
  if (!isNumeric(v) || !shapeFits) {
    diags_.error(Diag::TypeMismatch, r.args[2]->range,
                 fmt::format("the value stored through {} must be a scalar or a `{}`, found {}", describe(desc),
                             tile.str(), describe(v)));
    return std::nullopt;
  }
  coerce(*r.args[2], v, tile);
  return SemaValue::constexprValue(ConstexprValue::none());
}

} // namespace tritonc::sema
