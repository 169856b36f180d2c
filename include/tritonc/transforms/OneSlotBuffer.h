// A register tile that a tensor-core dot reads from shared memory instead,
// written into a buffer of one slot: what hoist-dot-operands and
// stage-transposed-operands both make. The slot stores the tile along the
// dim its threads hold contiguously, so the store writes whole runs.
#pragma once

#include "tritonc/ir/IR.h"

namespace tritonc {

// Whether `v` is a tile in registers: neither in shared memory nor a slice.
bool inRegisters(const tir::Value *v);

// Whether `tile`'s threads hold it contiguously along its rows: its slot
// is then `#shared<colmajor>`.
bool heldColMajor(const Type &tile);

// The slot index every one-slot buffer is read at: an i32 constant 0 at
// `b`, which several buffers may share.
tir::Value *firstSlot(tir::Builder &b, SourceRange loc);

// At `b`: a `local_alloc` of [1, rows, cols] for `tile`, its slot stored
// column by column where `colMajor`, with an mbarrier where `barriers`
// (a slot a bulk tensor copy fills).
tir::Value *allocateOneSlot(tir::Builder &b, const Type &tile, bool colMajor, bool barriers, SourceRange loc);

// At `b`: a `local_alloc` of [1, rows, cols] laid out as `heldColMajor`
// says, then a `local_store` of `tile` into `slot`, marked `overwrites`
// when an earlier iteration's dot may still read the slot. Returns the
// buffer, for `local_slot` views.
tir::Value *storeInOneSlot(tir::Builder &b, tir::Value *tile, tir::Value *slot, bool overwrites, SourceRange loc);

} // namespace tritonc
