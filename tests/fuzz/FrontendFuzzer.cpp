// libFuzzer target over the frontend and sema (DESIGN.md §6): whatever the
// bytes, lexing, parsing and type checking end in success or diagnostics,
// never in a crash, a hang or an InternalError. Nothing is caught, so an
// InternalError (a compiler bug) escapes and aborts like any other crash.
#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/support/Signature.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/sema/KernelBinding.h"
#include "tritonc/sema/Sema.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

using namespace tritonc;

namespace {

// The signature that binds every parameter of the first kernel: `i32` for
// runtime ones and a power of two for `tl.constexpr` ones, so that sema gets
// past binding into the body (an `i32` for a constexpr stops it there).
// Empty when the file has no kernel.
std::string derivedSignature(const ast::Module &module) {
  for (const auto &s : module.body) {
    if (s->kind != ast::StmtKind::FunctionDef)
      continue;
    auto &def = static_cast<const ast::FunctionDef &>(*s);
    if (!isJitFunction(def))
      continue;
    std::string text;
    for (const ast::Param &p : def.params)
      text += std::string(text.empty() ? "" : ", ") + (isConstexprAnnotation(p.annotation.get()) ? "16" : "i32");
    return text;
  }
  return "";
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A stream without a buffer discards what is written; the diagnostics are
  // still formatted, which is part of what is fuzzed.
  static std::ostream discard(nullptr);
  SourceFile source("fuzz.py", std::string(reinterpret_cast<const char *>(data), size));
  DiagnosticEngine parseDiags(discard);
  parseDiags.setSource(&source);
  std::unique_ptr<ast::Module> module = parseModule(source, parseDiags);
  if (parseDiags.hasErrors())
    return 0; // sema requires a module without syntax errors
  foldEarlyReturns(*module);

  const std::vector<std::string> signatures = {"", "*fp32:16, *fp32:16, *fp32:16, i32, 1024",
                                               derivedSignature(*module)};
  for (const std::string &text : signatures) {
    DiagnosticEngine diags(discard);
    diags.setSource(&source);
    if (std::optional<Signature> signature = parseSignature(text, diags))
      analyzeKernel(*module, "", *signature, diags);
  }
  return 0;
}
