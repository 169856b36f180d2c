// What sema records of `@triton.autotune` and `@triton.heuristics`
// (TypedKernel::decorators): each config's meta-parameters in source order
// with num_warps / num_stages where given, the tuning key, and the names the
// heuristics compute with their lambdas. Values that are not compile-time
// (a config built by a function) are left out, their place kept for the
// driver, which reports them only when it compiles every configuration.
#include "tritonc/frontend/Parser.h"
#include "tritonc/sema/Sema.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace tritonc;

namespace {

// The decorators point into the module's AST (the heuristics' lambdas), so
// the module lives as long as they do.
struct Recorded {
  std::unique_ptr<ast::Module> module;
  KernelDecorators decorators;
};

Recorded decoratorsOf(const std::string &text, const std::string &signature) {
  SourceFile file("t.py", text);
  std::ostringstream diagOut;
  DiagnosticEngine diags(diagOut);
  std::unique_ptr<ast::Module> module = parseModule(file, diags);
  std::optional<Signature> sig = parseSignature(signature, diags);
  REQUIRE(sig);
  std::optional<TypedKernel> kernel = analyzeKernel(*module, "", *sig, diags);
  INFO(diagOut.str());
  REQUIRE(kernel);
  return {std::move(module), kernel->decorators};
}

} // namespace

TEST_CASE("autotune configs, key and heuristics are recorded", "[sema][decorators]") {
  Recorded recorded = decoratorsOf(R"(import triton
import triton.language as tl

BLOCKS = 64


@triton.autotune(
    configs=[
        triton.Config({"BLOCK": BLOCKS, "SPLIT": True}, num_warps=2),
        triton.Config(kwargs={"BLOCK": 128}, num_warps=4, num_stages=3),
        triton.Config({"BLOCK": make_block()}, 8),
    ],
    key=["n", "m"],
)
@triton.heuristics(values={"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def k(x_ptr, n, m, BLOCK: tl.constexpr, SPLIT: tl.constexpr, EVEN: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
)",
                                   "*fp32, i32, i32, 32, False, True");
  const KernelDecorators &d = recorded.decorators;
  REQUIRE(d.configs.size() == 3);
  const AutotuneConfig &first = d.configs[0];
  REQUIRE(first.meta.size() == 2);
  CHECK(first.meta[0].first == "BLOCK");
  CHECK(first.meta[0].second.intValue == 64);
  CHECK(first.meta[1].first == "SPLIT");
  CHECK(first.meta[1].second.kind == ConstexprValue::Kind::Bool);
  CHECK(first.numWarps == 2);
  CHECK_FALSE(first.numStages.has_value());
  REQUIRE(d.configs[1].meta.size() == 1);
  CHECK(d.configs[1].meta[0].second.intValue == 128);
  CHECK(d.configs[1].numWarps == 4);
  CHECK(d.configs[1].numStages == 3);
  // A value only the host can compute is left out, its place kept; num_warps given by position.
  CHECK(d.configs[2].meta.empty());
  CHECK(d.configs[2].numWarps == 8);
  CHECK(d.key == std::vector<std::string>{"n", "m"});
  REQUIRE(d.heuristics.size() == 1);
  CHECK(d.heuristics[0].name == "EVEN");
  REQUIRE(d.heuristics[0].rule);
  CHECK(d.heuristics[0].rule->kind == ast::ExprKind::Lambda);
  CHECK(d.hasAutotune);
  CHECK(d.configs[2].unreadable.has_value());
  CHECK_FALSE(d.configs[0].unreadable.has_value());
}

TEST_CASE("a kernel without autotune records nothing", "[sema][decorators]") {
  Recorded recorded = decoratorsOf(R"(import triton
import triton.language as tl


@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    tl.store(x_ptr + tl.arange(0, BLOCK), 1.0)
)",
                                   "*fp32, 32");
  const KernelDecorators &d = recorded.decorators;
  CHECK(d.configs.empty());
  CHECK(d.key.empty());
  CHECK(d.heuristics.empty());
}
