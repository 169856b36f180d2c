// Questions a kernel asks about its values at compile time, all folded to
// constants: dtype properties (`x.dtype.primitive_bitwidth`,
// `x.dtype.is_fp16()`, `x.dtype.element_ty`, `x.type.scalar`) and `isinstance(x, tl.constexpr)`.
// Comparisons of dtypes (`x.dtype == tl.float16`) fold in compare().
#include "Checker.h"

#include <fmt/format.h>

#include <functional>
#include <map>

namespace tritonc::sema {

namespace {

using K = ScalarKind;

// Triton's `tl.dtype.is_*()` predicates (triton/language/core.py), by name.
// Triton counts int1 among the unsigned integers.
const std::map<std::string, std::function<bool(K)>> &dtypePredicates() {
  static const std::map<std::string, std::function<bool(K)>> predicates = [] {
    std::map<std::string, std::function<bool(K)>> p = {
        {"is_floating", [](K k) { return isFloat(k); }},
        {"is_standard_floating", [](K k) { return k == K::F16 || k == K::BF16 || k == K::F32 || k == K::F64; }},
        {"is_int", [](K k) { return isInteger(k); }},
        {"is_int_signed", [](K k) { return isSigned(k); }},
        {"is_int_unsigned", [](K k) { return isInteger(k) && !isSigned(k); }},
        {"is_bool", [](K k) { return k == K::I1; }},
        {"is_ptr", [](K k) { return k == K::Ptr; }},
        {"is_fp8", [](K k) { return k == K::F8E4NV || k == K::F8E5; }},
        {"is_fp8e4nv", [](K k) { return k == K::F8E4NV; }},
        {"is_fp8e5", [](K k) { return k == K::F8E5; }},
        {"is_fp16", [](K k) { return k == K::F16; }},
        {"is_bf16", [](K k) { return k == K::BF16; }},
        {"is_fp32", [](K k) { return k == K::F32; }},
        {"is_fp64", [](K k) { return k == K::F64; }},
    };
    for (K k : {K::I1, K::I8, K::I16, K::I32, K::I64, K::U8, K::U16, K::U32, K::U64})
      p[std::string("is_") + tritonName(k)] = [k](K x) { return x == k; };
    return p;
  }();
  return predicates;
}

int64_t mantissaWidth(K k) {
  switch (k) {
  case K::F8E4NV: return 3;
  case K::F8E5: return 2;
  case K::F16: return 10;
  case K::BF16: return 7;
  case K::F32: return 23;
  default: return 52; // F64
  }
}

} // namespace

Result Checker::dtypeAttribute(const ast::AttributeExpr &a, const SemaValue &dtype) {
  K k = dtype.dtype;
  auto constant = [](int64_t v) { return SemaValue::constexprValue(ConstexprValue::ofInt(v)); };
  if (k == K::Ptr && a.attr == "element_ty")
    return SemaValue::dtypeValue(dtype.pointee);
  // `x.type.scalar`: a tensor's type here is its element type already.
  if (a.attr == "scalar")
    return dtype;
  if (a.attr == "primitive_bitwidth")
    return constant(bitWidth(k));
  if (a.attr == "int_bitwidth" && isInteger(k))
    return constant(bitWidth(k));
  if (a.attr == "fp_mantissa_width" && isFloat(k))
    return constant(mantissaWidth(k));
  diags_.error(Diag::UnsupportedOperation, a.range,
               fmt::format("{} has no attribute `{}` that tritonc knows", describe(dtype), a.attr));
  return std::nullopt;
}

Result Checker::dtypeMethod(const ast::CallExpr &c, const ast::AttributeExpr &a, const SemaValue &dtype) {
  auto p = dtypePredicates().find(a.attr);
  if (p == dtypePredicates().end()) {
    diags_.error(Diag::UnsupportedOperation, a.range,
                 fmt::format("{} has no method `{}` that tritonc knows", describe(dtype), a.attr));
    return std::nullopt;
  }
  if (!c.args.empty() || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, a.attr, 0, c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  return SemaValue::constexprValue(ConstexprValue::ofBool(p->second(dtype.dtype)));
}

// `tl.constexpr`, `tl.tensor` and `tl.tensor_descriptor` (or its base
// class) are the classes whose instances tritonc tells apart at compile
// time. Python's `int` and friends are left out on
// purpose: in Triton a kernel's constants are `tl.constexpr` objects, so
// `isinstance(BLOCK, int)` is false there, which would surprise here.
Result Checker::isInstance(const ast::CallExpr &c) {
  if (c.args.size() != 2 || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, "isinstance", 2, c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  Result value = expr(*c.args[0]);
  Result classes = expr(*c.args[1]);
  if (!value || !classes)
    return std::nullopt;
  std::vector<SemaValue> candidates =
      classes->kind == SemaValue::Kind::Tuple ? classes->elements : std::vector<SemaValue>{*classes};
  bool result = false;
  for (const SemaValue &k : candidates) {
    bool descriptorClass = k.kind == SemaValue::Kind::Function &&
                           (k.name == "tl.tensor_descriptor" || k.name == "tl.tensor_descriptor_base");
    bool known =
        descriptorClass || (k.kind == SemaValue::Kind::Function && (k.name == "tl.constexpr" || k.name == "tl.tensor"));
    if (!known) {
      diags_.error(Diag::UnsupportedOperation, c.args[1]->range,
                   fmt::format("`isinstance` in a kernel takes `tl.constexpr`, `tl.tensor` or `tl.tensor_descriptor`, "
                               "found {}",
                               describe(k)));
      return std::nullopt;
    }
    bool isDescriptor = value->kind == SemaValue::Kind::BlockPtr && !value->descriptorPadding.empty();
    result = result || (descriptorClass            ? isDescriptor
                        : k.name == "tl.constexpr" ? value->isConstexpr()
                                                   : value->isRuntime());
  }
  return SemaValue::constexprValue(ConstexprValue::ofBool(result));
}

} // namespace tritonc::sema
