#include "tritonc/sema/LanguageSurface.h"

#include "Checker.h"
#include "Libdevice.h"
#include "Stdlib.h"

#include "tritonc/ir/Type.h"
#include "tritonc/sema/Builtins.h"

#include <fmt/format.h>

#include <map>
#include <set>

namespace tritonc {

namespace {

// `triton.language.__all__` of Triton 3.6, in its order.
// clang-format off
const char *const kTritonLanguageNames[] = {
    "PropagateNan", "TRITON_MAX_TENSOR_NUMEL", "load_tensor_descriptor", "store_tensor_descriptor",
    "make_tensor_descriptor", "tensor_descriptor", "abs", "add", "advance", "arange", "argmax", "argmin",
    "associative_scan", "assume", "atomic_add", "atomic_and", "atomic_cas", "atomic_max", "atomic_min", "atomic_or",
    "atomic_xchg", "atomic_xor", "bfloat16", "bitonic_merge", "block_type", "broadcast", "broadcast_to", "cat",
    "cast", "cdiv", "ceil", "clamp", "condition", "const", "constexpr", "constexpr_type", "cos", "cumprod", "cumsum",
    "debug_barrier", "device_assert", "device_print", "div_rn", "dot", "dot_scaled", "dtype", "erf", "exp", "exp2",
    "expand_dims", "extra", "fdiv", "flip", "float16", "float32", "float64", "float8e4b15", "float8e4nv",
    "float8e4b8", "float8e5", "float8e5b16", "floor", "fma", "full", "gather", "histogram", "inline_asm_elementwise",
    "int1", "int16", "int32", "int64", "int8", "interleave", "join", "load", "log", "log2", "make_block_ptr",
    "map_elementwise", "math", "max", "max_constancy", "max_contiguous", "maximum", "min", "minimum", "mul",
    "multiple_of", "num_programs", "pair_uniform_to_normal", "permute", "philox", "philox_impl", "pi32_t",
    "pointer_type", "program_id", "rand", "rand4x", "randint", "randint4x", "randn", "randn4x", "range", "ravel",
    "reduce", "reduce_or", "reshape", "rsqrt", "slice", "sigmoid", "sin", "softmax", "sort", "split", "sqrt",
    "sqrt_rn", "static_assert", "static_print", "static_range", "store", "sub", "sum", "swizzle2d", "target_info",
    "tensor", "topk", "trans", "tuple", "uint16", "uint32", "uint64", "uint8", "uint_to_uniform_float", "umulhi",
    "view", "void", "where", "xor_sum", "zeros", "zeros_like"};
// clang-format on

// Where tritonc's behaviour differs from Triton's for a supported name.
const std::map<std::string, std::string> &differences() {
  static const std::map<std::string, std::string> notes = {
      {"add", "`sanitize_overflow` has no effect (Triton checks overflow only in debug mode)"},
      {"sub", "`sanitize_overflow` has no effect (Triton checks overflow only in debug mode)"},
      {"mul", "`sanitize_overflow` has no effect (Triton checks overflow only in debug mode)"},
      {"assume", "accepted and not used by the optimiser"},
      {"max_constancy", "accepted; the axis analysis finds constancy itself"},
      {"device_assert", "compiled out, as Triton does outside debug mode"},
      {"device_print", "one line per element: `pid (x, y, z) idx (i, ...) prefix: value`"},
      {"static_print", "prints to stderr"},
      {"range", "a loop's `num_stages` deeper than the kernel's is taken as the kernel's"},
      {"cat", "keeps `input` first (Triton may reorder, and asks `can_reorder=True`)"},
      {"histogram", "a compare-and-sum over the bins, no atomics: slow for many bins"},
      {"inline_asm_elementwise",
       "several result dtypes need `is_pure=True`; arguments written as a list or tuple in the call"},
      {"cumsum", "floating-point scans add in another order (results agree within rounding)"},
      {"associative_scan", "floating-point scans add in another order (results agree within rounding)"},
      {"dot", "fp64 runs on CUDA cores (Triton: DMMA); 3-D (batched) operands run as 2-D dots on the tensor cores: "
              "one of every batch against every batch, the diagonal blocks kept (B times the multiplications), "
              "where B*B*M*N <= 8192, else one per batch with its operands picked out of the 3-D tiles; "
              "`input_precision` `bf16x3`/`bf16x6` compute as `ieee` (exact fp32 products on CUDA cores: more "
              "precise, slower)"},
      {"dot_scaled", "computed as Triton computes it on Hopper: the operands widened to bf16 (fp16 with an fp16 "
                     "operand), scaled, one `tl.dot`; 3-D (batched) operands one 2-D product per batch, with "
                     "per-batch scales [B, M, K/32], which Triton 3.6 refuses (later Triton takes them)"},
      {"map_elementwise", "`pack` 1 only; the function runs once on whole tiles, its run-time `if`s as selects "
                          "(both branches evaluated), so it may hold assignments, `if` and `return`, not loops "
                          "or effects"},
      {"float8e4b15", "a format Triton deprecates on Hopper; not an element type here"},
      {"float8e4b8", "an AMD format; not an element type here"},
      {"float8e5b16", "an AMD format; not an element type here"},
  };
  return notes;
}

std::string keywordsOf(const Builtin &b) {
  std::string out;
  for (const BuiltinParam &p : b.params)
    out += fmt::format("{}{}{}", out.empty() ? "" : ", ", p.variadic ? "*" : "", p.name);
  return out;
}

} // namespace

bool isSemaLanguageName(const std::string &name) {
  return name == "range" || name == "static_range" || name == "tensor" || name == "tensor_descriptor" ||
         name == "map_elementwise" || name == "const";
}

bool isTritonHostName(const std::string &name) {
  // Triton 3.6's `triton.__all__`, its version and knobs.
  static const std::set<std::string> names = {
      "AsyncCompileMode", "autotune", "cdiv", "CompilationError", "compile", "Config", "constexpr_function",
      "FutureKernel", "heuristics", "InterpreterError", "jit", "JITFunction", "KernelInterface", "language",
      "MockTensor", "must_use_result", "next_power_of_2", "OutOfResources", "reinterpret", "runtime",
      "set_allocator", "TensorWrapper", "TritonError", "testing", "tools", "knobs", "__version__"};
  return names.count(name) > 0;
}

bool isTritonLanguageName(const std::string &name) {
  for (const char *known : kTritonLanguageNames)
    if (name == known)
      return true;
  return false;
}

bool isLanguageMember(const std::string &name, DiagnosticEngine &diags) {
  // The modules under `tl` sema follows by themselves.
  if (name == "PropagateNan" || name == "extra" || name == "math" || name == "TRITON_MAX_TENSOR_NUMEL")
    return true;
  if (scalarFromTritonName(name) || sema::Checker::aliasDType(name) || findBuiltin("tl." + name) ||
      isSemaLanguageName(name))
    return true;
  const sema::StandardLibrary *lib = sema::standardLibrary(diags);
  return lib && lib->find(name);
}

std::string languageSurfaceMarkdown(DiagnosticEngine &diags) {
  if (!sema::standardLibrary(diags))
    return "";
  std::string out = "| `tl.` name | tritonc |\n|---|---|\n";
  size_t supported = 0, different = 0, refused = 0;
  for (const char *name : kTritonLanguageNames) {
    auto note = differences().find(name);
    bool member = isLanguageMember(name, diags);
    std::string status;
    if (member && note != differences().end()) {
      status = "supported, differs: " + note->second;
      ++different;
    } else if (member) {
      status = "supported";
      ++supported;
    } else {
      status = note != differences().end() ? "refused: " + note->second : "refused with a diagnostic";
      ++refused;
    }
    out += fmt::format("| `{}` | {} |\n", name, status);
  }
  out += fmt::format("\n{} supported, {} supported with a difference, {} refused; and the {} functions of "
                     "`tl.extra.cuda.libdevice` (every one libdevice defines).\n",
                     supported, different, refused, sema::libdeviceFunctions().size());
  out += "\nKeywords each builtin takes (positional in this order, or by name; `*` takes the rest):\n\n"
         "| builtin | parameters |\n|---|---|\n";
  for (const Builtin &b : builtins())
    out += fmt::format("| `{}` | {} |\n", b.name, keywordsOf(b));
  return out;
}

} // namespace tritonc
