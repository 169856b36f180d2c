// Which tensor elements each thread owns under a (possibly sliced) blocked
// layout, as plain numbers: codegen turns them into address arithmetic and
// the shared-memory analyses size their buffers with the same answers.
// Elements are listed in the layout's per-thread order: within a thread the
// fastest dim varies fastest, and each group of sizePerThread[order[0]]
// elements is contiguous along that dim. A slice is listed as its parent
// lays out the shape with size-1 dims put back.
#pragma once

#include "tritonc/ir/Type.h"

#include <map>
#include <vector>

namespace tritonc {

// Number of elements each thread holds for a tensor of `type` (1 for a
// scalar).
unsigned elementsPerThread(const Type &type);

// For each element a thread owns, its per-dim position in the thread's
// enumeration (parent dims; the same in every thread).
std::vector<std::vector<unsigned>> perThreadIndices(const Type &type);
// The inverse: where each per-thread index sits in that enumeration.
std::map<std::vector<unsigned>, size_t> perThreadPositions(const Type &type);

// Elements one thread holds along parent dim d, and how many of them are
// contiguous (one sizePerThread group, clipped to the tensor).
unsigned perThreadAlong(const Type &type, unsigned parentDim);
unsigned contiguousPerThread(const Type &type, unsigned parentDim);

// The lane distance between threads that differ by one step along parent
// dim `d`, the number of distinct lane positions along it, and the same
// for warps.
struct AxisSpread {
  unsigned laneStride, lanes, warpStride, warps;
};
AxisSpread axisSpread(const Type &type, unsigned parentDim);

// Lanes (or warps) before dim d in `order`: the stride between neighbours
// along d.
unsigned strideBefore(const std::vector<unsigned> &order, const std::vector<unsigned> &counts, unsigned d);

// Whether some element of `type` is held by more than one thread (a scalar
// always is: every thread holds it). A write of such a value to memory needs
// one chosen writer, and what that writer learns must be shared back.
bool replicatesElements(const Type &type);

} // namespace tritonc
