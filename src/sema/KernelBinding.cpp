#include "tritonc/sema/KernelBinding.h"

#include "tritonc/frontend/Decorators.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

namespace tritonc {

namespace {

void collectCalledNames(const ast::Expr *e, std::set<std::string> &names);

void collectCalledNames(const ast::Block &block, std::set<std::string> &names) {
  // Only direct calls by name matter for kernel selection; walk statements
  // generically through the expressions they hold.
  std::function<void(const ast::Stmt &)> visit = [&](const ast::Stmt &s) {
    switch (s.kind) {
    case ast::StmtKind::Expr: collectCalledNames(static_cast<const ast::ExprStmt &>(s).value.get(), names); break;
    case ast::StmtKind::Assign: collectCalledNames(static_cast<const ast::AssignStmt &>(s).value.get(), names); break;
    case ast::StmtKind::AugAssign:
      collectCalledNames(static_cast<const ast::AugAssignStmt &>(s).value.get(), names);
      break;
    case ast::StmtKind::AnnAssign:
      collectCalledNames(static_cast<const ast::AnnAssignStmt &>(s).value.get(), names);
      break;
    case ast::StmtKind::Return: collectCalledNames(static_cast<const ast::ReturnStmt &>(s).value.get(), names); break;
    case ast::StmtKind::If: {
      auto &i = static_cast<const ast::IfStmt &>(s);
      collectCalledNames(i.cond.get(), names);
      for (auto &c : i.body)
        visit(*c);
      for (auto &c : i.orelse)
        visit(*c);
      break;
    }
    case ast::StmtKind::For: {
      auto &f = static_cast<const ast::ForStmt &>(s);
      collectCalledNames(f.iter.get(), names);
      for (auto &c : f.body)
        visit(*c);
      break;
    }
    case ast::StmtKind::While: {
      auto &w = static_cast<const ast::WhileStmt &>(s);
      collectCalledNames(w.cond.get(), names);
      for (auto &c : w.body)
        visit(*c);
      break;
    }
    default: break;
    }
  };
  for (auto &s : block)
    visit(*s);
}

void collectCalledNames(const ast::Expr *e, std::set<std::string> &names) {
  if (!e)
    return;
  switch (e->kind) {
  case ast::ExprKind::Call: {
    auto *c = static_cast<const ast::CallExpr *>(e);
    if (c->callee->kind == ast::ExprKind::Name)
      names.insert(static_cast<const ast::NameExpr *>(c->callee.get())->id);
    collectCalledNames(c->callee.get(), names);
    for (auto &a : c->args)
      collectCalledNames(a.get(), names);
    for (auto &k : c->keywords)
      collectCalledNames(k.value.get(), names);
    break;
  }
  case ast::ExprKind::Attribute:
    collectCalledNames(static_cast<const ast::AttributeExpr *>(e)->value.get(), names);
    break;
  case ast::ExprKind::Binary: {
    auto *b = static_cast<const ast::BinaryExpr *>(e);
    collectCalledNames(b->lhs.get(), names);
    collectCalledNames(b->rhs.get(), names);
    break;
  }
  case ast::ExprKind::Unary: collectCalledNames(static_cast<const ast::UnaryExpr *>(e)->operand.get(), names); break;
  case ast::ExprKind::Compare:
    for (auto &o : static_cast<const ast::CompareExpr *>(e)->operands)
      collectCalledNames(o.get(), names);
    break;
  case ast::ExprKind::BoolOp:
    for (auto &o : static_cast<const ast::BoolOpExpr *>(e)->operands)
      collectCalledNames(o.get(), names);
    break;
  case ast::ExprKind::Tuple:
    for (auto &o : static_cast<const ast::TupleExpr *>(e)->elements)
      collectCalledNames(o.get(), names);
    break;
  case ast::ExprKind::Subscript: {
    auto *s = static_cast<const ast::SubscriptExpr *>(e);
    collectCalledNames(s->value.get(), names);
    for (auto &i : s->indices)
      collectCalledNames(i.get(), names);
    break;
  }
  case ast::ExprKind::IfExp: {
    auto *i = static_cast<const ast::IfExpExpr *>(e);
    collectCalledNames(i->cond.get(), names);
    collectCalledNames(i->then.get(), names);
    collectCalledNames(i->otherwise.get(), names);
    break;
  }
  default: break;
  }
}

std::string entryTypeText(const SignatureEntry &e) {
  return e.kind == SignatureEntry::Kind::Pointer ? "*" + e.dtype : e.dtype;
}

// The scalars a host-side descriptor parameter arrives as (BoundParam::
// descriptor). The hints are what Triton's host descriptors require and
// TMA needs: a 16-byte aligned base and rows a multiple of 16 bytes apart.
std::vector<BoundParam> descriptorScalars(const ast::Param &p, ScalarKind elem, const std::vector<int64_t> &block) {
  std::vector<BoundParam> out;
  auto scalar = [&](std::string name, ElemType type, std::string signatureType, int hint) {
    BoundParam b;
    b.name = std::move(name);
    b.range = p.range;
    b.type = type;
    b.signatureType = std::move(signatureType);
    b.hint = hint;
    b.descriptor = p.name;
    out.push_back(std::move(b));
  };
  std::string dtype = signatureName(elem);
  scalar(p.name + "_base", ElemType::pointerTo(elem), "*" + dtype, 16);
  out.back().descriptorBlock = block;
  for (size_t d = 0; d < block.size(); ++d)
    scalar(p.name + "_shape" + std::to_string(d), ElemType::scalar(ScalarKind::I32), "i32", 0);
  int rowAlignment = std::max(1, int(16 / std::max(1u, bitWidth(elem) / 8)));
  for (size_t d = 0; d + 1 < block.size(); ++d)
    scalar(p.name + "_stride" + std::to_string(d), ElemType::scalar(ScalarKind::I64), "i64",
           rowAlignment > 1 ? rowAlignment : 0);
  return out;
}

} // namespace

bool isJitFunction(const ast::FunctionDef &def) {
  for (const auto &d : def.decorators)
    if (ast::isTritonDecorator(*d))
      return true;
  return false;
}

namespace {

// An annotation `NAME` or `tl.NAME` (`tl.constexpr`, `tl.const`).
bool annotationIs(const ast::Expr *annotation, const char *name) {
  if (annotation && annotation->kind == ast::ExprKind::Attribute)
    return static_cast<const ast::AttributeExpr *>(annotation)->attr == name;
  return annotation && annotation->kind == ast::ExprKind::Name &&
         static_cast<const ast::NameExpr *>(annotation)->id == name;
}

// `X: tl.const`: a pointer the kernel may only read.
bool isConstAnnotation(const ast::Expr *annotation) { return annotationIs(annotation, "const"); }

// A pointer or scalar entry given for parameter `p` (or an element of it).
void bindRuntimeEntry(BoundParam &b, const SignatureEntry &e, const ast::Param &p) {
  std::optional<ScalarKind> k = scalarFromSignature(e.dtype);
  TRITONC_CHECK(k.has_value(), "signature parser accepted unknown dtype " + e.dtype);
  b.type = e.kind == SignatureEntry::Kind::Pointer ? ElemType::pointerTo(*k) : ElemType::scalar(*k);
  b.type.readOnly = b.type.isPointer() && isConstAnnotation(p.annotation.get());
  b.hint = e.hint;
  b.signatureType = entryTypeText(e);
}

} // namespace

bool isConstexprAnnotation(const ast::Expr *annotation) { return annotationIs(annotation, "constexpr"); }

const ast::FunctionDef *selectKernel(const ast::Module &module, const std::string &name, DiagnosticEngine &diags) {
  std::vector<const ast::FunctionDef *> jit;
  for (const auto &s : module.body)
    if (s->kind == ast::StmtKind::FunctionDef && isJitFunction(static_cast<const ast::FunctionDef &>(*s)))
      jit.push_back(static_cast<const ast::FunctionDef *>(s.get()));
  if (jit.empty()) {
    diags.errorNoLocation(Diag::NoKernel);
    return nullptr;
  }
  std::vector<std::string> names;
  for (auto *f : jit)
    names.push_back("`" + f->name + "`");
  if (!name.empty()) {
    for (auto *f : jit)
      if (f->name == name)
        return f;
    diags.errorNoLocation(Diag::UnknownKernel, name, fmt::format("{}", fmt::join(names, ", ")));
    return nullptr;
  }
  std::set<std::string> called;
  for (auto *f : jit)
    collectCalledNames(f->body, called);
  std::vector<const ast::FunctionDef *> roots;
  for (auto *f : jit)
    if (!called.count(f->name))
      roots.push_back(f);
  if (roots.size() == 1)
    return roots.front();
  diags.errorNoLocation(Diag::AmbiguousKernel, fmt::format("{}", fmt::join(names, ", ")));
  return nullptr;
}

std::optional<std::vector<BoundParam>> bindSignature(const ast::FunctionDef &kernel, const Signature &signature,
                                                     const ConstexprEvaluator &evalDefault, DiagnosticEngine &diags) {
  const size_t numParams = kernel.params.size();
  std::vector<const SignatureEntry *> byParam(numParams, nullptr);
  bool ok = true;
  bool misspelled = false; // a misspelled name also leaves its parameter unset: say it once
  if (signature.named()) {
    for (const SignatureEntry &e : signature.entries) {
      size_t i = 0;
      while (i < numParams && kernel.params[i].name != e.name)
        ++i;
      if (i == numParams) {
        diags.error(Diag::UnknownParam, kernel.nameRange, e.name, kernel.name);
        ok = false;
        misspelled = true;
      } else {
        byParam[i] = &e;
      }
    }
  } else {
    size_t required = 0;
    for (const ast::Param &p : kernel.params)
      if (!(isConstexprAnnotation(p.annotation.get()) && p.defaultValue))
        required = &p - kernel.params.data() + 1;
    if (signature.entries.size() < required || signature.entries.size() > numParams) {
      diags.error(Diag::SignatureArity, kernel.nameRange, signature.entries.size(), kernel.name, required,
                  "give one entry per parameter, in order");
      return std::nullopt;
    }
    for (size_t i = 0; i < signature.entries.size(); ++i)
      byParam[i] = &signature.entries[i];
  }

  std::vector<BoundParam> bound;
  for (size_t i = 0; i < numParams; ++i) {
    const ast::Param &p = kernel.params[i];
    const SignatureEntry *e = byParam[i];
    BoundParam b;
    b.name = p.name;
    b.range = p.range;
    b.isConstexpr = isConstexprAnnotation(p.annotation.get());
    if (!e) {
      std::optional<ConstexprValue> def;
      if (b.isConstexpr && p.defaultValue && (def = evalDefault(*p.defaultValue))) {
        b.value = *def;
        bound.push_back(std::move(b));
        continue;
      }
      if (!(b.isConstexpr && p.defaultValue) && !misspelled) // a bad default was reported by evalDefault
        diags.error(Diag::MissingParam, p.range, p.name);
      ok = false;
      continue;
    }
    if (e->kind == SignatureEntry::Kind::TensorDesc && !b.isConstexpr) {
      std::optional<ScalarKind> k = scalarFromSignature(e->dtype);
      TRITONC_CHECK(k.has_value(), "signature parser accepted unknown dtype " + e->dtype);
      for (BoundParam &scalar : descriptorScalars(p, *k, e->blockShape))
        bound.push_back(std::move(scalar));
      continue;
    }
    if (e->kind == SignatureEntry::Kind::Tuple) {
      bool runtimeElement = std::any_of(e->elements.begin(), e->elements.end(),
                                        [](const SignatureEntry &el) { return el.kind != SignatureEntry::Kind::Constexpr; });
      if (b.isConstexpr && runtimeElement) {
        diags.error(Diag::ConstexprRequired, p.range, p.name, fmt::format("the tuple `{}`", e->text));
        ok = false;
        continue;
      }
      for (size_t k = 0; k < e->elements.size(); ++k) {
        const SignatureEntry &el = e->elements[k];
        BoundParam element;
        element.name = p.name + "_" + std::to_string(k);
        element.range = p.range;
        element.tuple = p.name;
        element.tupleIndex = int(k);
        element.isConstexpr = el.kind == SignatureEntry::Kind::Constexpr;
        if (element.isConstexpr)
          element.value = el.value;
        else
          bindRuntimeEntry(element, el, p);
        bound.push_back(std::move(element));
      }
      continue;
    }
    if (!b.isConstexpr && e->kind == SignatureEntry::Kind::Constexpr && e->value.kind == ConstexprValue::Kind::None)
      b.isConstexpr = true; // no PTX parameter: the kernel sees a compile-time `None`
    if (b.isConstexpr) {
      if (e->kind != SignatureEntry::Kind::Constexpr) {
        diags.error(Diag::ConstexprRequired, p.range, p.name, fmt::format("the type `{}`", e->text));
        ok = false;
      }
      b.value = e->value;
    } else if (e->kind == SignatureEntry::Kind::Constexpr) {
      diags.error(Diag::ValueForRuntimeParam, p.range, p.name, e->text);
      ok = false;
    } else {
      bindRuntimeEntry(b, *e, p);
    }
    bound.push_back(std::move(b));
  }
  // A descriptor's scalars and a tuple's elements are named after it
  // (`x_base`, `x_shape0`, `t_0`, ...): a parameter of the same name would
  // be taken for one of them.
  std::map<std::string, const BoundParam *> names;
  for (const BoundParam &b : bound)
    if (auto [it, fresh] = names.emplace(b.name, &b); !fresh) {
      const BoundParam &made = it->second->tuple.empty() && it->second->descriptor.empty() ? b : *it->second;
      diags.error(Diag::TypeMismatch, kernel.nameRange,
                  fmt::format("{} arrives as `{}`, the name of another parameter; rename that one",
                              made.tuple.empty() ? "a tensor descriptor" : "an element of tuple `" + made.tuple + "`",
                              b.name));
      ok = false;
    }
  if (!ok)
    return std::nullopt;
  return bound;
}

} // namespace tritonc
