// Inlined `@jit` calls and tuples. A call sema inlined (InlinedCall) is
// lowered in place: the arguments are lowered in the caller, bound to the
// parameters in a fresh environment, and the body is lowered in the call's
// own context; what it returns becomes the call's value. Tuples (`a, b`,
// `return x, y`) have no IR value: they live in bindings, element by
// element, until they are unpacked or indexed.
#include "Lowerer.h"

#include "tritonc/sema/ConstexprFolding.h"
#include "tritonc/support/Diagnostics.h"

#include <utility>

namespace tritonc::lowering {

using ast::ExprKind;

Binding Lowerer::constantBinding(const SemaValue &v) {
  Binding b;
  if (v.isConstexpr())
    b.constant = v.constant;
  for (const SemaValue &e : v.elements)
    b.elements.push_back(constantBinding(e));
  return b;
}

Binding Lowerer::evaluate(const ast::Expr &e) {
  const SemaValue &sv = valueOf(&e);
  if (e.kind == ExprKind::Call) {
    auto &c = static_cast<const ast::CallExpr &>(e);
    if (auto inlined = kernel_.inlined.find(key(&e)); inlined != kernel_.inlined.end())
      return inlineCall(c, inlined->second);
    // The builtins with a tuple of run-time values: `tl.max(x, 0,
    // return_indices=True)`, and `tl.reduce` or `tl.associative_scan` of a tuple.
    auto r = kernel_.calls.find(key(&e));
    if (r != kernel_.calls.end() && r->second.builtin == "tl.make_block_ptr")
      return makeBlockPointer(c, r->second);
    if (r != kernel_.calls.end() && r->second.builtin == "tl.advance")
      return advance(c, r->second);
    if (r != kernel_.calls.end() && r->second.builtin == "tl.make_tensor_descriptor")
      return makeTensorDescriptor(c, r->second);
    if (r != kernel_.calls.end() && sv.kind == SemaValue::Kind::Tuple) {
      const std::string &n = r->second.builtin;
      if (n == "tl.max" || n == "tl.min")
        return reduceWithIndices(c, r->second);
      if (n == "tl.reduce" || n == "tl.associative_scan")
        return combine(c, r->second);
      if (n == "tl.split")
        return split(c, r->second);
      if (n == "tl.inline_asm_elementwise")
        return inlineAsmResults(c, r->second, sv);
    }
  }
  if (e.kind == ExprKind::IfExp) { // a compile-time choice may be a tuple
    auto &i = static_cast<const ast::IfExpExpr &>(e);
    const SemaValue &cond = valueOf(i.cond.get());
    if (cond.isConstexpr())
      return evaluate(truthy(cond.constant) ? *i.then : *i.otherwise);
  }
  if (sv.kind != SemaValue::Kind::Tuple && sv.kind != SemaValue::Kind::BlockPtr)
    return bindingOf(e, lower(e));
  if (e.kind == ExprKind::Tuple || e.kind == ExprKind::List) {
    const auto &elements = e.kind == ExprKind::Tuple ? static_cast<const ast::TupleExpr &>(e).elements
                                                     : static_cast<const ast::ListExpr &>(e).elements;
    Binding b;
    for (const auto &element : elements)
      b.elements.push_back(evaluate(*element));
    return b;
  }
  if (e.kind == ExprKind::Name)
    if (auto it = env_.find(static_cast<const ast::NameExpr &>(e).id); it != env_.end())
      return it->second;
  if (e.kind == ExprKind::Attribute) { // a tensor descriptor's `shape` or `strides`: its fields
    auto &a = static_cast<const ast::AttributeExpr &>(e);
    const SemaValue &owner = valueOf(a.value.get());
    if (owner.kind == SemaValue::Kind::BlockPtr && (a.attr == "shape" || a.attr == "strides")) {
      Binding descriptor = evaluate(*a.value);
      BlockPointerFields f{owner.blockShape.size()};
      size_t first = a.attr == "shape" ? f.shape(0) : f.stride(0);
      Binding fields;
      fields.elements.assign(descriptor.elements.begin() + long(first),
                             descriptor.elements.begin() + long(first + f.rank));
      return fields;
    }
  }
  // Other tuples (`x.shape`, module constants) are compile-time values.
  return constantBinding(sv);
}

namespace {

// Code of the standard library is not the user's: its ops carry the
// location of the user's call, which is what diagnostics (such as the
// interpreter's faults) can show.
void relocate(tir::Op &op, SourceRange loc) {
  op.loc = loc;
  for (const auto &region : op.regions)
    for (const auto &inner : region->ops)
      relocate(*inner, loc);
}

} // namespace

Binding Lowerer::inlineCall(const ast::CallExpr &c, const InlinedCall &call) {
  std::vector<std::optional<Binding>> params;
  for (const ast::Expr *arg : call.args) // in parameter order, as sema checked them
    params.push_back(arg ? std::optional<Binding>(evaluate(*arg)) : std::nullopt);
  return inlineBody(c, call, std::move(params));
}

Binding Lowerer::inlineBody(const ast::CallExpr &c, const InlinedCall &call,
                            std::vector<std::optional<Binding>> params) {
  const ast::FunctionDef &def = *call.def;
  auto callerEnv = std::move(env_);
  ContextId caller = std::exchange(context_, call.context);
  bool foreign = call.fromStdlib || call.otherFile;
  bool callerInStdlib = std::exchange(inStdlib_, inStdlib_ || foreign);
  bool callerReturned = std::exchange(returned_, false);
  // The ops appended to the current block from here on are the call's.
  auto last = block_->ops.empty() ? block_->ops.end() : std::prev(block_->ops.end());
  env_.clear();
  for (size_t i = 0; i < def.params.size(); ++i) {
    const ast::Param &p = def.params[i];
    env_[p.name] =
        i < params.size() && params[i] ? std::move(*params[i]) : constantBinding(valueOf(p.defaultValue.get()));
  }
  ++inlineDepth_;
  block(def.body);
  --inlineDepth_;
  // Without a `return` the value is None; a constant both branches of an
  // `if` return is no result of the `if`, only a fact on the call.
  auto slot = env_.find(kReturnSlot);
  Binding result = returned_ && slot != env_.end() ? std::move(slot->second) : Binding{};
  returned_ = callerReturned;
  env_ = std::move(callerEnv);
  context_ = caller;
  inStdlib_ = callerInStdlib;
  if (!result.value && result.elements.empty())
    result = constantBinding(valueOf(&c));
  if (foreign && !inStdlib_)
    for (auto op = last == block_->ops.end() ? block_->ops.begin() : std::next(last); op != block_->ops.end(); ++op)
      relocate(**op, c.range);
  return result;
}

} // namespace tritonc::lowering
