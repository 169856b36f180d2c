// Resolving `libdevice.NAME` to the symbol libdevice has for the operands'
// kind (src/sema/Libdevice.cpp), against the table taken from libdevice.
#include "sema/Libdevice.h"

#include <catch2/catch.hpp>

#include <string>

using tritonc::ScalarKind;
using tritonc::sema::resolveLibdevice;

namespace {

std::string symbolFor(const char *name, ScalarKind kind, size_t arity) {
  const auto *f = resolveLibdevice(name, kind, arity);
  return f ? f->symbol : "(none)";
}

} // namespace

TEST_CASE("libdevice: the usual fp32 and fp64 spellings") {
  CHECK(symbolFor("exp", ScalarKind::F32, 1) == "__nv_expf");
  CHECK(symbolFor("exp", ScalarKind::F64, 1) == "__nv_exp");
  CHECK(symbolFor("pow", ScalarKind::F32, 2) == "__nv_powf");
  // fp16 and bf16 compute in fp32.
  CHECK(symbolFor("tanh", ScalarKind::F16, 1) == "__nv_tanhf");
  CHECK(symbolFor("tanh", ScalarKind::BF16, 1) == "__nv_tanhf");
}

TEST_CASE("libdevice: rounding-mode arithmetic is spelled with the width first") {
  CHECK(symbolFor("div_rn", ScalarKind::F32, 2) == "__nv_fdiv_rn");
  CHECK(symbolFor("div_rn", ScalarKind::F64, 2) == "__nv_ddiv_rn");
  CHECK(symbolFor("add_rz", ScalarKind::F32, 2) == "__nv_fadd_rz");
  CHECK(symbolFor("rcp_rn", ScalarKind::F64, 1) == "__nv_drcp_rn");
  CHECK(symbolFor("sqrt_rn", ScalarKind::F32, 1) == "__nv_fsqrt_rn");
  CHECK(symbolFor("fma_rn", ScalarKind::F32, 3) == "__nv_fmaf_rn");
  CHECK(symbolFor("fma_rn", ScalarKind::F64, 3) == "__nv_fma_rn");
  CHECK(symbolFor("fast_dividef", ScalarKind::F32, 2) == "__nv_fast_fdividef");
  CHECK(symbolFor("fast_expf", ScalarKind::F32, 1) == "__nv_fast_expf");
}

TEST_CASE("libdevice: predicates return int32 and take the width as a suffix") {
  const auto *nanF = resolveLibdevice("isnan", ScalarKind::F32, 1);
  const auto *nanD = resolveLibdevice("isnan", ScalarKind::F64, 1);
  REQUIRE(nanF);
  REQUIRE(nanD);
  CHECK(std::string(nanF->symbol) == "__nv_isnanf");
  CHECK(std::string(nanD->symbol) == "__nv_isnand");
  CHECK(nanF->result == ScalarKind::I32);
}

TEST_CASE("libdevice: integer functions by width and signedness") {
  CHECK(symbolFor("clz", ScalarKind::I32, 1) == "__nv_clz");
  CHECK(symbolFor("clz", ScalarKind::I64, 1) == "__nv_clzll");
  CHECK(symbolFor("popc", ScalarKind::I16, 1) == "__nv_popc");
  CHECK(symbolFor("abs", ScalarKind::I64, 1) == "__nv_llabs");
  CHECK(symbolFor("mulhi", ScalarKind::I32, 2) == "__nv_mulhi");
  CHECK(symbolFor("mulhi", ScalarKind::I64, 2) == "__nv_mul64hi");
  CHECK(symbolFor("umulhi", ScalarKind::U32, 2) == "__nv_umulhi");
  CHECK(symbolFor("mulhi", ScalarKind::U64, 2) == "__nv_umul64hi");
  const auto *clz64 = resolveLibdevice("clz", ScalarKind::I64, 1);
  REQUIRE(clz64);
  CHECK(clz64->result == ScalarKind::I32);
}

TEST_CASE("libdevice: mixed parameters and fallbacks") {
  const auto *ldexp = resolveLibdevice("ldexp", ScalarKind::F32, 2);
  REQUIRE(ldexp);
  CHECK(std::string(ldexp->symbol) == "__nv_ldexpf");
  CHECK(ldexp->params[1] == ScalarKind::I32);
  CHECK(symbolFor("jn", ScalarKind::F32, 2) == "__nv_jnf");
  // An integer operand of a function with no integer form computes in fp32.
  CHECK(symbolFor("sin", ScalarKind::I32, 1) == "__nv_sinf");
  // An int32 function is no int64 one.
  CHECK(symbolFor("brev", ScalarKind::I64, 1) == "__nv_brevll");
}

TEST_CASE("libdevice: min, max and abs on floats are the f-prefixed functions") {
  CHECK(symbolFor("max", ScalarKind::F32, 2) == "__nv_fmaxf");
  CHECK(symbolFor("max", ScalarKind::F64, 2) == "__nv_fmax");
  CHECK(symbolFor("min", ScalarKind::F16, 2) == "__nv_fminf");
  CHECK(symbolFor("abs", ScalarKind::F32, 1) == "__nv_fabsf");
  CHECK(symbolFor("abs", ScalarKind::F64, 1) == "__nv_fabs");
  CHECK(symbolFor("max", ScalarKind::I32, 2) == "__nv_max");
  CHECK(symbolFor("max", ScalarKind::U32, 2) == "__nv_umax");
  CHECK(symbolFor("abs", ScalarKind::I32, 1) == "__nv_abs");
}

TEST_CASE("libdevice: integer operands of float functions take the fp32 form") {
  CHECK(symbolFor("ldexp", ScalarKind::I32, 2) == "__nv_ldexpf");
  CHECK(symbolFor("jn", ScalarKind::I64, 2) == "__nv_jnf");
  CHECK(symbolFor("int2float_rn", ScalarKind::I32, 1) == "__nv_int2float_rn");
}

TEST_CASE("libdevice: what it does not have") {
  CHECK(symbolFor("nosuch", ScalarKind::F32, 1) == "(none)");
  CHECK(symbolFor("exp", ScalarKind::F32, 2) == "(none)");    // wrong arity
  CHECK(symbolFor("sincos", ScalarKind::F32, 1) == "(none)"); // pointer parameters: not in the table
}
