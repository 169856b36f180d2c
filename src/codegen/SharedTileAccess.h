// What the dot and copy emitters (MmaEmitter.cpp, DotEmitter.cpp,
// AsyncCopyEmitter.cpp) share: inline PTX calls, and addresses in swizzled
// shared-memory tiles and in the slots of a ring buffer.
#pragma once

#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/Type.h"

#include <llvm/IR/IRBuilder.h>

#include <string>
#include <vector>

namespace tritonc::codegen {

// A call of inline PTX returning `result` (void for none). `sideEffects`
// keeps it in place between the barriers and copies that order it: LLVM
// does not see what shared memory it reads or writes.
llvm::Value *inlinePtx(llvm::IRBuilder<> &b, llvm::Type *result, const std::string &text,
                       const std::string &constraints, const std::vector<llvm::Value *> &args, bool sideEffects);

// A tensor-core operand type as mma.sync and wgmma spell it (fp32 is read
// as tf32); empty for a type they do not take.
std::string ptxTypeName(ScalarKind k);

// The element offset of 16-byte chunk `chunk` of stored line `line` of a
// swizzled tile.
llvm::Value *swizzledChunkOffset(llvm::IRBuilder<> &b, const SwizzledLayout &s, llvm::Value *line, llvm::Value *chunk);

// The element offset of (row, col) in `tile`.
llvm::Value *sharedTileOffset(llvm::IRBuilder<> &b, const SharedTile &tile, llvm::Value *row, llvm::Value *col);

// The element offsets in `tile` of the thread's elements `elements` of a
// [rows, cols] tensor of `type` whose coordinates are `coords`. Where an
// element lies at the same distance from an earlier one in every thread,
// its offset is that earlier offset plus a constant, which the memory
// instructions take as an immediate: computing each one through the
// swizzle would keep a register per element live across the loop.
std::vector<llvm::Value *> sharedTileOffsets(llvm::IRBuilder<> &b, const SharedTile &tile, const Type &type,
                                             const std::vector<std::vector<llvm::Value *>> &coords,
                                             const std::vector<size_t> &elements);

// The start of slot `slot` of a ring buffer at `buffer` whose slots take
// `slotBytes` each.
llvm::Value *ringSlot(llvm::IRBuilder<> &b, llvm::Value *buffer, llvm::Value *slot, uint64_t slotBytes);

} // namespace tritonc::codegen
