// The lowering walk behind lowerKernel(): mirrors sema's walk (same
// contexts, same pruned branches and unrolled loops) and emits tile IR.
// Variables map to SSA values; names bound to compile-time values stay
// constants until a use needs them in a register.
//
// Split by concern: Lowering.cpp (entry, statements), LowerControlFlow.cpp
// (loops and branches), LowerExpr.cpp (expressions and builtins).
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/sema/TypedKernel.h"

#include <memory>
#include <optional>
#include <unordered_map>

namespace tritonc::lowering {

// What a name holds: a run-time value, or a compile-time one.
struct Binding {
  tir::Value *value = nullptr;
  std::optional<ConstexprValue> constant;
};

class Lowerer {
public:
  explicit Lowerer(const TypedKernel &kernel) : kernel_(kernel) {}

  std::unique_ptr<tir::Module> run();

private:
  // Statements.
  void block(const ast::Block &stmts);
  void stmt(const ast::Stmt &s);
  void bind(const ast::Expr &target, Binding binding);
  Binding bindingOf(const ast::Expr &e, tir::Value *v);

  // Control flow.
  void ifStmt(const ast::IfStmt &i);
  void forStmt(const ast::ForStmt &f);
  void whileStmt(const ast::WhileStmt &w);
  // The run-time value of `name` in `type`, materialising a constant.
  tir::Value *materialize(const std::string &name, const Type &type, SourceRange loc);
  // Lowers `body` into `region`, then yields the named values.
  void lowerRegion(tir::Block &region, const ast::Block &body, const std::vector<std::string> &yielded,
                   const std::vector<Type> &types, SourceRange loc);

  // Expressions.
  tir::Value *use(const ast::Expr &e);
  tir::Value *constant(const ConstexprValue &c, const Type &type, SourceRange loc);
  tir::Value *convert(tir::Value *v, const Type &target, SourceRange loc);
  tir::Value *lower(const ast::Expr &e);
  tir::Value *binary(SourceRange loc, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr,
                     const SemaValue &result);
  tir::Value *negate(const ast::UnaryExpr &u);
  tir::Value *compare(const ast::CompareExpr &c, const SemaValue &result);
  tir::Value *call(const ast::CallExpr &c, const SemaValue &result);
  // Builtins other than memory access (LowerBuiltins.cpp).
  tir::Value *builtin(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  tir::Value *reduce(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  tir::Value *unaryMath(const std::string &fn, tir::Value *x, SourceRange loc);
  bool given(const ResolvedCall &r, size_t i) const;

  const SemaValue &valueOf(const void *node) const { return kernel_.values.at({node, context_}); }
  SiteKey key(const void *node) const { return {node, context_}; }

  const TypedKernel &kernel_;
  ContextId context_ = kKernelContext;
  std::unique_ptr<tir::Builder> builder_;
  std::unordered_map<std::string, Binding> env_;
  bool returned_ = false;
};

} // namespace tritonc::lowering
