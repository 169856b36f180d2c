// tritonc-tune's size expressions (tools/tritonc-tune/Expression.h), which
// make kernel arguments from a problem's key.
#include "Expression.h"

#include <catch2/catch.hpp>

using tritonc_tune::evaluate;

TEST_CASE("tune expressions: arithmetic over the key's sizes", "[tune]") {
  tritonc_tune::Sizes sizes{{"M", 4096}, {"N", 1000}, {"K", 64}};
  CHECK(evaluate("M*K", sizes) == 4096 * 64);
  CHECK(evaluate(" cdiv(N, 64) * 4 ", sizes) == 16 * 4);
  CHECK(evaluate("-7 / 2", sizes) == -4);
  CHECK(evaluate("-7 % 2", sizes) == 1);
  CHECK(evaluate("N // 3 + (M - 1) % 7", sizes) == 333 + 4095 % 7);
  CHECK(evaluate("max(M, N, 5000)", sizes) == 5000);
  CHECK(evaluate("min(M, N)", sizes) == 1000);
  CHECK(evaluate("next_power_of_2(N)", sizes) == 1024);
}

TEST_CASE("tune expressions: mistakes are named", "[tune]") {
  tritonc_tune::Sizes sizes{{"M", 8}};
  CHECK_THROWS_WITH(evaluate("M * X", sizes), Catch::Contains("`X` is not a size given with --key"));
  CHECK_THROWS_WITH(evaluate("M / 0", sizes), Catch::Contains("division by zero"));
  CHECK_THROWS_WITH(evaluate("M +", sizes), Catch::Contains("ends early"));
  CHECK_THROWS_WITH(evaluate("(M", sizes), Catch::Contains("expected `)`"));
  CHECK_THROWS_WITH(evaluate("sqrt(M)", sizes), Catch::Contains("unknown function `sqrt`"));
}
