#include "tritonc/frontend/ASTPrinter.h"

#include <fmt/format.h>

#include <ostream>

namespace tritonc {

using namespace ast;

namespace {

std::string quote(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = (unsigned char)c;
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\t': out += "\\t"; break;
    case '\r': out += "\\r"; break;
    default:
      if (u < 0x20 || u == 0x7f)
        out += fmt::format("\\x{:02x}", u);
      else
        out += c;
    }
  }
  return out + '"';
}

// Shortest round-trip form, always recognisable as a float: 1.0, 1e-05, inf.
std::string formatFloat(double value) {
  std::string s = fmt::format("{}", value);
  if (s.find_first_of(".eEn") == std::string::npos)
    s += ".0";
  return s;
}

class Printer {
public:
  Printer(const SourceFile &file, std::ostream &out) : file_(file), out_(out) {}

  void statements(const Block &block) {
    for (const StmtPtr &stmt : block)
      statement(*stmt);
  }

private:
  // Prints one line at the current depth; the location is omitted for labels.
  void line(const std::string &text, const SourceRange *range = nullptr) {
    out_ << std::string(2 * depth_, ' ') << text;
    if (range) {
      LineColumn lc = file_.lineColumn(range->begin);
      out_ << " @" << lc.line << ':' << lc.column;
    }
    out_ << '\n';
  }
  void node(const std::string &text, SourceRange range) { line(text, &range); }

  struct Nested {
    explicit Nested(Printer &p) : p(p) { ++p.depth_; }
    ~Nested() { --p.depth_; }
    Printer &p;
  };

  void labeled(const char *label, const Expr *e) {
    if (!e)
      return;
    line(label);
    Nested n(*this);
    expr(*e);
  }

  void param(const Param &p) {
    node("Param " + p.name, p.range);
    Nested n(*this);
    labeled("Annotation", p.annotation.get());
    labeled("Default", p.defaultValue.get());
  }

  void statement(const Stmt &s) {
    switch (s.kind) {
    case StmtKind::Expr: {
      node("Expr", s.range);
      Nested n(*this);
      expr(*static_cast<const ExprStmt &>(s).value);
      return;
    }
    case StmtKind::Assign: {
      auto &a = static_cast<const AssignStmt &>(s);
      node("Assign", s.range);
      Nested n(*this);
      for (const ExprPtr &target : a.targets)
        labeled("Target", target.get());
      expr(*a.value);
      return;
    }
    case StmtKind::AugAssign: {
      auto &a = static_cast<const AugAssignStmt &>(s);
      node(fmt::format("AugAssign {}=", spelling(a.op)), s.range);
      Nested n(*this);
      labeled("Target", a.target.get());
      expr(*a.value);
      return;
    }
    case StmtKind::AnnAssign: {
      auto &a = static_cast<const AnnAssignStmt &>(s);
      node("AnnAssign", s.range);
      Nested n(*this);
      labeled("Target", a.target.get());
      labeled("Annotation", a.annotation.get());
      if (a.value)
        expr(*a.value);
      return;
    }
    case StmtKind::Return: {
      node("Return", s.range);
      Nested n(*this);
      if (const Expr *value = static_cast<const ReturnStmt &>(s).value.get())
        expr(*value);
      return;
    }
    case StmtKind::If: {
      auto &i = static_cast<const IfStmt &>(s);
      node("If", s.range);
      Nested n(*this);
      expr(*i.cond);
      statements(i.body);
      if (!i.orelse.empty()) {
        line("Else");
        Nested e(*this);
        statements(i.orelse);
      }
      return;
    }
    case StmtKind::For: {
      auto &f = static_cast<const ForStmt &>(s);
      node("For", s.range);
      Nested n(*this);
      labeled("Target", f.target.get());
      labeled("Iter", f.iter.get());
      statements(f.body);
      return;
    }
    case StmtKind::While: {
      auto &w = static_cast<const WhileStmt &>(s);
      node("While", s.range);
      Nested n(*this);
      expr(*w.cond);
      statements(w.body);
      return;
    }
    case StmtKind::Break: node("Break", s.range); return;
    case StmtKind::Continue: node("Continue", s.range); return;
    case StmtKind::Pass: node("Pass", s.range); return;
    case StmtKind::Raise: node("Raise", s.range); return;
    case StmtKind::Assert: {
      auto &a = static_cast<const AssertStmt &>(s);
      node("Assert", s.range);
      Nested n(*this);
      expr(*a.test);
      labeled("Message", a.message.get());
      return;
    }
    case StmtKind::FunctionDef: {
      auto &f = static_cast<const FunctionDef &>(s);
      node("FunctionDef " + f.name, s.range);
      Nested n(*this);
      for (const ExprPtr &decorator : f.decorators)
        labeled("Decorator", decorator.get());
      for (const Param &p : f.params)
        param(p);
      labeled("Returns", f.returns.get());
      statements(f.body);
      return;
    }
    case StmtKind::Import: {
      auto &i = static_cast<const ImportStmt &>(s);
      node(i.fromModule.empty() ? "Import" : "ImportFrom " + i.fromModule, s.range);
      Nested n(*this);
      for (const ImportStmt::Alias &alias : i.names)
        line("Alias " + alias.name + (alias.asName.empty() ? "" : " as " + alias.asName));
      return;
    }
    case StmtKind::Host: {
      auto &h = static_cast<const HostStmt &>(s);
      std::string names;
      for (const std::string &name : h.names)
        names += " " + name;
      node("HostCode " + h.what + (names.empty() ? "" : " binds" + names), s.range);
      return;
    }
    case StmtKind::Try: {
      auto &t = static_cast<const TryStmt &>(s);
      node("Try", s.range);
      Nested n(*this);
      statements(t.body);
      for (const Block &handler : t.handlers) {
        line("Except");
        Nested e(*this);
        statements(handler);
      }
      if (!t.orelse.empty()) {
        line("Else");
        Nested e(*this);
        statements(t.orelse);
      }
      if (!t.finalbody.empty()) {
        line("Finally");
        Nested e(*this);
        statements(t.finalbody);
      }
      return;
    }
    }
  }

  void expr(const Expr &e) {
    switch (e.kind) {
    case ExprKind::Name: node("Name " + static_cast<const NameExpr &>(e).id, e.range); return;
    case ExprKind::Int: node(fmt::format("Int {}", static_cast<const IntExpr &>(e).value), e.range); return;
    case ExprKind::Float: node("Float " + formatFloat(static_cast<const FloatExpr &>(e).value), e.range); return;
    case ExprKind::String: node("String " + quote(static_cast<const StringExpr &>(e).value), e.range); return;
    case ExprKind::Bool: node(static_cast<const BoolExpr &>(e).value ? "Bool True" : "Bool False", e.range); return;
    case ExprKind::None: node("None", e.range); return;
    case ExprKind::Attribute: {
      auto &a = static_cast<const AttributeExpr &>(e);
      node("Attribute " + a.attr, e.range);
      Nested n(*this);
      expr(*a.value);
      return;
    }
    case ExprKind::Call: {
      auto &c = static_cast<const CallExpr &>(e);
      node("Call", e.range);
      Nested n(*this);
      expr(*c.callee);
      for (const ExprPtr &arg : c.args)
        expr(*arg);
      for (const Keyword &k : c.keywords) {
        node("Keyword " + k.name, k.range);
        Nested kn(*this);
        expr(*k.value);
      }
      return;
    }
    case ExprKind::Subscript: {
      auto &sub = static_cast<const SubscriptExpr &>(e);
      node("Subscript", e.range);
      Nested n(*this);
      expr(*sub.value);
      for (const ExprPtr &index : sub.indices)
        expr(*index);
      return;
    }
    case ExprKind::Slice: {
      auto &sl = static_cast<const SliceExpr &>(e);
      node("Slice", e.range);
      Nested n(*this);
      labeled("Lower", sl.lower.get());
      labeled("Upper", sl.upper.get());
      labeled("Step", sl.step.get());
      return;
    }
    case ExprKind::Binary: {
      auto &b = static_cast<const BinaryExpr &>(e);
      node(fmt::format("Binary {}", spelling(b.op)), e.range);
      Nested n(*this);
      expr(*b.lhs);
      expr(*b.rhs);
      return;
    }
    case ExprKind::Unary: {
      auto &u = static_cast<const UnaryExpr &>(e);
      node(fmt::format("Unary {}", spelling(u.op)), e.range);
      Nested n(*this);
      expr(*u.operand);
      return;
    }
    case ExprKind::Compare: {
      auto &c = static_cast<const CompareExpr &>(e);
      std::string ops;
      for (CompareOp op : c.ops) {
        if (!ops.empty())
          ops += ", ";
        ops += spelling(op);
      }
      node("Compare " + ops, e.range);
      Nested n(*this);
      for (const ExprPtr &operand : c.operands)
        expr(*operand);
      return;
    }
    case ExprKind::BoolOp: {
      auto &b = static_cast<const BoolOpExpr &>(e);
      node(fmt::format("BoolOp {}", spelling(b.op)), e.range);
      Nested n(*this);
      for (const ExprPtr &operand : b.operands)
        expr(*operand);
      return;
    }
    case ExprKind::IfExp: {
      auto &i = static_cast<const IfExpExpr &>(e);
      node("IfExp", e.range);
      Nested n(*this);
      labeled("Test", i.cond.get());
      labeled("Then", i.then.get());
      labeled("Else", i.otherwise.get());
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      bool tuple = e.kind == ExprKind::Tuple;
      node(tuple ? "Tuple" : "List", e.range);
      Nested n(*this);
      for (const ExprPtr &element :
           tuple ? static_cast<const TupleExpr &>(e).elements : static_cast<const ListExpr &>(e).elements)
        expr(*element);
      return;
    }
    case ExprKind::Dict: {
      auto &d = static_cast<const DictExpr &>(e);
      node("Dict", e.range);
      Nested n(*this);
      for (size_t i = 0; i < d.keys.size(); ++i) {
        labeled("Key", d.keys[i].get());
        labeled("Value", d.values[i].get());
      }
      return;
    }
    case ExprKind::Comprehension: {
      auto &c = static_cast<const ComprehensionExpr &>(e);
      node(c.list ? "ListComprehension" : "Generator", e.range);
      Nested n(*this);
      expr(*c.element);
      labeled("Target", c.target.get());
      labeled("Iter", c.iter.get());
      for (const ExprPtr &cond : c.conditions)
        labeled("If", cond.get());
      return;
    }
    case ExprKind::Lambda: {
      auto &l = static_cast<const LambdaExpr &>(e);
      node("Lambda", e.range);
      Nested n(*this);
      for (const Param &p : l.params)
        param(p);
      expr(*l.body);
      return;
    }
    case ExprKind::Host: {
      auto &h = static_cast<const HostExpr &>(e);
      node("HostCode" + (h.head.empty() ? "" : " " + h.head), e.range);
      return;
    }
    }
  }

  const SourceFile &file_;
  std::ostream &out_;
  int depth_ = 0;
};

} // namespace

void printAST(const Module &module, const SourceFile &file, std::ostream &out) {
  Printer(file, out).statements(module.body);
}

} // namespace tritonc
