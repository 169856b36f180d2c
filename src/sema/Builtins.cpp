#include "tritonc/sema/Builtins.h"

namespace tritonc {

namespace {
const std::vector<Builtin> &table() {
  static const std::vector<Builtin> builtins = {
      {"tl.program_id", {{"axis", true}}},
      {"tl.num_programs", {{"axis", true}}},
      {"tl.arange", {{"start", true}, {"end", true}}},
      {"tl.load",
       {{"pointer", true},
        {"mask", false},
        {"other", false},
        {"boundary_check", false},
        {"padding_option", false},
        {"cache_modifier", false},
        {"eviction_policy", false},
        {"volatile", false}}},
      {"tl.store",
       {{"pointer", true},
        {"value", true},
        {"mask", false},
        {"boundary_check", false},
        {"cache_modifier", false},
        {"eviction_policy", false}}},
      {"tl.where", {{"condition", true}, {"x", true}, {"y", true}}},
      {"tl.constexpr", {{"value", true}}},
  };
  return builtins;
}
} // namespace

const Builtin *findBuiltin(const std::string &name) {
  for (const Builtin &b : table())
    if (name == b.name)
      return &b;
  return nullptr;
}

} // namespace tritonc
