// Block pointers: `tl.make_block_ptr`, `tl.advance`, and `tl.load` /
// `tl.store` through one with `boundary_check` and `padding_option`, with
// Triton's rules. A block pointer is a compile-time record of scalar fields
// (BlockPointerFields in TypedKernel.h); lowering turns each access into an
// ordinary masked pointer tile.
#include "Checker.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>

namespace tritonc::sema {

namespace {

bool fitsInt32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

std::string entries(size_t n) { return n == 1 ? "1 entry" : fmt::format("{} entries", n); }

std::string listOf(const std::vector<int64_t> &values) {
  return values.size() == 1 ? fmt::format("({},)", values[0]) : fmt::format("({})", fmt::join(values, ", "));
}

} // namespace

// The entries of a list-like argument: a tuple's elements, or one value
// standing for a list of one (as Triton accepts `shape=n` for rank 1).
static std::vector<SemaValue> entriesOf(const SemaValue &v) {
  return v.kind == SemaValue::Kind::Tuple ? v.elements : std::vector<SemaValue>{v};
}

std::optional<std::vector<SemaValue>> Checker::blockPointerFields(const ast::Expr *e, const SemaValue &v,
                                                                  const char *what, size_t rank,
                                                                  const std::vector<int64_t> &blockShape, bool offsets,
                                                                  const char *owner) {
  std::vector<SemaValue> given = entriesOf(v);
  if (given.size() != rank) {
    diags_.error(Diag::BlockPointerRank, e->range, what, entries(given.size()), owner, rank, listOf(blockShape));
    return std::nullopt;
  }
  std::vector<SemaValue> fields;
  for (const SemaValue &x : given) {
    if (x.isConstexpr() && x.constant.kind == ConstexprValue::Kind::Int) {
      if (offsets && !fitsInt32(x.constant.intValue)) {
        diags_.error(Diag::TypeMismatch, e->range,
                     fmt::format("the {} of a {} are 32-bit; {} does not fit", what, owner, x.constant.intValue));
        return std::nullopt;
      }
      fields.push_back(x);
      continue;
    }
    if (!x.isRuntime() || x.type.isTensor() || !isInteger(x.type.elem.kind) || x.type.elem.kind == ScalarKind::I1) {
      diags_.error(Diag::TypeMismatch, e->range,
                   fmt::format("the {} of a {} must be integer scalars, found {}", what, owner, describe(x)));
      return std::nullopt;
    }
    ScalarKind k = x.type.elem.kind;
    if (offsets && k != ScalarKind::I32) {
      diags_.error(Diag::TypeMismatch, e->range,
                   fmt::format("the {} of a {} are 32-bit, found {}; convert with `.to(tl.int32)` or "
                               "index with ordinary pointer arithmetic",
                               what, owner, describe(x)));
      return std::nullopt;
    }
    if (k == ScalarKind::U64) {
      diags_.error(Diag::TypeMismatch, e->range,
                   fmt::format("the {} of a {} must be signed or at most 32-bit, found {}", what, owner, describe(x)));
      return std::nullopt;
    }
    // Shapes and strides keep 32 bits when they have them (Triton widens
    // them all to i64; lowering computes addresses in i64 either way).
    bool wide = bitWidth(k) == 64 || k == ScalarKind::U32;
    fields.push_back(SemaValue::runtime(Type::scalar(ElemType::scalar(wide ? ScalarKind::I64 : ScalarKind::I32))));
    fields.back().fieldId = nextFieldId_++;
  }
  return fields;
}

Result Checker::makeBlockPointer(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const SemaValue &base = *args[0];
  if (!base.isRuntime() || base.type.isTensor() || !base.type.elem.isPointer()) {
    diags_.error(Diag::NotAPointer, r.args[0]->range, "the base of `tl.make_block_ptr`",
                 base.isRuntime() ? base.type.str() : describe(base));
    return std::nullopt;
  }
  std::optional<std::vector<int64_t>> blockShape = constantShape(r.args[4], *args[4]);
  if (!blockShape)
    return std::nullopt;
  size_t rank = blockShape->size();
  if (rank == 0) {
    diags_.error(Diag::TypeMismatch, r.args[4]->range, "the `block_shape` of a block pointer needs at least one dim");
    return std::nullopt;
  }
  // `order` is a layout hint (fastest dim first, in reverse): a permutation.
  std::vector<int64_t> order;
  for (const SemaValue &o : entriesOf(*args[5])) {
    if (!o.isConstexpr() || o.constant.kind != ConstexprValue::Kind::Int) {
      diags_.error(Diag::NotConstexpr, r.args[5]->range, "the `order` of a block pointer",
                   "give a tuple of constant dims such as `(1, 0)`");
      return std::nullopt;
    }
    order.push_back(o.constant.intValue);
  }
  if (order.size() != rank) {
    diags_.error(Diag::BlockPointerRank, r.args[5]->range, "`order`", entries(order.size()), "block pointer", rank,
                 listOf(*blockShape));
    return std::nullopt;
  }
  std::vector<int64_t> sorted = order;
  std::sort(sorted.begin(), sorted.end());
  for (size_t d = 0; d < rank; ++d)
    if (sorted[d] != int64_t(d)) {
      diags_.error(Diag::TypeMismatch, r.args[5]->range,
                   fmt::format("the `order` of a block pointer must be a permutation of its dims 0 to {}, found {}",
                               rank - 1, listOf(order)));
      return std::nullopt;
    }
  std::optional<std::vector<SemaValue>> shape =
      blockPointerFields(r.args[1], *args[1], "`shape`", rank, *blockShape, false);
  if (!shape)
    return std::nullopt;
  std::optional<std::vector<SemaValue>> strides =
      blockPointerFields(r.args[2], *args[2], "`strides`", rank, *blockShape, false);
  if (!strides)
    return std::nullopt;
  std::optional<std::vector<SemaValue>> offsets =
      blockPointerFields(r.args[3], *args[3], "`offsets`", rank, *blockShape, true);
  if (!offsets)
    return std::nullopt;
  // Triton makes a block pointer over bool memory one over its bytes: loads
  // give int8, and a store must give int8.
  Type baseType = base.type;
  if (baseType.elem.pointee == ScalarKind::I1)
    baseType.elem.pointee = ScalarKind::I8;
  std::vector<SemaValue> fields{SemaValue::runtime(baseType)};
  fields[0].fieldId = nextFieldId_++;
  fields.insert(fields.end(), offsets->begin(), offsets->end());
  fields.insert(fields.end(), shape->begin(), shape->end());
  fields.insert(fields.end(), strides->begin(), strides->end());
  return SemaValue::blockPointer(std::move(fields), *blockShape, std::move(order));
}

Result Checker::advance(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  (void)c;
  const SemaValue &bp = *args[0];
  if (bp.kind != SemaValue::Kind::BlockPtr || !bp.descriptorPadding.empty()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("`tl.advance` moves a block pointer (`tl.make_block_ptr`), found {}{}", describe(bp),
                             bp.descriptorPadding.empty() ? "" : "; its `load` and `store` take the offsets"));
    return std::nullopt;
  }
  BlockPointerFields f{bp.blockShape.size()};
  std::optional<std::vector<SemaValue>> deltas =
      blockPointerFields(r.args[1], *args[1], "`offsets`", f.rank, bp.blockShape, true);
  if (!deltas)
    return std::nullopt;
  SemaValue out = bp;
  for (size_t d = 0; d < f.rank; ++d) {
    const SemaValue &delta = (*deltas)[d];
    SemaValue &offset = out.elements[f.offset(d)];
    if (delta.isConstexpr() && delta.constant.intValue == 0)
      continue; // unchanged: a loop need not carry it
    if (delta.isConstexpr() && offset.isConstexpr() && fitsInt32(offset.constant.intValue + delta.constant.intValue)) {
      offset = SemaValue::constexprValue(ConstexprValue::ofInt(offset.constant.intValue + delta.constant.intValue));
      continue;
    }
    offset = SemaValue::runtime(Type::scalar(ElemType::scalar(ScalarKind::I32)));
    offset.fieldId = nextFieldId_++;
  }
  return out;
}

std::optional<std::vector<int64_t>> Checker::boundaryCheckDims(const ast::Expr *e, const SemaValue &v, size_t rank) {
  std::vector<int64_t> dims;
  if (!e || isNone(v))
    return dims;
  for (const SemaValue &x : entriesOf(v)) {
    if (!x.isConstexpr() || x.constant.kind != ConstexprValue::Kind::Int) {
      diags_.error(Diag::NotConstexpr, e->range, "`boundary_check`", "give a tuple of constant dims such as `(0, 1)`");
      return std::nullopt;
    }
    int64_t d = x.constant.intValue;
    if (d < 0 || d >= int64_t(rank)) {
      diags_.error(Diag::BoundaryCheckDim, e->range, d, rank, rank - 1);
      return std::nullopt;
    }
    if (std::find(dims.begin(), dims.end(), d) == dims.end())
      dims.push_back(d);
  }
  std::sort(dims.begin(), dims.end());
  return dims;
}

Result Checker::blockPointerAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args,
                                   bool isStore) {
  const SemaValue &bp = *args[0];
  const char *what = isStore ? "`tl.store`" : "`tl.load`";
  if (!bp.descriptorPadding.empty()) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 fmt::format("{} takes pointers or a block pointer, found {}; use `desc.{}(offsets{})`", what,
                             describe(bp), isStore ? "store" : "load", isStore ? ", value" : ""));
    return std::nullopt;
  }
  size_t rank = bp.blockShape.size();
  ElemType elem = ElemType::scalar(bp.elements[0].type.elem.pointee);
  Type tile = Type::tensor(elem, bp.blockShape);
  for (size_t i : isStore ? std::vector<size_t>{2} : std::vector<size_t>{1, 2})
    if (r.args[i] && !isNone(args[i])) {
      diags_.error(Diag::UnsupportedOperation, r.args[i]->range,
                   fmt::format("{} through a block pointer takes no `{}`; out-of-bounds elements are masked by "
                               "`boundary_check`{}",
                               what, isStore || i == 1 ? "mask" : "other",
                               isStore ? "" : " and filled as `padding_option` says"));
      return std::nullopt;
    }
  if (!boundaryCheckDims(r.args[3], *args[3], rank))
    return std::nullopt;
  if (!memoryHints(r, args, isStore)) // as for any pointer
    return std::nullopt;
  if (isStore) {
    const SemaValue &v = *args[1];
    bool shapeFits = !v.isRuntime() || !v.type.isTensor() || v.type.shape == bp.blockShape;
    if (!isNumeric(v) || !shapeFits) {
      diags_.error(Diag::TypeMismatch, r.args[1]->range,
                   fmt::format("the value stored through {} must be a scalar or a `{}`, found {}", describe(bp),
                               tile.str(), describe(v)));
      return std::nullopt;
    }
    // Triton asserts the value's element type is the block's: no implicit
    // cast (a Python number counts as the scalar Triton makes of it).
    ScalarKind given = promotionOperand(v).kind;
    if (given != tile.elem.kind) {
      diags_.error(Diag::TypeMismatch, r.args[1]->range,
                   fmt::format("the value stored through {} must have its element type `{}`, found {}; convert it "
                               "with `.to()`",
                               describe(bp), ElemType::scalar(tile.elem.kind).str(),
                               v.isRuntime() ? v.type.str() : describe(v)));
      return std::nullopt;
    }
    coerce(*r.args[1], v, tile);
    return SemaValue::constexprValue(ConstexprValue::none());
  }
  if (r.args[4] && !isNone(args[4])) {
    const SemaValue &p = *args[4];
    bool known = p.isConstexpr() && p.constant.kind == ConstexprValue::Kind::String &&
                 (p.constant.text.empty() || p.constant.text == "zero" || p.constant.text == "nan");
    if (!known) {
      diags_.error(Diag::TypeMismatch, r.args[4]->range,
                   fmt::format("`padding_option` is \"zero\" or \"nan\", found {}", describe(p)));
      return std::nullopt;
    }
    if (p.constant.text == "nan" && !isFloat(elem.kind)) {
      diags_.error(Diag::TypeMismatch, r.args[4]->range,
                   fmt::format("padding with NaN needs floating-point elements, found {}", describe(bp)));
      return std::nullopt;
    }
  }
  (void)c;
  return SemaValue::runtime(tile);
}

} // namespace tritonc::sema
