// Which tensor elements each thread owns under a (possibly sliced) blocked
// layout. Elements are listed in the layout's per-thread order: within a
// thread the fastest dim varies fastest, and each group of
// sizePerThread[order[0]] elements is contiguous along that dim. A slice
// is listed as its parent lays out the shape with size-1 dims put back.
#pragma once

#include "tritonc/ir/Type.h"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace tritonc::codegen {

// Number of elements each thread holds for a tensor of `type`.
unsigned elementsPerThread(const Type &type);

// For each element a thread owns, its per-dim position in the thread's
// enumeration (parent dims; the same in every thread).
std::vector<std::vector<unsigned>> perThreadIndices(const Type &type);

// For each element the thread owns, its coordinate along every tensor dim.
std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId);

// True in one thread only for each element: layouts that cover more than
// the tensor replicate elements, and a write to memory needs one writer.
// With `warpSpreadDim` set, threads in different warps along that parent
// dim all count as owners (each holds its own partial result).
llvm::Value *isFirstOwner(llvm::IRBuilder<> &b, const Type &type, llvm::Value *threadId, int warpSpreadDim = -1);

// The lane distance between threads that differ by one step along parent
// dim `d`, the number of distinct lane positions along it, and the same
// for warps (`laneCoord`/`warpCoord` give the thread's position).
struct AxisSpread {
  unsigned laneStride, lanes, warpStride, warps;
};
AxisSpread axisSpread(const Type &type, unsigned parentDim);
llvm::Value *warpCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned parentDim, llvm::Value *threadId);
llvm::Value *laneCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned parentDim, llvm::Value *threadId);

} // namespace tritonc::codegen
