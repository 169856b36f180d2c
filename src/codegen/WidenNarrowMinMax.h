// Integer minimum/maximum of 8- and 16-bit values computed at 32 bits.
//
// Before: an optimised LLVM module (after `optimize`, which narrows such
// operations back to their operands' width). After: every llvm.smin/smax/
// umin/umax call on i8/i16 scalars or vectors is the same operation at i32
// on its operands shifted into the top of the word, the result shifted
// back: the same value, written so that NVPTX emits `max.s32` instead of
// `max.s16`. The reason is ptxas, not LLVM: see WidenNarrowMinMax.cpp.
#pragma once

namespace llvm {
class Module;
}

namespace tritonc::codegen {

void widenNarrowMinMax(llvm::Module &module);

} // namespace tritonc::codegen
