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
      for (const auto &region : o.regions) {
        // Values defined inside a region are not visible after it.
        std::unordered_set<const Value *> outer = defined_;
        block(*region, false);
        defined_ = std::move(outer);
      }
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
    case OpKind::For: {
      check(o.operands.size() == 3 + o.results.size(), "for: lb, ub, step and one init per result", &o);
      check(o.regions.size() == 1 && o.regions[0]->args.size() == 1 + o.results.size(),
            "for: one region with the induction variable and the carried values", &o);
      for (size_t i = 0; i < o.results.size(); ++i)
        check(o.operands[3 + i]->type == o.results[i]->type && o.regions[0]->args[1 + i]->type == o.results[i]->type,
              "for: init, region argument and result agree in type", &o);
      terminator(*o.regions[0], OpKind::Yield, o.results, &o);
      break;
    }
    case OpKind::If:
      check(o.operands.size() == 1 && o.regions.size() == 2, "if: one condition, two regions", &o);
      check(!o.operands[0]->type.isTensor() && o.operands[0]->type.elem.kind == ScalarKind::I1,
            "if: the condition is an i1 scalar", &o);
      terminator(*o.regions[0], OpKind::Yield, o.results, &o);
      terminator(*o.regions[1], OpKind::Yield, o.results, &o);
      break;
    case OpKind::While:
      check(o.regions.size() == 2 && o.regions[0]->args.size() == o.operands.size() &&
                o.regions[1]->args.size() == o.results.size(),
            "while: before region takes the inits, after region the forwarded values", &o);
      terminator(*o.regions[0], OpKind::Condition, o.results, &o);
      break;
    case OpKind::Yield:
    case OpKind::Condition:
      break; // checked against their parent op
    default: // elementwise arithmetic, comparisons, casts
      check(o.results.size() == 1 && !o.operands.empty(), "elementwise arity", &o);
      sameShape(o);
      break;
    }
  }

  // The region ends in `kind`, whose values (after a condition operand for
  // `condition`) match `results` in type.
  void terminator(const Block &region, OpKind kind, const std::vector<std::unique_ptr<Value>> &results, const Op *o) {
    check(!region.ops.empty() && region.ops.back()->kind == kind,
          std::string("region ends in `") + mnemonic(kind) + "`", o);
    const Op &t = *region.ops.back();
    size_t skip = kind == OpKind::Condition ? 1 : 0;
    check(t.operands.size() == results.size() + skip, "terminator yields one value per result", o);
    for (size_t i = 0; i < results.size(); ++i)
      check(t.operands[skip + i]->type == results[i]->type, "yielded value matches the result type", o);
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
