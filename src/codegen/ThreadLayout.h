// Which tensor elements each thread owns under a blocked layout, as LLVM
// values computed from the thread id. Elements are listed in the layout's
// per-thread order: within a thread, the fastest dim varies fastest, and
// each group of sizePerThread[order[0]] elements is contiguous in memory
// order along that dim.
#pragma once

#include "tritonc/ir/Type.h"

#include <llvm/IR/IRBuilder.h>

#include <vector>

namespace tritonc::codegen {

// Number of elements each thread holds for a tensor of `type`.
unsigned elementsPerThread(const Type &type);

// For each element the thread owns, its coordinate along every dim.
std::vector<std::vector<llvm::Value *>> elementCoordinates(llvm::IRBuilder<> &b, const Type &type,
                                                           llvm::Value *threadId);

} // namespace tritonc::codegen
