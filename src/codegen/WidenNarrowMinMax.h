// Integer minimum/maximum of 8- and 16-bit values computed at 32 bits.
//
// Before: an optimised LLVM module (after `optimize`, which narrows such
// operations back to their operands' width). After: every llvm.smin/smax/
// umin/umax call on i8/i16 scalars or vectors is the same operation on the
// sign- (signed) or zero-extended (unsigned) operands at i32, truncated
// back: the same value, written so that NVPTX emits `max.s32` on
// `cvt.s32.s16` values instead of `max.s16`. The reason is ptxas, not LLVM:
// see WidenNarrowMinMax.cpp.
#pragma once

namespace llvm {
class Module;
}

namespace tritonc::codegen {

void widenNarrowMinMax(llvm::Module &module);

} // namespace tritonc::codegen
