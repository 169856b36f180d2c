// Which tensor elements each thread owns under any layout of Layout.h, as
// plain numbers: codegen turns them into address arithmetic and the
// shared-memory analyses size their buffers with the same answers.
//
// Every layout here is a map from the bits of (register index, lane, warp)
// to coordinates in which each bit moves along one parent dim by a power of
// two (a linear layout whose bases each touch one dim). Along each dim the
// bits come in groups, finest first: a blocked layout's dim d is
// [sizePerThread registers, threadsPerWarp lanes, warpsPerCTA warps,
// repetitions]; an MMA accumulator's rows are [8 lanes, 2 registers, warps,
// repetitions] and its columns [2 registers, 4 lanes, warps, repetitions].
// A coordinate is the sum of each group's index times the product of the
// counts before it, modulo the dim's size: a layout larger than the tensor
// wraps and replicates elements, and register groups shrink to what the
// tensor needs.
//
// Elements are listed in the layout's per-thread order: the fastest dim
// (order()[0]) varies fastest. A slice is listed as its parent lays out the
// shape with size-1 dims put back.
#pragma once

#include "tritonc/ir/Type.h"

#include <map>
#include <vector>

namespace tritonc {

enum class BitSource { Register, Lane, Warp };
struct BitGroup {
  BitSource source;
  unsigned count; // a power of two; registers: already shrunk to the tensor
  unsigned shift; // lanes and warps: where the group's bits sit in the lane (warp) id
  int64_t stride; // elements along the dim between neighbours of the group
};
// The groups of each parent dim, finest first.
std::vector<std::vector<BitGroup>> dimGroups(const Type &type);
// Where a thread's element with per-dim index `index` (perThreadIndices)
// sits along the dim, relative to the thread's first element.
int64_t registerOffset(const std::vector<BitGroup> &groups, unsigned index);

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

// The coordinates (parent dims) of each element thread `threadId` owns:
// the numeric twin of codegen's coordinates.
std::vector<std::vector<int64_t>> elementCoordinatesOf(const Type &type, unsigned threadId);

// Whether some element of `type` is held by more than one thread (a scalar
// always is: every thread holds it). A write of such a value to memory needs
// one chosen writer, and what that writer learns must be shared back.
bool replicatesElements(const Type &type);

} // namespace tritonc
