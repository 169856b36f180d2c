// Calls to builtins: argument resolution by position and keyword, then one
// check per primitive.
#include "Checker.h"
#include "tritonc/sema/ConstexprFolding.h"

#include <algorithm>

#include <fmt/format.h>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

Result Checker::call(const ast::CallExpr &c) {
  std::vector<const ast::Expr *> positional;
  Result callee;
  if (c.callee->kind == ExprKind::Attribute) {
    // A method on a tensor (`x.to(...)`, `x.sum(axis=0)`) is the builtin of
    // that name with the tensor as its first argument.
    auto &a = static_cast<const ast::AttributeExpr &>(*c.callee);
    Result base = expr(*a.value);
    if (!base)
      return std::nullopt;
    // A number Triton holds as a tensor has the tensor's methods (FlagGems'
    // `_block_size = BLOCK_SIZE; _block_size.to(tl.uint32)`).
    bool heldNumber = base->isConstexpr() && base->heldAs && a.attr != "value";
    if (base->isRuntime() || heldNumber) {
      std::string name = "tl." + a.attr;
      if (!findBuiltin(name) && !stdlibFunction(a.attr)) {
        diags_.error(Diag::UnsupportedOperation, a.range,
                     fmt::format("tensors have no method `{}` that tritonc knows", a.attr));
        return std::nullopt;
      }
      callee = SemaValue::function(name);
      positional.push_back(a.value.get());
    } else if (base->kind == SemaValue::Kind::BlockPtr && !base->descriptorPadding.empty() &&
               (a.attr == "load" || a.attr == "store")) {
      callee = SemaValue::function("tl." + a.attr + "_tensor_descriptor");
      positional.push_back(a.value.get());
    } else if (base->kind == SemaValue::Kind::DType) {
      return dtypeMethod(c, a, *base); // `x.dtype.is_fp16()`
    } else if (base->isConstexpr() && base->constant.kind == ConstexprValue::Kind::String && runsInPython()) {
      return stringMethod(c, a.attr, base->constant.text);
    } else {
      callee = record(*c.callee, attributeOf(a, *base));
    }
  } else {
    callee = expr(*c.callee);
  }
  if (!callee)
    return std::nullopt;
  if (callee->kind == SemaValue::Kind::DType && positional.empty())
    return dtypeCall(c, *callee);
  if (callee->kind != SemaValue::Kind::Function) {
    diags_.error(Diag::TypeMismatch, c.callee->range, describe(*callee) + " is not callable");
    return std::nullopt;
  }
  const std::string &name = callee->name;
  if (name == "isinstance")
    return isInstance(c);
  if (name == "getattr")
    return getAttr(c);
  if (name == "hasattr")
    return hasAttr(c);
  if (name == "os.getenv" || name == "os.environ.get")
    return environmentVariable(c, name);
  if (name == "triton.next_power_of_2")
    return nextPowerOf2(c);
  if (name == "float" || name == "int" || name == "bool" || name == "min" || name == "max" || name == "abs" ||
      name == "len")
    return pythonBuiltin(c, name);
  if (name.rfind("libdevice.", 0) == 0)
    return externCall(c, name);
  if (name.rfind("math.", 0) == 0)
    return pythonMath(c, name);
  if (name == "tl.map_elementwise")
    return mapElementwise(c);
  const Builtin *builtin = findBuiltin(name);
  if (!builtin) // a `@jit` function: the user's ("jit:NAME") or the standard library's ("tl.NAME")
    return jitCall(c, *callee, std::move(positional));
  for (const auto &a : c.args)
    positional.push_back(a.get());
  std::optional<ResolvedCall> resolved = resolveArguments(c, positional, *builtin);
  if (!resolved)
    return std::nullopt;
  // The values of `rest` follow those of the parameters.
  std::vector<Result> args;
  bool ok = true;
  for (const ast::Expr *a : resolved->args) {
    args.push_back(a ? expr(*a) : Result(SemaValue::constexprValue(ConstexprValue::none())));
    ok = ok && args.back().has_value();
  }
  for (const ast::Expr *a : resolved->rest) {
    args.push_back(expr(*a));
    ok = ok && args.back().has_value();
  }
  if (!ok)
    return std::nullopt;
  out_.calls[key(&c)] = *resolved;
  return checkBuiltin(c, *resolved, args);
}

// `tl.float32(x)`: a dtype called on one value converts it, as `tl.cast`.
Result Checker::dtypeCall(const ast::CallExpr &c, const SemaValue &dtype) {
  if (c.args.size() != 1 || !c.keywords.empty()) {
    diags_.error(Diag::WrongArgCount, c.range, std::string("tl.") + tritonName(dtype.dtype), 1,
                 c.args.size() + c.keywords.size());
    return std::nullopt;
  }
  ResolvedCall r{"tl.cast", {c.args[0].get(), c.callee.get(), nullptr, nullptr}};
  std::vector<Result> args{expr(*c.args[0]), dtype, SemaValue::constexprValue(ConstexprValue::none()),
                           SemaValue::constexprValue(ConstexprValue::none())};
  if (!args[0])
    return std::nullopt;
  out_.calls[key(&c)] = r;
  return cast(c, r, args);
}

std::optional<ResolvedCall>
Checker::resolveArguments(const ast::CallExpr &c, const std::vector<const ast::Expr *> &positional, const Builtin &b) {
  ResolvedCall r{b.name, std::vector<const ast::Expr *>(b.params.size(), nullptr)};
  // Positional arguments fill the parameters up to a `*args` one, which
  // takes the rest.
  size_t slots = 0;
  while (slots < b.params.size() && !b.params[slots].variadic)
    ++slots;
  if (slots == b.params.size() && positional.size() > b.params.size()) {
    diags_.error(Diag::WrongArgCount, c.range, b.name, b.params.size(), positional.size());
    return std::nullopt;
  }
  for (size_t i = 0; i < positional.size(); ++i) {
    if (i < slots)
      r.args[i] = positional[i];
    else
      r.rest.push_back(positional[i]);
  }
  for (const ast::Keyword &k : c.keywords) {
    size_t i = 0;
    while (i < b.params.size() && (k.name != b.params[i].name || b.params[i].variadic))
      ++i;
    if (i == b.params.size()) {
      diags_.error(Diag::UnknownKeyword, k.range, b.name, k.name);
      return std::nullopt;
    }
    if (r.args[i]) {
      diags_.error(Diag::DuplicateArgument, k.range, k.name, b.name);
      return std::nullopt;
    }
    r.args[i] = k.value.get();
  }
  size_t given = positional.size() + c.keywords.size();
  for (size_t i = 0; i < b.params.size(); ++i)
    if (b.params[i].required && !r.args[i]) {
      size_t required = 0;
      for (const BuiltinParam &p : b.params)
        required += p.required;
      diags_.error(Diag::WrongArgCount, c.range, b.name, required, given);
      return std::nullopt;
    }
  return r;
}

std::optional<int64_t> Checker::constantInt(const ast::Expr *e, const Result &v, const char *what) {
  if (v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::Int)
    return v->constant.intValue;
  diags_.error(Diag::NotConstexpr, e->range, what, "found " + describe(*v));
  return std::nullopt;
}

bool Checker::isNone(const Result &v) { return v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::None; }

Result Checker::checkBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
  const std::string &n = r.builtin;
  bool touchesMemory = n == "tl.load" || n == "tl.store" || n.rfind("tl.atomic_", 0) == 0 || n == "tl.debug_barrier" ||
                       n == "tl.device_print" || n == "tl.load_tensor_descriptor" || n == "tl.store_tensor_descriptor";
  if (touchesMemory && !combiningFor_.empty()) {
    diags_.error(Diag::UnsupportedOperation, c.range,
                 fmt::format("`{}` in the combine function of `{}`; a combine function only computes on its arguments",
                             n, combiningFor_));
    return std::nullopt;
  }
  if (n == "tl.program_id" || n == "tl.num_programs") {
    std::optional<int64_t> axis = constantInt(r.args[0], args[0], "`axis`");
    if (!axis)
      return std::nullopt;
    if (*axis < 0 || *axis > 2) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range, fmt::format("`axis` must be 0, 1 or 2, found {}", *axis));
      return std::nullopt;
    }
    return SemaValue::runtime(Type::scalar(ElemType::scalar(ScalarKind::I32)));
  }
  if (n == "tl.arange") {
    std::optional<int64_t> start = constantInt(r.args[0], args[0], "the start of `tl.arange`");
    std::optional<int64_t> end = start ? constantInt(r.args[1], args[1], "the end of `tl.arange`") : std::nullopt;
    if (!start || !end)
      return std::nullopt;
    int64_t length = 0;
    if (__builtin_sub_overflow(*end, *start, &length) || length <= 0 || (length & (length - 1)) != 0) {
      diags_.error(Diag::BadArangeBounds, c.range, *start, *end, length);
      return std::nullopt;
    }
    if (length > kMaxTensorElements) {
      diags_.error(Diag::TensorTooLarge, c.range, length);
      return std::nullopt;
    }
    return SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I32), {length}));
  }
  if (n == "tl.load" || n == "tl.store")
    return memoryAccess(c, r, args, n == "tl.store");
  if (n == "tl.zeros" || n == "tl.full")
    return creation(c, r, args);
  if (n == "tl.where" || n == "tl.maximum" || n == "tl.minimum" || n == "tl.fma" || n == "tl.div_rn" ||
      n == "tl.to_tensor")
    return elementwise(c, r, args);
  if (n == "tl.cast" || n == "tl.to")
    return cast(c, r, args);
  if (n == "tl.multiple_of" || n == "tl.max_contiguous" || n == "tl.max_constancy")
    return hint(c, r, args);
  if (n.rfind("tl.atomic_", 0) == 0)
    return atomic(c, r, args);
  if (n == "tl.debug_barrier" || n == "tl.static_assert" || n == "tl.device_assert" || n == "tl.static_print" ||
      n == "tl.device_print")
    return assertion(c, r, args);
  if (n == "tl.gather")
    return gather(c, r, args);
  if (n == "tl.dtype") { // a dtype by its Triton name: "int32", "uint8", "fp16", "bf16", "fp32", "fp8e5", ...
    const SemaValue &name = *args[0];
    std::optional<ScalarKind> kind;
    if (name.isConstexpr() && name.constant.kind == ConstexprValue::Kind::String) {
      const std::string &text = name.constant.text;
      if (std::optional<ScalarKind> k = scalarFromTritonName(text); k && isInteger(*k))
        kind = k; // integers go by "int32", "uint8", "int1"
      else if (std::optional<ScalarKind> f = scalarFromSignature(text); f && isFloat(*f))
        kind = f; // floats by "fp16", "bf16", "fp32", "fp64", "fp8e4nv", "fp8e5"
    }
    if (!kind) {
      diags_.error(Diag::TypeMismatch, r.args[0]->range,
                   fmt::format("`tl.dtype` takes a dtype's name such as \"fp32\", \"bf16\" or \"int32\", found {}",
                               describe(name)));
      return std::nullopt;
    }
    return SemaValue::dtypeValue(*kind);
  }
  if (n == "tl._log2") { // triton.language.standard's: how often a compile-time int halves before reaching 1
    const SemaValue &i = *args[0];
    if (!i.isConstexpr() || i.constant.kind != ConstexprValue::Kind::Int) {
      diags_.error(Diag::NotConstexpr, r.args[0]->range, "the argument of `_log2`", "found " + describe(i));
      return std::nullopt;
    }
    int64_t bits = 0;
    for (ConstInt v = i.constant.intValue; v > 1; v >>= 1)
      ++bits;
    return SemaValue::constexprValue(ConstexprValue::ofInt(bits));
  }
  if (n == "tl.get_int_dtype") { // `tl.core.get_int_dtype(bits, signed)`: int1 ... int64, uint8 ... uint64
    const SemaValue &bits = *args[0], &isSigned = *args[1];
    std::optional<ScalarKind> kind;
    if (bits.isConstexpr() && bits.constant.kind == ConstexprValue::Kind::Int && isSigned.isConstexpr() &&
        (isSigned.constant.kind == ConstexprValue::Kind::Bool || isSigned.constant.kind == ConstexprValue::Kind::Int)) {
      bool s = truthy(isSigned.constant);
      switch (bits.constant.intValue) {
      case 1: kind = ScalarKind::I1; break;
      case 8: kind = s ? ScalarKind::I8 : ScalarKind::U8; break;
      case 16: kind = s ? ScalarKind::I16 : ScalarKind::U16; break;
      case 32: kind = s ? ScalarKind::I32 : ScalarKind::U32; break;
      case 64: kind = s ? ScalarKind::I64 : ScalarKind::U64; break;
      default: break;
      }
    }
    if (!kind) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("`tl.get_int_dtype` takes a width of 1, 8, 16, 32 or 64 and a signedness, both "
                               "compile-time values; found {} and {}",
                               describe(bits), describe(isSigned)));
      return std::nullopt;
    }
    return SemaValue::dtypeValue(*kind);
  }
  if (n == "tl.pointer_type") { // a dtype: what `.to()` reinterprets a pointer as
    std::optional<ScalarKind> element = dtypeArgument(r.args[0], *args[0]);
    if (!element)
      return std::nullopt;
    SemaValue type = SemaValue::dtypeValue(ScalarKind::Ptr);
    type.pointee = *element;
    return type;
  }
  if (n == "tl.inline_asm_elementwise")
    return inlineAsm(c, r, args);
  if (n == "tl.condition") { // the wrapper Triton reads only as a `while` condition
    if (&c != whileCondition_) {
      diags_.error(Diag::UnsupportedOperation, c.range,
                   "`tl.condition` outside a `while` header; it wraps the condition of a `while` loop");
      return std::nullopt;
    }
    if (r.args[1]) {
      if (!args[1]->isConstexpr() || args[1]->constant.kind != ConstexprValue::Kind::Bool) {
        diags_.error(Diag::NotConstexpr, r.args[1]->range, "`disable_licm`", "found " + describe(*args[1]));
        return std::nullopt;
      }
      whileDisablesLicm_ = args[1]->constant.boolValue;
    }
    return args[0];
  }
  if (n == "tl.umulhi") {
    std::optional<Type> t = unify(c.range, {{r.args[0], *args[0]}, {r.args[1], *args[1]}}, false, "`tl.umulhi`");
    if (t && !isInteger(t->elem.kind)) {
      diags_.error(Diag::TypeMismatch, c.range, "`tl.umulhi` needs integers, found " + t->str());
      return std::nullopt;
    }
    return t ? Result(SemaValue::runtime(*t)) : std::nullopt;
  }
  if (n == "tl.cumsum")
    return scan(c, r, args);
  if (n == "tl.reduce" || n == "tl.associative_scan")
    return combine(c, r, args);
  if (n == "tl.sum" || n == "tl.max" || n == "tl.min")
    return reduce(c, r, args);
  for (const std::string &m : unaryMathBuiltins())
    if (n == "tl." + m)
      return unaryMath(c, r, args);
  if (n == "tl.trans" || n == "tl.permute" || n == "tl.reshape" || n == "tl.view" || n == "tl.broadcast_to" ||
      n == "tl.expand_dims")
    return shapeBuiltin(c, r, args);
  if (n == "tl.join" || n == "tl.interleave" || n == "tl.split")
    return joinSplit(c, r, args);
  if (n == "tl.dot")
    return dot(c, r, args);
  if (n == "tl.make_block_ptr")
    return makeBlockPointer(c, r, args);
  if (n == "tl.advance")
    return advance(c, r, args);
  if (n == "tl.make_tensor_descriptor")
    return makeTensorDescriptor(c, r, args);
  if (n == "tl.load_tensor_descriptor" || n == "tl.store_tensor_descriptor")
    return tensorDescriptorAccess(c, r, args, n == "tl.store_tensor_descriptor");
  if (n == "tl.constexpr") { // dtypes and tuples of constants are compile-time values too
    SemaValue::Kind k = args[0]->kind;
    if (k == SemaValue::Kind::Runtime || k == SemaValue::Kind::Module || k == SemaValue::Kind::Function) {
      diags_.error(Diag::NotConstexpr, r.args[0]->range, "the argument of `tl.constexpr`",
                   "found " + describe(*args[0]));
      return std::nullopt;
    }
    return args[0];
  }
  internalError("builtin without a checker: " + n);
}

// Triton's spellings, dot included: loads take `.ca`, `.cg`, `.cv`; stores
// `.wb`, `.cg`, `.cs`, `.wt`; both `evict_first` and `evict_last`. An empty
// string or `None` is the default.
bool Checker::memoryHints(const ResolvedCall &r, const std::vector<Result> &args, bool isStore) {
  static const std::vector<std::string> loadCache = {".ca", ".cg", ".cv"}, storeCache = {".wb", ".cg", ".cs", ".wt"},
                                        eviction = {"evict_first", "evict_last"};
  auto check = [&](size_t i, const std::vector<std::string> &allowed, const char *what) {
    if (!r.args[i] || isNone(args[i]))
      return true;
    if (!args[i]->isConstexpr() || args[i]->constant.kind != ConstexprValue::Kind::String) {
      diags_.error(Diag::NotConstexpr, r.args[i]->range, "a cache or eviction hint", "give a string");
      return false;
    }
    const std::string &text = args[i]->constant.text;
    if (text.empty() || std::find(allowed.begin(), allowed.end(), text) != allowed.end())
      return true;
    diags_.error(Diag::TypeMismatch, r.args[i]->range,
                 fmt::format("{} `{}` is not one of `{}`", what, text, fmt::join(allowed, "`, `")));
    return false;
  };
  if (!isStore && r.args.size() > 7 && r.args[7] && !args[7]->isConstexpr()) {
    diags_.error(Diag::NotConstexpr, r.args[7]->range, "`volatile`", "give `True` or `False`");
    return false;
  }
  return check(isStore ? 4 : 5, isStore ? storeCache : loadCache, "cache modifier") &&
         check(isStore ? 5 : 6, eviction, "eviction policy");
}

Result Checker::memoryAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args,
                             bool isStore) {
  const SemaValue &pointer = *args[0];
  const char *what = isStore ? "`tl.store`" : "`tl.load`";
  if (pointer.kind == SemaValue::Kind::BlockPtr)
    return blockPointerAccess(c, r, args, isStore);
  if (!pointer.isRuntime() || !pointer.type.elem.isPointer()) {
    diags_.error(Diag::NotAPointer, r.args[0]->range, what,
                 pointer.isRuntime() ? pointer.type.str() : describe(pointer));
    return std::nullopt;
  }
  if (isStore && pointer.type.elem.readOnly) {
    diags_.error(Diag::TypeMismatch, r.args[0]->range,
                 "`tl.store` through a pointer from a `tl.const` parameter; the kernel may only read it");
    return std::nullopt;
  }
  ElemType valueElem = ElemType::scalar(pointer.type.elem.pointee);
  // Pointer, value, mask and other broadcast together, as in Triton.
  const size_t operandIndices[] = {1, 2}; // value and mask, or mask and other
  SemaValue shapeSoFar = pointer;
  for (size_t index : operandIndices) {
    if (!r.args[index] || isNone(args[index]))
      continue;
    std::optional<std::vector<int64_t>> s = broadcastShape(r.args[index]->range, shapeSoFar, *args[index]);
    if (!s)
      return std::nullopt;
    shapeSoFar = SemaValue::runtime(Type::tensor(pointer.type.elem, *s));
  }
  std::vector<int64_t> shape = shapeSoFar.type.shape;
  auto checkOperand = [&](size_t index, ElemType elem, const char *role) -> bool {
    if (!r.args[index] || isNone(args[index]))
      return true;
    const SemaValue &v = *args[index];
    if (!isNumeric(v)) {
      diags_.error(Diag::TypeMismatch, r.args[index]->range,
                   fmt::format("the {} of {} cannot be {}", role, what, describe(v)));
      return false;
    }
    coerce(*r.args[index], v, Type::tensor(elem, shape));
    return true;
  };
  if (r.args[3] && !args[3]->isConstexpr()) { // boundary_check=() only matters for block pointers
    diags_.error(Diag::NotConstexpr, r.args[3]->range, "`boundary_check`", "give a tuple of dims");
    return std::nullopt;
  }
  if (!memoryHints(r, args, isStore))
    return std::nullopt;
  coerce(*r.args[0], pointer, Type::tensor(pointer.type.elem, shape));
  // Triton reads and writes bool memory as int8: a stored value or a load's
  // `other` that is not already bool converts to int8 (so int8 -2 is stored
  // as the byte 0xfe, and 0.5 as 0), and a load's bytes then compare with 0.
  auto viaBytes = [&](size_t index) {
    bool boolMemory = pointer.type.elem.pointee == ScalarKind::I1;
    bool notBool = r.args[index] && !isNone(args[index]) && promotionOperand(*args[index]).kind != ScalarKind::I1;
    return boolMemory && notBool ? ElemType::scalar(ScalarKind::I8) : valueElem;
  };
  if (isStore) {
    if (!checkOperand(1, viaBytes(1), "value") || !checkOperand(2, ElemType::scalar(ScalarKind::I1), "mask"))
      return std::nullopt;
    return SemaValue::constexprValue(ConstexprValue::none());
  }
  if (!checkOperand(1, ElemType::scalar(ScalarKind::I1), "mask") || !checkOperand(2, viaBytes(2), "other"))
    return std::nullopt;
  if (r.args[2] && !isNone(args[2]) && (!r.args[1] || isNone(args[1]))) {
    diags_.error(Diag::TypeMismatch, r.args[2]->range, "`other` needs a `mask`; without one every element is loaded");
    return std::nullopt;
  }
  return SemaValue::runtime(Type::tensor(valueElem, shape));
}

} // namespace tritonc::sema
