// The abstract syntax tree of a kernel file: the Python subset described in
// grammar/kernel.ebnf. Every node carries the source range it was parsed
// from. Nodes are owned by their parent through unique_ptr; the parser never
// builds a node it cannot place, so a tree with errors is still well formed.
#pragma once

#include "tritonc/support/Source.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tritonc::ast {

enum class ExprKind {
  Name,
  Int,
  Float,
  String,
  Bool,
  None,
  Attribute,
  Call,
  Subscript,
  Slice,
  Binary,
  Unary,
  Compare,
  BoolOp,
  IfExp,
  Tuple,
  // Only as decorator arguments (`triton.autotune(configs=[...])`,
  // `triton.heuristics({"K": lambda args: ...})`) or constant tables; the
  // parser accepts List and Dict anywhere and Lambda only inside decorators.
  List,
  Dict,
  Lambda,
  // `(x for x in xs if c)` or `[...]`: host Python only (a module-level
  // constant's computation); kernels refuse it, as Triton does.
  Comprehension,
  // Host code tritonc does not analyse: a decorator argument or a
  // module-level condition that is not in the kernel subset (a
  // comprehension, an f-string, ...). Never reached by a kernel.
  Host,
};

enum class BinaryOp { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, BitAnd, BitOr, BitXor, Shl, Shr };
enum class UnaryOp { Neg, Pos, Invert, Not };
enum class CompareOp { Lt, Le, Gt, Ge, Eq, Ne, Is, IsNot, In, NotIn };
enum class BoolOpKind { And, Or };

const char *spelling(BinaryOp op); // "+", "//", ...
const char *spelling(UnaryOp op);  // "-", "not", ...
const char *spelling(CompareOp op);
const char *spelling(BoolOpKind op);

struct Expr {
  explicit Expr(ExprKind kind, SourceRange range) : kind(kind), range(range) {}
  virtual ~Expr() = default;
  const ExprKind kind;
  SourceRange range;
};
using ExprPtr = std::unique_ptr<Expr>;

struct NameExpr : Expr {
  NameExpr(SourceRange r, std::string id) : Expr(ExprKind::Name, r), id(std::move(id)) {}
  std::string id;
};
struct IntExpr : Expr {
  // Python integers are unbounded; literals beyond 64 bits are rejected by
  // the lexer, and `value` holds the bits of the unsigned literal.
  IntExpr(SourceRange r, uint64_t value) : Expr(ExprKind::Int, r), value(value) {}
  uint64_t value;
};
struct FloatExpr : Expr {
  FloatExpr(SourceRange r, double value) : Expr(ExprKind::Float, r), value(value) {}
  double value;
};
struct StringExpr : Expr {
  StringExpr(SourceRange r, std::string value) : Expr(ExprKind::String, r), value(std::move(value)) {}
  std::string value; // escapes resolved; adjacent literals concatenated
};
struct BoolExpr : Expr {
  BoolExpr(SourceRange r, bool value) : Expr(ExprKind::Bool, r), value(value) {}
  bool value;
};
struct NoneExpr : Expr {
  explicit NoneExpr(SourceRange r) : Expr(ExprKind::None, r) {}
};
struct AttributeExpr : Expr {
  AttributeExpr(SourceRange r, ExprPtr value, std::string attr)
      : Expr(ExprKind::Attribute, r), value(std::move(value)), attr(std::move(attr)) {}
  ExprPtr value;
  std::string attr;
};
struct Keyword {
  SourceRange range; // of `name=value`
  std::string name;
  ExprPtr value;
};
struct CallExpr : Expr {
  CallExpr(SourceRange r, ExprPtr callee) : Expr(ExprKind::Call, r), callee(std::move(callee)) {}
  ExprPtr callee;
  std::vector<ExprPtr> args;
  std::vector<Keyword> keywords;
};
// `lo:hi:step` inside a subscript; each part may be null.
struct SliceExpr : Expr {
  explicit SliceExpr(SourceRange r) : Expr(ExprKind::Slice, r) {}
  ExprPtr lower, upper, step;
};
// `value[i]` or `value[i, j, ...]`; each index is an expression, a SliceExpr
// or a NoneExpr (for `x[:, None]`).
struct SubscriptExpr : Expr {
  SubscriptExpr(SourceRange r, ExprPtr value) : Expr(ExprKind::Subscript, r), value(std::move(value)) {}
  ExprPtr value;
  std::vector<ExprPtr> indices;
};
struct BinaryExpr : Expr {
  BinaryExpr(SourceRange r, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(ExprKind::Binary, r), op(op), lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  BinaryOp op;
  ExprPtr lhs, rhs;
};
struct UnaryExpr : Expr {
  UnaryExpr(SourceRange r, UnaryOp op, ExprPtr operand)
      : Expr(ExprKind::Unary, r), op(op), operand(std::move(operand)) {}
  UnaryOp op;
  ExprPtr operand;
};
// `a < b < c` keeps the chain: operands.size() == ops.size() + 1.
struct CompareExpr : Expr {
  explicit CompareExpr(SourceRange r) : Expr(ExprKind::Compare, r) {}
  std::vector<CompareOp> ops;
  std::vector<ExprPtr> operands;
};
struct BoolOpExpr : Expr {
  BoolOpExpr(SourceRange r, BoolOpKind op) : Expr(ExprKind::BoolOp, r), op(op) {}
  BoolOpKind op;
  std::vector<ExprPtr> operands; // two or more
};
struct IfExpExpr : Expr {
  IfExpExpr(SourceRange r, ExprPtr cond, ExprPtr then, ExprPtr otherwise)
      : Expr(ExprKind::IfExp, r), cond(std::move(cond)), then(std::move(then)), otherwise(std::move(otherwise)) {}
  ExprPtr cond, then, otherwise;
};
struct TupleExpr : Expr {
  explicit TupleExpr(SourceRange r) : Expr(ExprKind::Tuple, r) {}
  std::vector<ExprPtr> elements;
};

// The source text is kept only by its range; `head` is the leading dotted
// name when the expression starts with one (`triton.autotune`).
struct HostExpr : Expr {
  HostExpr(SourceRange r, std::string head) : Expr(ExprKind::Host, r), head(std::move(head)) {}
  std::string head;
};

struct ListExpr : Expr {
  explicit ListExpr(SourceRange r) : Expr(ExprKind::List, r) {}
  std::vector<ExprPtr> elements;
};
struct DictExpr : Expr {
  explicit DictExpr(SourceRange r) : Expr(ExprKind::Dict, r) {}
  std::vector<ExprPtr> keys, values; // keys.size() == values.size()
};

enum class StmtKind {
  Expr,
  Assign,
  AugAssign,
  AnnAssign,
  Return,
  If,
  For,
  While,
  Break,
  Continue,
  Pass,
  // `raise ...`: an error only where compilation reaches it (Triton raises
  // in branches that compile-time values rule out, as FlagGems does).
  Raise,
  Assert,
  FunctionDef,
  Import,
  // Module level only: host code (Host) and `try` around imports (Try).
  Host,
  Try,
};

struct Stmt {
  Stmt(StmtKind kind, SourceRange range) : kind(kind), range(range) {}
  virtual ~Stmt() = default;
  const StmtKind kind;
  SourceRange range;
};
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct ExprStmt : Stmt {
  ExprStmt(SourceRange r, ExprPtr value) : Stmt(StmtKind::Expr, r), value(std::move(value)) {}
  ExprPtr value; // a docstring is an ExprStmt holding a StringExpr
};
// `a = b = value`; each target is a Name, Attribute, Subscript or Tuple.
struct AssignStmt : Stmt {
  AssignStmt(SourceRange r) : Stmt(StmtKind::Assign, r) {}
  std::vector<ExprPtr> targets;
  ExprPtr value;
};
struct AugAssignStmt : Stmt {
  AugAssignStmt(SourceRange r, ExprPtr target, BinaryOp op, ExprPtr value)
      : Stmt(StmtKind::AugAssign, r), target(std::move(target)), op(op), value(std::move(value)) {}
  ExprPtr target;
  BinaryOp op;
  ExprPtr value;
};
// `x: tl.constexpr = 3`; value may be null.
struct AnnAssignStmt : Stmt {
  AnnAssignStmt(SourceRange r) : Stmt(StmtKind::AnnAssign, r) {}
  ExprPtr target, annotation, value;
};
struct ReturnStmt : Stmt {
  ReturnStmt(SourceRange r, ExprPtr value) : Stmt(StmtKind::Return, r), value(std::move(value)) {}
  ExprPtr value; // may be null
};
// `elif` is an IfStmt alone in `orelse`.
struct IfStmt : Stmt {
  IfStmt(SourceRange r, ExprPtr cond) : Stmt(StmtKind::If, r), cond(std::move(cond)) {}
  ExprPtr cond;
  Block body, orelse;
};
struct ForStmt : Stmt {
  ForStmt(SourceRange r) : Stmt(StmtKind::For, r) {}
  ExprPtr target; // a Name or a Tuple of names
  ExprPtr iter;
  Block body;
};
struct WhileStmt : Stmt {
  WhileStmt(SourceRange r, ExprPtr cond) : Stmt(StmtKind::While, r), cond(std::move(cond)) {}
  ExprPtr cond;
  Block body;
};
struct SimpleStmt : Stmt { // break, continue, pass
  SimpleStmt(StmtKind kind, SourceRange r) : Stmt(kind, r) {}
};
struct AssertStmt : Stmt {
  AssertStmt(SourceRange r, ExprPtr test, ExprPtr message)
      : Stmt(StmtKind::Assert, r), test(std::move(test)), message(std::move(message)) {}
  ExprPtr test, message; // message may be null
};

struct Param {
  SourceRange range;
  std::string name;
  ExprPtr annotation;   // may be null; `tl.constexpr` marks a constexpr
  ExprPtr defaultValue; // may be null
};

// `lambda args: args["N"] % 64 == 0`; parameters have no annotations.
struct LambdaExpr : Expr {
  explicit LambdaExpr(SourceRange r) : Expr(ExprKind::Lambda, r) {}
  std::vector<Param> params;
  ExprPtr body;
};

// One `for` clause with its `if`s; `list` for the bracketed form.
struct ComprehensionExpr : Expr {
  explicit ComprehensionExpr(SourceRange r) : Expr(ExprKind::Comprehension, r) {}
  ExprPtr element;
  ExprPtr target; // a name
  ExprPtr iter;
  std::vector<ExprPtr> conditions;
  bool list = false;
};

struct FunctionDef : Stmt {
  FunctionDef(SourceRange r) : Stmt(StmtKind::FunctionDef, r) {}
  std::string name;
  SourceRange nameRange;
  std::vector<ExprPtr> decorators; // `triton.jit`, `triton.jit(...)`, `triton.autotune(...)`
  std::vector<Param> params;
  ExprPtr returns; // `-> annotation`, may be null
  Block body;
};

// `import a.b as c` / `from a.b import c as d, e`.
struct ImportStmt : Stmt {
  struct Alias {
    std::string name;   // dotted
    std::string asName; // empty when absent
  };
  ImportStmt(SourceRange r) : Stmt(StmtKind::Import, r) {}
  std::string fromModule; // empty for a plain `import`
  std::vector<Alias> names;
};

// A module-level statement tritonc skips without analysing it: a class, a
// plain Python function that does not parse as kernel code, a `with`
// block, an assignment of a value outside the kernel subset. `names` are
// the module-level names it binds, as far as its first line tells.
struct HostStmt : Stmt {
  HostStmt(SourceRange r, std::string what) : Stmt(StmtKind::Host, r), what(std::move(what)) {}
  std::string what; // "class", "function", "statement"
  std::vector<std::string> names;
};

// A module-level `try`: its body and handlers hold alternative imports
// (`try: from a import f` / `except ImportError: from b import f`).
// Handler headers (`except E as e`) are host code and are not kept.
struct TryStmt : Stmt {
  TryStmt(SourceRange r) : Stmt(StmtKind::Try, r) {}
  Block body;
  std::vector<Block> handlers;
  Block orelse, finalbody;
};

struct Module {
  Block body; // imports, constants, function definitions, in file order
};

} // namespace tritonc::ast
