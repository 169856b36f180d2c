#include "tritonc/frontend/Decorators.h"

namespace tritonc::ast {

std::string decoratorHead(const Expr &decorator) {
  const Expr *x = &decorator;
  if (x->kind == ExprKind::Call)
    x = static_cast<const CallExpr *>(x)->callee.get();
  if (x->kind == ExprKind::Host)
    return static_cast<const HostExpr *>(x)->head;
  std::string name;
  while (x->kind == ExprKind::Attribute) {
    auto *a = static_cast<const AttributeExpr *>(x);
    name = "." + a->attr + name;
    x = a->value.get();
  }
  if (x->kind != ExprKind::Name)
    return "";
  return static_cast<const NameExpr *>(x)->id + name;
}

bool isTritonDecorator(const Expr &decorator) {
  std::string dotted = decoratorHead(decorator);
  std::string last = dotted.substr(dotted.rfind('.') + 1);
  return last == "jit" || last == "autotune" || last == "heuristics" || last == "constexpr";
}

} // namespace tritonc::ast
