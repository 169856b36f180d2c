// Whether the Tensor Memory Accelerator can move a tile between global and
// shared memory: the tile is a window of a row-major tensor whose base,
// shape and strides the host knows (a tensor map, TensorMaps.h). Read by
// the software pipeliner for the loads it copies ahead, and by
// bulk-tensor-accesses for descriptor loads outside loops and descriptor
// stores.
//
// Holds after assign-layouts (the window's offsets have axis info).
#pragma once

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/ir/IR.h"

#include <optional>
#include <vector>

namespace tritonc {

// A dim of a tensor outside the two a tile spans (a 3-D descriptor's
// batch): the window holds one index of it.
struct OuterDim {
  KernelScalar size, stride;
  tir::Value *coord;
};

// What a bulk tensor copy of a tile needs: the tensor as the host knows it
// (TensorMaps.h), and the window's first row and column, and its index
// along each outer dim (outermost first).
struct TmaSource {
  KernelScalar base, rows, cols, rowStride;
  tir::Value *row, *col;
  std::vector<OuterDim> outer;
};

// The window `pointers` address when TMA can move it: a 2-D window
// (`window_pointers`, possibly reshaped to drop leading size-1 dims) of a
// row-major tensor, with the 16-byte alignment of base and rows that
// tensor maps require, starting at a column 16-byte aligned too (the copy
// traps otherwise), moved in boxes of at most 256 rows and 128-byte lines.
// A tensor descriptor's window of more dims qualifies when it holds one
// index of each dim before the last two (its [1, M, K] tile as [M, K]).
// With `descriptorOnly`, a block pointer's window does not: a store through
// one writes what its boundary check leaves unmasked, which TMA would clip
// (bulk-tensor-accesses takes descriptors only, for loads too, as Triton
// does; the pipeliner takes both).
// Whether TMA moves a [rows, cols] tile of `kind` elements: a type it
// copies, in boxes of at most 256 rows and 128-byte lines that cover the
// tile's columns whole.
bool tmaMovesTile(ScalarKind kind, int64_t rows, int64_t cols);

std::optional<TmaSource> tmaWindow(const tir::Function &function, const AxisInfoAnalysis &axis,
                                   const tir::Value *pointers, bool descriptorOnly);

} // namespace tritonc
