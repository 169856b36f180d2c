// Shared-tile offsets as codegen emits them, folded to constants thread by
// thread (a constant thread id leaves IRBuilder nothing to emit), against
// the swizzle applied to the CPU model's coordinates. The offsets of a
// thread's elements share a few bases; this checks that every base-plus-
// constant lands where the swizzle puts the element, in every thread, and
// that codegen's coordinates are the model's.
#include "SharedTileAccess.h"
#include "ThreadLayout.h"

#include "tritonc/ir/Layout.h"

#include <catch2/catch.hpp>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>

#include <numeric>

using namespace tritonc;

namespace {

struct Case {
  const char *name;
  Type type;
  SharedTile tile;
};

// A [rows, cols] tile of `kind` in `layout`, staged into a shared tile of
// the same shape.
Case staged(const char *name, ScalarKind kind, int64_t rows, int64_t cols, Layout layout, bool colMajor = false) {
  Type t = Type::tensor(ElemType::scalar(kind), {rows, cols});
  t.layout = std::move(layout);
  return {name, t, SharedTile(rows, cols, bitWidth(kind) / 8, colMajor)};
}

// Returns how many elements were not computed as the swizzle places them.
int misplaced(const Case &c) {
  llvm::LLVMContext context;
  llvm::Module module("offsets", context);
  auto *fn = llvm::Function::Create(llvm::FunctionType::get(llvm::Type::getVoidTy(context), false),
                                    llvm::Function::ExternalLinkage, "f", module);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(context, "entry", fn));
  unsigned threads = 32;
  for (unsigned w : c.type.layout->warpsPerCTA())
    threads *= w;
  int wrong = 0;
  for (unsigned t = 0; t < threads; ++t) {
    std::vector<std::vector<llvm::Value *>> coords = codegen::elementCoordinates(b, c.type, b.getInt32(t));
    std::vector<size_t> elements(coords.size());
    std::iota(elements.begin(), elements.end(), 0);
    std::vector<llvm::Value *> offsets = codegen::sharedTileOffsets(b, c.tile, c.type, coords, elements);
    std::vector<std::vector<int64_t>> model = elementCoordinatesOf(c.type, t);
    for (size_t k = 0; k < elements.size(); ++k) {
      auto *folded = llvm::dyn_cast<llvm::ConstantInt>(offsets[k]);
      if (!folded || int64_t(folded->getZExtValue()) != c.tile.offset(model[k][0], model[k][1]))
        ++wrong;
    }
  }
  return wrong;
}

} // namespace

TEST_CASE("staged tiles' offsets from shared bases match the swizzle in every thread", "[codegen][shared]") {
  using K = ScalarKind;
  std::vector<Case> cases = {
      // A and B of a 128x128x64 fp16 matmul loaded an element at a time, 8 warps.
      staged("A 128x64 fp16, 8 warps", K::F16, 128, 64, defaultBlockedLayout({128, 64}, 1, 8)),
      staged("B 64x128 fp16, 8 warps", K::F16, 64, 128, defaultBlockedLayout({64, 128}, 1, 8)),
      // Vector loads, and a tile read down its columns into a column-major tile.
      staged("A 128x64 fp16 by 8", K::F16, 128, 64, defaultBlockedLayout({128, 64}, 8, 4)),
      staged("B 64x128 fp16 down columns", K::F16, 64, 128, defaultBlockedLayout({64, 128}, 1, 4, 0), true),
      // 8-bit and 32-bit elements: other chunk widths and phases.
      staged("A 64x128 int8, 4 warps", K::I8, 64, 128, defaultBlockedLayout({64, 128}, 1, 4)),
      staged("A 64x32 fp32, 4 warps", K::F32, 64, 32, defaultBlockedLayout({64, 32}, 1, 4)),
      // A tile smaller than the layout covers: coordinates wrap.
      staged("16x16 fp16 over 4 warps", K::F16, 16, 16, defaultBlockedLayout({16, 16}, 1, 4)),
      // An MMA accumulator staged as the next dot's operand.
      staged("accumulator 128x64 fp16", K::F16, 128, 64, mmaLayoutFor({128, 64}, 4, 2, mmaInstructionShape(2, 16, 64))),
  };
  for (const Case &c : cases) {
    INFO(c.name);
    CHECK(misplaced(c) == 0);
  }
}
