// Sema's output: the kernel's AST plus what sema learned about it — the
// parameters bound to the signature, the value every expression produces,
// the conversion each use needs, how each call resolved, and which branch
// of each compile-time `if` survives. Lowering reads only this.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/ir/IR.h"
#include "tritonc/support/ConstexprValue.h"

#include <string>
#include <unordered_map>
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
};

// What an expression evaluates to at compile time.
struct SemaValue {
  enum class Kind { Runtime, Constexpr, Module, Function, DType };
  Kind kind = Kind::Runtime;
  Type type;                // Runtime: a scalar or tensor
  ConstexprValue constant;  // Constexpr
  std::string name;         // Module: "triton.language"; Function: "tl.load"
  ScalarKind dtype = ScalarKind::I32; // DType

  static SemaValue runtime(Type t) { SemaValue v; v.kind = Kind::Runtime; v.type = std::move(t); return v; }
  static SemaValue constexprValue(ConstexprValue c) { SemaValue v; v.kind = Kind::Constexpr; v.constant = std::move(c); return v; }
  static SemaValue module(std::string n) { SemaValue v; v.kind = Kind::Module; v.name = std::move(n); return v; }
  static SemaValue function(std::string n) { SemaValue v; v.kind = Kind::Function; v.name = std::move(n); return v; }
  static SemaValue dtypeValue(ScalarKind k) { SemaValue v; v.kind = Kind::DType; v.dtype = k; return v; }
  bool isRuntime() const { return kind == Kind::Runtime; }
  bool isConstexpr() const { return kind == Kind::Constexpr; }
};

// A call to a builtin with its arguments in parameter order (null where an
// optional parameter was not given).
struct ResolvedCall {
  std::string builtin; // "tl.load"
  std::vector<const ast::Expr *> args;
};

struct TypedKernel {
  const ast::FunctionDef *def = nullptr;
  std::vector<BoundParam> params;
  std::unordered_map<const ast::Expr *, SemaValue> values;
  // A use that needs the value in another type (a cast, a splat, or a
  // constexpr materialised as a constant).
  std::unordered_map<const ast::Expr *, Type> coercions;
  std::unordered_map<const ast::CallExpr *, ResolvedCall> calls;
  // `if` statements decided at compile time: true keeps the body.
  std::unordered_map<const ast::IfStmt *, bool> staticIfs;
};

} // namespace tritonc
