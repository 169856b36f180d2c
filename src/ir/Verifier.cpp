#include "tritonc/ir/Verifier.h"

#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>

#include <unordered_set>

namespace tritonc::tir {

namespace {

class Verifier {
public:
  Verifier(VerifyLevel level, const std::string &after) : level_(level), after_(after) {}

  void function(const Function &f) {
    check(f.paramHints.size() == f.body.args.size(), "one hint per parameter", nullptr);
    for (const auto &arg : f.body.args)
      defined_.insert(arg.get());
    block(f.body, /*isFunctionBody=*/true);
  }

private:
  void block(const Block &b, bool isFunctionBody) {
    for (const auto &arg : b.args)
      defined_.insert(arg.get());
    for (auto it = b.ops.begin(); it != b.ops.end(); ++it) {
      const Op &o = **it;
      bool last = std::next(it) == b.ops.end();
      check(o.parent == &b, "op's parent is its block", &o);
      if (traits(o.kind) & kTerminator)
        check(last, "terminator ends its block", &o);
      op(o);
      for (const auto &region : o.regions)
        block(*region, false);
      for (const auto &r : o.results)
        defined_.insert(r.get());
    }
    if (isFunctionBody)
      check(!b.ops.empty() && b.ops.back()->kind == OpKind::Return, "function body ends in return", nullptr);
  }

  void op(const Op &o) {
    for (const Value *v : o.operands)
      check(v && defined_.count(v), "operand defined before use", &o);
    for (const auto &r : o.results) {
      check(r->definingOp() == &o, "result points back to its op", &o);
      if (level_ == VerifyLevel::GPU && r->type.isTensor())
        check(r->type.layout.has_value(), "tensor result has a layout", &o);
    }
    switch (o.kind) {
    case OpKind::Constant:
      check(o.attr("value") != nullptr, "constant has a value", &o);
      break;
    case OpKind::ProgramId:
    case OpKind::NumPrograms:
      check(o.intAttr("axis") >= 0 && o.intAttr("axis") < 3, "axis in 0..2", &o);
      break;
    case OpKind::MakeRange:
      check(o.result()->type.numElements() == o.intAttr("end") - o.intAttr("start"), "range length", &o);
      break;
    case OpKind::Splat:
      arity(o, 1, 1);
      check(!o.operands[0]->type.isTensor() && o.result()->type.isTensor(), "splat scalar to tensor", &o);
      break;
    case OpKind::Select:
      arity(o, 3, 1);
      sameShape(o);
      break;
    case OpKind::AddPtr:
      arity(o, 2, 1);
      check(o.operands[0]->type.elem.isPointer(), "addptr base is a pointer", &o);
      sameShape(o);
      break;
    case OpKind::Load:
      check(o.operands.size() >= 1 && o.operands.size() <= 3 && o.results.size() == 1, "load arity", &o);
      check(o.operands[0]->type.elem.isPointer(), "load from a pointer", &o);
      sameShape(o);
      break;
    case OpKind::Store:
      check(o.operands.size() >= 2 && o.operands.size() <= 3 && o.results.empty(), "store arity", &o);
      check(o.operands[0]->type.elem.isPointer(), "store to a pointer", &o);
      sameShape(o);
      break;
    case OpKind::ConvertLayout:
      arity(o, 1, 1);
      check(o.operands[0]->type.shape == o.result()->type.shape, "convert keeps the shape", &o);
      break;
    case OpKind::Return:
      check(o.results.empty(), "return has no results", &o);
      break;
    default: // elementwise arithmetic, comparisons, casts
      check(o.results.size() == 1 && !o.operands.empty(), "elementwise arity", &o);
      sameShape(o);
      break;
    }
  }

  void arity(const Op &o, size_t operands, size_t results) {
    check(o.operands.size() == operands && o.results.size() == results,
          fmt::format("{} operands and {} results", operands, results), &o);
  }

  // Elementwise ops see all operands and results at one shape and, at the
  // GPU level, one layout.
  void sameShape(const Op &o) {
    const Type *first = o.results.empty() ? &o.operands[0]->type : &o.results[0]->type;
    for (const Value *v : o.operands)
      if (v)
        check(v->type.shape == first->shape && v->type.layout == first->layout,
              "operands and results share shape and layout", &o);
  }

  void check(bool ok, const std::string &what, const Op *o) {
    if (ok)
      return;
    internalError(fmt::format("tile IR verification failed after `{}`: {}{}", after_, what,
                              o ? std::string(" (op `") + mnemonic(o->kind) + "`)" : ""));
  }

  VerifyLevel level_;
  const std::string &after_;
  std::unordered_set<const Value *> defined_;
};

} // namespace

void verify(const Module &module, VerifyLevel level, const std::string &after) {
  for (const auto &f : module.functions)
    Verifier(level, after).function(*f);
}

} // namespace tritonc::tir
