// `tl.umulhi`: the high half of an unsigned product.
#pragma once

#include <llvm/IR/IRBuilder.h>

namespace tritonc::codegen {

// The high half of x * y, for integers of one width. 32-bit operands go
// through mul.wide.u32 rather than mul.hi.u32: ptxas (CUDA 13.0, -O2 and
// up) fuses a mul.hi.u32 with the adds that read it into IMAD.HI.U32 with
// a 64-bit addend, and when one product feeds several adds it may reuse
// the pair after changing its high register, storing one element's sum
// for another's (difftest dt_922232: rows 14-15 of a tile got rows 6-7).
// The widening multiply's high word does not take that fused form.
llvm::Value *unsignedMulHigh(llvm::IRBuilder<> &b, llvm::Value *x, llvm::Value *y);

} // namespace tritonc::codegen
