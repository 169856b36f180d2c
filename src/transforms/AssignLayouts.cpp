#include "tritonc/transforms/AssignLayouts.h"

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/ir/CudaCoreDotLayout.h"
#include "tritonc/ir/ReshapeLayout.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/ir/WgmmaFit.h"
#include "tritonc/support/Diagnostics.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

namespace tritonc {

namespace {

using tir::Op;
using tir::OpKind;
using tir::Value;

// Whether a dot runs on the tensor cores (mma.sync or wgmma): fp16 or bf16 operands
// into fp32 (or fp16 into fp16), fp32 into fp32 as tf32 unless the dot asks
// for "ieee", int8 into int32, fp8 into fp32; whole instruction tiles. The
// rest stays on CUDA cores in blocked layouts.
bool asksForIeee(const Op &dot) {
  const tir::Attribute *precision = dot.attr("input_precision");
  return precision && std::get_if<std::string>(precision) && std::get<std::string>(*precision) == "ieee";
}

bool usesTensorCores(const Op &dot) {
  const Type &a = dot.operands[0]->type, &b = dot.operands[1]->type, &c = dot.result()->type;
  ScalarKind in = a.elem.kind, out = c.elem.kind;
  bool fits;
  if (in == ScalarKind::F16 || in == ScalarKind::BF16)
    fits = b.elem.kind == in && (out == ScalarKind::F32 || (out == ScalarKind::F16 && in == ScalarKind::F16));
  else if (in == ScalarKind::F32)
    fits = b.elem.kind == in && out == ScalarKind::F32 && !asksForIeee(dot);
  else if (in == ScalarKind::I8 || in == ScalarKind::U8)
    fits = b.elem.kind == in && out == ScalarKind::I32;
  else
    fits = isFp8(in) && isFp8(b.elem.kind) && out == ScalarKind::F32;
  int64_t kPerInstruction = mmaInstructionShape(2, bitWidth(in), b.shape[1])[2];
  return fits && a.shape.size() == 2 && a.shape[0] >= 16 && a.shape[1] >= kPerInstruction && b.shape[1] >= 8;
}

// Whether a tensor-core dot suits sm_90a's wgmma before layouts exist:
// operand types it takes (WgmmaFit.h), every warp along M (warpgroups of
// four take 64-row blocks), K in 32-byte steps, N in 8s from 16 on, and
// tiles of whole swizzle patterns (256 bytes at the narrowest, 32-byte
// swizzle). The verifier checks the result against WgmmaFit's rule once
// the tiles' layouts are known.
bool fitsWgmma(const Op &dot, unsigned numWarps) {
  const Type &a = dot.operands[0]->type, &c = dot.result()->type;
  int64_t M = a.shape[0], K = a.shape[1], N = c.shape[1];
  int64_t bytes = int64_t(bitWidth(a.elem.kind) / 8);
  return wgmmaTakesOperands(dot) && numWarps % 4 == 0 && M % (16 * int64_t(numWarps)) == 0 &&
         K % mmaInstructionShape(3, bitWidth(a.elem.kind), N)[2] == 0 && N % 8 == 0 && N >= 16 &&
         (M * K * bytes) % 256 == 0 && (K * N * bytes) % 256 == 0;
}

// wgmma reads 8- and 32-bit operands along K only: A's rows and B's columns must
// be what the threads hold contiguously, since that decides how a staged
// or pipelined operand is stored. Layouts are not chosen yet: the loads'
// addresses tell (contiguous along K).
bool readsAlongK(const tir::Value *operand, unsigned kDim, const AxisInfoAnalysis &axis) {
  const Op *load = operand->definingOp();
  // A transposed tile (`b.T`) runs along K where the loaded one runs along the other dim.
  if (load && load->kind == OpKind::Trans && load->operands[0]->type.shape.size() == 2) {
    kDim = 1 - kDim;
    load = load->operands[0]->definingOp();
  }
  return load && load->kind == OpKind::Load && axis.get(load->operands[0]).contiguity[kDim] > 1;
}

// Or a tile each thread loads an element at a time (unaligned rows): its
// ring's single-element copies, or its staging stores, may lay it out
// along K whatever the layout (SoftwarePipeline.h, MmaEmitter.cpp).
bool storableAlongK(const tir::Value *operand, unsigned kDim, const AxisInfoAnalysis &axis) {
  if (readsAlongK(operand, kDim, axis))
    return true;
  const Op *load = operand->definingOp();
  if (load && load->kind == OpKind::Trans)
    load = load->operands[0]->definingOp();
  if (!load || load->kind != OpKind::Load || load->operands[0]->type.shape.size() != 2)
    return false;
  const tir::Value *pointers = load->operands[0];
  return axis.vectorWidthAlong(pointers, axis.fastestDim(pointers)) == 1;
}

bool fitsWgmmaOperands(const Op &dot, unsigned numWarps, const AxisInfoAnalysis &axis) {
  if (!fitsWgmma(dot, numWarps))
    return false;
  if (bitWidth(dot.operands[0]->type.elem.kind) == 16)
    return true;
  return storableAlongK(dot.operands[0], 1, axis) && storableAlongK(dot.operands[1], 0, axis);
}

// Built-in sums, maxima and minima combine in any order, so they reduce an
// MMA accumulator where it is (attention's row max and row sum: shuffles
// within each quad of lanes); a combine region keeps the blocked order.
bool reducesOnMma(const Op &reduce) {
  const std::string &kind = reduce.strAttr("kind");
  return kind == "sum" || kind == "max" || kind == "min";
}

// Two tensor-core dots in one loop body (attention's S = Q K^T, then P V):
// all warps go along M, so that a row's scores, its max and sum, and its
// output row live in one warp and combine with shuffles alone.
bool chainsDots(const tir::Block &body) {
  return std::count_if(body.ops.begin(), body.ops.end(), [](const std::unique_ptr<Op> &op) {
           return op->kind == OpKind::Dot && usesTensorCores(*op);
         }) > 1;
}

// The permutation that undoes `order`.
std::vector<int64_t> inverse(const std::vector<int64_t> &order) {
  std::vector<int64_t> undo(order.size());
  for (size_t d = 0; d < order.size(); ++d)
    undo[size_t(order[d])] = int64_t(d);
  return undo;
}

// The blocked tile `in` with its dims permuted as `trans` with `order`
// permutes a tensor's: result dim d is operand dim order[d].
Layout permuted(const Layout &in, const std::vector<int64_t> &order) {
  const BlockedLayout &b = in.blocked;
  Layout out;
  for (int64_t d : order) {
    out.blocked.sizePerThread.push_back(b.sizePerThread[size_t(d)]);
    out.blocked.threadsPerWarp.push_back(b.threadsPerWarp[size_t(d)]);
    out.blocked.warpsPerCTA.push_back(b.warpsPerCTA[size_t(d)]);
  }
  std::vector<int64_t> position = inverse(order);
  for (unsigned d : b.order)
    out.blocked.order.push_back(unsigned(position[d]));
  return out;
}

// The operand layout of a reduction whose result has layout `result`.
std::optional<Layout> unsliceForReduce(const Layout &result, unsigned axis) {
  for (unsigned p : result.slicedDims) {
    Layout candidate = result;
    candidate.slicedDims.erase(std::find(candidate.slicedDims.begin(), candidate.slicedDims.end(), p));
    if (candidate.parentDim(axis) == p)
      return candidate;
  }
  return std::nullopt;
}

class LayoutAssigner {
public:
  LayoutAssigner(tir::Function &f, unsigned numWarps, bool hasWgmma)
      : f_(f), numWarps_(numWarps), hasWgmma_(hasWgmma), axis_(f) {}

  void run() {
    // Dots choose first: their accumulators take the MMA layout (on CUDA
    // cores, blocks of results per thread) through loops and into the
    // elementwise epilogue, so that nothing converts per iteration and a
    // store converts once. Loads do not follow backwards: they stay
    // coalesced and convert where they meet the dots' values.
    tir::forEachOp(f_.body, [&](Op &op) {
      if (op.kind == OpKind::Dot && usesTensorCores(op)) {
        Layout mma = tensorCoreLayout(op);
        want(op.result(), mma);
        want(op.operands[2], mma);
      } else if (op.kind == OpKind::Dot) {
        if (std::optional<Layout> blocks = cudaCoreDotLayout(op.result()->type.shape, numWarps_)) {
          want(op.result(), *blocks);
          want(op.operands[2], *blocks);
        }
      }
    });
    keepLoadsOut_ = true;
    propagateToFixpoint();
    keepLoadsOut_ = false;
    // Accesses that can be vectorised choose first; a scalar one that
    // shares a value with them joins their layout, so that no conversion
    // sits between a wide load and a scalar access of the same values.
    tir::forEachOp(f_.body, [&](Op &op) { anchor(op, Anchor::Vectorised); });
    tir::forEachOp(f_.body, [&](Op &op) { anchor(op, Anchor::Scalar); });
    propagateToFixpoint();
    for (const auto &[value, layout] : storedValues_)
      want(value, layout);
    propagateToFixpoint();
    assign(f_.body);
  }

private:
  // The one decision of a tensor-core dot's instruction, recorded in its
  // accumulator's layout: wgmma where the target has it and the dot fits
  // (an A operand that is an earlier product still in registers, such as
  // attention's probabilities, feeds wgmma's register form), `mma.sync`
  // otherwise. wgmma and chained dots put every warp along M.
  Layout tensorCoreLayout(const Op &dot) const {
    const std::vector<int64_t> &shape = dot.result()->type.shape;
    unsigned version = hasWgmma_ && fitsWgmmaOperands(dot, numWarps_, axis_) ? 3 : 2;
    Layout mma = mmaLayoutFor(shape, numWarps_, version,
                              mmaInstructionShape(version, bitWidth(dot.operands[0]->type.elem.kind), shape[1]));
    if (chainsDots(*dot.parent) && shape[0] >= 16 * int64_t(numWarps_))
      mma.mma->warpsPerCTA = {numWarps_, 1};
    return mma;
  }

  static void walkReverse(tir::Block &block, const std::function<void(Op &)> &fn) {
    for (auto it = block.ops.rbegin(); it != block.ops.rend(); ++it) {
      for (auto r = (*it)->regions.rbegin(); r != (*it)->regions.rend(); ++r)
        walkReverse(**r, fn);
      fn(**it);
    }
  }

  Layout defaultFor(const Type &t) const { return defaultBlockedLayout(t.shape, 1, numWarps_); }

  // Preferences flow from users to producers, and to results nobody asked
  // for from their operands, until nothing changes.
  void propagateToFixpoint() {
    for (bool changed = true; changed;) {
      changed = false;
      walkReverse(f_.body, [&](Op &op) { changed |= propagate(op); });
    }
  }

  bool want(const Value *v, const Layout &l) {
    if (!v || !v->type.isTensor() || wanted_.count(v))
      return false;
    if (keepLoadsOut_ && v->definingOp() && v->definingOp()->kind == OpKind::Load)
      return false;
    wanted_.emplace(v, l);
    return true;
  }

  enum class Anchor { Vectorised, Scalar };

  // Whether several threads would hold each element: a memory access in
  // such a layout repeats work, worse than converting.
  static bool replicates(const Type &type, const Layout &l) {
    Type laidOut = type;
    laidOut.layout = l;
    return replicatesElements(laidOut);
  }

  // Loads, stores and atomics: coalesced along the dim their pointers run
  // contiguously (a transposed tile's columns; the last dim on a tie), as
  // wide as the pointers allow. A scalar access takes the layout a
  // vectorised one wants for one of its values, if any, as long as that
  // layout runs along the same dim.
  void anchor(Op &op, Anchor pass) {
    bool atomic = op.kind == OpKind::AtomicRMW || op.kind == OpKind::AtomicCAS;
    bool memory = op.kind == OpKind::Load || op.kind == OpKind::Store || atomic;
    if (!memory || !op.operands[0]->type.isTensor())
      return;
    const Type &pointer = op.operands[0]->type;
    int64_t perThread = std::max<int64_t>(1, pointer.numElements() / (32 * numWarps_));
    unsigned fastest = axis_.fastestDim(op.operands[0]);
    bool runs = axis_.get(op.operands[0]).contiguity[fastest] > 1;
    // Atomics update one element per instruction, except float adds, which
    // take 16 bytes at once (`atom.add.v8.bf16`, sm_90) as Triton's do.
    bool floatAdd = op.kind == OpKind::AtomicRMW && op.strAttr("kind") == "add" && isFloat(pointer.elem.pointee) &&
                    bitWidth(pointer.elem.pointee) <= 32;
    unsigned width = atomic && !floatAdd
                         ? 1
                         : unsigned(std::min<int64_t>(axis_.vectorWidthAlong(op.operands[0], fastest), perThread));
    if ((width > 1) != (pass == Anchor::Vectorised))
      return;
    std::vector<const Value *> values(op.operands.begin(), op.operands.end());
    if (!op.results.empty())
      values.push_back(op.result());
    Layout l =
        defaultBlockedLayout(pointer.shape, width, numWarps_, runs ? std::optional<unsigned>(fastest) : std::nullopt);
    // A load too small to give every thread its own element repeats its
    // elements in any layout: it anchors nothing and loads in the layout
    // its users want (a row of cos/sin broadcast over a 2-D tile loads
    // straight into the tile's slice layout, no conversion), as Triton
    // rematerialises such loads.
    if (op.kind == OpKind::Load && replicates(pointer, l))
      return;
    auto alongFastest = [&](const Layout &wanted) { return !runs || wanted.tensorDim(wanted.order()[0]) == fastest; };
    // A store or atomic that cannot be vectorised writes one element per
    // instruction and lane: in a layout giving each thread a run of
    // neighbours, every instruction would write scattered pieces of many
    // sectors (a looped, unhinted row norm stored at 0.6x Triton's speed;
    // a split-K matmul's atomics from the accumulator's layout at 0.9x). It
    // keeps one element per thread, lanes side by side, and takes a
    // conversion, as Triton does; loads may join such a layout, since L1
    // gathers their runs.
    auto runsPerThread = [&](const Layout &wanted) {
      Type laidOut = pointer;
      laidOut.layout = wanted;
      return contiguousPerThread(laidOut, wanted.parentDim(fastest)) > 1;
    };
    bool scalarWrite = (op.kind == OpKind::Store || atomic) && width == 1 && runs;
    for (const Value *v : values)
      if (pass == Anchor::Scalar && wanted_.count(v) && !replicates(pointer, wanted_.at(v)) &&
          alongFastest(wanted_.at(v)) && !(scalarWrite && runsPerThread(wanted_.at(v)))) {
        l = wanted_.at(v);
        break;
      }
    // Such a store converts only the value it writes, where it writes it:
    // what computes the value keeps the layout it gets from its operands.
    // So does any store of a value computed from loads, as Triton's stores
    // do: the loads' layouts carry forward through the arithmetic and the
    // store converts what it writes (Liger's JSD loads bf16 eight to a
    // thread and stores fp32 four to a thread: one conversion of the loss,
    // not four of its inputs). The store's layout is only a fallback for
    // values that get none from their operands.
    // What a store or atomic writes (CAS: pointer, compare, value); a load
    // may have no second operand.
    const Value *written = op.kind == OpKind::Load ? nullptr : op.operands[op.kind == OpKind::AtomicCAS ? 2 : 1];
    for (const Value *v : values) {
      if (op.kind == OpKind::Store && v == written && !scalarWrite)
        storedValues_.emplace_back(v, l);
      else if (!(scalarWrite && v == written))
        want(v, l);
    }
  }

  bool propagate(Op &op) {
    bool changed = false;
    auto linked = [&](const Value *a, const Value *b) { // two values that must agree
      if (wanted_.count(a))
        changed |= want(b, wanted_.at(a));
      if (wanted_.count(b))
        changed |= want(a, wanted_.at(b));
    };
    if (op.kind == OpKind::For || op.kind == OpKind::While || op.kind == OpKind::If) {
      for (size_t i = 0; i < op.results.size(); ++i) {
        for (auto &region : op.regions) {
          const Op &t = *region->ops.back();
          size_t skip = t.kind == OpKind::Condition ? 1 : 0;
          linked(op.result(unsigned(i)), t.operands[skip + i]);
        }
        if (op.kind == OpKind::For) {
          linked(op.result(unsigned(i)), op.operands[3 + i]);
          linked(op.result(unsigned(i)), op.regions[0]->args[1 + i].get());
        }
        if (op.kind == OpKind::While) {
          linked(op.result(unsigned(i)), op.operands[i]);
          linked(op.result(unsigned(i)), op.regions[0]->args[i].get());
          linked(op.result(unsigned(i)), op.regions[1]->args[i].get());
        }
      }
      return changed;
    }
    if (op.results.size() != 1 || !op.result()->type.isTensor())
      return false;
    if (!wanted_.count(op.result()))
      return inferFromOperands(op);
    const Layout l = wanted_.at(op.result());
    if (tir::hasTrait(op.kind, tir::kSameLayout)) {
      for (const Value *v : op.operands)
        changed |= want(v, l);
    } else if (op.kind == OpKind::Broadcast) {
      changed |= want(op.operands[0], l);
    } else if (op.kind == OpKind::Load) { // pointer, mask and other share the layout (anchors set them already)
      for (const Value *v : op.operands)
        changed |= want(v, l);
    } else if (op.kind == OpKind::Dot) { // the accumulator is the result's
      changed |= want(op.operands[2], l);
    } else if (op.kind == OpKind::ExpandDims) {
      changed |= want(op.operands[0], l.sliced(unsigned(op.intAttr("axis"))));
    } else if (op.kind == OpKind::Reduce) {
      if (std::optional<Layout> parent = unsliceForReduce(l, unsigned(op.intAttr("axis"))))
        changed |= want(op.operands[0], *parent);
    } else if (op.kind == OpKind::Trans) { // the operand laid out so that the transpose moves nothing
      if (l.isBlockedTile())
        changed |= want(op.operands[0], permuted(l, inverse(std::get<std::vector<int64_t>>(*op.attr("order")))));
    } else if (op.kind == OpKind::Reshape) { // the operand laid out so that the reshape moves nothing
      if (std::optional<Layout> source = reshapedLayout(l, op.result()->type.shape, op.operands[0]->type.shape))
        changed |= want(op.operands[0], *source);
    }
    return changed;
  }

  // Forward: a result nobody asked for takes the layout its operands were
  // asked for, so values computed from a load stay in the load's layout
  // (an accumulator in a loop, say) instead of the default.
  bool inferFromOperands(Op &op) {
    const Value *r = op.result();
    // While tensor-core layouts spread, index arithmetic they reached
    // (attention's causal mask compares row and key indices) does not carry
    // them on into what else is computed from it: load and store addresses,
    // which coalesce on their own; the indices are computed again in their
    // layout (rematerialize).
    if (keepLoadsOut_ && (isInteger(r->type.elem.kind) || r->type.elem.isPointer()))
      return false;
    if (tir::hasTrait(op.kind, tir::kSameLayout)) {
      for (const Value *v : op.operands)
        if (wanted_.count(v))
          return want(r, wanted_.at(v));
      return false;
    }
    const Value *x = op.operands.empty() ? nullptr : op.operands[0];
    if (!x || !wanted_.count(x))
      return false;
    const Layout &l = wanted_.at(x);
    unsigned axis = op.attr("axis") ? unsigned(op.intAttr("axis")) : 0;
    if (op.kind == OpKind::Dot)
      return wanted_.count(op.operands[2]) && want(r, wanted_.at(op.operands[2]));
    switch (op.kind) {
    case OpKind::Broadcast: return want(r, l);
    // A load too small to anchor (RoPE's 2-head k tile) loads in its
    // pointers' layout, and what is computed from it follows.
    case OpKind::Load: return want(r, l);
    case OpKind::Reduce: return r->type.isTensor() && (!l.isMma() || reducesOnMma(op)) && want(r, l.sliced(axis));
    case OpKind::ExpandDims:
      if (std::optional<Layout> parent = unsliceForReduce(l, axis))
        return want(r, *parent);
      return false;
    case OpKind::Reshape:
      if (std::optional<Layout> reshaped = reshapedLayout(l, x->type.shape, r->type.shape))
        return want(r, *reshaped);
      return false;
    default: return false;
    }
  }

  // The layout `v` must have when op `user` reads it.
  const Layout &layoutOf(const Value *v) { return *v->type.layout; }

  // Makes `operand` of `op` have layout `l`, recomputing a producer made
  // of scalars or converting. Inserts before `pos` in `block`.
  void require(tir::Block &block, std::list<std::unique_ptr<Op>>::iterator pos, Op &op, size_t operand,
               const Layout &l) {
    Value *v = op.operands[operand];
    if (!v->type.isTensor() || v->type.layout == l || !l.isSet())
      return;
    Type t = v->type;
    t.layout = l;
    tir::Builder b(block, pos);
    const Op *def = v->definingOp();
    // Index arithmetic on scalars alone (a constant, a range, a splat)
    // builds a tensor in any layout as cheaply as in the one it has.
    bool fromScalars =
        def && tir::hasTrait(def->kind, tir::kIndexArith) &&
        std::none_of(def->operands.begin(), def->operands.end(), [](const Value *o) { return o->type.isTensor(); });
    if (fromScalars)
      op.operands[operand] = b.create(def->kind, def->operands, {t}, def->attrs, def->loc)->result();
    else
      op.operands[operand] = b.value(OpKind::ConvertLayout, {v}, t, op.loc);
  }

  void setLayout(Value *v, const Layout &l) {
    if (v->type.isTensor())
      v->type.layout = l;
  }

  Layout chosen(const Value *v, const std::function<Layout()> &fallback) {
    auto it = wanted_.find(v);
    return it != wanted_.end() ? it->second : fallback();
  }

  void assign(tir::Block &block) {
    for (auto it = block.ops.begin(); it != block.ops.end(); ++it) {
      Op &op = **it;
      assignOp(block, it, op);
    }
  }

  void assignOp(tir::Block &block, std::list<std::unique_ptr<Op>>::iterator pos, Op &op) {
    auto firstTensorLayout = [&]() -> Layout {
      for (const Value *v : op.operands)
        if (v->type.isTensor())
          return layoutOf(v);
      return defaultFor(op.result()->type);
    };
    switch (op.kind) {
    case OpKind::For:
    case OpKind::While:
    case OpKind::If: {
      std::vector<Layout> layouts;
      size_t initBase = op.kind == OpKind::For ? 3 : 0;
      for (size_t i = 0; i < op.results.size(); ++i) {
        Value *r = op.result(unsigned(i));
        if (!r->type.isTensor()) { // scalars carry no layout
          layouts.emplace_back();
          continue;
        }
        Layout l = chosen(r, [&] {
          return op.kind == OpKind::If || !op.operands[initBase + i]->type.isTensor()
                     ? defaultFor(r->type)
                     : layoutOf(op.operands[initBase + i]);
        });
        layouts.push_back(l);
        setLayout(r, l);
        if (op.kind != OpKind::If)
          require(block, pos, op, initBase + i, l);
      }
      for (size_t ri = 0; ri < op.regions.size(); ++ri) {
        tir::Block &region = *op.regions[ri];
        size_t argBase = op.kind == OpKind::For ? 1 : 0;
        for (size_t i = 0; i < layouts.size() && op.kind != OpKind::If; ++i)
          setLayout(region.args[argBase + i].get(), layouts[i]);
        assign(region);
        Op &terminator = *region.ops.back();
        size_t skip = terminator.kind == OpKind::Condition ? 1 : 0;
        auto termPos = std::prev(region.ops.end());
        for (size_t i = 0; i < layouts.size(); ++i)
          require(region, termPos, terminator, skip + i, layouts[i]);
      }
      return;
    }
    case OpKind::Load:
    case OpKind::Store:
    case OpKind::AtomicRMW:
    case OpKind::AtomicCAS: {
      if (!op.operands[0]->type.isTensor())
        return;
      Layout l = chosen(op.operands[0], [&] { return layoutOf(op.operands[0]); });
      for (size_t i = 0; i < op.operands.size(); ++i)
        require(block, pos, op, i, l);
      if (!op.results.empty())
        setLayout(op.result(), l);
      return;
    }
    case OpKind::Scan: { // every part in the layout of the first result (the scanned values)
      Layout l = chosen(op.result(), [&] { return layoutOf(op.operands[0]); });
      if (l.isMma()) // scans run on blocked layouts
        l = defaultFor(op.result()->type);
      for (size_t i = 0; i < op.operands.size(); ++i)
        require(block, pos, op, i, l);
      for (auto &r : op.results)
        setLayout(r.get(), l);
      return;
    }
    case OpKind::Reduce: // (value, index) pairs, or a combine's parts, share the values' layout
      if (layoutOf(op.operands[0]).isMma() && !reducesOnMma(op))
        require(block, pos, op, 0, defaultFor(op.operands[0]->type));
      for (size_t i = 1; i < op.operands.size(); ++i)
        require(block, pos, op, i, layoutOf(op.operands[0]));
      for (auto &r : op.results)
        setLayout(r.get(), layoutOf(op.operands[0]).sliced(unsigned(op.intAttr("axis"))));
      return;
    case OpKind::Gather: { // the source goes through shared memory in any layout; the result is the index's
      Value *r = op.result();
      Layout l = chosen(r, [&] { return layoutOf(op.operands[1]); });
      if (l.isMma())
        l = defaultFor(r->type);
      setLayout(r, l);
      require(block, pos, op, 1, l);
      return;
    }
    case OpKind::Dot: { // a and b are staged through shared memory in any layout
      Value *r = op.result();
      Layout l = chosen(r, [&] { return layoutOf(op.operands[2]); });
      // A tensor-core dot's result was wanted in its MMA layout first of
      // all; a CUDA-core dot's accumulator may be wanted in another's.
      if (l.isMma() && !usesTensorCores(op))
        l = cudaCoreDotLayout(r->type.shape, numWarps_).value_or(defaultFor(r->type));
      TRITONC_CHECK(l.isMma() == usesTensorCores(op), "a tensor-core dot's result not in the MMA layout it chose");
      setLayout(r, l);
      require(block, pos, op, 2, l);
      return;
    }
    case OpKind::ExpandDims: {
      Value *r = op.result();
      unsigned axis = unsigned(op.intAttr("axis"));
      Layout l = chosen(r, [&]() -> Layout {
        const Type &in = op.operands[0]->type;
        if (in.isTensor())
          if (std::optional<Layout> parent = unsliceForReduce(layoutOf(op.operands[0]), axis))
            return *parent;
        return defaultFor(r->type);
      });
      setLayout(r, l);
      require(block, pos, op, 0, l.sliced(axis));
      return;
    }
    case OpKind::Broadcast: {
      Value *r = op.result();
      Layout l = chosen(r, [&] { return layoutOf(op.operands[0]); });
      setLayout(r, l);
      require(block, pos, op, 0, l);
      return;
    }
    case OpKind::Trans: {
      // The result's layout is the operand's, permuted: no data moves. An
      // operand that is not a whole blocked tile (an accumulator, a slice)
      // converts first, straight into the layout whose permutation the
      // result's users want, so that they need no second conversion.
      const auto &order = std::get<std::vector<int64_t>>(*op.attr("order"));
      Layout in = layoutOf(op.operands[0]);
      if (!in.isBlockedTile()) {
        auto wanted = wanted_.find(op.result());
        in = wanted != wanted_.end() && wanted->second.isBlockedTile() ? permuted(wanted->second, inverse(order))
                                                                       : defaultFor(op.operands[0]->type);
        require(block, pos, op, 0, in);
      }
      setLayout(op.result(), permuted(in, order));
      return;
    }
    case OpKind::Reshape: {
      Value *r = op.result();
      setLayout(r, chosen(r, [&] {
                  return reshapedLayout(layoutOf(op.operands[0]), op.operands[0]->type.shape, r->type.shape)
                      .value_or(defaultFor(r->type));
                }));
      return;
    }
    case OpKind::ConvertLayout:
      for (auto &r : op.results)
        setLayout(r.get(), chosen(r.get(), [&] { return defaultFor(r->type); }));
      return;
    default: break;
    }
    if (op.results.size() != 1 || !op.result()->type.isTensor())
      return;
    Value *r = op.result();
    Layout l =
        chosen(r, [&] { return tir::hasTrait(op.kind, tir::kSameLayout) ? firstTensorLayout() : defaultFor(r->type); });
    setLayout(r, l);
    if (tir::hasTrait(op.kind, tir::kSameLayout))
      for (size_t i = 0; i < op.operands.size(); ++i)
        require(block, pos, op, i, l);
  }

  tir::Function &f_;
  unsigned numWarps_;
  bool hasWgmma_;
  AxisInfoAnalysis axis_;
  std::unordered_map<const Value *, Layout> wanted_;
  bool keepLoadsOut_ = false;
  // Values stores write, with the layout each store wants (anchor).
  std::vector<std::pair<const Value *, Layout>> storedValues_;
};

} // namespace

void assignLayouts(tir::Module &module) {
  for (auto &f : module.functions)
    LayoutAssigner(*f, module.numWarps, module.target.hasWgmma()).run();
}

} // namespace tritonc
