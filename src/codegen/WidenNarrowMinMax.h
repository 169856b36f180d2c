// Integer minimum/maximum of 8- and 16-bit values computed at 32 bits, and
// of 32-bit values with a negated operand at 64 bits.
//
// Before: an optimised LLVM module (after `optimize`, which narrows such
// operations back to their operands' width). After: every llvm.smin/smax/
// umin/umax call on i8/i16 scalars or vectors, or on i32 with an operand
// `C - x`, is the same operation on a word twice as wide or more, its
// operands shifted into the top and the result shifted back: the same
// value, written so that ptxas never sees a narrow or negated min/max tree.
// The reason is ptxas, not LLVM: see WidenNarrowMinMax.cpp.
#pragma once

namespace llvm {
class Module;
}

namespace tritonc::codegen {

void widenNarrowMinMax(llvm::Module &module);

} // namespace tritonc::codegen
