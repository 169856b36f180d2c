// Sema entry point and the module level: imports, module constants, the
// kernel and its signature.
#include "Checker.h"

#include "tritonc/sema/KernelBinding.h"
#include "tritonc/sema/Sema.h"

#include <fmt/format.h>

namespace tritonc::sema {

using ast::ExprKind;
using ast::StmtKind;

std::string describe(const SemaValue &v) {
  switch (v.kind) {
  case SemaValue::Kind::Runtime: return "`" + v.type.str() + "`";
  case SemaValue::Kind::Constexpr: return "the constant `" + v.constant.repr() + "`";
  case SemaValue::Kind::Module: return "the module `" + v.name + "`";
  case SemaValue::Kind::Function:
    return "the function `" + (v.name.rfind("jit:", 0) == 0 ? v.name.substr(4) : v.name) + "`";
  case SemaValue::Kind::DType: return std::string("the dtype `tl.") + tritonName(v.dtype) + "`";
  case SemaValue::Kind::Tuple: return fmt::format("a tuple of {} values", v.elements.size());
  }
  return "";
}

std::optional<TypedKernel> Checker::run(const std::string &kernelName, const Signature &signature) {
  declareGlobals(module_, "jit:");
  const ast::FunctionDef *kernel = selectKernel(module_, kernelName, diags_);
  if (!kernel)
    return std::nullopt;
  out_.def = kernel;
  recordDecorators(*kernel);
  frames_.push_back({kernel, kernel->name});
  auto evalDefault = [&](const ast::Expr &e) -> std::optional<ConstexprValue> {
    Result v = expr(e);
    if (!v)
      return std::nullopt;
    if (v->kind == SemaValue::Kind::DType)
      return ConstexprValue::ofDType(tritonName(v->dtype));
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
  for (const BoundParam &p : out_.params) {
    if (!p.isConstexpr)
      locals_[p.name] = SemaValue::runtime(Type::scalar(p.type));
    else if (p.value.kind == ConstexprValue::Kind::DType) // `tl.float16` given in the signature
      locals_[p.name] = SemaValue::dtypeValue(*scalarFromTritonName(p.value.text));
    else
      locals_[p.name] = SemaValue::constexprValue(p.value);
  }
  block(kernel->body);
  if (diags_.hasErrors())
    return std::nullopt;
  return std::move(out_);
}

void Checker::declareGlobals(const ast::Module &module, const std::string &functionPrefix) {
  for (const auto &s : module.body) {
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
      globals_[f.name] = SemaValue::function(functionPrefix + f.name);
    } else if (s->kind == StmtKind::Assign || s->kind == StmtKind::AnnAssign) {
      declareModuleConstant(*s);
    }
  }
}

std::string Checker::canonicalModule(const std::string &name) {
  if (name == "triton.language.extra.libdevice" || name == "triton.language.extra.cuda.libdevice" ||
      name == "triton.language.math")
    return "libdevice";
  return name;
}

void Checker::declareModuleConstant(const ast::Stmt &s) {
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
  // A module constant that is not a compile-time value (host code such as
  // `DEVICE = triton.runtime.driver...`) is only an error if a kernel uses
  // it; remember it as host-only.
  const std::string &name = static_cast<const ast::NameExpr *>(target)->id;
  Result v;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    v = expr(*value);
  }
  if (v && !v->isRuntime())
    globals_[name] = *v;
  else
    hostOnlyGlobals_.insert(name);
}

} // namespace tritonc::sema

namespace tritonc {

std::optional<TypedKernel> analyzeKernel(const ast::Module &module, const std::string &kernelName,
                                         const Signature &signature, DiagnosticEngine &diags) {
  return sema::Checker(module, diags).run(kernelName, signature);
}

} // namespace tritonc
