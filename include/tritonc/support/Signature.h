// The kernel signature string of Triton's AOT tool, extended (DESIGN.md §5):
//   "*fp16:16, *fp16:16, i32, 1024"        positional
//   "x_ptr=*fp32:16, BLOCK=1024, ..."      named, any order
//   "tensordesc<fp16[128, 64]>"            a host-side tensor descriptor
//   "(*fp16:16, *fp16:16, None)"           a tuple argument, one entry an element
// Parsing is pure: it knows nothing of the kernel. Binding entries to the
// kernel's parameters (and filling constexpr defaults) is sema's job.
#pragma once

#include "tritonc/support/ConstexprValue.h"
#include "tritonc/support/Diagnostics.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tritonc {

struct SignatureEntry {
  enum class Kind { Pointer, Scalar, Constexpr, TensorDesc, Tuple };
  Kind kind = Kind::Scalar;
  std::string name; // set only for `name=value` entries
  std::string
      dtype; // Pointer/Scalar: fp16 bf16 fp32 fp64 i1 i8 i16 i32 i64 u8 u16 u32 u64 (fp8e4nv fp8e5 for pointers)
  // Pointer: promised alignment in bytes (16) or 0. Integer scalar: 16 means
  // divisible by 16, 1 means equal to 1, 0 means no promise.
  int hint = 0;
  ConstexprValue value; // Constexpr only
  // TensorDesc: the block shape each access reads or writes (`dtype` is
  // the element type).
  std::vector<int64_t> blockShape;
  // Tuple: its elements, each a pointer, scalar or constant entry.
  std::vector<SignatureEntry> elements;
  std::string text; // the entry as written, trimmed
};

struct Signature {
  std::vector<SignatureEntry> entries;
  bool named() const { return !entries.empty() && !entries.front().name.empty(); }
};

// Reports each malformed entry as [BadSignature] and returns nullopt if any.
std::optional<Signature> parseSignature(std::string_view text, DiagnosticEngine &diags);

// A pointer or scalar entry as written, with its hint changed to `hint`: a
// `name=` the entry was written with stays, so the text reads as the
// signature it came from did.
std::string entryWithHint(const SignatureEntry &entry, int hint);

// "fp16" -> "float16", "i32" -> "int32", ...; empty for an unknown spelling.
std::string canonicalDTypeName(std::string_view signatureSpelling);

} // namespace tritonc
