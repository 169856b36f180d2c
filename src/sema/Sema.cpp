// The type checker: walks the kernel body in program order with an
// environment of names, evaluating constexpr expressions and typing runtime
// ones with Triton's rules. One error per mistake: a failed expression
// yields nullopt and its users stay silent.
#include "tritonc/sema/Sema.h"

#include "tritonc/sema/Builtins.h"
#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/sema/KernelBinding.h"
#include "tritonc/sema/Promotion.h"

#include <fmt/format.h>

#include <unordered_map>
#include <unordered_set>

namespace tritonc {

namespace {

using ast::ExprKind;
using ast::StmtKind;
using Result = std::optional<SemaValue>;

constexpr int64_t kMaxTensorElements = int64_t(1) << 20;

std::string describe(const SemaValue &v) {
  switch (v.kind) {
  case SemaValue::Kind::Runtime: return "`" + v.type.str() + "`";
  case SemaValue::Kind::Constexpr: return "the constant `" + v.constant.repr() + "`";
  case SemaValue::Kind::Module: return "the module `" + v.name + "`";
  case SemaValue::Kind::Function: return "the function `" + v.name + "`";
  case SemaValue::Kind::DType: return std::string("the dtype `tl.") + tritonName(v.dtype) + "`";
  }
  return "";
}

class Checker {
public:
  Checker(const ast::Module &module, DiagnosticEngine &diags) : module_(module), diags_(diags) {}

  std::optional<TypedKernel> run(const std::string &kernelName, const Signature &signature) {
    declareGlobals();
    const ast::FunctionDef *kernel = selectKernel(module_, kernelName, diags_);
    if (!kernel)
      return std::nullopt;
    out_.def = kernel;
    auto evalDefault = [&](const ast::Expr &e) -> std::optional<ConstexprValue> {
      Result v = expr(e);
      if (!v)
        return std::nullopt;
      if (!v->isConstexpr()) {
        diags_.error(Diag::NotConstexpr, e.range, "a `tl.constexpr` default", "use a literal or a module constant");
        return std::nullopt;
      }
      return v->constant;
    };
    std::optional<std::vector<BoundParam>> params = bindSignature(*kernel, signature, evalDefault, diags_);
    if (!params)
      return std::nullopt;
    out_.params = std::move(*params);
    for (const BoundParam &p : out_.params)
      locals_[p.name] = p.isConstexpr ? SemaValue::constexprValue(p.value)
                                      : SemaValue::runtime(Type::scalar(p.type));
    block(kernel->body);
    if (diags_.hasErrors())
      return std::nullopt;
    return std::move(out_);
  }

private:
  // ---- module level ----------------------------------------------------

  void declareGlobals() {
    for (const auto &s : module_.body) {
      if (s->kind == StmtKind::Import) {
        auto &imp = static_cast<const ast::ImportStmt &>(*s);
        for (const auto &alias : imp.names) {
          std::string full = imp.fromModule.empty() ? alias.name : imp.fromModule + "." + alias.name;
          std::string bound = alias.asName.empty() ? alias.name.substr(0, alias.name.find('.')) : alias.asName;
          if (imp.fromModule.empty() && alias.asName.empty())
            full = bound; // `import triton.language` binds `triton`
          globals_[bound] = SemaValue::module(canonicalModule(full));
        }
      } else if (s->kind == StmtKind::FunctionDef) {
        auto &f = static_cast<const ast::FunctionDef &>(*s);
        globals_[f.name] = SemaValue::function("jit:" + f.name);
      } else if (s->kind == StmtKind::Assign || s->kind == StmtKind::AnnAssign) {
        declareModuleConstant(*s);
      }
    }
  }

  static std::string canonicalModule(const std::string &name) {
    if (name == "triton.language.extra.libdevice" || name == "triton.language.extra.cuda.libdevice" ||
        name == "triton.language.math")
      return "libdevice";
    return name;
  }

  void declareModuleConstant(const ast::Stmt &s) {
    const ast::Expr *target = nullptr;
    const ast::Expr *value = nullptr;
    if (s.kind == StmtKind::Assign) {
      auto &a = static_cast<const ast::AssignStmt &>(s);
      if (a.targets.size() == 1)
        target = a.targets[0].get();
      value = a.value.get();
    } else {
      auto &a = static_cast<const ast::AnnAssignStmt &>(s);
      target = a.target.get();
      value = a.value.get();
    }
    if (!target || !value || target->kind != ExprKind::Name)
      return;
    // A module constant that is not a compile-time value (e.g. a host-side
    // helper) is only an error if a kernel uses it; remember it as unusable.
    Result v = expr(*value);
    if (v)
      globals_[static_cast<const ast::NameExpr *>(target)->id] = *v;
  }

  // ---- statements ------------------------------------------------------

  void block(const ast::Block &stmts) {
    for (const auto &s : stmts)
      stmt(*s);
  }

  void stmt(const ast::Stmt &s) {
    switch (s.kind) {
    case StmtKind::Expr: {
      auto &e = static_cast<const ast::ExprStmt &>(s);
      if (e.value->kind != ExprKind::String) // docstrings
        expr(*e.value);
      return;
    }
    case StmtKind::Assign: {
      auto &a = static_cast<const ast::AssignStmt &>(s);
      Result v = expr(*a.value);
      for (const auto &t : a.targets)
        assign(*t, v);
      return;
    }
    case StmtKind::AnnAssign: {
      auto &a = static_cast<const ast::AnnAssignStmt &>(s);
      if (a.value)
        assign(*a.target, expr(*a.value));
      return;
    }
    case StmtKind::AugAssign: {
      auto &a = static_cast<const ast::AugAssignStmt &>(s);
      Result v = binary(s.range, a.op, *a.target, *a.value);
      assign(*a.target, v);
      return;
    }
    case StmtKind::If: {
      auto &i = static_cast<const ast::IfStmt &>(s);
      Result c = expr(*i.cond);
      if (!c)
        return;
      if (!c->isConstexpr()) {
        diags_.error(Diag::UnsupportedOperation, i.cond->range,
                     "`if` on a run-time value is not supported yet; only compile-time conditions are");
        return;
      }
      bool taken = truthy(c->constant);
      out_.staticIfs[&i] = taken;
      block(taken ? i.body : i.orelse);
      return;
    }
    case StmtKind::Return: {
      auto &r = static_cast<const ast::ReturnStmt &>(s);
      if (r.value)
        diags_.error(Diag::UnsupportedOperation, r.value->range, "a kernel cannot return a value");
      return;
    }
    case StmtKind::Pass:
      return;
    case StmtKind::Assert: {
      auto &a = static_cast<const ast::AssertStmt &>(s);
      Result c = expr(*a.test);
      if (c && c->isConstexpr() && !truthy(c->constant))
        diags_.error(Diag::UnsupportedOperation, a.test->range, "static assertion failed");
      else if (c && !c->isConstexpr())
        diags_.error(Diag::UnsupportedOperation, a.test->range,
                     "`assert` on a run-time value is not supported yet; use `tl.device_assert`");
      return;
    }
    case StmtKind::For:
    case StmtKind::While:
    case StmtKind::Break:
    case StmtKind::Continue:
      diags_.error(Diag::UnsupportedOperation, s.range, "loops are not supported by this version of tritonc");
      return;
    case StmtKind::FunctionDef:
      diags_.error(Diag::UnsupportedConstruct, s.range, "def", " inside a kernel; define helpers at module level");
      return;
    case StmtKind::Import:
      diags_.error(Diag::UnsupportedConstruct, s.range, "import", " inside a kernel; import at module level");
      return;
    }
  }

  void assign(const ast::Expr &target, const Result &value) {
    if (target.kind != ExprKind::Name) {
      diags_.error(Diag::UnsupportedOperation, target.range,
                   "only plain names can be assigned in this version of tritonc");
      return;
    }
    if (value)
      locals_[static_cast<const ast::NameExpr &>(target).id] = *value;
    else { // keep later uses quiet: the error was reported already
      locals_.erase(static_cast<const ast::NameExpr &>(target).id);
      poisoned_.insert(static_cast<const ast::NameExpr &>(target).id);
    }
  }

  // ---- expressions -----------------------------------------------------

  Result record(const ast::Expr &e, Result v) {
    if (v)
      out_.values[&e] = *v;
    return v;
  }

  Result expr(const ast::Expr &e) { return record(e, exprUnrecorded(e)); }

  Result exprUnrecorded(const ast::Expr &e) {
    switch (e.kind) {
    case ExprKind::Int: {
      uint64_t bits = static_cast<const ast::IntExpr &>(e).value;
      return SemaValue::constexprValue(ConstexprValue::ofInt(int64_t(bits)));
    }
    case ExprKind::Float:
      return SemaValue::constexprValue(ConstexprValue::ofFloat(static_cast<const ast::FloatExpr &>(e).value));
    case ExprKind::Bool:
      return SemaValue::constexprValue(ConstexprValue::ofBool(static_cast<const ast::BoolExpr &>(e).value));
    case ExprKind::String:
      return SemaValue::constexprValue(ConstexprValue::ofString(static_cast<const ast::StringExpr &>(e).value));
    case ExprKind::None:
      return SemaValue::constexprValue(ConstexprValue::none());
    case ExprKind::Name:
      return name(static_cast<const ast::NameExpr &>(e));
    case ExprKind::Attribute:
      return attribute(static_cast<const ast::AttributeExpr &>(e));
    case ExprKind::Call:
      return call(static_cast<const ast::CallExpr &>(e));
    case ExprKind::Binary: {
      auto &b = static_cast<const ast::BinaryExpr &>(e);
      return binary(e.range, b.op, *b.lhs, *b.rhs);
    }
    case ExprKind::Unary:
      return unary(static_cast<const ast::UnaryExpr &>(e));
    case ExprKind::Compare:
      return compare(static_cast<const ast::CompareExpr &>(e));
    default:
      diags_.error(Diag::UnsupportedOperation, e.range, "this expression is not supported by this version of tritonc");
      return std::nullopt;
    }
  }

  Result name(const ast::NameExpr &n) {
    if (auto it = locals_.find(n.id); it != locals_.end())
      return it->second;
    if (poisoned_.count(n.id))
      return std::nullopt;
    if (auto it = globals_.find(n.id); it != globals_.end())
      return it->second;
    if (n.id == "range" || n.id == "min" || n.id == "max" || n.id == "abs" || n.id == "len")
      return SemaValue::function(n.id);
    diags_.error(Diag::UnknownName, n.range, n.id);
    return std::nullopt;
  }

  Result attribute(const ast::AttributeExpr &a) {
    Result base = expr(*a.value);
    if (!base)
      return std::nullopt;
    if (base->kind == SemaValue::Kind::Module) {
      if (base->name == "triton" && a.attr == "language")
        return SemaValue::module("triton.language");
      if (base->name == "triton.language") {
        if (std::optional<ScalarKind> k = scalarFromTritonName(a.attr))
          return SemaValue::dtypeValue(*k);
        if (aliasDType(a.attr))
          return SemaValue::dtypeValue(*aliasDType(a.attr));
        std::string full = "tl." + a.attr;
        if (findBuiltin(full))
          return SemaValue::function(full);
        diags_.error(Diag::UnknownBuiltin, a.range, full);
        return std::nullopt;
      }
      std::string full = base->name + "." + a.attr;
      if (base->name == "triton" && (a.attr == "jit" || a.attr == "cdiv"))
        return SemaValue::function(full);
      diags_.error(Diag::UnknownBuiltin, a.range, full);
      return std::nullopt;
    }
    if (base->isRuntime() && a.attr == "dtype")
      return SemaValue::dtypeValue(base->type.elem.isPointer() ? ScalarKind::Ptr : base->type.elem.kind);
    diags_.error(Diag::UnsupportedOperation, a.range,
                 fmt::format("{} has no attribute `{}` that tritonc knows", describe(*base), a.attr));
    return std::nullopt;
  }

  static std::optional<ScalarKind> aliasDType(const std::string &name) {
    if (name == "float") return ScalarKind::F32;
    if (name == "int") return ScalarKind::I32;
    if (name == "bool") return ScalarKind::I1;
    return std::nullopt;
  }

  // ---- operators -------------------------------------------------------

  // Converts `e` (already checked, value `v`) for use as `target`.
  void coerce(const ast::Expr &e, const SemaValue &v, const Type &target) {
    if (!(v.isRuntime() && v.type == target))
      out_.coercions[&e] = target;
  }

  bool isNumeric(const SemaValue &v) const {
    if (v.isRuntime())
      return true;
    return v.isConstexpr() && (v.constant.kind == ConstexprValue::Kind::Int ||
                               v.constant.kind == ConstexprValue::Kind::Float ||
                               v.constant.kind == ConstexprValue::Kind::Bool);
  }

  PromotionOperand promotionOperand(const SemaValue &v) const {
    if (v.isRuntime())
      return {v.type.elem.kind, false};
    switch (v.constant.kind) {
    case ConstexprValue::Kind::Float: return {ScalarKind::F32, true};
    case ConstexprValue::Kind::Bool: return {ScalarKind::I1, true};
    default: return {pythonIntType(v.constant.intValue, false), true};
    }
  }

  // The shape both operands broadcast to, or nullopt after a diagnostic.
  std::optional<std::vector<int64_t>> broadcastShape(SourceRange range, const SemaValue &a, const SemaValue &b) {
    std::vector<int64_t> sa = a.isRuntime() ? a.type.shape : std::vector<int64_t>{};
    std::vector<int64_t> sb = b.isRuntime() ? b.type.shape : std::vector<int64_t>{};
    if (sa.empty())
      return sb;
    if (sb.empty() || sa == sb)
      return sa;
    diags_.error(Diag::ShapeMismatch, range, Type::tensor(a.type.elem, sa).str(), Type::tensor(b.type.elem, sb).str());
    return std::nullopt;
  }

  // For `x op= y` the target node is read here, so its coercion is
  // recorded on it like any operand.
  Result binary(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr) {
    Result lhs = expr(lhsExpr);
    Result rhs = expr(rhsExpr);
    if (!lhs || !rhs)
      return std::nullopt;
    if (lhs->isConstexpr() && rhs->isConstexpr()) {
      std::string why;
      if (std::optional<ConstexprValue> folded = foldBinary(op, lhs->constant, rhs->constant, why))
        return SemaValue::constexprValue(*folded);
      diags_.error(Diag::TypeMismatch, range, why);
      return std::nullopt;
    }
    if (!isNumeric(*lhs) || !isNumeric(*rhs)) {
      diags_.error(Diag::TypeMismatch, range,
                   fmt::format("`{}` cannot combine {} and {}", ast::spelling(op), describe(*lhs), describe(*rhs)));
      return std::nullopt;
    }
    std::optional<std::vector<int64_t>> shape = broadcastShape(range, *lhs, *rhs);
    if (!shape)
      return std::nullopt;

    bool lhsPtr = lhs->isRuntime() && lhs->type.elem.isPointer();
    bool rhsPtr = rhs->isRuntime() && rhs->type.elem.isPointer();
    if (lhsPtr || rhsPtr)
      return pointerArithmetic(range, op, lhsExpr, *lhs, rhsExpr, *rhs, *shape, lhsPtr && rhsPtr);

    bool divOrMod = op == ast::BinaryOp::Div || op == ast::BinaryOp::Mod || op == ast::BinaryOp::FloorDiv;
    std::string why;
    std::optional<ScalarKind> common = computationType(promotionOperand(*lhs), promotionOperand(*rhs), divOrMod, why);
    if (!common) {
      diags_.error(Diag::TypeMismatch, range, why);
      return std::nullopt;
    }
    ScalarKind resultKind = *common;
    switch (op) {
    case ast::BinaryOp::Div:
      if (isInteger(*common))
        common = resultKind = ScalarKind::F32; // Triton: integer `/` computes in fp32
      break;
    case ast::BinaryOp::FloorDiv:
      if (isFloat(*common)) {
        diags_.error(Diag::UnsupportedOperation, range, "`//` on floating-point values is not supported yet");
        return std::nullopt;
      }
      break;
    case ast::BinaryOp::BitAnd:
    case ast::BinaryOp::BitOr:
    case ast::BinaryOp::BitXor:
    case ast::BinaryOp::Shl:
    case ast::BinaryOp::Shr:
      if (!isInteger(*common)) {
        diags_.error(Diag::TypeMismatch, range,
                     fmt::format("`{}` needs integer operands, found {} and {}", ast::spelling(op), describe(*lhs),
                                 describe(*rhs)));
        return std::nullopt;
      }
      break;
    case ast::BinaryOp::Pow:
    case ast::BinaryOp::MatMul:
      diags_.error(Diag::UnsupportedOperation, range,
                   fmt::format("`{}` on tensors is not supported; use `tl.dot` or `libdevice.pow`", ast::spelling(op)));
      return std::nullopt;
    default:
      break;
    }
    Type operandType = Type::tensor(ElemType::scalar(*common), *shape);
    coerce(lhsExpr, *lhs, operandType);
    coerce(rhsExpr, *rhs, operandType);
    return SemaValue::runtime(Type::tensor(ElemType::scalar(resultKind), *shape));
  }

  Result pointerArithmetic(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const SemaValue &lhs,
                           const ast::Expr &rhsExpr, const SemaValue &rhs, const std::vector<int64_t> &shape,
                           bool bothPointers) {
    bool lhsPtr = lhs.isRuntime() && lhs.type.elem.isPointer();
    const SemaValue &offset = lhsPtr ? rhs : lhs;
    bool offsetIsInt = offset.isRuntime() ? isInteger(offset.type.elem.kind)
                                          : offset.constant.kind == ConstexprValue::Kind::Int;
    bool allowed = !bothPointers && offsetIsInt && (op == ast::BinaryOp::Add || (op == ast::BinaryOp::Sub && lhsPtr));
    if (!allowed) {
      diags_.error(Diag::TypeMismatch, range,
                   fmt::format("`{}` cannot combine {} and {}; pointers take integer offsets with `+` and `-`",
                               ast::spelling(op), describe(lhs), describe(rhs)));
      return std::nullopt;
    }
    const SemaValue &pointer = lhsPtr ? lhs : rhs;
    const ast::Expr &pointerExpr = lhsPtr ? lhsExpr : rhsExpr;
    const ast::Expr &offsetExpr = lhsPtr ? rhsExpr : lhsExpr;
    ScalarKind offsetKind = offset.isRuntime() ? offset.type.elem.kind : pythonIntType(offset.constant.intValue, false);
    coerce(pointerExpr, pointer, Type::tensor(pointer.type.elem, shape));
    coerce(offsetExpr, offset, Type::tensor(ElemType::scalar(offsetKind), shape));
    return SemaValue::runtime(Type::tensor(pointer.type.elem, shape));
  }

  Result unary(const ast::UnaryExpr &u) {
    Result v = expr(*u.operand);
    if (!v)
      return std::nullopt;
    if (v->isConstexpr()) {
      std::string why;
      if (std::optional<ConstexprValue> folded = foldUnary(u.op, v->constant, why))
        return SemaValue::constexprValue(*folded);
      diags_.error(Diag::TypeMismatch, u.range, why);
      return std::nullopt;
    }
    if (!v->isRuntime() || v->type.elem.isPointer() || u.op != ast::UnaryOp::Neg) {
      diags_.error(Diag::UnsupportedOperation, u.range,
                   fmt::format("unary `{}` on {} is not supported yet", ast::spelling(u.op), describe(*v)));
      return std::nullopt;
    }
    return v;
  }

  Result compare(const ast::CompareExpr &c) {
    if (c.ops.size() != 1) {
      diags_.error(Diag::UnsupportedOperation, c.range, "chained comparisons are not supported on tensors");
      return std::nullopt;
    }
    Result lhs = expr(*c.operands[0]);
    Result rhs = expr(*c.operands[1]);
    if (!lhs || !rhs)
      return std::nullopt;
    ast::CompareOp op = c.ops[0];
    if (lhs->isConstexpr() && rhs->isConstexpr()) {
      std::string why;
      if (std::optional<ConstexprValue> folded = foldCompare(op, lhs->constant, rhs->constant, why))
        return SemaValue::constexprValue(*folded);
      diags_.error(Diag::TypeMismatch, c.range, why);
      return std::nullopt;
    }
    if (op == ast::CompareOp::Is || op == ast::CompareOp::IsNot || op == ast::CompareOp::In ||
        op == ast::CompareOp::NotIn || !isNumeric(*lhs) || !isNumeric(*rhs)) {
      diags_.error(Diag::TypeMismatch, c.range,
                   fmt::format("`{}` cannot compare {} and {}", ast::spelling(op), describe(*lhs), describe(*rhs)));
      return std::nullopt;
    }
    std::optional<std::vector<int64_t>> shape = broadcastShape(c.range, *lhs, *rhs);
    if (!shape)
      return std::nullopt;
    std::string why;
    std::optional<ScalarKind> common = computationType(promotionOperand(*lhs), promotionOperand(*rhs), false, why);
    if (!common) {
      diags_.error(Diag::TypeMismatch, c.range, why);
      return std::nullopt;
    }
    Type operandType = Type::tensor(ElemType::scalar(*common), *shape);
    coerce(*c.operands[0], *lhs, operandType);
    coerce(*c.operands[1], *rhs, operandType);
    return SemaValue::runtime(Type::tensor(ElemType::scalar(ScalarKind::I1), *shape));
  }

  // ---- calls -----------------------------------------------------------

  Result call(const ast::CallExpr &c) {
    Result callee = expr(*c.callee);
    if (!callee)
      return std::nullopt;
    if (callee->kind != SemaValue::Kind::Function) {
      diags_.error(Diag::TypeMismatch, c.callee->range, describe(*callee) + " is not callable");
      return std::nullopt;
    }
    const Builtin *builtin = findBuiltin(callee->name);
    if (!builtin) {
      diags_.error(Diag::UnknownBuiltin, c.callee->range, callee->name.rfind("jit:", 0) == 0
                                                              ? callee->name.substr(4)
                                                              : callee->name);
      return std::nullopt;
    }
    std::optional<ResolvedCall> resolved = resolveArguments(c, *builtin);
    if (!resolved)
      return std::nullopt;
    std::vector<Result> args;
    bool ok = true;
    for (const ast::Expr *a : resolved->args) {
      args.push_back(a ? expr(*a) : Result(SemaValue::constexprValue(ConstexprValue::none())));
      ok = ok && args.back().has_value();
    }
    if (!ok)
      return std::nullopt;
    out_.calls[&c] = *resolved;
    return checkBuiltin(c, *resolved, args);
  }

  std::optional<ResolvedCall> resolveArguments(const ast::CallExpr &c, const Builtin &b) {
    ResolvedCall r{b.name, std::vector<const ast::Expr *>(b.params.size(), nullptr)};
    if (c.args.size() > b.params.size()) {
      diags_.error(Diag::WrongArgCount, c.range, b.name, b.params.size(), c.args.size());
      return std::nullopt;
    }
    for (size_t i = 0; i < c.args.size(); ++i)
      r.args[i] = c.args[i].get();
    for (const ast::Keyword &k : c.keywords) {
      size_t i = 0;
      while (i < b.params.size() && k.name != b.params[i].name)
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
    size_t given = c.args.size() + c.keywords.size();
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

  std::optional<int64_t> constantInt(const ast::Expr *e, const Result &v, const char *what) {
    if (v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::Int)
      return v->constant.intValue;
    diags_.error(Diag::NotConstexpr, e->range, what, "found " + describe(*v));
    return std::nullopt;
  }

  static bool isNone(const Result &v) { return v->isConstexpr() && v->constant.kind == ConstexprValue::Kind::None; }

  Result checkBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args) {
    const std::string &n = r.builtin;
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
      int64_t length = *end - *start;
      if (length <= 0 || (length & (length - 1)) != 0) {
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
    if (n == "tl.where") {
      diags_.error(Diag::UnsupportedOperation, c.range, "`tl.where` is not supported by this version of tritonc");
      return std::nullopt;
    }
    if (n == "tl.constexpr") {
      if (!args[0]->isConstexpr()) {
        diags_.error(Diag::NotConstexpr, r.args[0]->range, "the argument of `tl.constexpr`", "found " + describe(*args[0]));
        return std::nullopt;
      }
      return args[0];
    }
    internalError("builtin without a checker: " + n);
  }

  Result memoryAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args, bool isStore) {
    const SemaValue &pointer = *args[0];
    const char *what = isStore ? "`tl.store`" : "`tl.load`";
    if (!pointer.isRuntime() || !pointer.type.elem.isPointer()) {
      diags_.error(Diag::NotAPointer, r.args[0]->range, what,
                   pointer.isRuntime() ? pointer.type.str() : describe(pointer));
      return std::nullopt;
    }
    std::vector<int64_t> shape = pointer.type.shape;
    ElemType valueElem = ElemType::scalar(pointer.type.elem.pointee);
    auto checkOperand = [&](size_t index, ElemType elem, const char *role) -> bool {
      if (!r.args[index] || isNone(args[index]))
        return true;
      const SemaValue &v = *args[index];
      if (!isNumeric(v)) {
        diags_.error(Diag::TypeMismatch, r.args[index]->range, fmt::format("the {} of {} cannot be {}", role, what, describe(v)));
        return false;
      }
      if (v.isRuntime() && v.type.isTensor() && v.type.shape != shape) {
        if (shape.empty()) {
          diags_.error(Diag::TypeMismatch, r.args[index]->range,
                       fmt::format("the {} of {} is a tensor `{}` but the pointer is a scalar", role, what, v.type.str()));
          return false;
        }
        diags_.error(Diag::ShapeMismatch, r.args[index]->range, Type::tensor(pointer.type.elem, shape).str(), v.type.str());
        return false;
      }
      coerce(*r.args[index], v, Type::tensor(elem, shape));
      return true;
    };
    for (size_t i : {size_t(3), size_t(isStore ? 4 : 5), size_t(isStore ? 5 : 6)})
      if (r.args[i] && !(args[i]->isConstexpr() && (args[i]->constant.kind == ConstexprValue::Kind::String ||
                                                    args[i]->constant.kind == ConstexprValue::Kind::None))) {
        if (i == 3 && args[i]->isConstexpr())
          continue; // boundary_check=() only matters for block pointers
        diags_.error(Diag::NotConstexpr, r.args[i]->range, "a cache or eviction hint", "give a string");
        return std::nullopt;
      }
    if (isStore) {
      if (!checkOperand(1, valueElem, "value") || !checkOperand(2, ElemType::scalar(ScalarKind::I1), "mask"))
        return std::nullopt;
      return SemaValue::constexprValue(ConstexprValue::none());
    }
    if (!checkOperand(1, ElemType::scalar(ScalarKind::I1), "mask") || !checkOperand(2, valueElem, "other"))
      return std::nullopt;
    if (r.args[2] && !isNone(args[2]) && (!r.args[1] || isNone(args[1]))) {
      diags_.error(Diag::TypeMismatch, r.args[2]->range, "`other` needs a `mask`; without one every element is loaded");
      return std::nullopt;
    }
    coerce(*r.args[0], pointer, Type::tensor(pointer.type.elem, shape));
    return SemaValue::runtime(Type::tensor(valueElem, shape));
  }

  const ast::Module &module_;
  DiagnosticEngine &diags_;
  TypedKernel out_;
  std::unordered_map<std::string, SemaValue> globals_;
  std::unordered_map<std::string, SemaValue> locals_;
  std::unordered_set<std::string> poisoned_;
};

} // namespace

std::optional<TypedKernel> analyzeKernel(const ast::Module &module, const std::string &kernelName,
                                         const Signature &signature, DiagnosticEngine &diags) {
  return Checker(module, diags).run(kernelName, signature);
}

} // namespace tritonc
