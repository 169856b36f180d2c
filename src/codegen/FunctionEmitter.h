// Emits one tile-IR function as an NVPTX kernel. Each tensor value becomes
// the list of elements the executing thread owns under its layout
// (ThreadLayout.h); elementwise ops map element by element.
//
// Split by concern: LLVMEmitter.cpp (the kernel, op dispatch, elementwise
// ops, memory), ControlFlowEmitter.cpp (for, if, while).
#pragma once

#include "EmitContext.h"
#include "MemoryAccess.h"
#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/ir/IR.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/Walk.h"

#include <functional>
#include <map>
#include <unordered_map>
#include <unordered_set>

namespace tritonc::codegen {

class FunctionEmitter {
public:
  FunctionEmitter(const tir::Function &function, unsigned numWarps, llvm::Module &module, bool hasWgmma)
      : function_(function), numWarps_(numWarps), producerWarps_(tir::producerWarps(function)), hasWgmma_(hasWgmma),
        usesWgmma_(hasWgmma && hasWgmmaDot(function.body)), dots_(countDots(function.body)), b_(module.getContext()),
        liveness_(function), allocation_(function, liveness_), hazards_(function, allocation_),
        ctx_(module, b_, allocation_, hazards_), axis_(function), tensorMaps_(function) {
    tir::collectUses(function.body, used_);
  }

  void setExp2ShortPredicates(bool on) { ctx_.exp2ShortPredicates = on; }
  void setHasStmatrix(bool on) { ctx_.hasStmatrix = on; }
  void setHasHalfToBf16(bool on) { ctx_.hasHalfToBf16 = on; }
  void setHasIntToBf16(bool on) { ctx_.hasIntToBf16 = on; }
  void setHasVectorAtomics(bool on) { hasVectorAtomics_ = on; }
  void setMaxRegisters(unsigned n) { maxRegisters_ = n; }
  // Returns the shared memory the kernel needs, in bytes.
  unsigned run();

private:
  static bool hasWgmmaDot(const tir::Block &block);
  static unsigned countDots(const tir::Block &block);
  void emit(const tir::Op &op);
  void emitOp(const tir::Op &op);
  const Elements &in(const tir::Value *v);
  llvm::Type *elementType(const ElemType &e) { return ctx_.scalarType(e.kind); }
  // How an element sits in memory: bools as bytes.
  llvm::Type *memoryType(ScalarKind k) { return k == ScalarKind::I1 ? b_.getInt8Ty() : ctx_.scalarType(k); }
  llvm::Value *constantValue(const tir::Op &op, ScalarKind kind);
  // For each element of `v` a thread holds, the first of its elements that
  // axis info proves equal to it (itself when none).
  std::vector<size_t> firstEqualElements(const tir::Value *v);
  // The order an elementwise op emits a thread's elements in.
  std::vector<size_t> emissionOrder(const tir::Op &op);
  bool loadsFitInFlight(const tir::Block &loopBody);
  AccessInfo accessInfo(const tir::Op &op, const tir::Value *mask);
  void emitLoad(const tir::Op &op);
  void emitStore(const tir::Op &op);
  void emitAtomic(const tir::Op &op); // AtomicEmitter.cpp
  // The atomic's update of every element, a run of them per instruction
  // where it can; the old values (poison where nothing reads them).
  Elements emitAtomicRuns(const tir::Op &op, const std::string &kind, llvm::Value *owner, const tir::Value *mask,
                          const std::string &sem, const std::string &ordering);
  void emitInlineAsm(const tir::Op &op); // InlineAsmEmitter.cpp
  void emitGather(const tir::Op &op);    // GatherEmitter.cpp
  void emitPrint(const tir::Op &op);     // PrintEmitter.cpp
  void emitDot(const tir::Op &op);       // DotEmitter.cpp
  // A dot whose result has an MMA layout, on the tensor cores; false for
  // any other (MmaEmitter.cpp).
  bool emitDotMma(const tir::Op &op);
  // The product of two tiles in shared memory on sm_90a's warpgroup
  // instruction, into `acc` (its MMA layout's elements); false, emitting
  // nothing, where the shapes or layouts do not fit it (WgmmaEmitter.cpp).
  // `registerA`, when set, gives A's fragment registers for (64-row block,
  // K step) instead of `aBase`: an earlier product's accumulator.
  using RegisterFragments = std::function<std::vector<llvm::Value *>(int64_t, int64_t)>;
  bool emitWgmma(const tir::Op &op, llvm::Value *aBase, const SharedTile &aTile, llvm::Value *bBase,
                 const SharedTile &bTile, const RegisterFragments &registerA, Elements &acc);
  // st.shared writes shared memory through the generic proxy, wgmma reads
  // it through the async one: in a kernel with wgmma dots, each thread
  // that stored a tile from registers fences its writes before the barrier
  // that publishes them (WgmmaEmitter.cpp).
  void fenceForWgmma();
  // `wgmma.wait_group pending`; when nothing stays pending, `acc` is then
  // read only after the wait (WgmmaEmitter.cpp).
  void waitForWgmma(unsigned pending, Elements &acc);
  // Passes each of `acc` through an empty asm with side effects where the
  // builder stands: what computes them stays before, what reads them after.
  void tieAccumulators(Elements &acc);
  // Writes the tile `v` holds at `base`, laid out as `tile`; one owner
  // writes each element (MmaEmitter.cpp).
  void storeTile(const tir::Value *v, llvm::Value *base, const SharedTile &tile);
  // Ring buffers and asynchronous copies of pipelined loops (AsyncCopyEmitter.cpp).
  void emitAsyncOp(const tir::Op &op);
  // Bulk tensor copies, their mbarriers, and the mbarriers' life
  // (BulkTensorCopyEmitter.cpp).
  void emitBulkTensorOp(const tir::Op &op);
  void initMbarriers(const tir::Value *ring);
  // The shared address of slot `slot`'s mbarrier in `ring`: the one its
  // copies arrive on, or (`released`) the one its readers release it on.
  llvm::Value *mbarrier(const tir::Value *ring, llvm::Value *slot, bool released = false);
  // A warp-specialised kernel's producer region and the ops that
  // coordinate it with the consumers (BulkTensorCopyEmitter.cpp).
  void emitWarpSpecialize(const tir::Op &op);
  void emitRingOp(const tir::Op &op);
  // Thread 0 runs `instruction(operand, released)` on every mbarrier of
  // `ring` ($operand its address): the arrival ones, then the release ones.
  void leaderOnEachMbarrier(const tir::Value *ring, const std::function<std::string(size_t, bool)> &instruction);
  // Each thread spins until `barrier` has completed the phase of `parity`.
  void waitForParity(llvm::Value *barrier, llvm::Value *parity, const std::string &label);
  static llvm::CmpInst::Predicate predicate(const std::string &p);
  // How a `reduce` or `scan` combines: its builtin kind, or its region's ops
  // emitted on scalars.
  Combine combineOf(const tir::Op &op);

  // Control flow.
  const tir::Op &emitRegion(const tir::Block &region);
  Elements phis(const Elements &initial, llvm::BasicBlock *from);
  void addIncoming(const Elements &phiValues, const Elements &incoming, llvm::BasicBlock *from);
  void emitFor(const tir::Op &op);
  void emitIf(const tir::Op &op);
  void emitWhile(const tir::Op &op);
  void keepInvariantsIn(const tir::Op &loop, llvm::BranchInst *backEdge);

  const tir::Function &function_;
  unsigned numWarps_;
  unsigned producerWarps_;      // launched beside the num_warps consumers (warp_specialize)
  unsigned entryRegisters_ = 0; // a warp-specialised kernel's registers a thread at entry
  std::map<const tir::Block *, bool> loadsFitInFlight_;
  unsigned maxRegisters_ = 0;     // CodegenOptions::maxRegisters
  bool hasWgmma_;                 // sm_90a
  bool usesWgmma_;                // some dot of the function takes wgmma
  unsigned dots_;                 // the function's dot ops
  bool hasVectorAtomics_ = false; // Target::hasVectorAtomics
  llvm::IRBuilder<> b_;
  Liveness liveness_;
  SharedMemoryAllocation allocation_;
  SharedMemoryHazards hazards_;
  EmitContext ctx_;
  AxisInfoAnalysis axis_;
  TensorMaps tensorMaps_;
  std::vector<llvm::Value *> tensorMapParams_; // generic addresses of the hidden parameters
  llvm::Function *fn_ = nullptr;
  std::unordered_map<const tir::Value *, Elements> values_;
  std::unordered_set<const tir::Value *> used_; // values some op reads
};

} // namespace tritonc::codegen
