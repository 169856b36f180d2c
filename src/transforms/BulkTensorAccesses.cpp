#include "tritonc/transforms/BulkTensorAccesses.h"

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/TmaWindow.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/transforms/OneSlotBuffer.h"
#include "tritonc/transforms/TensorMapOperands.h"

#include <algorithm>
#include <unordered_map>

namespace tritonc {

namespace {

using tir::Block;
using tir::Op;
using tir::OpKind;
using tir::Value;

class Mover {
public:
  explicit Mover(tir::Function &function) : function_(function), axis_(function) {
    tir::collectUsers(function.body, users_);
  }

  void run(Block &block, bool inLoop) {
    // The copies of a group of loads are issued where its first load
    // stood, before that load's wait (`groupIssue`): a later load joins the
    // group when its window's coordinates are computed before that load
    // and nothing since has written memory.
    std::unordered_map<const Op *, size_t> order;
    for (const auto &op : block.ops)
      order.emplace(op.get(), order.size());
    std::optional<tir::OpPosition> groupIssue;
    size_t groupStart = 0;
    // The buffers of the stores started since the last wait: a run of
    // stores with nothing between them that touches memory waits once,
    // before the op that ends the run, so their copies overlap.
    std::vector<Value *> storing;
    for (auto it = block.ops.begin(); it != block.ops.end();) {
      Op &op = **it;
      for (auto &region : op.regions)
        run(*region, inLoop || op.kind == OpKind::For || op.kind == OpKind::While);
      auto next = std::next(it);
      if (op.kind == OpKind::Store) {
        if (Value *buffer = storeByTma(block, it)) {
          storing.push_back(buffer);
          groupIssue.reset();
          it = next;
          continue;
        }
      }
      if (!tir::isPure(op.kind) && !storing.empty()) {
        std::vector<tir::NamedAttribute> attrs;
        if (touchesGlobalMemory(op))
          attrs.push_back({"writes", int64_t(1)});
        tir::Builder(block, it).create(OpKind::TmaStoreWait, storing, {}, attrs, op.loc);
        storing.clear();
      }
      if (op.kind == OpKind::Load && !inLoop) {
        if (std::optional<TmaSource> window = loadWindow(op)) {
          auto definedBefore = [&](const Value *v) {
            const Op *def = v->definingOp();
            if (!def || def->parent != &block)
              return true;
            auto found = order.find(def);
            return found != order.end() && found->second < groupStart;
          };
          bool joins = groupIssue && definedBefore(window->row) && definedBefore(window->col) &&
                       std::all_of(window->outer.begin(), window->outer.end(),
                                   [&](const OuterDim &d) { return definedBefore(d.coord); });
          if (!joins)
            groupStart = order.at(&op);
          auto [wait, after] = loadByTma(block, joins ? *groupIssue : it, it, *window);
          if (!joins)
            groupIssue = wait;
          it = after;
          continue;
        }
      }
      if (!tir::isPure(op.kind) && op.kind != OpKind::Load)
        groupIssue.reset();
      it = next;
    }
  }

private:
  // Whether `op` (or an op nested in it) may read or write global memory:
  // the stores before it must then have written theirs, not only read
  // their slots. Where a run ends at a `return` or a loop's `yield`, their
  // copies go on while the kernel ends or the next iteration starts, as
  // Triton's do.
  static bool touchesGlobalMemory(const Op &op) {
    if (tir::hasTrait(op.kind, tir::kTerminator) || op.kind == OpKind::Barrier)
      return false;
    if (op.regions.empty())
      return true;
    for (const auto &region : op.regions)
      for (const auto &inner : region->ops)
        if (!tir::isPure(inner->kind) && touchesGlobalMemory(*inner))
          return true;
    return false;
  }

  const std::vector<Op *> &usersOf(const Value *v) {
    static const std::vector<Op *> none;
    auto found = users_.find(v);
    return found == users_.end() ? none : found->second;
  }

  // The operands after a bulk tensor op's buffer, slot and value or issue.
  std::vector<Value *> windowOperandsAt(tir::Builder &b, const TmaSource &w, SourceRange loc) {
    std::vector<Value *> outerCoords;
    for (const OuterDim &d : w.outer)
      outerCoords.push_back(d.coord);
    return windowOperands(tensorMapFields(b, function_, w, loc), w.row, w.col, outerCoords);
  }

  // A descriptor store of a 2-D tile in registers. The tile is written as
  // computed: a conversion that only fed this store is skipped. Returns
  // the store's buffer, or null where the store stays.
  Value *storeByTma(Block &block, tir::OpPosition at) {
    Op &store = **at;
    if (store.operands.size() < 2 || store.operands[1]->type.shape.size() != 2)
      return nullptr;
    std::optional<TmaSource> window = tmaWindow(function_, axis_, store.operands[0], /*descriptorOnly=*/true);
    if (!window)
      return nullptr;
    Value *value = store.operands[1];
    if (const Op *convert = value->definingOp(); convert && convert->kind == OpKind::ConvertLayout &&
                                                 usersOf(value).size() == 1 &&
                                                 convert->operands[0]->type.layout->isWholeRegisterTile())
      value = convert->operands[0];
    if (!value->type.layout->isWholeRegisterTile() || !fits(value->type))
      return nullptr;
    tir::Builder b(block, at);
    Value *buffer = allocateOneSlot(b, value->type, /*colMajor=*/false, /*barriers=*/false, store.loc);
    std::vector<Value *> operands{buffer, firstSlot(b, store.loc), value};
    std::vector<Value *> rest = windowOperandsAt(b, *window, store.loc);
    operands.insert(operands.end(), rest.begin(), rest.end());
    b.create(OpKind::TmaStore, operands, {}, {}, store.loc);
    block.ops.erase(at);
    return buffer;
  }

  // The window of a descriptor load of a 2-D tile (or of one with leading
  // size-1 dims that a reshape drops) that fills with zeros.
  std::optional<TmaSource> loadWindow(const Op &load) {
    if (load.operands.size() > 2 && !tir::isZeroConstant(load.operands[2]))
      return std::nullopt;
    if (load.result()->type.shape.size() != 2 && !absorbedReader(load))
      return std::nullopt;
    return fits(load.result()->type) ? tmaWindow(function_, axis_, load.operands[0], /*descriptorOnly=*/true)
                                     : std::nullopt;
  }

  // The one reader of a load that only reshapes or converts its tile into
  // a 2-D one in registers: the slot is read back in that reader's layout.
  Op *absorbedReader(const Op &load) {
    const std::vector<Op *> &readers = usersOf(load.result());
    if (readers.size() != 1 || readers[0]->parent != load.parent ||
        !(tir::isUnitReshape(*readers[0]) || readers[0]->kind == OpKind::ConvertLayout))
      return nullptr;
    const Type &t = readers[0]->result()->type;
    return t.shape.size() == 2 && t.layout->isWholeRegisterTile() ? readers[0] : nullptr;
  }

  // A slot lives from the function's start (SharedMemory.cpp): a large one
  // would crowd out the rings, and its boxes are copied one by one.
  static bool fits(const Type &tile) {
    constexpr uint64_t kMostSlotBytes = 64 * 1024;
    uint64_t rows = uint64_t(tile.shape[tile.shape.size() - 2]), cols = uint64_t(tile.shape.back());
    uint64_t bytes = rows * cols * (bitWidth(tile.elem.kind) / 8);
    return bytes <= kMostSlotBytes && bytes / rows <= 16 * 128;
  }

  // Issues the copy before `issue`, and reads the slot back where the load
  // stood, in the layout of its one reader when that reader only reshapes
  // or converts it (then in place of that reader). Returns the wait and
  // the op after those replaced.
  std::pair<tir::OpPosition, tir::OpPosition> loadByTma(Block &block, tir::OpPosition issue, tir::OpPosition at,
                                                        const TmaSource &window) {
    Op &load = **at;
    SourceRange loc = load.loc;
    Value *replaced = load.result();
    const std::vector<Op *> &readers = usersOf(replaced);
    Op *absorbed = absorbedReader(load);
    // Tensor-core dots read the slot in place, as they read a ring's; wgmma
    // reads 8- and 32-bit B tiles along K only, which a row-major slot is not.
    bool readInPlace = !readers.empty() && std::all_of(readers.begin(), readers.end(), [&](const Op *reader) {
      return tir::isTensorCoreDot(*reader) && reader->operands[2] != replaced &&
             (reader->operands[1] != replaced || bitWidth(replaced->type.elem.kind) == 16);
    });
    if (readInPlace)
      absorbed = nullptr;
    Type tile = absorbed ? absorbed->result()->type : replaced->type;
    tir::Builder before(block, issue);
    // The slot may take the bytes of a one-slot buffer whose last reader
    // (a dot, in another warpgroup) is still running: its mbarrier's
    // initialisation and the copy wait for every thread. A load joining a
    // group is issued right after the group's first copy, with no read
    // between.
    if (issue == at)
      before.create(OpKind::Barrier, {}, {}, {}, loc);
    Value *buffer = allocateOneSlot(before, tile, /*colMajor=*/false, /*barriers=*/true, loc);
    Value *slot = firstSlot(before, loc);
    std::vector<Value *> operands{buffer, slot,
                                  before.value(OpKind::Constant, {}, Type::scalar(ElemType::scalar(ScalarKind::I1)),
                                               loc, {{"value", int64_t(1)}})};
    std::vector<Value *> rest = windowOperandsAt(before, window, loc);
    operands.insert(operands.end(), rest.begin(), rest.end());
    before.create(OpKind::TmaCopy, operands, {}, {}, loc);

    tir::Builder here(block, at);
    // The slot's mbarrier completes its first phase, of parity 0 (the slot
    // index, also 0).
    here.create(OpKind::TmaWait, {buffer, slot, slot}, {}, {}, loc);
    tir::OpPosition wait = std::prev(at);
    Type slotType = tile;
    slotType.layout = Layout::sharedMemory(/*colMajor=*/false);
    Value *view = here.value(OpKind::LocalSlot, {buffer, slot}, slotType, loc);
    Value *loaded = readInPlace ? view : here.value(OpKind::LocalLoad, {view}, tile, loc);
    // Every thread has passed its wait before the mbarrier is invalidated.
    here.create(OpKind::Barrier, {}, {}, {}, loc);
    here.create(OpKind::ReleaseBarriers, {buffer}, {}, {}, loc);
    tir::replaceAllUses(function_.body, absorbed ? absorbed->result() : replaced, loaded);
    tir::OpPosition after = block.ops.erase(at);
    if (absorbed) {
      auto found = tir::positionOf(block, absorbed);
      if (found == after)
        ++after;
      block.ops.erase(found);
    }
    return {wait, after};
  }

  tir::Function &function_;
  AxisInfoAnalysis axis_;
  tir::Users users_;
};

} // namespace

void moveDescriptorTilesByTma(tir::Module &module) {
  if (!module.target.hasBulkTensorCopies() || !module.allowTma)
    return;
  for (auto &f : module.functions)
    Mover(*f).run(f->body, false);
}

} // namespace tritonc
