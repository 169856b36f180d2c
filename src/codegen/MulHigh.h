// `tl.umulhi`: the high half of an unsigned product.
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

namespace tritonc::codegen {

// The high half of x * y, for integers of one width. 32-bit operands go
// through mul.wide.u32 rather than mul.hi.u32: ptxas (CUDA 13.0, -O2 and
// up) fuses a mul.hi.u32 with the adds that read it into IMAD.HI.U32 with
// a 64-bit addend, and when one product feeds several adds it may reuse
// the pair after changing its high register, storing one element's sum
// for another's (difftest dt_922232: rows 14-15 of a tile got rows 6-7).
// The widening multiply's high word does not take that fused form.
llvm::Value *unsignedMulHigh(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Value *y);

// Philox multiplies the same two words for the high half (`tl.umulhi`) and
// the low (`*`): each 32-bit `mul` of two values whose widening product an
// earlier unsignedMulHigh of its block computed takes that product's low
// word instead of multiplying again (the dropout sample: 128 `mul.lo.u32`
// fewer a thread).
void reuseWideProductLowWords(llvm::Module &module);

} // namespace tritonc::codegen
