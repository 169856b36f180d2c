// Value types shared by sema and the tile IR: scalars, pointers and
// statically shaped tensors (DESIGN.md §2). A tensor type may carry a layout
// once layout assignment has run.
#pragma once

#include "tritonc/ir/Layout.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

enum class ScalarKind : uint8_t {
  I1,
  I8,
  I16,
  I32,
  I64,
  U8,
  U16,
  U32,
  U64,
  F8E4NV,
  F8E5,
  F16,
  BF16,
  F32,
  F64,
  Ptr,
};

bool isInteger(ScalarKind k);            // I1..U64
bool isSigned(ScalarKind k);             // I8..I64 (I1 counts as unsigned, as in Triton)
bool isFloat(ScalarKind k);              // F8E4NV..F64
bool isFp8(ScalarKind k);                // F8E4NV, F8E5: stored and converted, never computed with
unsigned bitWidth(ScalarKind k);         // Ptr: 64
const char *irName(ScalarKind k);        // "i32", "f16", "bf16", "ptr"
const char *tritonName(ScalarKind k);    // "int32", "float16" (Triton's tl.* names)
const char *signatureName(ScalarKind k); // "i32", "fp16" (as a signature spells them)
std::optional<ScalarKind> scalarFromTritonName(const std::string &name);
std::optional<ScalarKind> scalarFromSignature(const std::string &spelling); // "fp32", "i32"

// The element type: a scalar, or a pointer to one in global memory.
struct ElemType {
  ScalarKind kind = ScalarKind::I32;
  ScalarKind pointee = ScalarKind::I32; // meaningful when kind == Ptr
  // A pointer from a `tl.const` parameter: Triton refuses stores through
  // it. Sema's concern only; it takes no part in type equality.
  bool readOnly = false;

  static ElemType scalar(ScalarKind k) { return {k, ScalarKind::I32, false}; }
  static ElemType pointerTo(ScalarKind k) { return {ScalarKind::Ptr, k, false}; }
  bool isPointer() const { return kind == ScalarKind::Ptr; }
  bool operator==(const ElemType &o) const {
    return kind == o.kind && (kind != ScalarKind::Ptr || pointee == o.pointee);
  }
  std::string str() const;
};

struct Type {
  ElemType elem;
  std::vector<int64_t> shape; // empty: a scalar
  std::optional<Layout> layout;

  static Type scalar(ElemType e) { return {e, {}, std::nullopt}; }
  static Type tensor(ElemType e, std::vector<int64_t> shape) { return {e, std::move(shape), std::nullopt}; }

  bool isTensor() const { return !shape.empty(); }
  // Held in shared memory (a ring buffer, one of its slots, a staged
  // tile) rather than spread over the threads' registers.
  bool inSharedMemory() const { return layout && layout->shared; }
  int64_t numElements() const;
  Type withElem(ElemType e) const { return {e, shape, layout}; }
  Type withoutLayout() const { return {elem, shape, std::nullopt}; }
  bool operator==(const Type &o) const { return elem == o.elem && shape == o.shape && layout == o.layout; }
  bool operator!=(const Type &o) const { return !(*this == o); }
  std::string str() const; // "i32", "tensor<1024xf32>", "tensor<1024xptr<f32>, #blocked<...>>"
};

} // namespace tritonc
