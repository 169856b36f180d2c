// The lowering walk behind lowerKernel(): mirrors sema's walk (same
// contexts, same pruned branches and unrolled loops) and emits tile IR.
// Variables map to SSA values; names bound to compile-time values stay
// constants until a use needs them in a register.
//
// Split by concern: Lowering.cpp (entry, statements), LowerControlFlow.cpp
// (loops and branches), LowerExpr.cpp (expressions and builtins),
// LowerLogic.cpp (`and`, `or`, `a if c else b`), LowerBuiltins.cpp and
// LowerShapes.cpp (builtins other than memory access), LowerHelpers.cpp
// (inlined `@jit` calls and tuples), LowerCombine.cpp (reductions and scans
// with a combine function), WidenFp8.cpp (fp8 arithmetic done in fp32).
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/sema/TypedKernel.h"

#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace tritonc::lowering {

// What a name holds: a run-time value, a compile-time one, or a tuple of
// bindings (`a, b = f(x)`).
struct Binding {
  tir::Value *value = nullptr;
  std::optional<ConstexprValue> constant;
  std::vector<Binding> elements = {};
};

// Makes every op that computes on fp8 read fp32 and round its fp8 results
// back; after it, fp8 values are only loaded, stored, moved and converted.
void widenFp8Arithmetic(tir::Function &function);

class Lowerer {
public:
  explicit Lowerer(const TypedKernel &kernel) : kernel_(kernel) {}

  std::unique_ptr<tir::Module> run();

private:
  // Statements.
  void block(std::span<const ast::StmtPtr> stmts);
  void stmt(const ast::Stmt &s);
  void bind(const ast::Expr &target, Binding binding);
  Binding bindingOf(const ast::Expr &e, tir::Value *v);
  void returnStmt(const ast::ReturnStmt &r);

  // Inlined `@jit` calls and tuples (LowerHelpers.cpp).
  // What `e` gives, tuples included; lowers it once.
  Binding evaluate(const ast::Expr &e);
  static Binding constantBinding(const SemaValue &v);
  Binding inlineCall(const ast::CallExpr &c, const InlinedCall &call);
  // The body of `call.def` lowered here with its parameters bound to
  // `params` (absent: the default); what it returns.
  Binding inlineBody(const ast::CallExpr &c, const InlinedCall &call, std::vector<std::optional<Binding>> params);

  // Block pointers (LowerBlockPointers.cpp): bindings of their fields.
  Binding makeBlockPointer(const ast::CallExpr &c, const ResolvedCall &r);
  // A block pointer's (or tensor descriptor's) base from the call's first
  // argument, and its per-dim fields from the list arguments: argument
  // `lists[i].first` fills the fields from index `lists[i].second` on.
  // Fields not filled are left empty.
  Binding blockPointerFields(const ast::CallExpr &c, const ResolvedCall &r,
                             const std::vector<std::pair<size_t, size_t>> &lists);
  Binding advance(const ast::CallExpr &c, const ResolvedCall &r);
  // `tl.load` / `tl.store` through a block pointer: a masked pointer tile.
  tir::Value *blockPointerAccess(const ast::CallExpr &c, const ResolvedCall &r, bool isStore);
  // Tensor descriptors (LowerTensorDescriptors.cpp): block pointers at offset 0.
  Binding makeTensorDescriptor(const ast::CallExpr &c, const ResolvedCall &r);
  tir::Value *tensorDescriptorAccess(const ast::CallExpr &c, const ResolvedCall &r, bool isStore);
  // The masked pointer tile of block pointer `bp` (of sema value `bpValue`),
  // loaded (padding masked-off elements with NaN or 0) or storing the value of `stored`.
  // `descriptor`: a tensor descriptor's, whose base and leading strides the
  // language requires 16-byte aligned.
  tir::Value *blockTileAccess(SourceRange loc, const SemaValue &bpValue, const Binding &bp,
                              const std::vector<int64_t> &checked, bool nanPadding, const ast::Expr *stored,
                              const std::vector<tir::NamedAttribute> &attrs, bool descriptor = false);
  // A field's run-time value in `type`, materialising a constant.
  tir::Value *fieldValue(const Binding &field, const Type &type, SourceRange loc);
  // The binding a carried name stands for: a variable, or a field of a
  // block pointer (`name#k`).
  Binding &slot(const std::string &name);

  // Control flow.
  void ifStmt(const ast::IfStmt &i);
  void forStmt(const ast::ForStmt &f);
  void whileStmt(const ast::WhileStmt &w);
  // The run-time value of `name` in `type`, materialising a constant.
  tir::Value *materialize(const std::string &name, const Type &type, SourceRange loc);
  // Lowers `body` into `region`, then yields the named values.
  void lowerRegion(tir::Block &region, std::span<const ast::StmtPtr> body, const std::vector<std::string> &yielded,
                   const std::vector<Type> &types, SourceRange loc);

  // Expressions.
  tir::Value *use(const ast::Expr &e);
  tir::Value *constant(const ConstexprValue &c, const Type &type, SourceRange loc);
  tir::Value *convert(tir::Value *v, const Type &target, SourceRange loc);
  tir::Value *lower(const ast::Expr &e);
  bool shiftsArithmetically(const ast::Expr &lhsExpr, const ast::Expr &rhsExpr) const;
  tir::Value *binary(SourceRange loc, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr,
                     const SemaValue &result);
  tir::Value *unary(const ast::UnaryExpr &u);
  tir::Value *compare(const ast::CompareExpr &c, const SemaValue &result);
  tir::Value *boolOp(const ast::BoolOpExpr &b, const SemaValue &result);
  tir::Value *conditional(const ast::IfExpExpr &e, const SemaValue &result);
  // Lowers `e` (as its user needs it) into `region`, which is not attached
  // anywhere yet; returns its value.
  tir::Value *lowerDetached(tir::Block &region, const ast::Expr &e);
  tir::Value *call(const ast::CallExpr &c, const SemaValue &result);
  // Builtins other than memory access (LowerBuiltins.cpp).
  tir::Value *builtin(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  tir::Value *reduce(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  // `tl.reduce` and `tl.associative_scan` (LowerCombine.cpp): a tensor, or a
  // tuple of them as the input was.
  Binding combine(const ast::CallExpr &c, const ResolvedCall &r);
  // A `reduce` or `scan` of `operands` with `combine` as its region.
  tir::Op *combineOp(tir::OpKind kind, const std::vector<tir::Value *> &operands, const std::vector<Type> &resultTypes,
                     int64_t axis, const ast::CallExpr &c, const InlinedCall &combine);
  // `tl.max` / `tl.min` with `return_indices=True`: the (value, index) pair.
  Binding reduceWithIndices(const ast::CallExpr &c, const ResolvedCall &r);
  // A reduction without an axis reduces its input flattened to one dim, as
  // Triton's does: the whole tile folds in one pass in each thread, then
  // across lanes and warps once (not once per dim), and float sums round
  // in Triton's order. Not where the tile comes from a dot: the MMA
  // accumulator layout has no register-renaming flattening. The
  // reduce-by-dims pass undoes the flattening of a sum, max or min wherever
  // the assigned layouts make it move data; for combine functions this
  // check is the only guard.
  bool flattensForReduction(const tir::Value *x) const;
  tir::Value *flattenedForReduction(tir::Value *x, SourceRange loc);
  // `x`, reduced along `axis`, in the shape `result` asks for (keep_dims).
  tir::Value *keepDims(tir::Value *x, const Type &result, int64_t axis, SourceRange loc);
  tir::Value *dot(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  // Shape builtins (LowerShapes.cpp).
  tir::Value *shapeBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  tir::Value *transpose(tir::Value *x, std::vector<int64_t> order, SourceRange loc);
  // `tl.join`, `tl.interleave` and `tl.split` (LowerShapes.cpp).
  tir::Value *lastDimIs(const std::vector<int64_t> &shape, int64_t k, SourceRange loc);
  tir::Value *join(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  Binding split(const ast::CallExpr &c, const ResolvedCall &r);
  // `tl.inline_asm_elementwise` (LowerBuiltins.cpp): an `inline_asm` op
  // giving result `output` of `results`. With several results (`dtype` a
  // tuple) each is an op of its own that runs the same pure asm and keeps
  // its output's registers ({output, output_bits}); LLVM merges the calls.
  tir::Value *inlineAsm(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<tir::Value *> &operands,
                        const std::vector<SemaValue> &results, size_t output);
  std::vector<tir::Value *> inlineAsmOperands(const ResolvedCall &r);
  Binding inlineAsmResults(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &result);
  tir::Value *unaryMath(const std::string &fn, tir::Value *x, SourceRange loc);
  bool given(const ResolvedCall &r, size_t i) const;

  const SemaValue &valueOf(const void *node) const { return kernel_.values.at({node, context_}); }
  SiteKey key(const void *node) const { return {node, context_}; }

  const TypedKernel &kernel_;
  ContextId context_ = kKernelContext;
  std::unique_ptr<tir::Builder> builder_;
  tir::Block *block_ = nullptr; // where builder_ appends
  std::unordered_map<std::string, Binding> env_;
  // A `return` ran in the function being lowered (the kernel or an inlined one).
  bool returned_ = false;
  int inlineDepth_ = 0;   // inlined calls being lowered
  bool inStdlib_ = false; // inside a standard library function
};

} // namespace tritonc::lowering
