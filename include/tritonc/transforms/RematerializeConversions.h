// A layout conversion of a 1-D index vector that costs less to compute
// again than to exchange: `tile * BLOCK + tl.arange(0, BLOCK)` used both by
// a load and by a store in other layouts. Each such conversion (a barrier
// and a round trip through shared memory) becomes a copy of the chain that
// computed its operand, made in the conversion's layout. A small row
// loaded once and broadcast into tiles of two layouts (RoPE's cos and sin
// rows; a column of per-row means broadcast over a band of rows) is loaded
// again in the second layout, as Triton does. A tile of such arithmetic
// over broadcasts of index vectors (a causal mask `o[:, None] >= o[None,
// :]`) is computed again too: broadcasting moves no data, so each thread
// computes its own elements. Where the copies come to a few elements a
// thread (a narrow band of rows spread over many warps), float work and
// `where` are computed again as well, from values converted out of the
// destination layout read before their conversion.
//
// Before: after assign-layouts.  After: no `convert_layout` of an index
// vector (or a row or column made of one with expand_dims, or a tile
// broadcast from those) computed only from ranges, splats of scalars,
// constants, integer arithmetic, widening, narrowing, pointer offsets and
// comparisons on them, or from one load of fewer elements than the block
// has threads expanded or broadcast into such a row, column or tile (at
// most kMaxOps ops, or kMaxCheapOps whose copies hold at most
// kMaxCheapWork elements a thread; a repeated load sits right after the
// original). Nor any whose chain also holds elementwise float ops,
// selects and casts, and values converted out of the destination layout
// (read before that conversion), where the copies hold at most
// kMaxCheapWork elements a thread and no load is repeated. The originals
// stay for their other users (dead-code elimination removes the rest).
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void rematerializeConversions(tir::Module &module);

} // namespace tritonc
