#include "tritonc/ir/Verifier.h"

#include "tritonc/ir/ReshapeLayout.h"
#include "tritonc/ir/ThreadMapping.h"
#include "tritonc/ir/WgmmaFit.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <unordered_set>

namespace tritonc::tir {

namespace {

// Thrown by check() to stop at the first broken rule; the entry points turn
// it into an internal error or a VerifyFailure.
struct BrokenRule {
  VerifyFailure failure;
};

class Verifier {
public:
  Verifier(VerifyLevel level, unsigned numWarps) : level_(level), numWarps_(numWarps) {}

  void function(const Function &f) {
    function_ = &f;
    check(f.paramHints.size() == f.body.args.size(), "one hint per parameter", nullptr);
    for (const auto &arg : f.body.args)
      defined_.insert(arg.get());
    block(f.body, /*owner=*/nullptr);
  }

private:
  // `owner` is the op whose region `b` is; null for the function body.
  void block(const Block &b, const Op *owner) {
    for (const auto &arg : b.args) {
      defined_.insert(arg.get());
      layout(arg->type, owner);
    }
    for (auto it = b.ops.begin(); it != b.ops.end(); ++it) {
      const Op &o = **it;
      bool last = std::next(it) == b.ops.end();
      check(o.parent == &b, "op's parent is its block", &o);
      if (traits(o.kind) & kTerminator)
        check(last, "terminator ends its block", &o);
      op(o);
      for (const auto &region : o.regions) {
        // Values defined inside a region are not visible after it.
        std::unordered_set<const Value *> outer = defined_;
        block(*region, &o);
        defined_ = std::move(outer);
      }
      for (const auto &r : o.results)
        defined_.insert(r.get());
    }
    if (!owner)
      check(!b.ops.empty() && b.ops.back()->kind == OpKind::Return, "function body ends in return", nullptr);
  }

  // Every attribute the table names has the declared type and, where the
  // table lists them, one of the declared values.
  void attributes(const Op &o) {
    enum class AttrType { Int, String, IntList, Any };
    struct Rule {
      AttrType type;
      const char *allowed; // "a|b|c", or "" for any value
    };
    static const Rule kRules[] = {
#define ATTR(Name, Type, Allowed) {AttrType::Type, Allowed},
#include "tritonc/ir/Attributes.def"
#undef ATTR
    };
    for (const NamedAttribute &a : o.attrs) {
      const Rule *rule = &kRules[a.name.index()];
      if (rule->type == AttrType::Any)
        continue;
      static const char *const kTypeNames[] = {"an integer", "a string", "a list of integers"};
      bool typed = rule->type == AttrType::Int      ? std::holds_alternative<int64_t>(a.value)
                   : rule->type == AttrType::String ? std::holds_alternative<std::string>(a.value)
                                                    : std::holds_alternative<std::vector<int64_t>>(a.value);
      check(typed,
            fmt::format("`{}` has {} attribute `{}`", mnemonic(o.kind), kTypeNames[int(rule->type)], a.name.spelling()),
            &o);
      if (rule->type != AttrType::String || !*rule->allowed)
        continue;
      std::string allowed = std::string("|") + rule->allowed + "|";
      check(allowed.find("|" + std::get<std::string>(a.value) + "|") != std::string::npos,
            fmt::format("`{}`'s attribute `{}` is one of `{}`", mnemonic(o.kind), a.name.spelling(), rule->allowed),
            &o);
    }
  }

  void op(const Op &o) {
    attributes(o);
    for (const Value *v : o.operands)
      check(v && defined_.count(v), "operand defined before use", &o);
    for (const auto &r : o.results) {
      check(r->definingOp() == &o, "result points back to its op", &o);
      layout(r->type, &o);
    }
    bool combines = (o.kind == OpKind::Reduce || o.kind == OpKind::Scan) && isCombine(o);
    check(o.regions.empty() || o.kind == OpKind::For || o.kind == OpKind::If || o.kind == OpKind::While ||
              o.kind == OpKind::WarpSpecialize || combines,
          "only `for`, `if`, `while`, `warp_specialize` and combining `reduce` and `scan` have regions", &o);
    switch (o.kind) {
    case OpKind::Constant:
      arity(o, 0, 1);
      check(o.attr("value") != nullptr, "constant has a value", &o);
      break;
    case OpKind::NumSms:
      arity(o, 0, 1);
      check(o.result()->type == Type::scalar(ElemType::scalar(ScalarKind::I32)), "num_sms: an i32", &o);
      break;
    case OpKind::ProgramId:
    case OpKind::NumPrograms:
      arity(o, 0, 1);
      check(intAttr(o, "axis") >= 0 && intAttr(o, "axis") < 3, "axis in 0..2", &o);
      break;
    case OpKind::MakeRange:
      arity(o, 0, 1);
      check(o.result()->type.numElements() == intAttr(o, "end") - intAttr(o, "start"), "range length", &o);
      break;
    case OpKind::Splat:
      arity(o, 1, 1);
      check(!o.operands[0]->type.isTensor() && o.result()->type.isTensor(), "splat scalar to tensor", &o);
      break;
    case OpKind::Select:
      arity(o, 3, 1);
      sameShape(o);
      break;
    case OpKind::AddPtr:
      arity(o, 2, 1);
      check(o.operands[0]->type.elem.isPointer(), "addptr base is a pointer", &o);
      sameShape(o);
      break;
    case OpKind::Load:
      check(o.operands.size() >= 1 && o.operands.size() <= 3 && o.results.size() == 1, "load arity", &o);
      check(o.operands[0]->type.elem.isPointer(), "load from a pointer", &o);
      sameShape(o);
      break;
    case OpKind::Store:
      check(o.operands.size() >= 2 && o.operands.size() <= 3 && o.results.empty(), "store arity", &o);
      check(o.operands[0]->type.elem.isPointer(), "store to a pointer", &o);
      sameShape(o);
      break;
    case OpKind::ConvertLayout:
      arity(o, 1, 1);
      check(o.operands[0]->type.shape == o.result()->type.shape, "convert keeps the shape", &o);
      break;
    case OpKind::Return: check(o.results.empty(), "return has no results", &o); break;
    case OpKind::For: {
      check(o.operands.size() == 3 + o.results.size(), "for: lb, ub, step and one init per result", &o);
      check(o.regions.size() == 1 && o.regions[0]->args.size() == 1 + o.results.size(),
            "for: one region with the induction variable and the carried values", &o);
      for (size_t i = 0; i < o.results.size(); ++i)
        check(o.operands[3 + i]->type == o.results[i]->type && o.regions[0]->args[1 + i]->type == o.results[i]->type,
              "for: init, region argument and result agree in type", &o);
      terminator(*o.regions[0], OpKind::Yield, o.results, &o);
      break;
    }
    case OpKind::If:
      check(o.operands.size() == 1 && o.regions.size() == 2, "if: one condition, two regions", &o);
      check(!o.operands[0]->type.isTensor() && o.operands[0]->type.elem.kind == ScalarKind::I1,
            "if: the condition is an i1 scalar", &o);
      terminator(*o.regions[0], OpKind::Yield, o.results, &o);
      terminator(*o.regions[1], OpKind::Yield, o.results, &o);
      break;
    case OpKind::While:
      check(o.regions.size() == 2 && o.regions[0]->args.size() == o.operands.size() &&
                o.regions[1]->args.size() == o.results.size(),
            "while: before region takes the inits, after region the forwarded values", &o);
      terminator(*o.regions[0], OpKind::Condition, o.results, &o);
      break;
    case OpKind::ExpandDims: {
      arity(o, 1, 1);
      std::vector<int64_t> shape = o.operands[0]->type.shape;
      int64_t axis = o.intAttr("axis");
      check(axis >= 0 && size_t(axis) <= shape.size(), "expand_dims axis in range", &o);
      if (axis >= 0 && size_t(axis) <= shape.size())
        shape.insert(shape.begin() + axis, 1);
      check(o.result()->type.shape == shape, "expand_dims inserts one size-1 dim", &o);
      break;
    }
    case OpKind::Broadcast: {
      arity(o, 1, 1);
      const auto &from = o.operands[0]->type.shape, &to = o.result()->type.shape;
      bool ok = from.size() == to.size();
      for (size_t d = 0; ok && d < from.size(); ++d)
        ok = from[d] == to[d] || from[d] == 1;
      check(ok, "broadcast stretches size-1 dims only", &o);
      break;
    }
    case OpKind::Reduce:
    case OpKind::Scan: {
      // argmax / argmin reduce (value, index) pairs: two operands, two
      // results; a combine region takes any number of parts.
      const std::string kind = strAttr(o, "kind");
      bool pairs = kind == "argmax" || kind == "argmin";
      if (combines) {
        check(!o.operands.empty() && o.operands.size() == o.results.size(), "combine: one result per operand", &o);
        combineRegion(o);
      } else {
        arity(o, pairs ? 2 : 1, pairs ? 2 : 1);
      }
      std::vector<int64_t> shape = o.operands[0]->type.shape;
      int64_t axis = intAttr(o, "axis");
      check(axis >= 0 && size_t(axis) < shape.size(), "axis in range", &o);
      if (o.kind == OpKind::Reduce)
        shape.erase(shape.begin() + axis);
      for (size_t i = 0; i < o.operands.size(); ++i)
        check(o.operands[i]->type.shape == o.operands[0]->type.shape && o.results[i]->type.shape == shape &&
                  o.results[i]->type.elem == o.operands[i]->type.elem,
              "a reduction drops its axis, a scan keeps it, and both keep the element type", &o);
      break;
    }
    case OpKind::Reshape:
      arity(o, 1, 1);
      check(o.result()->type.numElements() == o.operands[0]->type.numElements(), "reshape keeps the element count", &o);
      break;
    case OpKind::Trans: {
      arity(o, 1, 1);
      check(o.operands[0]->type.isTensor() && o.result()->type.isTensor(), "trans: a tensor operand and result", &o);
      const Attribute *a = o.attr("order");
      check(a && std::holds_alternative<std::vector<int64_t>>(*a), "`trans` has an integer-list attribute `order`", &o);
      const std::vector<int64_t> &order = std::get<std::vector<int64_t>>(*a);
      const Type &from = o.operands[0]->type, &to = o.result()->type;
      check(permutesDims(order, from.shape.size()), "trans: `order` permutes the operand's dims", &o);
      std::vector<int64_t> permuted;
      for (int64_t d : order)
        permuted.push_back(from.shape[size_t(d)]);
      check(to.shape == permuted && to.elem == from.elem, "trans: the result is the operand with its dims permuted",
            &o);
      // Codegen moves no data for a transpose: layout assignment gives its
      // result the operand's layout with the dims permuted.
      if (level_ == VerifyLevel::GPU && from.layout && to.layout)
        check(transposeRegisterMap(from, to, order).has_value(),
              "trans: each thread holds the same elements before and after", &o);
      break;
    }
    case OpKind::AtomicRMW:
    case OpKind::AtomicCAS: check(!o.operands.empty(), "has operands", &o); break;
    case OpKind::Dot: {
      arity(o, 3, 1);
      const auto &a = o.operands[0]->type.shape, &b = o.operands[1]->type.shape, &c = o.operands[2]->type.shape;
      bool ok = a.size() == 2 && b.size() == 2 && c.size() == 2 && a[1] == b[0] && c[0] == a[0] && c[1] == b[1];
      check(ok, "dot: [M,K] x [K,N] + [M,N]", &o);
      check(o.result()->type == o.operands[2]->type, "dot: the result has the accumulator's type", &o);
      if (isTensorCoreDot(o) && ok) {
        const MmaLayout &mma = *o.result()->type.layout->mma;
        check(mma.instrShape == mmaInstructionShape(mma.version, bitWidth(o.operands[0]->type.elem.kind), b[1]),
              "dot: its MMA layout's `instr` is the shape of one instruction of its version for its operands", &o);
      }
      if (isWgmmaDot(o))
        if (std::optional<std::string> misfit = wgmmaMisfit(o))
          check(false, "dot: in a wgmma layout (`#mma<v3, ...>`), but wgmma cannot run it: " + *misfit, &o);
      if (const Attribute *carried = o.attr("completes_carried")) {
        const int64_t *j = std::get_if<int64_t>(carried);
        check(j && *j >= 0 && o.parent && size_t(*j) + 1 < o.parent->args.size(),
              "dot: `completes_carried` names a value its loop carries", &o);
      }
      if (o.attr("completes_previous")) {
        const Op *previous = nullptr;
        if (o.parent)
          for (const auto &op : o.parent->ops) {
            if (op.get() == &o)
              break;
            previous = op.get();
          }
        check(isWgmmaDot(o) && previous && isWgmmaDot(*previous) && previous->attr("pending"),
              "dot: `completes_previous` on a wgmma dot right after one left in flight (`pending`)", &o);
      }
      break;
    }
    case OpKind::Barrier:
    case OpKind::AsyncCommit: arity(o, 0, 0); break;
    case OpKind::Print: check(o.results.empty(), "print: no results", &o); break;
    case OpKind::Gather:
      arity(o, 2, 1);
      check(o.result()->type.shape == o.operands[1]->type.shape && o.result()->type.elem == o.operands[0]->type.elem &&
                o.operands[0]->type.shape.size() == o.operands[1]->type.shape.size(),
            "gather: the index's shape, the source's element type, one rank", &o);
      break;
    case OpKind::AsyncWait:
      arity(o, 0, 0);
      check(intAttr(o, "pending") >= 0, "async_wait: a count of groups", &o);
      break;
    case OpKind::LocalAlloc:
      arity(o, 0, 1);
      check(isShared(o.result()) && o.result()->type.shape.size() == 3,
            "local_alloc: a shared-memory tensor of [slots, rows, cols]", &o);
      check(!o.attr("barriers") || o.intAttr("barriers") == 1 || o.intAttr("barriers") == 2,
            "local_alloc: 1 or 2 mbarriers a slot", &o);
      break;
    case OpKind::LocalSlot: {
      arity(o, 2, 1);
      const auto &buffer = o.operands[0]->type.shape, &slot = o.result()->type.shape;
      bool same = isShared(o.operands[0]) && isShared(o.result()) &&
                  std::vector<int64_t>(buffer.begin() + 1, buffer.end()) == slot;
      // Or the slot transposed: the same bytes, the other dim contiguous.
      bool transposed =
          isShared(o.operands[0]) && isShared(o.result()) && buffer.size() == 3 &&
          slot == std::vector<int64_t>{buffer[2], buffer[1]} &&
          o.result()->type.layout->isSharedColumnMajor() != o.operands[0]->type.layout->isSharedColumnMajor();
      check(same || transposed, "local_slot: one [rows, cols] slot of a shared-memory buffer, or its transpose", &o);
      break;
    }
    case OpKind::LocalLoad: {
      arity(o, 1, 1);
      if (o.operands.size() != 1 || o.results.size() != 1)
        break;
      const Type &slot = o.operands[0]->type, &tile = o.result()->type;
      check(isShared(o.operands[0]) && !isShared(o.result()) && slot.shape == tile.shape && slot.elem == tile.elem &&
                tile.shape.size() == 2,
            "local_load: a [rows, cols] shared-memory slot read into registers, same shape and type", &o);
      break;
    }
    case OpKind::LocalStore: {
      check(o.operands.size() == 3 && o.results.empty(), "local_store arity", &o);
      const Type &buffer = o.operands[0]->type, &value = o.operands[2]->type;
      check(isShared(o.operands[0]) && !isShared(o.operands[2]) && value.elem == buffer.elem &&
                std::vector<int64_t>(buffer.shape.begin() + 1, buffer.shape.end()) == value.shape,
            "local_store: a tile of one slot's shape and type", &o);
      break;
    }
    case OpKind::AsyncCopy: {
      check(o.operands.size() >= 3 && o.operands.size() <= 4 && o.results.empty(), "async_copy arity", &o);
      const Type &buffer = o.operands[0]->type, &pointers = o.operands[2]->type;
      check(isShared(o.operands[0]) && pointers.elem.isPointer() && pointers.elem.pointee == buffer.elem.kind &&
                std::vector<int64_t>(buffer.shape.begin() + 1, buffer.shape.end()) == pointers.shape,
            "async_copy: pointers to one slot's elements", &o);
      // The pipeliner records how many elements a thread copies at a time.
      int64_t width = intAttr(o, "width");
      check(width > 0 && std::has_single_bit(uint64_t(width)) && width * (bitWidth(buffer.elem.kind) / 8) <= 16 &&
                pointers.layout && !pointers.inSharedMemory() &&
                contiguousPerThread(pointers, pointers.layout->order()[0]) % width == 0,
            "async_copy: a width of a power of two elements, at most 16 bytes, within each thread's runs", &o);
      break;
    }
    case OpKind::TmaCopy: {
      if (!checkTensorWindow(o, "tma_copy", "buffer, slot, issue"))
        break;
      check(hasBarriers(o.operands[0]), "tma_copy: into a buffer with mbarriers", &o);
      check(!o.operands[1]->type.isTensor() && !o.operands[2]->type.isTensor(), "tma_copy: a scalar slot and issue",
            &o);
      break;
    }
    case OpKind::TmaStore: {
      if (!checkTensorWindow(o, "tma_store", "buffer, slot, value"))
        break;
      const Type &buffer = o.operands[0]->type, &value = o.operands[2]->type;
      check(!hasBarriers(o.operands[0]), "tma_store: from a buffer without mbarriers", &o);
      check(!isShared(o.operands[2]) && value.isTensor() && value.layout && value.layout->isWholeRegisterTile() &&
                value.elem == buffer.elem &&
                std::vector<int64_t>(buffer.shape.begin() + 1, buffer.shape.end()) == value.shape,
            "tma_store: a tile in registers of one slot's shape and type", &o);
      check(!o.operands[1]->type.isTensor(), "tma_store: a scalar slot", &o);
      break;
    }
    case OpKind::TmaStoreWait:
      check(!o.operands.empty() && o.results.empty(), "tma_store_wait: the buffers of the stores it waits for", &o);
      for (const Value *buffer : o.operands)
        check(isShared(buffer) && !hasBarriers(buffer), "tma_store_wait: of shared-memory buffers without mbarriers",
              &o);
      break;
    case OpKind::TmaWait:
      arity(o, 3, 0);
      check(o.operands.size() == 3 && isShared(o.operands[0]) && hasBarriers(o.operands[0]),
            "tma_wait: on a shared-memory buffer with mbarriers", &o);
      break;
    case OpKind::ReleaseBarriers:
      arity(o, 1, 0);
      check(o.operands.size() == 1 && isShared(o.operands[0]) && hasBarriers(o.operands[0]),
            "release_barriers: of a shared-memory buffer with mbarriers", &o);
      break;
    case OpKind::WarpSpecialize:
      arity(o, 0, 0);
      check(o.regions.size() == 1 && o.regions[0]->args.empty() && intAttr(o, "warps") > 0,
            "warp_specialize: {warps} and one region without arguments", &o);
      if (o.regions.size() == 1)
        terminator(*o.regions[0], OpKind::Yield, o.results, &o);
      break;
    case OpKind::RingRelease:
    case OpKind::RingAcquire: {
      arity(o, 3, 0);
      bool scalars = o.operands.size() == 3 && !o.operands[1]->type.isTensor() && !o.operands[2]->type.isTensor();
      check(scalars && isShared(o.operands[0]) && barrierCount(o.operands[0]) == 2,
            std::string(tir::mnemonic(o.kind)) + ": a buffer with {barriers = 2}, a scalar slot and a scalar " +
                (o.kind == OpKind::RingRelease ? "condition" : "phase"),
            &o);
      break;
    }
    case OpKind::ProducerJoin: arity(o, 0, 0); break;
    case OpKind::WindowPointers: {
      const Type &pointers = o.operands.empty() ? o.result()->type : o.operands[0]->type;
      size_t rank = pointers.shape.size();
      check(o.results.size() == 1 && o.operands.size() == 2 + 3 * rank && pointers.elem.isPointer() &&
                o.result()->type == pointers,
            "window_pointers: a pointer tile, its base, then shape, strides and offsets per dim", &o);
      for (size_t i = 1; i < o.operands.size(); ++i)
        check(!o.operands[i]->type.isTensor(), "window_pointers: scalar base, shape, strides and offsets", &o);
      break;
    }
    case OpKind::Yield:
    case OpKind::Condition: break; // checked against their parent op
    default:                       // elementwise arithmetic, comparisons, casts
      check(o.results.size() == 1 && !o.operands.empty(), "elementwise arity", &o);
      sameShape(o);
      break;
    }
    if (computesOnFloats(o)) {
      auto fp8 = [](const Value *v) { return isFp8(v->type.elem.kind); };
      bool touchesFp8 = std::any_of(o.operands.begin(), o.operands.end(), fp8) ||
                        std::any_of(o.results.begin(), o.results.end(), [&](const auto &r) { return fp8(r.get()); });
      check(!touchesFp8, "fp8 values are converted (extf/truncf), not computed with; extend them to f32 first", &o);
    }
  }

  // Ring buffers exist only at the GPU level, in the `#shared` layout.
  static bool isShared(const Value *v) { return v->type.inSharedMemory(); }

  static bool hasBarriers(const Value *v) { return barrierCount(v) > 0; }

  // A ring's mbarriers a slot: 1 for its copies' arrival, 2 with a second
  // the consumers release the slot on (warp specialisation).
  static int64_t barrierCount(const Value *v) {
    const Op *def = v->definingOp();
    return def && def->kind == OpKind::LocalAlloc && def->attr("barriers") ? def->intAttr("barriers") : 0;
  }

  // A kernel parameter (an argument of the function's body) or a scalar
  // constant: what a launcher can evaluate before the launch.
  // A bulk tensor op's operands from the fourth on, and its buffer: what
  // `tma_copy` and `tma_store` share (Ops.def). False when there are too
  // few to look at.
  bool checkTensorWindow(const Op &o, const std::string &name, const std::string &first) {
    // Each dim before the rows adds its size, stride and coordinate.
    check(o.operands.size() >= 10 && (o.operands.size() - 10) % 3 == 0 && o.operands.size() <= 19 && o.results.empty(),
          name + ": " + first +
              ", base, two shapes, two strides, two coordinates, then size, stride and coordinate of up to three "
              "outer dims",
          &o);
    if (o.operands.size() < 10)
      return false;
    const Type &buffer = o.operands[0]->type;
    check(isShared(o.operands[0]) && !buffer.layout->isSharedColumnMajor(), name + ": a row-major shared-memory buffer",
          &o);
    check(o.operands[3]->type.elem.isPointer() && o.operands[3]->type.elem.pointee == buffer.elem.kind,
          name + ": the base points to the buffer's elements", &o);
    for (unsigned i = 3; i < o.operands.size(); ++i) {
      bool coordinate = i == 8 || i == 9 || (i >= 10 && (i - 10) % 3 == 2);
      check(!o.operands[i]->type.isTensor() && (!coordinate || o.operands[i]->type.elem.kind == ScalarKind::I32),
            name + ": scalar operands after the buffer, i32 coordinates", &o);
      if (!coordinate)
        check(isKernelScalar(o.operands[i]), name + ": base, shapes and strides are kernel parameters or constants",
              &o);
    }
    return true;
  }

  bool isKernelScalar(const Value *v) const {
    if (const Op *def = v->definingOp())
      return def->kind == OpKind::Constant && !v->type.isTensor();
    return v->ownerBlock() == &function_->body;
  }

  static bool isCombine(const Op &o) {
    const Attribute *kind = o.attr("kind");
    return kind && std::holds_alternative<std::string>(*kind) && std::get<std::string>(*kind) == "combine";
  }

  // One block of 2n scalar arguments (the element types of the operands,
  // twice) yielding n scalars of those types, reading only its arguments,
  // with no side effects: it runs wherever and however often codegen needs.
  void combineRegion(const Op &o) {
    check(o.regions.size() == 1, "combine: one region", &o);
    const Block &region = *o.regions[0];
    size_t n = o.operands.size();
    check(region.args.size() == 2 * n, "combine: the region takes two scalars per operand", &o);
    for (size_t i = 0; i < 2 * n; ++i)
      check(region.args[i]->type == Type::scalar(o.operands[i % n]->type.elem),
            "combine: region arguments are scalars of the operands' element types", &o);
    terminator(region, OpKind::Yield, o.results, &o, /*scalars=*/true);
    std::unordered_set<const Value *> inside;
    for (const auto &arg : region.args)
      inside.insert(arg.get());
    isolated(region, inside, o);
  }

  void isolated(const Block &block, std::unordered_set<const Value *> &inside, const Op &owner) {
    for (const auto &arg : block.args)
      inside.insert(arg.get());
    for (const auto &op : block.ops) {
      for (const Value *v : op->operands)
        check(inside.count(v) != 0, "combine: the region reads only its own values", &owner);
      bool computes = isPure(op->kind) || op->kind == OpKind::If || op->kind == OpKind::For ||
                      op->kind == OpKind::While || op->kind == OpKind::Yield || op->kind == OpKind::Condition;
      check(computes, "combine: the region has no side effects", &owner);
      for (const auto &region : op->regions)
        isolated(*region, inside, owner);
      for (const auto &r : op->results)
        inside.insert(r.get());
    }
  }

  // The region ends in `kind`, whose values (after a condition operand for
  // `condition`) match `results` in type.
  void terminator(const Block &region, OpKind kind, const std::vector<std::unique_ptr<Value>> &results, const Op *o,
                  bool scalars = false) {
    check(!region.ops.empty() && region.ops.back()->kind == kind,
          std::string("region ends in `") + mnemonic(kind) + "`", o);
    const Op &t = *region.ops.back();
    size_t skip = kind == OpKind::Condition ? 1 : 0;
    check(t.operands.size() == results.size() + skip, "terminator yields one value per result", o);
    for (size_t i = 0; i < results.size(); ++i)
      check(t.operands[skip + i]->type == (scalars ? Type::scalar(results[i]->type.elem) : results[i]->type),
            scalars ? "yielded value is a scalar of the result's element type"
                    : "yielded value matches the result type",
            o);
  }

  // At the GPU level every tensor has a well-formed layout (Layout.h's
  // brokenLayoutRule) for the module's warps per CTA.
  void layout(const Type &t, const Op *o) {
    if (level_ != VerifyLevel::GPU || !t.isTensor())
      return;
    check(t.layout.has_value(), "every tensor has a layout", o);
    std::optional<std::string> broken = brokenLayoutRule(t, numWarps_);
    check(!broken, broken.value_or(""), o);
  }

  std::string strAttr(const Op &o, AttrKey name) {
    const Attribute *a = o.attr(name);
    check(a && std::holds_alternative<std::string>(*a),
          fmt::format("`{}` has a string attribute `{}`", mnemonic(o.kind), name.spelling()), &o);
    return std::get<std::string>(*a);
  }

  int64_t intAttr(const Op &o, AttrKey name) {
    const Attribute *a = o.attr(name);
    check(a && std::holds_alternative<int64_t>(*a),
          fmt::format("`{}` has an integer attribute `{}`", mnemonic(o.kind), name.spelling()), &o);
    return std::get<int64_t>(*a);
  }

  void arity(const Op &o, size_t operands, size_t results) {
    check(o.operands.size() == operands && o.results.size() == results,
          fmt::format("{} operands and {} results", operands, results), &o);
  }

  // Elementwise ops see all operands and results at one shape and, at the
  // GPU level, one layout.
  void sameShape(const Op &o) {
    const Type *first = o.results.empty() ? &o.operands[0]->type : &o.results[0]->type;
    for (const Value *v : o.operands)
      if (v)
        check(v->type.shape == first->shape && v->type.layout == first->layout,
              "operands and results share shape and layout", &o);
  }

  void check(bool ok, const std::string &what, const Op *o) {
    if (ok)
      return;
    throw BrokenRule{{what + (o ? std::string(" (op `") + mnemonic(o->kind) + "`)" : ""), o ? o->loc : function_->loc}};
  }

  VerifyLevel level_;
  unsigned numWarps_;
  const Function *function_ = nullptr;
  std::unordered_set<const Value *> defined_;
};

bool hasLayout(const Block &block) {
  auto laidOut = [](const auto &v) { return v->type.layout.has_value(); };
  if (std::any_of(block.args.begin(), block.args.end(), laidOut))
    return true;
  for (const auto &op : block.ops) {
    if (std::any_of(op->results.begin(), op->results.end(), laidOut))
      return true;
    for (const auto &region : op->regions)
      if (hasLayout(*region))
        return true;
  }
  return false;
}

} // namespace

std::optional<VerifyFailure> verifyOrExplain(const Module &module, VerifyLevel level) {
  try {
    for (const auto &f : module.functions)
      Verifier(level, module.numWarps).function(*f);
  } catch (const BrokenRule &broken) {
    return broken.failure;
  }
  return std::nullopt;
}

void verify(const Module &module, VerifyLevel level, const std::string &after) {
  if (std::optional<VerifyFailure> failure = verifyOrExplain(module, level))
    internalError(fmt::format("tile IR verification failed after `{}`: {}", after, failure->rule));
}

VerifyLevel levelOf(const Module &module) {
  for (const auto &f : module.functions)
    if (hasLayout(f->body))
      return VerifyLevel::GPU;
  return VerifyLevel::Tile;
}

} // namespace tritonc::tir
