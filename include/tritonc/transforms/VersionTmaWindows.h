// Bulk tensor copies (TMA) for the pointer tiles of a matmul's K loop.
//
// The pipeliner copies a tile with TMA when its load names a window of a
// row-major tensor the host knows (`window_pointers`, which tensor
// descriptors and block pointers make). Pointer arithmetic of the form
//
//     base + (r0 + arange(BM))[:, None] * stride + (c0 + arange(BK))[None, :]
//
// names one too, either index possibly wrapped (`% D`), when the tile moves
// each iteration by whole rows or whole columns (`ptrs += BK * stride_k`)
// or is computed afresh, and each dim is bounded: by a term of the load's
// mask (`idx < D`; along the dim it moves, `idx < X - k * BK`) or by its
// wrap. Outside the tensor TMA reads zeros, as the mask's zero `other` does.
// It does not wrap, and reads nothing before row or column 0, so the
// window is the same tile only where each wrapped tile lies whole inside
// its tensor and no tile starts below zero. Where that is not proven, the
// loop runs twice in the IR, chosen once before it:
//
//     if (every tile whole, no start negative) { the loop, loads as windows }
//     else                                     { the loop as written }
//
// Only loops the pipeliner copies with TMA are changed: on a target with
// TMA (and not `--no-tma`), pipelined, whose loads feed only wgmma dots
// that accumulate across iterations.
//
// Before: GPU-level IR, the pipeliner not yet run. After: the same values
// computed; such loads read a `window_pointers` of their pointers.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

void versionLoopsForTmaWindows(tir::Module &module);

} // namespace tritonc
