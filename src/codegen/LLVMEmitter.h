// Tile IR (GPU level) -> LLVM IR for NVPTX: each tensor value becomes the
// list of elements the executing thread owns under its layout
// (ThreadLayout.h); elementwise ops map element by element.
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/support/Target.h"

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <memory>

namespace tritonc::codegen {

// `sharedBytes` receives the dynamic shared memory the kernels need.
// `target` picks instructions: sm_90a's dots take wgmma where they fit;
// `exp2ShortPredicates` the form of exponentials (CodegenOptions).
std::unique_ptr<llvm::Module> emitLLVM(const tir::Module &module, llvm::LLVMContext &context, unsigned &sharedBytes,
                                       const Target &target, bool exp2ShortPredicates, unsigned maxRegisters);

// Whether emitLLVM wrote vector atomics, which need PTX 8.1.
bool usesVectorAtomics(const llvm::Module &m);

} // namespace tritonc::codegen
