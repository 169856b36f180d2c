// Reductions, broadcasts and layout conversions: the ops whose elements
// come from other elements of the same thread, of other lanes (shuffles)
// or of other warps (shared memory).
#include "EmitContext.h"
#include "ThreadLayout.h"

#include "tritonc/support/Diagnostics.h"

#include <llvm/IR/IntrinsicsNVPTX.h>

#include <map>

namespace tritonc::codegen {

namespace {

using Index = std::vector<unsigned>;

std::map<Index, size_t> positions(const Type &type) {
  std::map<Index, size_t> out;
  std::vector<Index> indices = perThreadIndices(type);
  for (size_t i = 0; i < indices.size(); ++i)
    out.emplace(indices[i], i);
  return out;
}

llvm::Value *combine(llvm::IRBuilder<> &b, const std::string &kind, ScalarKind k, llvm::Value *x, llvm::Value *y) {
  bool fp = isFloat(k), sign = isSigned(k);
  if (kind == "sum")
    return fp ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
  bool max = kind == "max";
  if (fp) // Triton's max/min reductions return the non-NaN operand
    return b.CreateBinaryIntrinsic(max ? llvm::Intrinsic::maxnum : llvm::Intrinsic::minnum, x, y);
  llvm::Intrinsic::ID id = max ? (sign ? llvm::Intrinsic::smax : llvm::Intrinsic::umax)
                               : (sign ? llvm::Intrinsic::smin : llvm::Intrinsic::umin);
  return b.CreateBinaryIntrinsic(id, x, y);
}

// shfl.sync.bfly on any scalar of up to 64 bits.
llvm::Value *shuffleXor(llvm::IRBuilder<> &b, llvm::Value *v, unsigned laneMask) {
  llvm::Type *type = v->getType();
  unsigned bits = type->getPrimitiveSizeInBits();
  auto shfl32 = [&](llvm::Value *word) {
    return b.CreateIntrinsic(llvm::Intrinsic::nvvm_shfl_sync_bfly_i32,
                             {b.getInt32(0xffffffff), word, b.getInt32(laneMask), b.getInt32(0x1f)});
  };
  llvm::Value *asInt = b.CreateBitCast(v, b.getIntNTy(bits));
  if (bits == 64) {
    llvm::Value *lo = shfl32(b.CreateTrunc(asInt, b.getInt32Ty()));
    llvm::Value *hi = shfl32(b.CreateTrunc(b.CreateLShr(asInt, 32), b.getInt32Ty()));
    llvm::Value *joined =
        b.CreateOr(b.CreateZExt(lo, b.getInt64Ty()), b.CreateShl(b.CreateZExt(hi, b.getInt64Ty()), 32));
    return b.CreateBitCast(joined, type);
  }
  llvm::Value *word = bits < 32 ? b.CreateZExt(asInt, b.getInt32Ty()) : asInt;
  llvm::Value *out = shfl32(word);
  if (bits < 32)
    out = b.CreateTrunc(out, b.getIntNTy(bits));
  return b.CreateBitCast(out, type);
}

// Flat row-major index of an element from its coordinates.
llvm::Value *flatIndex(llvm::IRBuilder<> &b, const std::vector<int64_t> &shape, const std::vector<llvm::Value *> &coord) {
  llvm::Value *flat = b.getInt32(0);
  for (size_t d = 0; d < shape.size(); ++d)
    flat = b.CreateAdd(b.CreateMul(flat, b.getInt32(uint32_t(shape[d]))), coord[d]);
  return flat;
}

// Runs `body` only where `condition` holds.
template <typename Fn> void emitIf(llvm::IRBuilder<> &b, llvm::Value *condition, Fn body) {
  llvm::Function *fn = b.GetInsertBlock()->getParent();
  auto *then = llvm::BasicBlock::Create(b.getContext(), "owner", fn);
  auto *done = llvm::BasicBlock::Create(b.getContext(), "owner.done", fn);
  b.CreateCondBr(condition, then, done);
  b.SetInsertPoint(then);
  body();
  b.CreateBr(done);
  b.SetInsertPoint(done);
}

} // namespace

Elements emitReduce(EmitContext &ctx, const Type &inType, unsigned axis, const std::string &kind, const Elements &in,
                    const Type &outType) {
  llvm::IRBuilder<> &b = ctx.b;
  ScalarKind k = inType.elem.kind;
  unsigned p = inType.layout->parentDim(axis);

  // Within the thread: fold the elements that differ only along the axis.
  std::vector<Index> inIndices = perThreadIndices(inType);
  std::map<Index, size_t> outPositions;
  if (outType.isTensor())
    outPositions = positions(outType);
  Elements acc(outType.isTensor() ? outPositions.size() : 1, nullptr);
  for (size_t i = 0; i < in.size(); ++i) {
    Index key = inIndices[i];
    key[p] = 0;
    size_t slot = outType.isTensor() ? outPositions.at(key) : 0;
    acc[slot] = acc[slot] ? combine(b, kind, k, acc[slot], in[i]) : in[i];
  }

  // Within the warp: butterfly over the lanes spread along the axis.
  AxisSpread spread = axisSpread(inType, p);
  for (unsigned step = 1; step < spread.lanes; step *= 2)
    for (llvm::Value *&v : acc)
      v = combine(b, kind, k, v, shuffleXor(b, v, step * spread.laneStride));
  if (spread.warps == 1)
    return acc;

  // Across warps: each warp's partial goes through shared memory.
  uint64_t outCount = outType.isTensor() ? uint64_t(outType.numElements()) : 1;
  llvm::Type *elemType = acc[0]->getType();
  llvm::Value *base = ctx.scratch(elemType, outCount * spread.warps);
  llvm::Value *warp = warpCoordinate(b, inType, p, ctx.threadId);
  std::vector<llvm::Value *> flat(acc.size(), b.getInt32(0));
  if (outType.isTensor()) {
    const auto &coords = ctx.coordinates(outType);
    for (size_t i = 0; i < acc.size(); ++i)
      flat[i] = b.CreateMul(flatIndex(b, outType.shape, coords[i]), b.getInt32(spread.warps));
  }
  ctx.barrier();
  emitIf(b, isFirstOwner(b, inType, ctx.threadId, int(p)), [&] {
    for (size_t i = 0; i < acc.size(); ++i)
      b.CreateStore(acc[i], b.CreateGEP(elemType, base, b.CreateAdd(flat[i], warp)));
  });
  ctx.barrier();
  Elements out;
  for (size_t i = 0; i < acc.size(); ++i) {
    llvm::Value *v = nullptr;
    for (unsigned w = 0; w < spread.warps; ++w) {
      llvm::Value *partial = b.CreateLoad(elemType, b.CreateGEP(elemType, base, b.CreateAdd(flat[i], b.getInt32(w))));
      v = v ? combine(b, kind, k, v, partial) : partial;
    }
    out.push_back(v);
  }
  return out;
}

Elements emitBroadcast(const Type &from, const Type &to, const Elements &in) {
  TRITONC_CHECK(from.layout->blocked == to.layout->blocked && from.layout->slicedDims == to.layout->slicedDims,
                "broadcast between different layouts");
  std::map<Index, size_t> fromPositions = positions(from);
  std::vector<int64_t> fromShape = from.layout->parentShape(from.shape);
  Elements out;
  for (Index index : perThreadIndices(to)) {
    for (size_t d = 0; d < index.size(); ++d)
      if (fromShape[d] == 1)
        index[d] = 0;
    out.push_back(in[fromPositions.at(index)]);
  }
  return out;
}

Elements emitConvertLayout(EmitContext &ctx, const Type &from, const Type &to, const Elements &in) {
  llvm::IRBuilder<> &b = ctx.b;
  llvm::Type *elemType = in[0]->getType();
  bool isBool = elemType->isIntegerTy(1); // bytes in memory
  llvm::Type *memType = isBool ? b.getInt8Ty() : elemType;
  llvm::Value *base = ctx.scratch(memType, uint64_t(from.numElements()));
  const auto &fromCoords = ctx.coordinates(from);
  const auto &toCoords = ctx.coordinates(to);
  ctx.barrier();
  emitIf(b, isFirstOwner(b, from, ctx.threadId), [&] {
    for (size_t i = 0; i < in.size(); ++i) {
      llvm::Value *v = isBool ? b.CreateZExt(in[i], memType) : in[i];
      b.CreateStore(v, b.CreateGEP(memType, base, flatIndex(b, from.shape, fromCoords[i])));
    }
  });
  ctx.barrier();
  Elements out;
  for (const auto &coord : toCoords) {
    llvm::Value *v = b.CreateLoad(memType, b.CreateGEP(memType, base, flatIndex(b, to.shape, coord)));
    out.push_back(isBool ? b.CreateICmpNE(v, b.getInt8(0)) : v);
  }
  return out;
}

} // namespace tritonc::codegen
