#include "tritonc/ir/IR.h"

#include "tritonc/support/Diagnostics.h"

namespace tritonc::tir {

namespace {
struct OpInfo {
  const char *mnemonic;
  unsigned traits;
};
constexpr OpInfo kOpInfos[] = {
#define OP(Name, Mnemonic, Traits) {Mnemonic, Traits},
#include "tritonc/ir/Ops.def"
};
} // namespace

const char *mnemonic(OpKind kind) { return kOpInfos[int(kind)].mnemonic; }
unsigned traits(OpKind kind) { return kOpInfos[int(kind)].traits; }
bool hasTrait(OpKind kind, OpTrait trait) { return traits(kind) & trait; }
bool isPure(OpKind kind) { return hasTrait(kind, kPure); }

std::optional<AttrKey> AttrKey::named(std::string_view spelling) {
  if (std::optional<uint8_t> index = detail::attributeIndex(spelling))
    return AttrKey(*index);
  return std::nullopt;
}

const Attribute *Op::attr(AttrKey name) const {
  for (const NamedAttribute &a : attrs)
    if (a.name == name)
      return &a.value;
  return nullptr;
}

int64_t Op::intAttr(AttrKey name) const {
  const Attribute *a = attr(name);
  TRITONC_CHECK(a && std::holds_alternative<int64_t>(*a),
                std::string("op `") + mnemonic(kind) + "` lacks integer attribute " + std::string(name.spelling()));
  return std::get<int64_t>(*a);
}

const std::string &Op::strAttr(AttrKey name) const {
  const Attribute *a = attr(name);
  TRITONC_CHECK(a && std::holds_alternative<std::string>(*a),
                std::string("op `") + mnemonic(kind) + "` lacks string attribute " + std::string(name.spelling()));
  return std::get<std::string>(*a);
}

void Op::setAttr(AttrKey name, Attribute value) {
  for (NamedAttribute &a : attrs)
    if (a.name == name) {
      a.value = std::move(value);
      return;
    }
  attrs.push_back({name, std::move(value)});
}

Value *Block::addArgument(Type type, std::string nameHint) {
  args.push_back(std::make_unique<Value>(std::move(type), this, unsigned(args.size())));
  args.back()->nameHint = std::move(nameHint);
  return args.back().get();
}

Op *Builder::create(OpKind kind, std::vector<Value *> operands, std::vector<Type> resultTypes,
                    std::vector<NamedAttribute> attrs, SourceRange loc) {
  auto op = std::make_unique<Op>(kind, loc);
  Op *raw = op.get();
  op->operands = std::move(operands);
  op->attrs = std::move(attrs);
  op->parent = block_;
  for (unsigned i = 0; i < resultTypes.size(); ++i)
    op->results.push_back(std::make_unique<Value>(std::move(resultTypes[i]), raw, i));
  block_->ops.insert(pos_, std::move(op));
  return raw;
}

bool computesOnFloats(const Op &op) {
  if (hasTrait(op.kind, kFloatArith))
    return true;
  if (op.kind != OpKind::Reduce && op.kind != OpKind::Scan)
    return false;
  // A combine region computes with its own ops.
  const Attribute *kind = op.attr("kind");
  return !(kind && std::holds_alternative<std::string>(*kind) && std::get<std::string>(*kind) == "combine");
}

bool isTensorCoreDot(const Op &op) {
  return op.kind == OpKind::Dot && op.result()->type.layout && op.result()->type.layout->isTensorCoreAccumulator();
}

bool isWgmmaDot(const Op &op) { return isTensorCoreDot(op) && op.result()->type.layout->mma->version == 3; }

bool scansInReverse(const Op &op) {
  const Attribute *reverse = op.attr("reverse");
  return reverse && std::holds_alternative<int64_t>(*reverse) && std::get<int64_t>(*reverse) != 0;
}

void replaceAllUses(Block &block, Value *from, Value *to) {
  for (auto &op : block.ops) {
    for (Value *&operand : op->operands)
      if (operand == from)
        operand = to;
    for (auto &region : op->regions)
      replaceAllUses(*region, from, to);
  }
}

} // namespace tritonc::tir
