// Sema's output: the kernel's AST plus what sema learned about it — the
// parameters bound to the signature, the value every expression produces,
// the conversion each use needs, how each call resolved, and which branch
// of each compile-time `if` survives. Lowering reads only this.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/ir/IR.h"
#include "tritonc/support/ConstexprValue.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tritonc {

struct BoundParam {
  std::string name;
  SourceRange range;
  bool isConstexpr = false;
  ConstexprValue value;      // constexpr parameters
  ElemType type;             // runtime parameters
  int hint = 0;              // as SignatureEntry::hint
  std::string signatureType; // runtime parameters: "*fp32", "i32"
  // A host-side tensor descriptor parameter (`tensordesc<fp16[64, 64]>`)
  // arrives as scalars, each a BoundParam of its own, in this order: the
  // base (`<name>_base`, 16-byte aligned), the shape (`<name>_shape<d>`,
  // i32) and the strides but the last, which is 1 (`<name>_stride<d>`, i64,
  // a multiple of 16 bytes). Each names the kernel parameter here; the
  // base also carries the block shape.
  std::string descriptor;
  std::vector<int64_t> descriptorBlock;
  // An element of a tuple parameter (`(*fp16:16, *fp16:16)`), which
  // arrives as its elements, each a BoundParam named `<tuple>_<index>`
  // (constants too, as constexprs): the tuple's name and this element's
  // place in it.
  std::string tuple;
  int tupleIndex = -1;
};

// What an expression evaluates to at compile time.
struct SemaValue {
  enum class Kind { Runtime, Constexpr, Module, Function, DType, Tuple, BlockPtr };
  Kind kind = Kind::Runtime;
  Type type;                            // Runtime: a scalar or tensor
  ConstexprValue constant;              // Constexpr
  std::string name;                     // Module: "triton.language"; Function: "tl.load"
  ScalarKind dtype = ScalarKind::I32;   // DType
  ScalarKind pointee = ScalarKind::I32; // DType of a pointer: what it points to
  std::vector<SemaValue> elements;      // Tuple; BlockPtr: its fields (BlockPointerFields)
  // BlockPtr (`tl.make_block_ptr`): the tile's shape and the order hint.
  std::vector<int64_t> blockShape, order;
  // A BlockPtr made by `tl.make_tensor_descriptor`: its padding ("zero" or
  // "nan"); empty for `tl.make_block_ptr`. A descriptor is a block pointer
  // whose offsets stay 0 and whose accesses name their own offsets and
  // always check every dim's bounds.
  std::string descriptorPadding;
  // A run-time field of a block pointer: an identity for the value it holds
  // (each new value gets a new one), so that a loop carries, and an `if`
  // merges, only the fields its body changes.
  int64_t fieldId = 0;
  // Module: the kernel module it is (ModuleSet id), or -1 for Triton's own
  // modules and for modules no file was found for. Function: the module
  // whose `@jit` function it is (-2: tritonc's standard library), and its
  // definition; -1 and null for builtins.
  int moduleId = -1;
  const ast::FunctionDef *def = nullptr;
  // Constexpr: the number is one Triton holds as a 0-d tensor of this type
  // (bound by a plain assignment in kernel code: sema/TensorConstants.h).
  std::optional<ScalarKind> heldAs;

  static SemaValue runtime(Type t) {
    SemaValue v;
    v.kind = Kind::Runtime;
    v.type = std::move(t);
    return v;
  }
  static SemaValue constexprValue(ConstexprValue c) {
    SemaValue v;
    v.kind = Kind::Constexpr;
    v.constant = std::move(c);
    return v;
  }
  static SemaValue module(std::string n) {
    SemaValue v;
    v.kind = Kind::Module;
    v.name = std::move(n);
    return v;
  }
  static SemaValue function(std::string n) {
    SemaValue v;
    v.kind = Kind::Function;
    v.name = std::move(n);
    return v;
  }
  static SemaValue dtypeValue(ScalarKind k) {
    SemaValue v;
    v.kind = Kind::DType;
    v.dtype = k;
    return v;
  }
  static SemaValue tuple(std::vector<SemaValue> e) {
    SemaValue v;
    v.kind = Kind::Tuple;
    v.elements = std::move(e);
    return v;
  }
  static SemaValue blockPointer(std::vector<SemaValue> fields, std::vector<int64_t> blockShape,
                                std::vector<int64_t> order) {
    SemaValue v;
    v.kind = Kind::BlockPtr;
    v.elements = std::move(fields);
    v.blockShape = std::move(blockShape);
    v.order = std::move(order);
    return v;
  }
  bool isRuntime() const { return kind == Kind::Runtime; }
  bool isConstexpr() const { return kind == Kind::Constexpr; }
};

// The fields of a block pointer of rank R, in SemaValue::elements (and in
// lowering's bindings): the base pointer (a run-time scalar), then per dim
// the offset (i32), the shape and the stride (i32 or i64), each a run-time
// scalar or an integer constant. Inside loops and branches each field is
// carried on its own, named `NAME#INDEX`.
struct BlockPointerFields {
  size_t rank;
  static constexpr size_t base() { return 0; }
  size_t offset(size_t d) const { return 1 + d; }
  size_t shape(size_t d) const { return 1 + rank + d; }
  size_t stride(size_t d) const { return 1 + 2 * rank + d; }
  size_t count() const { return 1 + 3 * rank; }
};

// A call to a builtin with its arguments in parameter order (null where an
// optional parameter was not given).
struct ResolvedCall {
  std::string builtin; // "tl.load"
  std::vector<const ast::Expr *> args;
  // What a `*args` parameter took (`1, 0` in `tl.trans(x, 1, 0)`); its
  // entry in `args` stays null.
  std::vector<const ast::Expr *> rest = {};
};

// One AST node can be checked several times with different meanings: once
// per iteration of an unrolled `tl.static_range`, once per inlined call of a
// `@jit` helper. A context names one such instance; facts are keyed by node
// and context. Contexts are found-or-created by (parent, site, index), so
// sema and lowering reach the same ids whatever order they walk in.
using ContextId = uint32_t;
constexpr ContextId kKernelContext = 0;

struct SiteKey {
  const void *node;
  ContextId context;
  bool operator==(const SiteKey &o) const = default;
};
struct SiteKeyHash {
  size_t operator()(const SiteKey &k) const {
    return std::hash<const void *>()(k.node) ^ (size_t(k.context) * 0x9e3779b97f4a7c15ull);
  }
};
template <typename T> using SiteMap = std::unordered_map<SiteKey, T, SiteKeyHash>;

class ContextTable {
public:
  // Sema creates contexts as it meets them; lowering only looks them up.
  ContextId child(ContextId parent, const void *site, int64_t index);
  ContextId existing(ContextId parent, const void *site, int64_t index) const;

private:
  struct Key {
    ContextId parent;
    const void *site;
    int64_t index;
    bool operator<(const Key &o) const { return std::tie(parent, site, index) < std::tie(o.parent, o.site, o.index); }
  };
  std::map<Key, ContextId> ids_;
};

// A `for` or `while` loop that runs at run time: which variables it
// carries (live before, assigned inside) and in which types.
struct LoopInfo {
  std::vector<std::string> carried;
  std::vector<Type> carriedTypes;
  // `for` only: the bounds as written (null start: 0, null step: 1), each
  // coerced to the induction type; a constant negative step counts down.
  Type inductionType;
  const ast::Expr *start = nullptr, *stop = nullptr, *step = nullptr;
  bool descending = false;
  std::optional<int64_t> numStages; // from `tl.range(..., num_stages=)` when given (0 or 1: not pipelined)
  bool disableLicm = false; // `tl.range(..., disable_licm=True)`, `while tl.condition(c, disable_licm=True)`
  bool warpSpecialize = false; // `tl.range(..., warp_specialize=True)`
};

// A `for` over `tl.static_range`: unrolled, one context per iteration.
struct UnrolledLoop {
  std::vector<int64_t> values;
};

// An `if` on a run-time condition: the variables whose value depends on
// the branch taken.
struct BranchInfo {
  std::vector<std::string> results;
  std::vector<Type> resultTypes;
};

// A call of a `@jit` function — the user's or the standard library's —
// inlined: its body is checked and lowered in `context`, a child of the
// caller's context, so every call (with its own constexpr arguments) has
// its own facts. `args` holds, per parameter, the argument expression
// (a fact of the caller's context), or null where the default applies (a
// fact of `context`).
struct InlinedCall {
  const ast::FunctionDef *def = nullptr;
  ContextId context = kKernelContext;
  std::vector<const ast::Expr *> args;
  bool fromStdlib = false; // its code is not the user's: ops take the call's location
  bool otherFile = false;  // its code is in an imported module: ops take the call's location too
};

// Inside an inlined function, `return v` binds `v` to this name (no Python
// name has a space), so that returns in both branches of a run-time `if`
// merge like any variable the branches assign.
inline constexpr const char *kReturnSlot = " return";

// `@triton.autotune(configs=[triton.Config({...}, num_warps=, num_stages=, maxnreg=)],
// key=[...])` and `@triton.heuristics({...})` as the kernel's decorators
// give them. A signature that gives the meta-parameters compiles one
// configuration and ignores these; one that leaves them out compiles every
// configuration (driver/Configurations.h), which is why the places of what
// cannot be read are kept: they are only errors then.
struct AutotuneConfig {
  std::vector<std::pair<std::string, ConstexprValue>> meta; // in source order
  std::optional<int64_t> numWarps, numStages;               // when given
  std::optional<int64_t> maxRegisters;                      // `maxnreg=`, when given
  SourceRange range;
  // What is not a compile-time value, or a keyword tritonc does not know
  // (`pre_hook=`): the first such, with what it is.
  std::optional<std::pair<SourceRange, std::string>> unreadable;
};
// `"EVEN": lambda args: args["n"] % args["BLOCK"] == 0`: the lambda's AST
// (null when the value is not a lambda) points into the kernel's module.
struct Heuristic {
  std::string name;
  const ast::Expr *rule = nullptr;
  SourceRange range;
};
// An `@triton.autotune` keyword other than `configs` and `key`.
struct AutotuneOption {
  std::string name; // "reset_to_zero", "warmup", "prune_configs_by", ...
  SourceRange range;
  std::vector<std::string> names; // reset_to_zero, restore_value: the arguments named
  std::optional<double> number;   // warmup, rep: milliseconds
};
struct KernelDecorators {
  std::vector<AutotuneConfig> configs;
  std::vector<std::string> key;      // the arguments whose change re-tunes
  std::vector<Heuristic> heuristics; // in the order Triton evaluates them
  std::vector<AutotuneOption> options;
  SourceRange autotuneRange, keyRange; // the decorator and its `key=`, when there is one
  bool hasAutotune = false;
  // A `configs=` that is not a list written out (built by a function).
  std::optional<SourceRange> unreadableConfigs;
};

struct TypedKernel {
  const ast::FunctionDef *def = nullptr;
  std::vector<BoundParam> params;
  KernelDecorators decorators;
  SiteMap<SemaValue> values;
  // A use that needs the value in another type (a cast, a splat, or a
  // constexpr materialised as a constant).
  SiteMap<Type> coercions;
  SiteMap<ResolvedCall> calls;
  // `if` statements decided at compile time: true keeps the body.
  SiteMap<bool> staticIfs;
  SiteMap<BranchInfo> branches;
  SiteMap<LoopInfo> loops;
  SiteMap<UnrolledLoop> unrolled;
  SiteMap<InlinedCall> inlined;
  // The elementwise forms of functions `tl.map_elementwise` maps (the
  // `def`s of their InlinedCalls), owned here.
  std::vector<std::unique_ptr<ast::FunctionDef>> elementwiseForms;
  // The combine function of a `tl.reduce` or `tl.associative_scan` call,
  // checked once on scalars of the inputs' element types. Its first
  // parameters take the region's arguments and the others their defaults,
  // so `args` is empty.
  SiteMap<InlinedCall> combines;
  ContextTable contexts;
  // Keeps alive what the facts point into besides the kernel file's AST:
  // the imported modules read for this kernel (a ModuleSet), when sema
  // made them itself.
  std::shared_ptr<const void> keepAlive;
  // The precision of fp32 dots that name none (`--fp32-dot-default`, as
  // Triton's TRITON_F32_DEFAULT, spelled as given): empty for Triton's own
  // rule.
  std::string fp32DotDefault;
};

} // namespace tritonc
