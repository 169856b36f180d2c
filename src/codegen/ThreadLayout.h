// The thread mapping of ThreadMapping.h as LLVM values: each thread's
// coordinates, computed from its thread id.
#pragma once

#include "tritonc/ir/ThreadMapping.h"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace tritonc::codegen {

// For each element the thread owns, its coordinate along every tensor dim.
std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId);

// True in one thread only for each element: layouts that cover more than
// the tensor replicate elements, and a write to memory needs one writer.
// With `warpSpreadDim` set, threads in different warps along that parent
// dim all count as owners (each holds its own partial result).
llvm::Value *isFirstOwner(llvm::IRBuilder<> &b, const Type &type, llvm::Value *threadId, int warpSpreadDim = -1);

// The flat row-major index of an element of `shape` from its coordinates.
llvm::Value *flatIndex(llvm::IRBuilder<> &b, const std::vector<int64_t> &shape,
                       const std::vector<llvm::Value *> &coord);

// The thread's lane (warp) position along parent dim `parentDim`.
llvm::Value *warpCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned parentDim, llvm::Value *threadId);
llvm::Value *laneCoordinate(llvm::IRBuilder<> &b, const Type &type, unsigned parentDim, llvm::Value *threadId);

} // namespace tritonc::codegen
