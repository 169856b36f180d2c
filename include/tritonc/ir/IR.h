// The tile IR core (DESIGN.md §2): SSA values, ops from Ops.def, blocks,
// functions and a module. Ops own their results and regions; blocks own
// their arguments and ops; a Value* is a non-owning reference.
#pragma once

#include "tritonc/ir/Type.h"
#include "tritonc/support/Source.h"
#include "tritonc/support/Target.h"

#include <cstdint>
#include <list>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tritonc::tir {

enum class OpKind : uint16_t {
#define OP(Name, Mnemonic, Traits) Name,
#include "tritonc/ir/Ops.def"
};

// What each trait promises: Ops.def.
enum OpTrait : unsigned {
  kPure = 1,
  kTerminator = 2,
  kSameLayout = 4,
  kIndexArith = 8,
  kUnsafeToHoist = 16,
  kFloatArith = 32
};

const char *mnemonic(OpKind kind);
unsigned traits(OpKind kind);
bool hasTrait(OpKind kind, OpTrait trait);
bool isPure(OpKind kind);

class Op;
class Block;

class Value {
public:
  Value(Type type, Op *def, unsigned index) : type(std::move(type)), def_(def), index_(index) {}
  Value(Type type, Block *owner, unsigned index) : type(std::move(type)), owner_(owner), index_(index) {}

  Type type;
  std::string nameHint; // the source variable it came from, for printing

  Op *definingOp() const { return def_; }
  Block *ownerBlock() const { return owner_; } // for block arguments
  unsigned index() const { return index_; }

private:
  Op *def_ = nullptr;
  Block *owner_ = nullptr;
  unsigned index_ = 0;
};

using Attribute = std::variant<int64_t, double, std::string, std::vector<int64_t>>;

namespace detail {
inline constexpr std::string_view kAttributeSpellings[] = {
#define ATTR(Name, Type, Allowed) #Name,
#include "tritonc/ir/Attributes.def"
#undef ATTR
};

constexpr std::optional<uint8_t> attributeIndex(std::string_view spelling) {
  for (size_t i = 0; i < std::size(kAttributeSpellings); ++i)
    if (kAttributeSpellings[i] == spelling)
      return uint8_t(i);
  return std::nullopt;
}
} // namespace detail

// The name of an attribute of Attributes.def. Code builds one from a string
// literal at compile time, so a name the table lacks (a typo) does not
// compile; the `.tir` parser looks names up at run time.
class AttrKey {
public:
  consteval AttrKey(const char *spelling) : index_(indexOf(spelling)) {}
  static std::optional<AttrKey> named(std::string_view spelling);
  std::string_view spelling() const { return detail::kAttributeSpellings[index_]; }
  // The attribute's row in Attributes.def.
  unsigned index() const { return index_; }
  bool operator==(const AttrKey &o) const = default;

private:
  explicit constexpr AttrKey(uint8_t index) : index_(index) {}
  static consteval uint8_t indexOf(std::string_view spelling) {
    std::optional<uint8_t> index = detail::attributeIndex(spelling);
    if (!index)
      throw "not an attribute of tritonc/ir/Attributes.def";
    return *index;
  }
  uint8_t index_;
};

struct NamedAttribute {
  AttrKey name;
  Attribute value;
};

class Op {
public:
  Op(OpKind kind, SourceRange loc) : kind(kind), loc(loc) {}

  const OpKind kind;
  SourceRange loc;
  std::vector<Value *> operands;
  std::vector<std::unique_ptr<Value>> results;
  std::vector<NamedAttribute> attrs;
  std::vector<std::unique_ptr<Block>> regions; // structured control flow: one block each
  Block *parent = nullptr;

  Value *result(unsigned i = 0) const { return results[i].get(); }
  const Attribute *attr(AttrKey name) const;
  int64_t intAttr(AttrKey name) const; // internal error when absent
  const std::string &strAttr(AttrKey name) const;
  void setAttr(AttrKey name, Attribute value);
};

class Block {
public:
  std::vector<std::unique_ptr<Value>> args;
  std::list<std::unique_ptr<Op>> ops;

  Value *addArgument(Type type, std::string nameHint);
};

// A parameter promise from the signature: pointer alignment in bytes, or
// integer divisibility; equalToOne for `i32:1`.
struct ParamHint {
  int64_t divisibility = 1;
  bool equalToOne = false;
};

class Function {
public:
  std::string name;
  Block body; // body.args are the kernel parameters, in PTX order
  std::vector<ParamHint> paramHints;
  SourceRange loc;
};

class Module {
public:
  std::vector<std::unique_ptr<Function>> functions;
  unsigned numWarps = 4;
  unsigned numStages = 3; // the software pipeliner's ring-buffer depth
  // The GPU the passes decide for. Passes read only whether wgmma and TMA
  // exist and how much shared memory the rings may have: the compile
  // driver reuses a module for another arch that agrees on the first two
  // (sm_80's for sm_86) and relowers it where the rings do not fit.
  Target target = Target::hopper();
  bool allowTma = true; // with TMA on the target, the pipeliner may copy windows with it (`--no-tma` says no)
  bool warpSpecialize = false; // `--warp-specialize`: a producer warpgroup issues the copies
  bool persistent = false;     // `--persistent`: and the CTAs loop over the grid's tiles
  // `tl.range(..., warp_specialize=True)` honoured: one image (one arch,
  // one signature), whose launch no other must share.
  bool warpSpecializeRequests = false;
  // Set by prefetch-dot-loads where it loaded some loop's tiles an
  // iteration ahead: the driver then also compiles the module without it
  // and the ptxas check chooses between the two (Outputs.cpp).
  bool prefetchedDotLoads = false;
};

// Inserts new ops before a position in a block.
class Builder {
public:
  explicit Builder(Block &block) : block_(&block), pos_(block.ops.end()) {}
  Builder(Block &block, std::list<std::unique_ptr<Op>>::iterator pos) : block_(&block), pos_(pos) {}

  Op *create(OpKind kind, std::vector<Value *> operands, std::vector<Type> resultTypes,
             std::vector<NamedAttribute> attrs, SourceRange loc);
  // Shorthand for the common one-result op.
  Value *value(OpKind kind, std::vector<Value *> operands, Type resultType, SourceRange loc,
               std::vector<NamedAttribute> attrs = {}) {
    return create(kind, std::move(operands), {std::move(resultType)}, std::move(attrs), loc)->result();
  }

private:
  Block *block_;
  std::list<std::unique_ptr<Op>>::iterator pos_;
};

// Whether `op` computes with its float operands rather than moving them:
// arithmetic, math, comparisons, and reductions and scans with a built-in
// combine. fp8 never reaches these (the GPU has no fp8 arithmetic), as
// lowering widens it to fp32 first.
bool computesOnFloats(const Op &op);

// Whether `op` is a dot that layout assignment gave to the tensor cores
// (mma.sync or wgmma): its result is an MMA accumulator.
bool isTensorCoreDot(const Op &op);

// Whether `op` is a dot that layout assignment gave to wgmma (sm_90a): its
// result is in a version 3 MMA layout. Every later stage reads this, none
// decides it again.
bool isWgmmaDot(const Op &op);

// Whether a `scan` runs from the last element to the first ({reverse = 1}).
bool scansInReverse(const Op &op);

// Every use of `from` inside `block` (and nested regions) now reads `to`.
void replaceAllUses(Block &block, Value *from, Value *to);

} // namespace tritonc::tir
