// Code generation (DESIGN.md §4): GPU-level tile IR -> LLVM IR (NVPTX) ->
// PTX through LLVM's NVPTX backend (O1 pipeline, aggressive instruction
// selection). This header exposes no LLVM types, so the driver and tests
// need not see LLVM's headers.
//
// Before: GPU-level IR (every tensor has a layout, verified).
// After:  LLVM IR text or PTX text for the requested architecture.
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/support/PhaseTimes.h"
#include "tritonc/support/Target.h"

#include <string>

namespace tritonc {

struct CodegenOptions {
  Target target = Target::hopper();
  std::string libdevicePath;   // empty: the toolkit's, found at build time
  PhaseTimes *times = nullptr; // when set, charged per phase
  // fp32 exp as ex2.approx.f32 computes it, but with a predicate live for
  // one instruction each instead of across the ex2 (MathOps.cpp): faster
  // where many exponentials are in flight, at the cost of a register each
  // (`--exp2-form=short-predicates`). exp2 flushes to zero as in Triton
  // and needs no predicate.
  bool exp2ShortPredicates = false;
  // The most registers a thread may use (PTX `.maxnreg`, Triton's
  // `maxnreg`); 0 leaves it to ptxas. A cap that lets one more CTA share an
  // SM can be worth a few spills (`--maxnreg`).
  unsigned maxRegisters = 0;
};

enum class CodegenOutput { LLVM, PTX };

// Throws InternalError when LLVM rejects what tritonc built. When given,
// `sharedBytes` receives the dynamic shared memory a launch must provide.
std::string generateCode(const tir::Module &module, const CodegenOptions &options, CodegenOutput output,
                         unsigned *sharedBytes = nullptr);

// `mul.wide.s32 d, r, 2^k` (and `.u32`) in PTX text written as a widening
// `cvt` and a `shl.b64`, or, where only an `add.s64` on the next line reads
// it, fused with that add into one `mad.wide` (WideMultiplies.cpp says
// why); every other line is kept as it is. Unless `splitEverywhere`, a
// product read more than four times, or made in a loop and read at most
// twice, stays a `mul.wide`.
std::string splitWideMultiplies(const std::string &ptx, bool splitEverywhere = true);

// The split undone (not the fusion: a `mad.wide` stays): each widening
// `cvt` followed by a `shl.b64` of its result in place, as
// splitWideMultiplies writes them, back into one `mul.wide`.
// ptxas may then recompute the offset from its 32-bit register rather than
// keep the 64-bit one live, which a kernel short of registers needs.
std::string joinWideMultiplies(const std::string &ptx);

} // namespace tritonc
