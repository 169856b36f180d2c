// Moves each side-effect-free instruction of a basic block down to just
// before its first user in that block, bottom-up, so that a chain of
// elementwise ops over a thread's elements is computed element by element
// where it is consumed instead of op by op over all of them.
//
// The emitter writes tile ops one at a time over every element a thread
// holds: a kernel computing exp, log and products over 64 elements a
// thread keeps all 64 results of each op live until the next op reads
// them. Triton's code gets the per-element order from LLVM sinking into
// the blocks libdevice's branches split (Liger's JSD: ptxas spilled 1.2 KB
// of ours against 0.2 KB of Triton's). Memory operations, calls that are
// not pure (inline asm, shuffles, barriers) and PHIs stay where they are,
// and so does everything whose users are in other blocks.
//
// Before: LLVM IR after the optimisation pipeline.  After: the same
// instructions, reordered within blocks.
#pragma once

#include <llvm/IR/Function.h>

namespace tritonc::codegen {

void sinkToUses(llvm::Function &function);

} // namespace tritonc::codegen
