// Global loads and stores for one thread's elements. Each run of `width`
// contiguous elements becomes one vector instruction (ld/st.global.v4 and
// the like). Masked accesses are predicated PTX (inline asm, as Triton
// does, so the predicate guards the access itself); when the mask may vary
// inside a run, the vector access runs only if the whole run is in bounds
// and each element falls back to a predicated scalar access otherwise, so
// interior blocks keep full-width accesses even when the bound is not a
// multiple of the width.
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <string>
#include <vector>

namespace tritonc::codegen {

struct AccessInfo {
  unsigned width = 1;         // elements per vector access; runs are aligned to it
  unsigned maskConstancy = 1; // the mask is equal over aligned runs of this length
  std::string cache;          // Triton's cache_modifier: ".ca", ".cg", ".cs", ".cv", ".wb", ".wt" or empty
  std::string eviction;       // "evict_first", "evict_last" or empty
  bool isVolatile = false;    // tl.load(volatile=True)
};

// `mask` and `other` are empty when absent; `memoryType` is the element's
// type in memory (i8 for i1 values).
std::vector<llvm::Value *> emitLoad(llvm::IRBuilder<> &b, llvm::Type *memoryType,
                                    const std::vector<llvm::Value *> &pointers, const std::vector<llvm::Value *> &mask,
                                    const std::vector<llvm::Value *> &other, const AccessInfo &info);

void emitStore(llvm::IRBuilder<> &b, const std::vector<llvm::Value *> &pointers,
               const std::vector<llvm::Value *> &values, const std::vector<llvm::Value *> &mask,
               const AccessInfo &info);

} // namespace tritonc::codegen
