#include "tritonc/sema/Builtins.h"

namespace tritonc {

const std::vector<std::string> &unaryMathBuiltins() {
  static const std::vector<std::string> names = {"exp", "exp2", "log", "log2",  "sqrt", "sqrt_rn", "rsqrt",
                                                 "sin", "cos",  "erf", "floor", "ceil", "abs"};
  return names;
}

namespace {

const std::vector<Builtin> &table() {
  static const std::vector<Builtin> builtins = [] {
    std::vector<Builtin> b = {
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
        {"tl.zeros", {{"shape", true}, {"dtype", true}}},
        {"tl.full", {{"shape", true}, {"value", true}, {"dtype", true}}},
        {"tl.maximum", {{"x", true}, {"y", true}, {"propagate_nan", false}}},
        {"tl.minimum", {{"x", true}, {"y", true}, {"propagate_nan", false}}},
        {"tl.fma", {{"x", true}, {"y", true}, {"z", true}}},
        {"tl.div_rn", {{"x", true}, {"y", true}}},
        {"tl.to_tensor", {{"x", true}}},
        {"tl.cast", {{"input", true}, {"dtype", true}, {"fp_downcast_rounding", false}, {"bitcast", false}}},
        {"tl.to", {{"input", true}, {"dtype", true}, {"fp_downcast_rounding", false}, {"bitcast", false}}},
        {"tl.multiple_of", {{"input", true}, {"values", true}}},
        {"tl.max_contiguous", {{"input", true}, {"values", true}}},
        {"tl.max_constancy", {{"input", true}, {"values", true}}},
        {"tl.sum", {{"input", true}, {"axis", false}, {"keep_dims", false}, {"dtype", false}}},
        {"tl.max",
         {{"input", true},
          {"axis", false},
          {"return_indices", false},
          {"return_indices_tie_break_left", false},
          {"keep_dims", false}}},
        {"tl.min",
         {{"input", true},
          {"axis", false},
          {"return_indices", false},
          {"return_indices_tie_break_left", false},
          {"keep_dims", false}}},
    };
    for (const char *name : {"tl.atomic_add", "tl.atomic_max", "tl.atomic_min", "tl.atomic_and", "tl.atomic_or",
                             "tl.atomic_xor", "tl.atomic_xchg"})
      b.push_back({name, {{"pointer", true}, {"val", true}, {"mask", false}, {"sem", false}, {"scope", false}}});
    b.push_back({"tl.atomic_cas", {{"pointer", true}, {"cmp", true}, {"val", true}, {"sem", false}, {"scope", false}}});
    b.push_back({"tl.debug_barrier", {}});
    b.push_back({"tl.make_block_ptr",
                 {{"base", true},
                  {"shape", true},
                  {"strides", true},
                  {"offsets", true},
                  {"block_shape", true},
                  {"order", true}}});
    b.push_back({"tl.advance", {{"base", true}, {"offsets", true}}});
    b.push_back(
        {"tl.make_tensor_descriptor",
         {{"base", true}, {"shape", true}, {"strides", true}, {"block_shape", true}, {"padding_option", false}}});
    // Also reached as the descriptor's methods `desc.load(offsets)` and `desc.store(offsets, value)`.
    b.push_back({"tl.load_tensor_descriptor", {{"desc", true}, {"offsets", true}}});
    b.push_back({"tl.store_tensor_descriptor", {{"desc", true}, {"offsets", true}, {"value", true}}});
    b.push_back({"tl.static_assert", {{"cond", true}, {"msg", false}}});
    b.push_back({"tl.device_assert", {{"cond", true}, {"msg", false}, {"mask", false}}});
    // Python's print keywords: `sep` and `end` are honoured, `file` and `flush` accepted.
    b.push_back({"tl.static_print",
                 {{"values", false, true}, {"sep", false}, {"end", false}, {"file", false}, {"flush", false}}});
    b.push_back({"tl.device_print", {{"prefix", true}, {"args", false, true}, {"hex", false}}});
    b.push_back({"tl.umulhi", {{"x", true}, {"y", true}}});
    b.push_back({"tl.condition", {{"arg1", true}, {"disable_licm", false}}});
    b.push_back({"tl.gather", {{"src", true}, {"index", true}, {"axis", true}}});
    b.push_back({"tl.dtype", {{"name", true}}});
    b.push_back({"tl.get_int_dtype", {{"bitwidth", true}, {"signed", true}}});
    b.push_back({"tl._log2", {{"i", true}}});
    b.push_back({"tl.pointer_type", {{"element_ty", true}, {"address_space", false}, {"const", false}}});
    b.push_back(
        {"tl.inline_asm_elementwise",
         {{"asm", true}, {"constraints", true}, {"args", true}, {"dtype", true}, {"is_pure", true}, {"pack", true}}});
    b.push_back({"tl.cumsum", {{"input", true}, {"axis", false}, {"reverse", false}, {"dtype", false}}});
    b.push_back({"tl.reduce", {{"input", true}, {"axis", true}, {"combine_fn", true}, {"keep_dims", false}}});
    b.push_back({"tl.associative_scan", {{"input", true}, {"axis", true}, {"combine_fn", true}, {"reverse", false}}});
    // Shapes (Triton takes the dims and the shape as `*args`, a tuple also
    // accepted), and the matrix product.
    for (const char *name : {"tl.trans", "tl.permute"})
      b.push_back({name, {{"input", true}, {"dims", false, true}}});
    b.push_back({"tl.reshape", {{"input", true}, {"shape", false, true}, {"can_reorder", false}}});
    b.push_back({"tl.view", {{"input", true}, {"shape", false, true}}});
    b.push_back({"tl.broadcast_to", {{"input", true}, {"shape", false, true}}});
    b.push_back({"tl.expand_dims", {{"input", true}, {"axis", true}}});
    b.push_back({"tl.join", {{"a", true}, {"b", true}}});
    b.push_back({"tl.interleave", {{"a", true}, {"b", true}}});
    b.push_back({"tl.split", {{"a", true}}});
    b.push_back({"tl.dot",
                 {{"input", true},
                  {"other", true},
                  {"acc", false},
                  {"input_precision", false},
                  {"allow_tf32", false},
                  {"max_num_imprecise_acc", false},
                  {"out_dtype", false}}});
    for (const std::string &name : unaryMathBuiltins())
      b.push_back({"tl." + name, {{"x", true}}});
    return b;
  }();
  return builtins;
}

} // namespace

const std::vector<Builtin> &builtins() { return table(); }

const Builtin *findBuiltin(const std::string &name) {
  for (const Builtin &b : table())
    if (name == b.name)
      return &b;
  return nullptr;
}

} // namespace tritonc
