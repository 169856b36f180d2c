// Heuristic lambdas to C++ (driver/HeuristicRules.h): folded when they read
// only compile-time values, with Python's flooring `//` and `%`; C++ over
// the arguments otherwise; refused outside the subset.
#include "tritonc/host/HeuristicRules.h"
#include "tritonc/frontend/Parser.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace tritonc;

namespace {

struct Outcome {
  std::optional<TranslatedRule> rule;
  std::string diagnostics;
};

// The lambda of `@triton.heuristics({"H": <text>})` over a kernel taking
// `n` (i32), `x_ptr` (a pointer) and the constant BLOCK = 64.
Outcome translate(const std::string &text) {
  SourceFile file("t.py", "import triton\n\n\n@triton.heuristics({\"H\": " + text +
                              "})\n@triton.jit\ndef k(x_ptr, n, BLOCK, H):\n    pass\n");
  std::ostringstream out;
  DiagnosticEngine diags(out);
  diags.setSource(&file);
  std::unique_ptr<ast::Module> module = parseModule(file, diags);
  REQUIRE(module);
  auto &def = static_cast<const ast::FunctionDef &>(*module->body.back());
  auto &call = static_cast<const ast::CallExpr &>(*def.decorators.front());
  auto &dict = static_cast<const ast::DictExpr &>(*call.args.front());
  auto input = [](const std::string &name) {
    RuleInput in;
    if (name == "BLOCK") {
      in.kind = RuleInput::Kind::Constant;
      in.value = ConstexprValue::ofInt(64);
    } else if (name == "n") {
      in.kind = RuleInput::Kind::Integer;
    } else if (name == "x_ptr") {
      in.kind = RuleInput::Kind::Pointer;
    }
    return in;
  };
  Outcome o;
  o.rule = translateHeuristic("H", *dict.values.front(), input, diags);
  o.diagnostics = out.str();
  return o;
}

} // namespace

TEST_CASE("heuristics over constants fold, flooring as Python", "[heuristics]") {
  Outcome o = translate("lambda args: (-7) // 2 + (-7) % 2 * 10 + triton.next_power_of_2(args['BLOCK'] + 1)");
  REQUIRE(o.rule);
  REQUIRE(o.rule->constant);
  CHECK(o.rule->constant->intValue == -4 + 10 + 128);
  Outcome b = translate("lambda a: a['BLOCK'] >= 64 and not a['BLOCK'] > 64");
  REQUIRE(b.rule);
  REQUIRE(b.rule->constant);
  CHECK(b.rule->constant->boolValue);
}

TEST_CASE("heuristics over arguments become C++", "[heuristics]") {
  Outcome o = translate("lambda args: args['n'] % args['BLOCK'] == 0");
  REQUIRE(o.rule);
  CHECK_FALSE(o.rule->constant);
  CHECK(o.rule->isBool);
  CHECK(o.rule->cpp == "(::tritonc_kernels::runtime::floorMod(int64_t(n), int64_t(64)) == int64_t(0))");
  Outcome m = translate("lambda args: min(triton.cdiv(args['n'], 16), 8) if args['n'] > 0 else 1");
  REQUIRE(m.rule);
  CHECK_FALSE(m.rule->isBool);
  CHECK(m.rule->cpp.find("::tritonc_kernels::runtime::pick(") != std::string::npos);
  // A branch decided at compile time leaves only the other.
  Outcome d = translate("lambda args: args['n'] < 4 if args['BLOCK'] == 64 else True");
  REQUIRE(d.rule);
  CHECK(d.rule->cpp == "(int64_t(n) < int64_t(4))");
}

TEST_CASE("heuristics outside the subset are refused at their place", "[heuristics]") {
  CHECK(translate("lambda args: args['n'] / 2").diagnostics.find("true division") != std::string::npos);
  CHECK(translate("lambda args: args['x_ptr'] % 16 == 0").diagnostics.find("the pointer `x_ptr`") != std::string::npos);
  CHECK(translate("lambda args: args['m'] > 1").diagnostics.find("`m`") != std::string::npos);
  CHECK(translate("lambda args: len(args)").diagnostics.find("a call of `len`") != std::string::npos);
  CHECK(translate("lambda args: args['BLOCK'] // 0").diagnostics.find("division by zero") != std::string::npos);
  CHECK(translate("64").diagnostics.find("not a lambda") != std::string::npos);
  CHECK(translate("lambda args: args").diagnostics.find("the name `args`") != std::string::npos);
  CHECK(translate("lambda args: min(args['n'])").diagnostics.find("`min` of 1 arguments") != std::string::npos);
  Outcome o = translate("lambda args: args['n'] ** 2");
  CHECK_FALSE(o.rule);
  CHECK(o.diagnostics.find("t.py:4:39: error: heuristic `H` uses `**`") != std::string::npos);
}
