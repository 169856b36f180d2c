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

#include <functional>

#include "tritonc/support/Signature.h"
#include "tritonc/sema/Builtins.h"
#include "tritonc/sema/Modules.h"
#include "tritonc/sema/Promotion.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/sema/TypedKernel.h"
#include "tritonc/support/Diagnostics.h"

#include "Stdlib.h"

#include <optional>
#include <set>
#include <tuple>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tritonc::sema {

// The name tritonc knows a Python module by: the module paths of libdevice
// (`triton.language.extra.cuda.libdevice`, ...) are `libdevice`, those of
// triton.language's own submodules (`triton.language.random`, `.standard`,
// `.core`) `triton.language`; any other stays as it is.
std::string canonicalModule(const std::string &name);

using Result = std::optional<SemaValue>;

// Triton's limit on the elements of one tensor.
constexpr int64_t kMaxTensorElements = int64_t(1) << 20;
using Environment = std::unordered_map<std::string, SemaValue>;

// For messages: "`tensor<128xf32>`", "the constant `3`", ...
std::string describe(const SemaValue &v);

// Whether an `if` condition is known true or false before the block runs.
using IfTruth = std::function<std::optional<bool>(const ast::Expr &)>;

// Names a block assigns anywhere inside it (nested blocks included), in
// order of first assignment; a branch `knownTruth` rules out is skipped.
std::vector<std::string> assignedNames(const ast::Block &block, const IfTruth &knownTruth = nullptr);

// The scope of tritonc's standard library among the module scopes.
constexpr ModuleId kStdlibModule = -2;

// `import m` / `from m import attr` as declared in module `from`; resolved
// when a kernel first uses the name it binds (Modules.cpp in sema).
struct ImportRef {
  ModuleId from = kMainModule;
  int level = 0;      // leading dots
  std::string module; // dotted, without the dots; may be empty (`from . import x`)
  std::string attr;   // empty for `import m`
  std::string shown() const { return std::string(size_t(level), '.') + module; }
};

// One way a module-level name may be bound. Under a module-level `try` or
// an `if` on a host condition, a name has several, in source order; the
// first that resolves is taken (`try: from a import f` then `except
// ImportError: from b import f` takes a's `f` when it exists).
struct GlobalCandidate {
  std::optional<SemaValue> value;  // known when declared
  std::optional<ImportRef> import; // or an import resolved on first use
  // or host code: what binds it, and where (`statement`, line 12)
  std::string hostWhat;
  uint32_t hostLine = 0;
  // A `@triton.jit` function another decorator wraps: what `--host-value
  // NAME=triton.jit` binds the name to.
  std::optional<SemaValue> asWritten = std::nullopt;
  // Bound under a module-level `if` only Python decides: where its
  // condition is, the module-level names the condition reads, and whether
  // this is the `if` branch's binding. Taking it is an assumption that a
  // warning states.
  const SourceFile *conditionFile = nullptr;
  SourceRange condition{};
  std::vector<std::string> conditionNames;
  bool inIfBranch = false;
  // A value computed at module level from a name whose branch was assumed
  // (`HALF = BLOCK // 2`, or bound under `if BLOCK > 64:`): that name, whose
  // condition the fields above then describe; using this value is the
  // same assumption.
  std::string assumedName;
  // The other branches such a value was computed from (`BOTH = A + B`, A
  // and B each assumed): using it assumes each of them too.
  std::vector<GlobalCandidate> alsoAssumed;
};

// The module-level names of one module.
struct ModuleScope {
  Environment globals;                                                   // values known (declared or resolved)
  std::unordered_map<std::string, std::vector<GlobalCandidate>> pending; // imports not resolved yet
  std::unordered_map<std::string, GlobalCandidate> hostOnly;             // bound only by host code
  bool declared = false;
};

class Checker {
public:
  // `tl.float`, `tl.half`, ...: Triton's other names of dtypes.
  static std::optional<ScalarKind> aliasDType(const std::string &name);
  Checker(ModuleSet &modules, DiagnosticEngine &diags)
      : modules_(modules), module_(*modules.entry(kMainModule).ast), diags_(diags) {}

  std::optional<TypedKernel> run(const std::string &kernelName, const Signature &signature);
  std::optional<DecoratedKernel> decorators(const std::string &kernelName);

private:
  // Module level (Sema.cpp). Functions are named "jit:NAME" in the user's
  // modules and "tl.NAME" in the standard library's.
  void declareGlobals(const ast::Block &body, const std::string &functionPrefix);
  // Names bound under a host condition (GlobalCandidate::conditionFile):
  // whether the alternatives bind one thing anyway, and the warning that a
  // branch was assumed.
  bool sameAlternatives(const SemaValue &taken, const std::vector<GlobalCandidate> &candidates);
  static bool sameValue(const SemaValue &a, const SemaValue &b);
  void warnAssumedBranch(const std::string &name, const GlobalCandidate &taken);
  void markCondition(GlobalCandidate &c, const ast::Expr &condition, bool inIfBranch);
  // Declares `blocks` in order, returning the names they bind.
  std::vector<std::string> namesDeclaredBy(const std::vector<const ast::Block *> &blocks,
                                           const std::string &functionPrefix);
  // A module-level expression's value, diagnostics quiet; `assumption` gets
  // the branch it assumed on the way (quietAssumption_), if any.
  Result quietModuleValue(const ast::Expr &e, std::optional<GlobalCandidate> &assumption);
  // Adds a branch assumed while diagnostics are quiet to quietAssumption_:
  // the first is it, the others (and those `made` carries) join its
  // alsoAssumed, once per name.
  void noteQuietAssumption(GlobalCandidate made);
  // Makes every binding of `name` carry `assumption` (a quietly assumed
  // branch its value or its branch was computed from).
  void inheritAssumption(const std::string &name, const GlobalCandidate &assumption);
  // Declares each branch, then binds every name they bind to the
  // candidates of all branches in order (followed by its earlier binding
  // when some branch leaves it alone); `hostCondition`, when an `if` only
  // Python decides chose between them, marks each candidate with it.
  void declareAlternatives(const ast::Expr *hostCondition, const std::vector<std::vector<const ast::Block *>> &branches,
                           const std::string &functionPrefix);
  void declareImport(const ast::ImportStmt &imp);
  void bindGlobal(const std::string &name, std::vector<GlobalCandidate> candidates);
  std::vector<GlobalCandidate> candidatesOf(const std::string &name);
  void declareModuleConstant(const ast::Stmt &s);
  void recordDecorators(const ast::FunctionDef &kernel);

  // Modules (CheckModules.cpp).
  ModuleScope &scope() { return scopes_[currentModule_]; }
  // Makes `id` the module whose globals names resolve in, and its file the
  // diagnostics' source (unless `keepSource`); returns the previous one.
  ModuleId enterModule(ModuleId id, bool keepSource = false);
  void ensureDeclared(ModuleId id);
  // A module-level name of the current module that needs resolving
  // (pending or host-only), or nullopt after a diagnostic at `use`; `found`
  // is false when the module does not bind it at all.
  Result resolveGlobal(const std::string &name, SourceRange use, bool &found);
  // Resolution failures, reported at the kernel's use of the name.
  struct ImportFailure {
    Diag kind = Diag::ModuleNotFound;
    std::vector<std::string> args;
    bool reported = false; // a diagnostic is already out (a module that does not parse)
  };
  std::optional<SemaValue> resolveImport(const ImportRef &ref, ImportFailure &failure);
  std::optional<SemaValue> moduleMember(ModuleId id, const std::string &name, ImportFailure &failure);
  std::optional<SemaValue> resolveCandidates(ModuleId id, const std::string &name,
                                             const std::vector<GlobalCandidate> &candidates, ImportFailure &failure);
  void report(const ImportFailure &failure, SourceRange use);
  // Triton's own modules: `triton`, `triton.language`, libdevice, ...
  static bool isTritonModule(const std::string &dotted);
  // `base.attr` for a module value, or nullopt (no diagnostic).
  std::optional<SemaValue> tritonModuleAttribute(const SemaValue &base, const std::string &attr);

  // Statements.
  void block(std::span<const ast::StmtPtr> stmts);
  void stmt(const ast::Stmt &s);
  void assign(const ast::Expr &target, const Result &value);
  // What a plain assignment binds: in kernel code Triton turns numbers
  // into 0-d tensors (TensorConstants.h); in a function Triton runs in
  // Python (`@tl.constexpr`, plain) they stay numbers.
  Result assignedValue(Result value) const;
  bool inPythonFunction() const;
  // Whether the code being checked is Python's to run while compiling: a
  // module-level constant's expression, or a plain function's body it
  // calls (CheckHostPython.cpp).
  bool runsInPython() const;
  Result stringMethod(const ast::CallExpr &c, const std::string &method, const std::string &self);
  Result comprehension(const ast::ComprehensionExpr &c);
  // Module-level expressions being evaluated (quietModuleValue), nested.
  int moduleLevel_ = 0;
  void returnStmt(const ast::ReturnStmt &r);

  // Control flow.
  void ifStmt(const ast::IfStmt &i);
  // The block pointer `name` after a run-time `if` whose branches leave it
  // `a` and `b`: the fields that differ become results of the `if`
  // (`name#k`); nullopt when the two do not fit together.
  std::optional<SemaValue> mergeBlockPointers(const std::string &name, const SemaValue &a, const SemaValue &b,
                                              BranchInfo &info);
  void forStmt(const ast::ForStmt &f);
  void whileStmt(const ast::WhileStmt &w);
  void staticFor(const ast::ForStmt &f, const std::string &iv, const std::vector<std::optional<int64_t>> &bounds);
  // How many values Python's `range(start, stop, step)` yields (step not
  // 0), in 128 bits so that the count of any 64-bit range fits.
  static __int128 rangeTrips(int64_t start, int64_t stop, int64_t step);
  // Turns constexpr values of the carried names into run-time scalars and
  // fills `info`; false after a diagnostic.
  bool enterLoop(SourceRange range, const ast::Block &body, LoopInfo &info);
  std::optional<bool> knownTruth(const ast::Expr &e, const std::vector<std::string> &assigned) const;
  std::vector<std::string> namesNewIn(const ast::Block &body) const;
  std::optional<SemaValue> hostValue(ModuleId id, const std::string &name);
  // Checks the carried names kept their types through the body.
  // Each field of a carried block pointer is carried as `NAME#INDEX`, and
  // only when the body changes it (leaveLoop drops the others).
  bool leaveLoop(SourceRange range, LoopInfo &info);
  // Loop entry: gives a block pointer's fields their run-time types and
  // identities (SemaValue::fieldId), and carries them in `info`.
  void enterBlockPointer(const std::string &name, SemaValue &bp, LoopInfo &info);

  // Expressions.
  Result record(const ast::Expr &e, Result v);
  Result expr(const ast::Expr &e);
  Result exprUnrecorded(const ast::Expr &e);
  Result name(const ast::NameExpr &n);
  Result attribute(const ast::AttributeExpr &a);
  Result attributeOf(const ast::AttributeExpr &a, const SemaValue &base);
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
  bool scalarFits(SourceRange range, const SemaValue &v, ScalarKind kind);
  std::optional<bool> tuplesEqual(const SemaValue &a, const SemaValue &b);
  Result tupleSlice(const SemaValue &tuple, const ast::SliceExpr &slice);
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
  bool objectAndName(const ast::CallExpr &c, const char *function, Result &object, Result &name);
  Result getAttr(const ast::CallExpr &c);
  Result hasAttr(const ast::CallExpr &c);
  Result nextPowerOf2(const ast::CallExpr &c);
  Result environmentVariable(const ast::CallExpr &c, const std::string &name);
  std::string describePrinted(const SemaValue &v);
  Result devicePrint(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result pointerCast(const ResolvedCall &r, const std::vector<Result> &args);
  Result gather(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result inlineAsm(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result pythonBuiltin(const ast::CallExpr &c, const std::string &name);
  Result heldResult(const std::vector<Result> &args, const ConstexprValue &value) const;
  // Python's `math` module: its constants and functions of compile-time
  // numbers (CheckPythonMath.cpp).
  std::optional<SemaValue> pythonMathAttribute(const std::string &attr);
  Result pythonMath(const ast::CallExpr &c, const std::string &name);
  Result externCall(const ast::CallExpr &c, const std::string &name);

  // `@jit` functions (CheckHelpers.cpp). `positional` holds the receiver of
  // a method call (`x.sigmoid()`); the call's own arguments follow it.
  Result jitCall(const ast::CallExpr &c, const SemaValue &fn, std::vector<const ast::Expr *> positional);
  Result mapElementwise(const ast::CallExpr &c);
  // How lowering inlines `def` at call `c` (InlinedCall), defined in
  // module `owner`, its arguments `args`.
  InlinedCall inlinedAt(const ast::CallExpr &c, const ast::FunctionDef *def, std::vector<const ast::Expr *> args,
                        ModuleId owner);
  // The definition `fn` stands for, or null after a diagnostic at `use`;
  // `allowPlain` lets a plain Python function through (a call the caller
  // then evaluates at compile time, as Triton runs such calls in Python).
  const ast::FunctionDef *jitFunction(SourceRange use, const SemaValue &fn, bool allowPlain = false);
  std::optional<std::vector<const ast::Expr *>> bindArguments(const ast::CallExpr &c, const ast::FunctionDef &def,
                                                              const std::string &shown,
                                                              const std::vector<const ast::Expr *> &positional);
  bool isRecursive(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown);
  // Checks the body of `def` in the context of call site `c` with the
  // parameters bound to `values` (an absent value: the default); returns
  // what it returns.
  // `owner` is the module `def` belongs to (kStdlibModule: the library).
  Result inlineBody(const ast::CallExpr &c, const ast::FunctionDef &def, const std::string &shown,
                    const std::vector<Result> &values, ModuleId owner);
  static ModuleId ownerOf(const SemaValue &fn) { return fn.name.rfind("tl.", 0) == 0 ? kStdlibModule : fn.moduleId; }
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
  // `tl.join`, `tl.interleave`, `tl.split` (CheckShapes.cpp).
  Result joinSplit(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result dtypeCall(const ast::CallExpr &c, const SemaValue &dtype); // `tl.float32(x)`
  Result dot(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  // Block pointers (CheckBlockPointers.cpp).
  Result makeBlockPointer(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result advance(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  SemaValue hostDescriptor(const BoundParam &base);
  SemaValue descriptorValue(const Type &baseType, const std::vector<SemaValue> &shape,
                            const std::vector<SemaValue> &strides, const std::vector<int64_t> &blockShape,
                            const std::string &padding);
  Result makeTensorDescriptor(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  Result tensorDescriptorAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args,
                                bool isStore);
  Result blockPointerAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args,
                            bool isStore);
  // The `rank` entries of a block pointer's shape, strides or offsets
  // (`what`), as fields; nullopt after a diagnostic.
  // `owner` names what the fields belong to in diagnostics: "block pointer" or "tensor descriptor".
  std::optional<std::vector<SemaValue>> blockPointerFields(const ast::Expr *e, const SemaValue &v, const char *what,
                                                           size_t rank, const std::vector<int64_t> &blockShape,
                                                           bool offsets, const char *owner = "block pointer");
  // The dims `boundary_check` names, sorted, without repeats.
  std::optional<std::vector<int64_t>> boundaryCheckDims(const ast::Expr *e, const SemaValue &v, size_t rank);
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
                            bool divOrMod, const char *what, bool scalarsAsTensors = false);
  std::optional<std::vector<int64_t>> constantShape(const ast::Expr *e, const SemaValue &v);
  std::optional<ScalarKind> dtypeArgument(const ast::Expr *e, const SemaValue &v);
  bool constantBool(const ast::Expr *e, const Result &v, bool missing, bool &out);
  std::optional<int64_t> constantInt(const ast::Expr *e, const Result &v, const char *what);
  // A constant `axis` for a tensor of `rank` dims, negative counting from the end.
  std::optional<int64_t> axisArgument(const ast::Expr *e, const Result &v, int64_t rank);
  static bool isNone(const Result &v);
  Result checkBuiltin(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args);
  bool memoryHints(const ResolvedCall &r, const std::vector<Result> &args, bool isStore);
  Result memoryAccess(const ast::CallExpr &c, const ResolvedCall &r, const std::vector<Result> &args, bool isStore);

  SiteKey key(const void *node) const { return {node, context_}; }

  ModuleSet &modules_;
  const ast::Module &module_;
  DiagnosticEngine &diags_;
  TypedKernel out_;
  // The globals of each module, by ModuleSet id (kStdlibModule: the
  // standard library's); names resolve in the current module's, the one
  // whose code is being checked.
  std::unordered_map<ModuleId, ModuleScope> scopes_;
  ModuleId currentModule_ = kMainModule;
  // (module, name) pairs being resolved: an import cycle ends here.
  std::set<std::pair<ModuleId, std::string>> resolving_;
  // While declaring a branch of declareAlternatives: the names bound.
  std::vector<std::string> *boundLog_ = nullptr;
  // The last branch assumed while diagnostics were quiet (a module-level
  // expression reading a name bound under a host condition), so that what
  // the expression binds carries the assumption.
  std::optional<GlobalCandidate> quietAssumption_;
  unsigned quietAssumptions_ = 0; // how many such assumptions were made
  // Assumed branches warned about (file, condition, name): values derived
  // from one assumption say it once.
  std::set<std::tuple<const SourceFile *, uint32_t, std::string>> warnedAssumptions_;
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
    // A helper inlined into a module-level constant (`FAST = _enabled()`)
    // is the first frame too, and returns its value as any helper does.
    bool isKernel = false;
  };
  std::vector<Frame> frames_;
  // Helpers whose body failed once: later calls stay quiet, one error per mistake.
  std::unordered_set<const ast::FunctionDef *> failedHelpers_;
  const StandardLibrary *stdlib_ = nullptr;
  bool inStdlib_ = false;
  // The builtin whose combine function is being checked ("tl.reduce"), or
  // empty: a combine function only computes, it cannot touch memory.
  std::string combiningFor_;
  // The condition of the `while` being checked (the only place
  // `tl.condition` may appear) and what its `disable_licm` said.
  const ast::Expr *whileCondition_ = nullptr;
  bool whileDisablesLicm_ = false;
  // Iterations of the enclosing unrolled loops, multiplied.
  int64_t unrollFactor_ = 1;
  // Per loop being checked, the block pointers it carries as they were at
  // its entry.
  std::vector<std::vector<std::pair<std::string, SemaValue>>> entryBlockPointers_;
  // The next SemaValue::fieldId.
  int64_t nextFieldId_ = 1;
};

} // namespace tritonc::sema
