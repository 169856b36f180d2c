#include "tritonc/frontend/Clone.h"

namespace tritonc::ast {

namespace {

template <typename T> std::unique_ptr<T> copyOf(const Expr &e) {
  return std::make_unique<T>(static_cast<const T &>(e));
}

std::vector<ExprPtr> cloneAll(const std::vector<ExprPtr> &es) {
  std::vector<ExprPtr> out;
  for (const ExprPtr &e : es)
    out.push_back(e ? clone(*e) : nullptr);
  return out;
}

ExprPtr cloneOrNull(const ExprPtr &e) { return e ? clone(*e) : nullptr; }

} // namespace

ExprPtr clone(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name: return copyOf<NameExpr>(e);
  case ExprKind::Int: return copyOf<IntExpr>(e);
  case ExprKind::Float: return copyOf<FloatExpr>(e);
  case ExprKind::String: return copyOf<StringExpr>(e);
  case ExprKind::Bool: return copyOf<BoolExpr>(e);
  case ExprKind::None: return copyOf<NoneExpr>(e);
  case ExprKind::Host: return copyOf<HostExpr>(e);
  case ExprKind::Attribute: {
    auto &a = static_cast<const AttributeExpr &>(e);
    return std::make_unique<AttributeExpr>(a.range, clone(*a.value), a.attr);
  }
  case ExprKind::Call: {
    auto &c = static_cast<const CallExpr &>(e);
    auto out = std::make_unique<CallExpr>(c.range, clone(*c.callee));
    out->args = cloneAll(c.args);
    for (const Keyword &k : c.keywords)
      out->keywords.push_back(Keyword{k.range, k.name, clone(*k.value)});
    return out;
  }
  case ExprKind::Subscript: {
    auto &s = static_cast<const SubscriptExpr &>(e);
    auto out = std::make_unique<SubscriptExpr>(s.range, clone(*s.value));
    out->indices = cloneAll(s.indices);
    return out;
  }
  case ExprKind::Slice: {
    auto &s = static_cast<const SliceExpr &>(e);
    auto out = std::make_unique<SliceExpr>(s.range);
    out->lower = cloneOrNull(s.lower);
    out->upper = cloneOrNull(s.upper);
    out->step = cloneOrNull(s.step);
    return out;
  }
  case ExprKind::Binary: {
    auto &b = static_cast<const BinaryExpr &>(e);
    return std::make_unique<BinaryExpr>(b.range, b.op, clone(*b.lhs), clone(*b.rhs));
  }
  case ExprKind::Unary: {
    auto &u = static_cast<const UnaryExpr &>(e);
    return std::make_unique<UnaryExpr>(u.range, u.op, clone(*u.operand));
  }
  case ExprKind::Compare: {
    auto &c = static_cast<const CompareExpr &>(e);
    auto out = std::make_unique<CompareExpr>(c.range);
    out->ops = c.ops;
    out->operands = cloneAll(c.operands);
    return out;
  }
  case ExprKind::BoolOp: {
    auto &b = static_cast<const BoolOpExpr &>(e);
    auto out = std::make_unique<BoolOpExpr>(b.range, b.op);
    out->operands = cloneAll(b.operands);
    return out;
  }
  case ExprKind::IfExp: {
    auto &i = static_cast<const IfExpExpr &>(e);
    return std::make_unique<IfExpExpr>(i.range, clone(*i.cond), clone(*i.then), clone(*i.otherwise));
  }
  case ExprKind::Tuple: {
    auto &t = static_cast<const TupleExpr &>(e);
    auto out = std::make_unique<TupleExpr>(t.range);
    out->elements = cloneAll(t.elements);
    return out;
  }
  case ExprKind::List: {
    auto &l = static_cast<const ListExpr &>(e);
    auto out = std::make_unique<ListExpr>(l.range);
    out->elements = cloneAll(l.elements);
    return out;
  }
  case ExprKind::Dict: {
    auto &d = static_cast<const DictExpr &>(e);
    auto out = std::make_unique<DictExpr>(d.range);
    out->keys = cloneAll(d.keys);
    out->values = cloneAll(d.values);
    return out;
  }
  case ExprKind::Comprehension: {
    auto &c = static_cast<const ComprehensionExpr &>(e);
    auto out = std::make_unique<ComprehensionExpr>(c.range);
    out->element = clone(*c.element);
    out->target = clone(*c.target);
    out->iter = clone(*c.iter);
    out->conditions = cloneAll(c.conditions);
    out->list = c.list;
    return out;
  }
  case ExprKind::Lambda: {
    auto &l = static_cast<const LambdaExpr &>(e);
    auto out = std::make_unique<LambdaExpr>(l.range);
    for (const Param &p : l.params)
      out->params.push_back(Param{p.range, p.name, cloneOrNull(p.annotation), cloneOrNull(p.defaultValue)});
    out->body = clone(*l.body);
    return out;
  }
  }
  return nullptr;
}

StmtPtr clone(const Stmt &s) {
  switch (s.kind) {
  case StmtKind::Expr: return std::make_unique<ExprStmt>(s.range, clone(*static_cast<const ExprStmt &>(s).value));
  case StmtKind::Assign: {
    auto &a = static_cast<const AssignStmt &>(s);
    auto out = std::make_unique<AssignStmt>(a.range);
    out->targets = cloneAll(a.targets);
    out->value = clone(*a.value);
    return out;
  }
  case StmtKind::AugAssign: {
    auto &a = static_cast<const AugAssignStmt &>(s);
    return std::make_unique<AugAssignStmt>(a.range, clone(*a.target), a.op, clone(*a.value));
  }
  case StmtKind::AnnAssign: {
    auto &a = static_cast<const AnnAssignStmt &>(s);
    auto out = std::make_unique<AnnAssignStmt>(a.range);
    out->target = clone(*a.target);
    out->annotation = cloneOrNull(a.annotation);
    out->value = cloneOrNull(a.value);
    return out;
  }
  case StmtKind::Return:
    return std::make_unique<ReturnStmt>(s.range, cloneOrNull(static_cast<const ReturnStmt &>(s).value));
  case StmtKind::If: {
    auto &i = static_cast<const IfStmt &>(s);
    auto out = std::make_unique<IfStmt>(i.range, clone(*i.cond));
    std::optional<Block> body = clone(i.body), orelse = clone(i.orelse);
    if (!body || !orelse)
      return nullptr;
    out->body = std::move(*body);
    out->orelse = std::move(*orelse);
    return out;
  }
  case StmtKind::For: {
    auto &f = static_cast<const ForStmt &>(s);
    auto out = std::make_unique<ForStmt>(f.range);
    out->target = clone(*f.target);
    out->iter = clone(*f.iter);
    std::optional<Block> body = clone(f.body);
    if (!body)
      return nullptr;
    out->body = std::move(*body);
    return out;
  }
  case StmtKind::While: {
    auto &w = static_cast<const WhileStmt &>(s);
    auto out = std::make_unique<WhileStmt>(w.range, clone(*w.cond));
    std::optional<Block> body = clone(w.body);
    if (!body)
      return nullptr;
    out->body = std::move(*body);
    return out;
  }
  case StmtKind::Break:
  case StmtKind::Continue:
  case StmtKind::Raise:
  case StmtKind::Pass: return std::make_unique<SimpleStmt>(s.kind, s.range);
  case StmtKind::Assert: {
    auto &a = static_cast<const AssertStmt &>(s);
    return std::make_unique<AssertStmt>(a.range, clone(*a.test), cloneOrNull(a.message));
  }
  case StmtKind::FunctionDef:
  case StmtKind::Import:
  case StmtKind::Host:
  case StmtKind::Try: return nullptr;
  }
  return nullptr;
}

std::optional<Block> clone(const Block &b) {
  Block out;
  for (const StmtPtr &s : b) {
    StmtPtr copy = clone(*s);
    if (!copy)
      return std::nullopt;
    out.push_back(std::move(copy));
  }
  return out;
}

} // namespace tritonc::ast
