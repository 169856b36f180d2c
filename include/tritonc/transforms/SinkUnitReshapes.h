// Unit-dim reshapes move to the memory access: a reshape that only inserts
// or removes dims of size 1 (`tl.reshape(acc, [1, M, N])` before a 3-D
// descriptor store, `tl.reshape(desc.load([b, m, k]), [M, K])` after a 3-D
// descriptor load) moves no element, but its operand and result must then
// share a layout across two ranks, which an MMA accumulator's cannot (its
// parent has two dims), so the accumulator went through shared memory. Here
// such reshapes leave the values and go onto the addresses instead, which
// are index arithmetic in blocked layouts:
// - an elementwise op whose tensor operands are all unit reshapes of one
//   shape (or constants and splats) computes at that shape, its result
//   reshaped;
// - a store of a unit reshape stores the reshape's operand through
//   reshaped pointers and mask;
// - a unit reshape of a load (its only use) becomes a load of reshaped
//   pointers, mask and padding, where the load was;
// - a unit reshape of a unit reshape reshapes the first operand once.
// Only values computed from a dot (elementwise, through unit reshapes) and
// loads whose tile reaches a dot's operand move: elsewhere a blocked layout
// exists for both shapes and the reshape only renames registers.
//
// Before: tile IR.  After: no store's value and no elementwise op's operand
// is a unit reshape of a value computed from a dot (unless another operand
// of that op is neither such a reshape nor a constant or splat); no load
// whose tile reaches a dot has a unit reshape as its only use. The bypassed
// reshapes are left for DCE.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {
void sinkUnitReshapes(tir::Module &module);
}
