#include "ElementwiseForm.h"

#include "tritonc/frontend/Clone.h"

#include <set>
#include <string>

namespace tritonc::sema {

namespace {

using namespace ast;

// Names no Python code can write (they hold a space).
const std::string kResult = " mapped result ";
const std::string kDone = " mapped done";

ExprPtr nameExpr(SourceRange r, const std::string &id) { return std::make_unique<NameExpr>(r, id); }

ExprPtr tlCall(SourceRange r, const char *function, std::vector<ExprPtr> args) {
  auto call = std::make_unique<CallExpr>(r, std::make_unique<AttributeExpr>(r, nameExpr(r, "tl"), function));
  call->args = std::move(args);
  return call;
}

ExprPtr where(SourceRange r, ExprPtr cond, ExprPtr then, ExprPtr otherwise) {
  std::vector<ExprPtr> args;
  args.push_back(std::move(cond));
  args.push_back(std::move(then));
  args.push_back(std::move(otherwise));
  return tlCall(r, "where", std::move(args));
}

ExprPtr binary(SourceRange r, BinaryOp op, ExprPtr a, ExprPtr b) {
  return std::make_unique<BinaryExpr>(r, op, std::move(a), std::move(b));
}

ExprPtr invert(SourceRange r, ExprPtr a) { return std::make_unique<UnaryExpr>(r, UnaryOp::Invert, std::move(a)); }

bool isBooleanForm(const Expr &e) {
  return e.kind == ExprKind::Compare || e.kind == ExprKind::Bool ||
         (e.kind == ExprKind::Unary && static_cast<const UnaryExpr &>(e).op == UnaryOp::Invert &&
          isBooleanForm(*static_cast<const UnaryExpr &>(e).operand)) ||
         (e.kind == ExprKind::Binary &&
          (static_cast<const BinaryExpr &>(e).op == BinaryOp::BitAnd ||
           static_cast<const BinaryExpr &>(e).op == BinaryOp::BitOr) &&
          isBooleanForm(*static_cast<const BinaryExpr &>(e).lhs) &&
          isBooleanForm(*static_cast<const BinaryExpr &>(e).rhs));
}

// Python's truth of a value, as a boolean tile: `x != 0` unless it is one.
ExprPtr truth(ExprPtr e) {
  if (isBooleanForm(*e))
    return e;
  SourceRange r = e->range;
  auto c = std::make_unique<CompareExpr>(r);
  c->ops.push_back(CompareOp::Ne);
  c->operands.push_back(std::move(e));
  c->operands.push_back(std::make_unique<IntExpr>(r, 0));
  return c;
}

// Scalar-only syntax made elementwise, in place: `a and b` -> `a & b`,
// `not a` -> `~a`, `x if c else y` -> `tl.where(c, x, y)`. Without effects,
// evaluating both sides gives each element what short-circuiting would.
void tileSyntax(ExprPtr &e) {
  if (!e)
    return;
  switch (e->kind) {
  case ExprKind::BoolOp: {
    auto &b = static_cast<BoolOpExpr &>(*e);
    for (ExprPtr &o : b.operands)
      tileSyntax(o);
    ExprPtr acc = truth(std::move(b.operands[0]));
    for (size_t k = 1; k < b.operands.size(); ++k)
      acc = binary(b.range, b.op == BoolOpKind::And ? BinaryOp::BitAnd : BinaryOp::BitOr, std::move(acc),
                   truth(std::move(b.operands[k])));
    e = std::move(acc);
    return;
  }
  case ExprKind::Unary: {
    auto &u = static_cast<UnaryExpr &>(*e);
    tileSyntax(u.operand);
    if (u.op == UnaryOp::Not)
      e = invert(u.range, truth(std::move(u.operand)));
    return;
  }
  case ExprKind::IfExp: {
    auto &i = static_cast<IfExpExpr &>(*e);
    tileSyntax(i.cond);
    tileSyntax(i.then);
    tileSyntax(i.otherwise);
    e = where(i.range, truth(std::move(i.cond)), std::move(i.then), std::move(i.otherwise));
    return;
  }
  case ExprKind::Binary: {
    auto &b = static_cast<BinaryExpr &>(*e);
    tileSyntax(b.lhs);
    tileSyntax(b.rhs);
    return;
  }
  case ExprKind::Compare:
    for (ExprPtr &o : static_cast<CompareExpr &>(*e).operands)
      tileSyntax(o);
    return;
  case ExprKind::Call: {
    auto &c = static_cast<CallExpr &>(*e);
    for (ExprPtr &a : c.args)
      tileSyntax(a);
    for (Keyword &k : c.keywords)
      tileSyntax(k.value);
    return;
  }
  case ExprKind::Tuple:
    for (ExprPtr &x : static_cast<TupleExpr &>(*e).elements)
      tileSyntax(x);
    return;
  default: return;
  }
}

ExprPtr tiled(const Expr &e) {
  ExprPtr out = clone(e);
  tileSyntax(out);
  return out;
}

class Converter {
public:
  Converter(const FunctionDef &def, DiagnosticEngine &diags) : def_(def), diags_(diags) {
    for (const Param &p : def.params)
      defined_.insert(p.name);
  }

  bool run(const std::vector<int64_t> &shape, Block &out) {
    out_ = &out;
    block(def_.body, nullptr);
    if (failed_)
      return false;
    if (results_ == 0) {
      diags_.error(Diag::UnsupportedOperation, def_.nameRange,
                   "`" + def_.name + "` returns nothing; a function `tl.map_elementwise` maps must return values");
      return false;
    }
    // Each result with the mapped shape, as the call's result is.
    SourceRange r = def_.range;
    std::vector<ExprPtr> values;
    for (size_t k = 0; k < results_; ++k) {
      ExprPtr v = nameExpr(r, kResult + std::to_string(k));
      if (!shape.empty()) {
        auto dims = std::make_unique<TupleExpr>(r);
        for (int64_t d : shape)
          dims->elements.push_back(std::make_unique<IntExpr>(r, uint64_t(d)));
        std::vector<ExprPtr> args;
        args.push_back(std::move(v));
        args.push_back(std::move(dims));
        v = tlCall(r, "broadcast_to", std::move(args));
      }
      values.push_back(std::move(v));
    }
    ExprPtr result;
    if (values.size() == 1) {
      result = std::move(values[0]);
    } else {
      auto t = std::make_unique<TupleExpr>(r);
      t->elements = std::move(values);
      result = std::move(t);
    }
    out.push_back(std::make_unique<ReturnStmt>(r, std::move(result)));
    return true;
  }

private:
  void unsupported(SourceRange where, const std::string &what) {
    diags_.error(Diag::UnsupportedOperation, where,
                 what + " in `" + def_.name +
                     "`, which `tl.map_elementwise` maps: tritonc maps a function on "
                     "whole tiles, with its `if`s as selects, so it takes only assignments to names, `if`, "
                     "`return` and calls without effects");
    failed_ = true;
  }

  void emitAssign(SourceRange r, const std::string &target, ExprPtr value) {
    auto a = std::make_unique<AssignStmt>(r);
    a->targets.push_back(nameExpr(r, target));
    a->value = std::move(value);
    out_->push_back(std::move(a));
  }

  // `target = value` on the elements where `guard` holds (all for null).
  void assign(SourceRange r, const std::string &target, ExprPtr value, const Expr *guard) {
    if (guard && defined_.count(target))
      value = where(r, clone(*guard), std::move(value), nameExpr(r, target));
    emitAssign(r, target, std::move(value));
    defined_.insert(target);
  }

  void returnValues(const ReturnStmt &s, const Expr *guard) {
    std::vector<const Expr *> values;
    if (s.value && s.value->kind == ExprKind::Tuple)
      for (const ExprPtr &x : static_cast<const TupleExpr &>(*s.value).elements)
        values.push_back(x.get());
    else if (s.value)
      values.push_back(s.value.get());
    if (values.empty())
      return unsupported(s.range, "a `return` without a value");
    if (results_ != 0 && values.size() != results_)
      return unsupported(s.range, "returns of different lengths");
    // The elements this `return` decides: those on its path that no
    // earlier `return` took.
    ExprPtr fresh;
    if (results_ != 0) {
      fresh = invert(s.range, nameExpr(s.range, kDone));
      if (guard)
        fresh = binary(s.range, BinaryOp::BitAnd, clone(*guard), std::move(fresh));
    }
    for (size_t k = 0; k < values.size(); ++k) {
      std::string slot = kResult + std::to_string(k);
      ExprPtr value = tiled(*values[k]);
      if (fresh)
        value = where(s.range, clone(*fresh), std::move(value), nameExpr(s.range, slot));
      emitAssign(s.range, slot, std::move(value));
    }
    if (guard) {
      ExprPtr done = clone(*guard);
      if (results_ != 0)
        done = binary(s.range, BinaryOp::BitOr, nameExpr(s.range, kDone), std::move(done));
      emitAssign(s.range, kDone, std::move(done));
    }
    results_ = values.size();
  }

  // Returns whether every element has returned by the end of `b`.
  bool block(const Block &b, const Expr *guard) {
    for (const StmtPtr &s : b) {
      if (failed_)
        return true;
      switch (s->kind) {
      case StmtKind::Assign: {
        auto &a = static_cast<const AssignStmt &>(*s);
        if (a.targets.size() != 1 || a.targets[0]->kind != ExprKind::Name) {
          if (guard) {
            unsupported(s->range, "an assignment to something other than one name under an `if`");
            return true;
          }
          StmtPtr copy = clone(*s);
          if (!copy) {
            unsupported(s->range, "this statement");
            return true;
          }
          out_->push_back(std::move(copy));
          for (const ExprPtr &t : a.targets)
            if (t->kind == ExprKind::Tuple)
              for (const ExprPtr &x : static_cast<const TupleExpr &>(*t).elements)
                if (x->kind == ExprKind::Name)
                  defined_.insert(static_cast<const NameExpr &>(*x).id);
          break;
        }
        assign(s->range, static_cast<const NameExpr &>(*a.targets[0]).id, tiled(*a.value), guard);
        break;
      }
      case StmtKind::AugAssign: {
        auto &a = static_cast<const AugAssignStmt &>(*s);
        if (a.target->kind != ExprKind::Name) {
          unsupported(s->range, "an augmented assignment to something other than a name");
          return true;
        }
        const std::string &target = static_cast<const NameExpr &>(*a.target).id;
        assign(s->range, target, binary(s->range, a.op, nameExpr(a.target->range, target), tiled(*a.value)), guard);
        break;
      }
      case StmtKind::AnnAssign: {
        auto &a = static_cast<const AnnAssignStmt &>(*s);
        if (guard || !a.value || a.target->kind != ExprKind::Name) {
          unsupported(s->range, "an annotated assignment under an `if`");
          return true;
        }
        out_->push_back(clone(*s));
        defined_.insert(static_cast<const NameExpr &>(*a.target).id);
        break;
      }
      case StmtKind::Expr: {
        auto &e = static_cast<const ExprStmt &>(*s);
        if (e.value->kind == ExprKind::String) // a docstring
          break;
        if (guard) {
          unsupported(s->range, "a call made for its effect under an `if`");
          return true;
        }
        out_->push_back(clone(*s));
        break;
      }
      case StmtKind::Pass: break;
      case StmtKind::If: {
        auto &i = static_cast<const IfStmt &>(*s);
        ExprPtr cond = truth(tiled(*i.cond));
        ExprPtr onThen = guard ? binary(i.cond->range, BinaryOp::BitAnd, clone(*guard), clone(*cond)) : clone(*cond);
        ExprPtr onElse = invert(i.cond->range, std::move(cond));
        if (guard)
          onElse = binary(i.cond->range, BinaryOp::BitAnd, clone(*guard), std::move(onElse));
        bool thenDone = block(i.body, onThen.get());
        bool elseDone = block(i.orelse, onElse.get());
        if (thenDone && elseDone)
          return true;
        break;
      }
      case StmtKind::Return: returnValues(static_cast<const ReturnStmt &>(*s), guard); return true;
      default:
        unsupported(s->range, s->kind == StmtKind::For || s->kind == StmtKind::While ? "a loop" : "this statement");
        return true;
      }
    }
    return false;
  }

  const FunctionDef &def_;
  DiagnosticEngine &diags_;
  Block *out_ = nullptr;
  std::set<std::string> defined_;
  size_t results_ = 0;
  bool failed_ = false;
};

} // namespace

std::unique_ptr<ast::FunctionDef> elementwiseForm(const ast::FunctionDef &def, const std::vector<int64_t> &shape,
                                                  DiagnosticEngine &diags) {
  auto out = std::make_unique<FunctionDef>(def.range);
  out->name = def.name;
  out->nameRange = def.nameRange;
  out->decorators.push_back(nameExpr(def.range, "jit"));
  for (const Param &p : def.params) {
    Param copy;
    copy.range = p.range;
    copy.name = p.name;
    copy.annotation = p.annotation ? clone(*p.annotation) : nullptr;
    copy.defaultValue = p.defaultValue ? clone(*p.defaultValue) : nullptr;
    out->params.push_back(std::move(copy));
  }
  if (!Converter(def, diags).run(shape, out->body))
    return nullptr;
  return out;
}

} // namespace tritonc::sema
