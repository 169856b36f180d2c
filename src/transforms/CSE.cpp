#include "tritonc/transforms/CSE.h"

#include <fmt/format.h>

#include <map>
#include <tuple>

namespace tritonc {

namespace {

// Two ops are equivalent when everything that determines their results is:
// kind, operands, attributes and result types.
using OpKey = std::tuple<int, std::vector<const tir::Value *>, std::string, std::string>;

std::string attributesText(const tir::Op &op) {
  std::string s;
  for (const auto &a : op.attrs) {
    s += std::string(a.name.spelling()) + "=";
    std::visit(
        [&](const auto &v) {
          using T = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<T, std::vector<int64_t>>)
            for (int64_t x : v)
              s += std::to_string(x) + ",";
          else if constexpr (std::is_same_v<T, std::string>)
            s += v;
          else if constexpr (std::is_same_v<T, double>) // exactly: 0.0 and 4.6e-10 must differ
            s += fmt::format("{:a}d", v);
          else
            s += std::to_string(v);
        },
        a.value);
    s += ";";
  }
  return s;
}

void cseBlock(tir::Block &block) {
  std::map<OpKey, tir::Op *> seen;
  for (auto &opPtr : block.ops) {
    tir::Op &op = *opPtr;
    for (auto &region : op.regions)
      cseBlock(*region);
    // Ops with regions (a combine) would be equal only with equal regions,
    // which the key does not compare: they stay apart.
    if (!tir::isPure(op.kind) || !op.regions.empty() || op.results.empty())
      continue;
    std::string types;
    for (const auto &r : op.results)
      types += r->type.str() + ";";
    OpKey key{int(op.kind), {op.operands.begin(), op.operands.end()}, attributesText(op), types};
    auto [it, inserted] = seen.emplace(key, &op);
    if (inserted)
      continue;
    for (size_t i = 0; i < op.results.size(); ++i)
      replaceAllUses(block, op.result(unsigned(i)), it->second->result(unsigned(i)));
  }
}

} // namespace

void eliminateCommonSubexpressions(tir::Module &module) {
  for (auto &f : module.functions)
    cseBlock(f->body);
}

} // namespace tritonc
