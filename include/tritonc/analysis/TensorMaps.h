// The tensor maps (CUtensorMap, 128 bytes each) that a function's bulk
// tensor copies (`tma_copy`, `tma_store`) read. Each distinct one is a hidden kernel
// parameter after the source parameters (PTX `.param .align 64 .b8 [128]`,
// a grid constant), in the order listed here; the launcher builds it on the
// host with cuTensorMapEncodeTiled before every launch, and the metadata
// says how (DESIGN.md §5), so other launchers can too.
//
// Holds for verified GPU-level IR: every base, shape and stride of a
// `tma_copy` or `tma_store` is a kernel parameter or a constant.
#pragma once

#include "tritonc/ir/IR.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace tritonc {

// A value the host knows before the launch.
struct KernelScalar {
  std::optional<unsigned> param; // index among the kernel parameters
  int64_t constant = 0;          // when no parameter

  bool operator==(const KernelScalar &) const = default;
};

// The box one copy moves into a row-major [rows, cols] slot: all rows and
// one 128-byte (or narrower) column block of the slot's swizzled layout
// (tritonc/ir/SharedLayout.h), whose swizzle the copy applies as it writes.
struct TmaBox {
  int64_t rows = 0, cols = 0;
  unsigned swizzleBytes = 0; // 128, 64 or 32; 0 when the layout has none
  int64_t copies = 0;        // boxes per slot, one per column block

  bool operator==(const TmaBox &) const = default;
};
TmaBox tmaBox(int64_t rows, int64_t cols, unsigned elementBytes);

struct TensorMap {
  unsigned baseParam = 0;
  ScalarKind elem = ScalarKind::F16;
  KernelScalar rows, cols; // the tensor's shape, dim 0 first
  KernelScalar rowStride;  // elements from one row to the next; columns are contiguous
  // Dims before the rows, outermost first: sizes and strides (elements);
  // the box is 1 along each.
  std::vector<KernelScalar> outerSizes, outerStrides;
  TmaBox box;

  bool operator==(const TensorMap &) const = default;
};

class TensorMaps {
public:
  explicit TensorMaps(const tir::Function &function);

  const std::vector<TensorMap> &maps() const { return maps_; }
  // The map a `tma_copy` or `tma_store` reads.
  unsigned indexOf(const tir::Op &copy) const { return index_.at(&copy); }

private:
  void add(const tir::Function &function, const tir::Op &copy);

  std::vector<TensorMap> maps_;
  std::unordered_map<const tir::Op *, unsigned> index_;
};

// `v` as the host knows it: a kernel parameter of `function` or a scalar
// integer constant; nullopt for anything computed.
std::optional<KernelScalar> kernelScalar(const tir::Function &function, const tir::Value *v);

} // namespace tritonc
