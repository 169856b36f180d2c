// What every op's code generation shares within one kernel: the builder,
// the thread id, element coordinates (computed once, in the entry block),
// and the CTA's shared memory. Ops that exchange data between threads
// (reductions, layout conversions) get their buffer from the shared-memory
// allocation and a barrier before an access only where the hazard analysis
// asks for one (tritonc/analysis/SharedMemoryHazards.h).
#pragma once

#include "tritonc/analysis/SharedMemoryHazards.h"
#include "tritonc/ir/SharedLayout.h"
#include "tritonc/ir/Type.h"
#include "tritonc/ir/WarpShuffle.h"

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace tritonc::codegen {

using Elements = std::vector<llvm::Value *>;

class EmitContext {
public:
  EmitContext(llvm::Module &module, llvm::IRBuilder<> &builder, const SharedMemoryAllocation &allocation,
              const SharedMemoryHazards &hazards)
      : module(module), b(builder), allocation_(allocation), hazards_(hazards) {}

  llvm::Module &module;
  llvm::IRBuilder<> &b;
  // Where thread coordinates are computed: before this block's terminator,
  // from `threadId` (the entry block's, until a new scope begins).
  llvm::BasicBlock *entry = nullptr;
  llvm::Value *threadId = nullptr;
  // Code after a loop reads the thread id afresh, through an instruction
  // LLVM may not merge with the first read, and computes its coordinates
  // from it: otherwise what only that code needs (an epilogue's exchange
  // addresses) is computed in the entry block and holds registers through
  // the loop, which ptxas then repays inside the loop.
  void beginThreadScope();
  bool exp2ShortPredicates = false; // CodegenOptions::exp2ShortPredicates
  bool hasStmatrix = false;         // sm_90 and later
  bool hasHalfToBf16 = false;       // Target::hasHalfToBf16Conversion
  bool hasIntToBf16 = false;        // Target::hasIntToBf16Conversion
  // The warp's number, read from lane 0 once at entry (made on first use):
  // visibly the same in every lane, so ptxas keeps what derives from it in
  // uniform registers.
  llvm::Value *uniformWarpId();

  llvm::Type *scalarType(ScalarKind k);

  // The thread's element coordinates for tensors of type `t`.
  const std::vector<std::vector<llvm::Value *>> &coordinates(const Type &t);

  // Code generation of `op` starts (ends): its shared-memory accesses
  // follow, in the order the analyses model them. Ends check that codegen
  // made exactly the accesses the analyses planned. Ops with regions nest.
  void beginOp(const tir::Op &op);
  void endOp();
  // The current op's buffer, at least `bytes` long.
  llvm::Value *scratch(uint64_t bytes);
  // Before each round's write, then its read: a barrier where needed.
  void beforeSharedWrite();
  void beforeSharedRead();
  void barrier();
  // After a `warp_specialize` op, the consumer warps' threads: they alone
  // meet at barriers (named barrier 1). 0: the whole CTA meets.
  unsigned consumerThreads = 0;
  // The thread that starts bulk copies: 0, or inside a producer region
  // that region's first thread.
  unsigned leaderThread = 0;
  unsigned sharedBytes() const { return unsigned(allocation_.totalBytes()); }

private:
  void nextAccess(bool write);
  const SharedBuffer *currentBuffer() const;

  llvm::Value *warpId_ = nullptr;
  std::unordered_map<std::string, std::vector<std::vector<llvm::Value *>>> coordinates_;
  const SharedMemoryAllocation &allocation_;
  const SharedMemoryHazards &hazards_;
  struct OpInProgress {
    const tir::Op *op;
    unsigned accesses;
  };
  std::vector<OpInProgress> ops_;
  llvm::GlobalVariable *shared_ = nullptr;
};

// Combines two values of a reduction or scan given as their parts, one
// scalar each (one part; value and index for argmax; n for a combine
// region): the left operand, then the right.
using Combine = std::function<Elements(const Elements &, const Elements &)>;
// The combine of a builtin {kind} (sum, max, min, argmax, argmin) on `k`.
Combine builtinCombine(llvm::IRBuilder<> &b, const std::string &kind, ScalarKind k);

// Ops that move data between threads or change shape (TensorOps.cpp).
// `in` holds one list per operand (part); the result has one list per
// result, the same parts.
// `exact`: the combine is exact and associative on integers (sum, min,
// max, xor, ...), so a thread may fold its own elements in any grouping.
// `costly`: the combine is a function's region (a Welford step divides),
// emitted again for every pair it combines.
std::vector<Elements> emitReduce(EmitContext &ctx, const Type &inType, unsigned axis, const Combine &combine,
                                 bool exact, bool costly, const std::vector<Elements> &in, const Type &outType);
// An inclusive scan along tensor dim `axis`; a reverse scan runs from the
// last element to the first, the running value as the left operand.
std::vector<Elements> emitScan(EmitContext &ctx, const Type &type, unsigned axis, bool reverse, const Combine &combine,
                               const std::vector<Elements> &in);
Elements emitBroadcast(const Type &from, const Type &to, const Elements &in);
// A permutation of dims between layouts that are the same permutation of
// each other: no data moves.
Elements emitTrans(const Type &from, const Type &to, const std::vector<int64_t> &order, const Elements &in);
// Through shared memory; each element is read from its first owner.
Elements emitConvertLayout(EmitContext &ctx, const Type &from, const Type &to, const Elements &in);
// Writes 16-bit `in`, a 2-D tile of `type` held as 8x8 matrices (an MMA
// accumulator's layout), into `tile` at `base` with stmatrix (sm_90);
// false, writing nothing, where the layout or the target does not allow.
bool writeTileByStmatrix(EmitContext &ctx, const Type &type, const Elements &in, const SharedTile &tile,
                         llvm::Value *base);
// Within each warp, by the plan's shuffles (tritonc/ir/WarpShuffle.h).
Elements emitWarpShuffle(EmitContext &ctx, const WarpShufflePlan &plan, const Elements &in);

// A thread's elements converted between an fp8 format and fp16, bf16 or
// fp32, two per instruction (Fp8Conversions.cpp); sm_89 and later.
Elements convertFp8(EmitContext &ctx, const Elements &in, ScalarKind from, ScalarKind to);
llvm::Value *fp8ToF32(EmitContext &ctx, llvm::Value *v, ScalarKind from);

// An integer to bf16 with one rounding, for targets without an integer to
// bf16 conversion (IntToBfloat.cpp).
llvm::Value *intToBf16RoundedOnce(llvm::IRBuilder<> &b, llvm::Value *x, bool isSigned);

// Elementwise math (MathOps.cpp).
// `flushSubnormals`: an `exp` whose subnormal results may be zero (FlushAbsorbedSubnormals.h).
llvm::Value *emitMath(EmitContext &ctx, const std::string &fn, llvm::Value *x, bool flushSubnormals = false);
// `result` null: the first argument's type.
llvm::Value *emitExternCall(EmitContext &ctx, const std::string &symbol, const std::vector<llvm::Value *> &args,
                            llvm::Type *result = nullptr);

} // namespace tritonc::codegen
