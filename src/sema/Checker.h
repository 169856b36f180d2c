// The type checker behind analyzeKernel(): walks the kernel body in program
// order with an environment of names, evaluating constexpr expressions and
// typing runtime ones with Triton's rules. Facts go into a TypedKernel,
// keyed by node and context (TypedKernel.h). One error per mistake: a
// failed expression yields nullopt and its users stay silent.
//
// Split by concern: Sema.cpp (entry, module level), CheckDecorators.cpp
// (autotune and heuristics), CheckStmt.cpp (statements),
// CheckControlFlow.cpp (loops and branches), CheckExpr.cpp (names,
// operators), CheckLogic.cpp (`and`, `or`, `a if c else b`),
// CheckIntrospection.cpp (dtypes and `isinstance`), CheckCalls.cpp
// (builtins, by family in CheckBuiltins, CheckShapes, CheckDot, CheckReduce,
// CheckCombine, CheckAtomics), CheckHelpers.cpp (`@jit` functions inlined, the standard
// library's included).
#pragma once

#include "tritonc/driver/Signature.h"
#include "tritonc/sema/Builtins.h"
#include "tritonc/sema/Promotion.h"
#include "tritonc/sema/TypedKernel.h"
#include "tritonc/support/Diagnostics.h"

#include "Stdlib.h"

#include <optional>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tritonc::sema {

using Result = std::optional<SemaValue>;

// Triton's limit on the elements of one tensor.
constexpr int64_t kMaxTensorElements = int64_t(1) << 20;
using Environment = std::unordered_map<std::string, SemaValue>;

// For messages: "`tensor<128xf32>`", "the constant `3`", ...
std::string describe(const SemaValue &v);

// Names a block assigns anywhere inside it (nested blocks included), in
// order of first assignment.
std::vector<std::string> assignedNames(const ast::Block &block);

class Checker {
public:
  Checker(const ast::Module &module, DiagnosticEngine &diags) : module_(module), diags_(diags) {}

  std::optional<TypedKernel> run(const std::string &kernelName, const Signature &signature);

private:
  // Module level. Functions are named "jit:NAME" in the user's module and
  // "tl.NAME" in the standard library's.
  void declareGlobals(const ast::Module &module, const std::string &functionPrefix);
  static std::string canonicalModule(const std::string &name);
  void declareModuleConstant(const ast::Stmt &s);
  void recordDecorators(const ast::FunctionDef &kernel);

  // Statements.
  void block(std::span<const ast::StmtPtr> stmts);
  // `if c: ...; return` with code after it, at the kernel's top level;
  // false when `i` is not of that form.
  bool earlyReturnIf(const ast::IfStmt &i, std::span<const ast::StmtPtr> rest);
  void stmt(const ast::Stmt &s);
  void assign(const ast::Expr &target, const Result &value);
  void returnStmt(const ast::ReturnStmt &r);

  // Control flow.
  void ifStmt(const ast::IfStmt &i);
  void forStmt(const ast::ForStmt &f);
  void whileStmt(const ast::WhileStmt &w);
  void staticFor(const ast::ForStmt &f, const std::string &iv, const std::vector<std::optional<int64_t>> &bounds);
  // Turns constexpr values of the carried names into run-time scalars and
  // fills `info`; false after a diagnostic.
  bool enterLoop(SourceRange range, const ast::Block &body, LoopInfo &info);
  // Checks the carried names kept their types through the body.
  bool leaveLoop(SourceRange range, const LoopInfo &info);

  // Expressions.
  Result record(const ast::Expr &e, Result v);
  Result expr(const ast::Expr &e);
  Result exprUnrecorded(const ast::Expr &e);
  Result name(const ast::NameExpr &n);
  Result attribute(const ast::AttributeExpr &a);
  Result attributeOf(const ast::AttributeExpr &a, const SemaValue &base);
  static std::optional<ScalarKind> aliasDType(const std::string &name);
  void coerce(const ast::Expr &e, const SemaValue &v, const Type &target);
  bool isNumeric(const SemaValue &v) const;
  PromotionOperand promotionOperand(const SemaValue &v) const;
  std::optional<std::vector<int64_t>> broadcastShape(SourceRange range, const SemaValue &a, const SemaValue &b);
  // For `x op= y` the target node is read here, so its coercion is
  // recorded on it like any operand.
  Result binary(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const ast::Expr &rhsExpr);
  Result pointerArithmetic(SourceRange range, ast::BinaryOp op, const ast::Expr &lhsExpr, const SemaValue &lhs,
                           const ast::Expr &rhsExpr, const SemaValue &rhs, const std::vector<int64_t> &shape,
                           bool bothPointers);
  Result unary(const ast::UnaryExpr &u);
  Result subscript(const ast::SubscriptExpr &s);
  Result compare(const ast::CompareExpr &c);
  Result boolOp(const ast::BoolOpExpr &b);
  Result ifExp(const ast::IfExpExpr &e);
  // Dtypes as values: `x.dtype.primitive_bitwidth`, `x.dtype.is_fp16()`;
  // `isinstance(x, tl.constexpr)`.
  Result dtypeAttribute(const ast::AttributeExpr &a, const SemaValue &dtype);
  Result dtypeMethod(const ast::CallExpr &c, const ast::AttributeExpr &a, const SemaValue &dtype);
  Result isInstance(const ast::CallExpr &c);

  // Calls.
  Result call(const ast::CallExpr &c);
  std::optional<ResolvedCall> resolveArguments(const ast::CallExpr &c, const std::vector<const ast::Expr *> &positional,
                                               const Builtin &b);
  Result pythonBuiltin(const ast::CallExpr &c, const std::string &name);
  Result externCall(const ast::CallExpr &c, const std::string &name);

  // `@jit` functions (CheckHelpers.cpp). `positional` holds the receiver of
  // a method call (`x.sigmoid()`); the call's own arguments follow it.
  Result jitCall(const ast::CallExpr &c, const std::string &name, std::vector<const ast::Expr *> positional);
  // The definition `name` stands for, or null after a diagnostic at `use`.
  const ast::FunctionDef *jitFunction(SourceRange use, const std::string &name);
  std::optional<std::vector<const ast::Expr *>> bindArguments(const ast::CallExpr &c, const ast::FunctionDef &def,
                                                              const std::string &shown,
                                                              const std::vector<const ast::Expr *> &positional);
  bool isRecursive(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown);
  // Checks the body of `def` in the context of call site `c` with the
  // parameters bound to `values` (an absent value: the default); returns
  // what it returns.
  Result inlineBody(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown,
                    const std::vector<Result> &values, bool fromStdlib);
  // `tl.NAME` of the standard library, or null (loading it on first use).
  const ast::FunctionDef *stdlibFunction(const std::string &name);

  // Builtins by family (CheckBuiltins.cpp, CheckReduce.cpp).
  Result creation(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result elementwise(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result unaryMath(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result cast(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result hint(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result reduce(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result scan(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result atomic(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result assertion(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result shapeBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result transposed(const ast::AttributeExpr &a, const SemaValue &x); // `x.T`
  Result dot(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  // `tl.reduce` and `tl.associative_scan` with a `@jit` combine function
  // (CheckCombine.cpp).
  Result combine(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  std::optional<std::vector<Type>> combineInputs(const ResolvedCall &r, const SemaValue &input);
  bool checkCombineFunction(const ast::CallExpr &c, const ResolvedCall &r, const SemaValue &fn,
                            const std::vector<Type> &inputs);
  // `tl.max` / `tl.min` with `return_indices=True`: (values, indices).
  Result reduceWithIndices(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  // Broadcasts and promotes `operands` to one type, recording coercions;
  // `fixedElem` forces the element type (e.g. i1 for a condition).
  std::optional<Type> unify(SourceRange range, const std::vector<std::pair<const ast::Expr *, SemaValue>> &operands,
                            bool divOrMod, const char *what);
  std::optional<std::vector<int64_t>> constantShape(const ast::Expr *e, const SemaValue &v);
  std::optional<ScalarKind> dtypeArgument(const ast::Expr *e, const SemaValue &v);
  bool constantBool(const ast::Expr *e, const Result &v, bool missing, bool &out);
  std::optional<int64_t> constantInt(const ast::Expr *e, const Result &v, const char *what);
  // A constant `axis` for a tensor of `rank` dims, negative counting from the end.
  std::optional<int64_t> axisArgument(const ast::Expr *e, const Result &v, int64_t rank);
  static bool isNone(const Result &v);
  Result checkBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result memoryAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args, bool isStore);

  SiteKey key(const void *node) const { return {node, context_}; }

  const ast::Module &module_;
  DiagnosticEngine &diags_;
  TypedKernel out_;
  // The globals of the module whose code is being checked: the user's, or
  // the standard library's while one of its functions is inlined.
  Environment globals_;
  std::unordered_set<std::string> hostOnlyGlobals_;
  Environment locals_;
  std::unordered_set<std::string> poisoned_;
  ContextId context_ = kKernelContext;
  // How many run-time `if`s and loops enclose the current statement, and
  // how many of them are loops; both counted within the current function.
  int runtimeNesting_ = 0;
  int loopNesting_ = 0;
  // A `return` ran: the rest of the current function is never reached.
  bool returned_ = false;

  // The functions being inlined, the kernel first: for recursion and notes.
  struct Frame {
    const ast::FunctionDef *def;
    std::string name; // as the user writes it: "helper", "tl.softmax"
  };
  std::vector<Frame> frames_;
  // Helpers whose body failed once: later calls stay quiet, one error per mistake.
  std::unordered_set<const ast::FunctionDef *> failedHelpers_;
  const StandardLibrary *stdlib_ = nullptr;
  Environment stdlibGlobals_;
  std::unordered_set<std::string> stdlibHostOnly_;
  bool inStdlib_ = false;
  // The builtin whose combine function is being checked ("tl.reduce"), or
  // empty: a combine function only computes, it cannot touch memory.
  std::string combiningFor_;
  // Iterations of the enclosing unrolled loops, multiplied.
  int64_t unrollFactor_ = 1;
};

} // namespace tritonc::sema
