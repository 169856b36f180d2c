#include "tritonc/ir/Type.h"

#include <fmt/format.h>

namespace tritonc {

namespace {
struct ScalarInfo {
  ScalarKind kind;
  const char *ir;
  const char *triton;
  const char *signature;
  unsigned bits;
};
constexpr ScalarInfo kScalars[] = {
    {ScalarKind::I1, "i1", "int1", "i1", 1},
    {ScalarKind::I8, "i8", "int8", "i8", 8},
    {ScalarKind::I16, "i16", "int16", "i16", 16},
    {ScalarKind::I32, "i32", "int32", "i32", 32},
    {ScalarKind::I64, "i64", "int64", "i64", 64},
    {ScalarKind::U8, "u8", "uint8", "u8", 8},
    {ScalarKind::U16, "u16", "uint16", "u16", 16},
    {ScalarKind::U32, "u32", "uint32", "u32", 32},
    {ScalarKind::U64, "u64", "uint64", "u64", 64},
    {ScalarKind::F8E4NV, "f8e4nv", "float8e4nv", "fp8e4nv", 8},
    {ScalarKind::F8E5, "f8e5", "float8e5", "fp8e5", 8},
    {ScalarKind::F16, "f16", "float16", "fp16", 16},
    {ScalarKind::BF16, "bf16", "bfloat16", "bf16", 16},
    {ScalarKind::F32, "f32", "float32", "fp32", 32},
    {ScalarKind::F64, "f64", "float64", "fp64", 64},
    {ScalarKind::Ptr, "ptr", "pointer", "ptr", 64},
};
const ScalarInfo &info(ScalarKind k) { return kScalars[int(k)]; }
} // namespace

bool isInteger(ScalarKind k) { return k <= ScalarKind::U64; }
bool isSigned(ScalarKind k) { return k >= ScalarKind::I8 && k <= ScalarKind::I64; }
bool isFloat(ScalarKind k) { return k >= ScalarKind::F8E4NV && k <= ScalarKind::F64; }
bool isFp8(ScalarKind k) { return k == ScalarKind::F8E4NV || k == ScalarKind::F8E5; }
unsigned bitWidth(ScalarKind k) { return info(k).bits; }
const char *irName(ScalarKind k) { return info(k).ir; }
const char *tritonName(ScalarKind k) { return info(k).triton; }
const char *signatureName(ScalarKind k) { return info(k).signature; }

std::optional<ScalarKind> scalarFromTritonName(const std::string &name) {
  for (const ScalarInfo &s : kScalars)
    if (s.kind != ScalarKind::Ptr && name == s.triton)
      return s.kind;
  return std::nullopt;
}

std::optional<ScalarKind> scalarFromSignature(const std::string &spelling) {
  for (const ScalarInfo &s : kScalars)
    if (s.kind != ScalarKind::Ptr && spelling == s.signature)
      return s.kind;
  return std::nullopt;
}

std::string ElemType::str() const {
  if (isPointer())
    return fmt::format("ptr<{}>", irName(pointee));
  return irName(kind);
}

int64_t Type::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string Type::str() const {
  if (!isTensor())
    return elem.str();
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += fmt::format("{}x", d);
  s += elem.str();
  if (layout)
    s += ", " + layout->str();
  return s + ">";
}

} // namespace tritonc
