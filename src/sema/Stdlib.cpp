// Finding, reading and parsing stdlib/standard.py (Stdlib.h).
#include "Stdlib.h"

#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/sema/KernelBinding.h"
#include "tritonc/sema/Sema.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#if !defined(TRITONC_STDLIB_DIR) || !defined(TRITONC_STDLIB_FROM_BINDIR)
#error "the build defines TRITONC_STDLIB_DIR (the source tree's stdlib/) and TRITONC_STDLIB_FROM_BINDIR"
#endif

namespace tritonc::sema {

namespace {

constexpr const char *kFileName = "standard.py";

std::filesystem::path locate() {
  std::error_code ec;
  std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    std::filesystem::path installed = exe.parent_path() / TRITONC_STDLIB_FROM_BINDIR / kFileName;
    if (std::filesystem::exists(installed, ec))
      return installed;
  }
  return std::filesystem::path(TRITONC_STDLIB_DIR) / kFileName;
}

std::unique_ptr<StandardLibrary> load(DiagnosticEngine &diags) {
  std::filesystem::path path = locate();
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.errorNoLocation(Diag::CannotOpenFile, path.string(), std::strerror(errno));
    return nullptr;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto lib = std::make_unique<StandardLibrary>();
  lib->source = std::make_unique<SourceFile>(path.string(), text.str());
  // The library is part of tritonc: a mistake in it is a compiler bug, not
  // the user's, so its parse errors become an internal error.
  std::ostringstream errors;
  DiagnosticEngine local(errors);
  local.setSource(lib->source.get());
  lib->module = parseModule(*lib->source, local);
  if (lib->module)
    foldEarlyReturns(*lib->module);
  if (local.hasErrors())
    internalError("tritonc's standard library does not parse:\n" + errors.str());
  return lib;
}

} // namespace

const ast::FunctionDef *StandardLibrary::find(const std::string &name) const {
  for (const auto &s : module->body)
    if (s->kind == ast::StmtKind::FunctionDef) {
      auto &f = static_cast<const ast::FunctionDef &>(*s);
      if (f.name == name && isJitFunction(f))
        return &f;
    }
  return nullptr;
}

std::string standardLibraryPath() { return locate().string(); }

const StandardLibrary *standardLibrary(DiagnosticEngine &diags) {
  // Kept for the whole process: typed kernels point into its AST.
  static std::unique_ptr<StandardLibrary> loaded;
  if (!loaded)
    loaded = load(diags);
  return loaded.get();
}

} // namespace tritonc::sema
