// The signature parser: every accepted form, and the reason given for each
// kind of malformed entry (DESIGN.md §5 and §7).
#include "tritonc/support/Signature.h"

#include <catch2/catch.hpp>

#include <sstream>

using namespace tritonc;

namespace {

struct Parsed {
  std::optional<Signature> signature;
  std::string diagnostics;
};

Parsed parse(std::string_view text) {
  std::ostringstream out;
  DiagnosticEngine diags(out);
  Parsed result;
  result.signature = parseSignature(text, diags);
  result.diagnostics = out.str();
  return result;
}

SignatureEntry parseOne(std::string_view text) {
  Parsed p = parse(text);
  INFO(p.diagnostics);
  REQUIRE(p.signature);
  REQUIRE(p.signature->entries.size() == 1);
  return p.signature->entries[0];
}

// The one diagnostic for a signature that must fail.
std::string errorOf(std::string_view text) {
  Parsed p = parse(text);
  CHECK_FALSE(p.signature);
  return p.diagnostics;
}

} // namespace

TEST_CASE("signature: the vector-add signature", "[signature]") {
  Parsed p = parse("*fp32:16, *fp32:16, *fp32:16, i32, 1024");
  REQUIRE(p.signature);
  CHECK(p.diagnostics.empty());
  const auto &e = p.signature->entries;
  REQUIRE(e.size() == 5);
  for (int i = 0; i < 3; ++i) {
    CHECK(e[i].kind == SignatureEntry::Kind::Pointer);
    CHECK(e[i].dtype == "fp32");
    CHECK(e[i].hint == 16);
    CHECK(e[i].text == "*fp32:16");
  }
  CHECK(e[3].kind == SignatureEntry::Kind::Scalar);
  CHECK(e[3].dtype == "i32");
  CHECK(e[3].hint == 0);
  CHECK(e[4].kind == SignatureEntry::Kind::Constexpr);
  CHECK(e[4].value.kind == ConstexprValue::Kind::Int);
  CHECK(e[4].value.intValue == 1024);
  CHECK_FALSE(p.signature->named());
}

TEST_CASE("signature: pointer element types", "[signature]") {
  for (const char *type : {"fp16", "bf16", "fp32", "fp64", "i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64",
                           "fp8e4nv", "fp8e5"}) {
    SignatureEntry e = parseOne(std::string("*") + type);
    CHECK(e.kind == SignatureEntry::Kind::Pointer);
    CHECK(e.dtype == type);
    CHECK(e.hint == 0);
  }
  CHECK(parseOne("  * fp16 : 16 ").hint == 16);
  CHECK(parseOne("*u1").dtype == "i1"); // Triton's binder spells bool `u1`
  CHECK(parseOne("u1").dtype == "i1");
}

TEST_CASE("signature: None is a compile-time None for any parameter", "[signature]") {
  SignatureEntry positional = parseOne("None");
  CHECK(positional.kind == SignatureEntry::Kind::Constexpr);
  CHECK(positional.value.kind == ConstexprValue::Kind::None);
  SignatureEntry named = parseOne("bias_ptr=None");
  CHECK(named.name == "bias_ptr");
  CHECK(named.value.kind == ConstexprValue::Kind::None);
}

TEST_CASE("signature: scalars and their hints", "[signature]") {
  for (const char *type :
       {"i1", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "fp16", "bf16", "fp32", "fp64"}) {
    SignatureEntry e = parseOne(type);
    CHECK(e.kind == SignatureEntry::Kind::Scalar);
    CHECK(e.dtype == type);
  }
  CHECK(parseOne("i32:16").hint == 16);
  CHECK(parseOne("i64:1").hint == 1);
  CHECK(parseOne("u32 :16").hint == 16);
  CHECK(parseOne("i32:8").hint == 8);
  CHECK(parseOne("i32:2").hint == 2);
  CHECK(parseOne("*fp16:8").hint == 8);
}

TEST_CASE("signature: constexpr values", "[signature]") {
  auto value = [](std::string_view text) { return parseOne(text).value; };
  CHECK(value("-3").intValue == -3);
  CHECK(value("+7").intValue == 7);
  CHECK(value("0x10").intValue == 16);
  CHECK(value("0o17").intValue == 15);
  CHECK(value("0b101").intValue == 5);
  CHECK(value("9223372036854775807").intValue == INT64_MAX);
  CHECK(value("-9223372036854775808").intValue == INT64_MIN);
  CHECK(value("1e-5").kind == ConstexprValue::Kind::Float);
  CHECK(value("1e-5").floatValue == 1e-5);
  CHECK(value("0.5").floatValue == 0.5);
  CHECK(value("-.25").floatValue == -0.25);
  CHECK(value("0e0").floatValue == 0.0);
  CHECK(value("True").kind == ConstexprValue::Kind::Bool);
  CHECK(value("True").boolValue);
  CHECK_FALSE(value("False").boolValue);
  CHECK(value("\"leaky_relu\"").kind == ConstexprValue::Kind::String);
  CHECK(value("\"leaky_relu\"").text == "leaky_relu");
  CHECK(value("'x'").text == "x");
  CHECK(value("'a,b=c'").text == "a,b=c");
  CHECK(value(R"("say \"hi\"")").text == "say \"hi\"");
  CHECK(value("tl.float16").kind == ConstexprValue::Kind::DType);
  CHECK(value("tl.float16").text == "float16");
  CHECK(value("tl.bfloat16").text == "bfloat16");
  CHECK(value("tl.uint8").text == "uint8");
  CHECK(value("tl.float8e4nv").text == "float8e4nv");
}

TEST_CASE("signature: named entries", "[signature]") {
  Parsed p = parse(" BLOCK = 1024 , x_ptr=*fp16:16, act='relu,gelu', n = i32:16 ");
  INFO(p.diagnostics);
  REQUIRE(p.signature);
  CHECK(p.signature->named());
  const auto &e = p.signature->entries;
  REQUIRE(e.size() == 4);
  CHECK(e[0].name == "BLOCK");
  CHECK(e[0].value.intValue == 1024);
  CHECK(e[0].text == "BLOCK = 1024");
  CHECK(e[1].name == "x_ptr");
  CHECK(e[1].kind == SignatureEntry::Kind::Pointer);
  CHECK(e[2].value.text == "relu,gelu");
  CHECK(e[3].name == "n");
  CHECK(e[3].hint == 16);
}

TEST_CASE("signature: an empty signature has no entries", "[signature]") {
  Parsed p = parse("  ");
  REQUIRE(p.signature);
  CHECK(p.signature->entries.empty());
}

TEST_CASE("signature: each malformed entry says why", "[signature]") {
  CHECK(errorOf("*fp32, i33") ==
        "tritonc: error: malformed signature entry 2 `i33`: unknown type `i33` [BadSignature]\n");
  CHECK(errorOf("*fp33") ==
        "tritonc: error: malformed signature entry 1 `*fp33`: unknown type `fp33` [BadSignature]\n");
  CHECK(errorOf("*fp32:32") == "tritonc: error: malformed signature entry 1 `*fp32:32`: alignment "
                               "hint must be 16, 8, 4 or 2, found `:32` [BadSignature]\n");
  CHECK(errorOf("i32, , i32") == "tritonc: error: malformed signature entry 2 ``: empty entry [BadSignature]\n");
  CHECK(errorOf("i32,") == "tritonc: error: malformed signature entry 2 ``: empty entry [BadSignature]\n");
  CHECK(errorOf("'relu") ==
        "tritonc: error: malformed signature entry 1 `'relu`: unterminated string [BadSignature]\n");
  CHECK(errorOf("a=i32, i32") == "tritonc: error: malformed signature entry 2 `i32`: mixes named "
                                 "and positional entries [BadSignature]\n");
  CHECK(errorOf("x=i32, x=*fp16") ==
        "tritonc: error: malformed signature entry 2 `x=*fp16`: duplicate name `x` [BadSignature]\n");
}

TEST_CASE("signature: reasons for hints, numbers and names", "[signature]") {
  auto reason = [](std::string_view text) {
    std::string d = errorOf(text);
    size_t start = d.find("`: ");
    size_t end = d.rfind(" [BadSignature]");
    return start == std::string::npos ? d : d.substr(start + 3, end - start - 3);
  };
  CHECK(reason("fp32:16") == "hint `:16` applies only to integer types; `fp32` takes none");
  CHECK(reason("i1:1") == "hint `:1` applies only to integer types; `i1` takes none");
  CHECK(reason("i32:3") == "integer hint must be 16, 8, 4, 2 or 1, found `:3`");
  CHECK(reason("i32:32") == "integer hint must be 16, 8, 4, 2 or 1, found `:32`");
  CHECK(reason("i32:x") == "hint `x` is not 16, 8, 4, 2 or 1");
  CHECK(reason("i32:") == "missing hint after `:`");
  CHECK(reason("*") == "missing element type after `*`");
  CHECK(reason("fp8e4nv") == "`fp8e4nv` is only allowed as a pointer element type, `*fp8e4nv`");
  CHECK(reason("99999999999999999999") == "integer `99999999999999999999` does not fit in 64 bits");
  CHECK(reason("1.5.2") == "cannot read `1.5.2` as a number");
  CHECK(reason("12abc") == "cannot read `12abc` as a number");
  CHECK(reason("tl.float17") == "unknown dtype `tl.float17`");
  CHECK(reason("true") == "unknown type `true`");
  CHECK(reason("$x") == "cannot read `$x` as a type or a constant");
  CHECK(reason("1x=4") == "`1x` is not a parameter name");
  CHECK(reason("x=") == "no value after `x=`");
  CHECK(reason("'a' b") == "unexpected ` b` after the string");
}

TEST_CASE("signature: every malformed entry is reported", "[signature]") {
  std::string d = errorOf("i33, *fp32, fp32:16, , 1024");
  CHECK(d.find("entry 1 `i33`") != std::string::npos);
  CHECK(d.find("entry 2") == std::string::npos);
  CHECK(d.find("entry 3 `fp32:16`") != std::string::npos);
  CHECK(d.find("entry 4 ``: empty entry") != std::string::npos);
  CHECK(d.find("entry 5") == std::string::npos);
}

TEST_CASE("signature: canonical dtype names", "[signature]") {
  CHECK(canonicalDTypeName("fp16") == "float16");
  CHECK(canonicalDTypeName("bf16") == "bfloat16");
  CHECK(canonicalDTypeName("fp32") == "float32");
  CHECK(canonicalDTypeName("fp64") == "float64");
  CHECK(canonicalDTypeName("i1") == "int1");
  CHECK(canonicalDTypeName("i64") == "int64");
  CHECK(canonicalDTypeName("u8") == "uint8");
  CHECK(canonicalDTypeName("fp8e4nv") == "float8e4nv");
  CHECK(canonicalDTypeName("fp8e5") == "float8e5");
  CHECK(canonicalDTypeName("i33").empty());
  CHECK(canonicalDTypeName("*fp32").empty());
}

TEST_CASE("signature: host-side tensor descriptors", "[signature]") {
  // The comma inside the brackets does not end the entry.
  CHECK(errorOf("tensordesc<fp16[128, 64]>, b=1") ==
        "tritonc: error: malformed signature entry 2 `b=1`: mixes named and positional entries [BadSignature]\n");
  Parsed two = parse("tensordesc<fp16[128, 64]>, tensordesc< bf16 [ 64 ,32,16 ] >, i32");
  INFO(two.diagnostics);
  REQUIRE(two.signature);
  REQUIRE(two.signature->entries.size() == 3);
  const SignatureEntry &a = two.signature->entries[0];
  CHECK(a.kind == SignatureEntry::Kind::TensorDesc);
  CHECK(a.dtype == "fp16");
  CHECK(a.blockShape == std::vector<int64_t>{128, 64});
  CHECK(two.signature->entries[1].dtype == "bf16");
  CHECK(two.signature->entries[1].blockShape == std::vector<int64_t>{64, 32, 16});
  CHECK(parseOne("a_desc=tensordesc<fp8e4nv[64]>").name == "a_desc");
  CHECK(errorOf("tensordesc<fp16[96, 64]>") == "tritonc: error: malformed signature entry 1 "
                                               "`tensordesc<fp16[96, 64]>`: block dim 96 is not a power of two "
                                               "[BadSignature]\n");
  CHECK(errorOf("tensordesc<fp17[64]>") ==
        "tritonc: error: malformed signature entry 1 `tensordesc<fp17[64]>`: unknown type `fp17` [BadSignature]\n");
  CHECK(errorOf("tensordesc<fp16>") == "tritonc: error: malformed signature entry 1 `tensordesc<fp16>`: expected "
                                       "the block shape in brackets: `tensordesc<DTYPE[BLOCK, ...]>` [BadSignature]\n");
  CHECK(errorOf("tensordesc fp16[64]") == "tritonc: error: malformed signature entry 1 `tensordesc fp16[64]`: "
                                          "expected `tensordesc<DTYPE[BLOCK, ...]>` [BadSignature]\n");
  CHECK(errorOf("tensordesc<fp32[2048, 1024]>") == "tritonc: error: malformed signature entry 1 "
                                                   "`tensordesc<fp32[2048, 1024]>`: a block of more than 1048576 "
                                                   "elements [BadSignature]\n");
  CHECK(errorOf("tensordesc<fp16[64, x]>") == "tritonc: error: malformed signature entry 1 `tensordesc<fp16[64, "
                                              "x]>`: block dim `x` is not a positive integer [BadSignature]\n");
}

TEST_CASE("signature: tuple arguments", "[signature]") {
  // The commas inside the parentheses do not end the entry; each element is
  // an entry of its own kind.
  Parsed p = parse("(*fp16:16, *fp32, i32:16, None, 'relu'), i32");
  INFO(p.diagnostics);
  REQUIRE(p.signature);
  REQUIRE(p.signature->entries.size() == 2);
  const SignatureEntry &t = p.signature->entries[0];
  CHECK(t.kind == SignatureEntry::Kind::Tuple);
  REQUIRE(t.elements.size() == 5);
  CHECK(t.elements[0].kind == SignatureEntry::Kind::Pointer);
  CHECK(t.elements[0].hint == 16);
  CHECK(t.elements[1].dtype == "fp32");
  CHECK(t.elements[2].kind == SignatureEntry::Kind::Scalar);
  CHECK(t.elements[2].hint == 16);
  CHECK(t.elements[3].value.kind == ConstexprValue::Kind::None);
  CHECK(t.elements[4].value.text == "relu");
  CHECK(parseOne("srcs=(*bf16,)").elements.size() == 1);
  CHECK(errorOf("()") == "tritonc: error: malformed signature entry 1 `()`: an empty tuple [BadSignature]\n");
  CHECK(errorOf("(*fp16, (*fp16, *fp16))") ==
        "tritonc: error: malformed signature entry 1 `(*fp16, (*fp16, *fp16))`: tuple element `(*fp16, *fp16)` is a "
        "tuple or a tensor descriptor; only pointers, scalars and constants may be elements [BadSignature]\n");
  CHECK(errorOf("(*fp16, x=*fp16)") == "tritonc: error: malformed signature entry 1 `(*fp16, x=*fp16)`: tuple "
                                       "element `x=*fp16` has a name [BadSignature]\n");
  CHECK(errorOf("(*fp17, i32)") == "tritonc: error: malformed signature entry 1 `(*fp17, i32)`: tuple element "
                                   "`*fp17`: unknown type `fp17` [BadSignature]\n");
  CHECK(errorOf("(*fp16, i32") ==
        "tritonc: error: malformed signature entry 1 `(*fp16, i32`: a tuple ends with `)` [BadSignature]\n");
}

TEST_CASE("signature: an entry rewritten with another hint reads as it was written", "[signature]") {
  CHECK(entryWithHint(parseOne("i32"), 8) == "i32:8");
  CHECK(entryWithHint(parseOne("*fp16:16"), 0) == "*fp16");
  CHECK(entryWithHint(parseOne("stride = i64:16"), 4) == "stride=i64:4");
  CHECK(entryWithHint(parseOne("x=*bf16"), 16) == "x=*bf16:16");
  // A name given by the autotune plan, not written: the entry stays positional.
  SignatureEntry positional = parseOne("i32");
  positional.name = "K";
  CHECK(entryWithHint(positional, 8) == "i32:8");
}
