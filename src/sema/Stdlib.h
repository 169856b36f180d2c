// tritonc's standard library (stdlib/standard.py): the functions Triton
// writes in Python — `tl.cdiv`, `tl.sigmoid`, `tl.softmax`, ... — kept as
// kernel-language source, parsed once per process and inlined like any
// `@jit` helper. The C++ builtin table holds only primitives.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/Diagnostics.h"

#include <memory>
#include <string>

namespace tritonc::sema {

struct StandardLibrary {
  std::unique_ptr<SourceFile> source;
  std::unique_ptr<ast::Module> module;

  // The `@jit` function `name` (without `tl.`), or null.
  const ast::FunctionDef *find(const std::string &name) const;
};

// The library, loaded on first use; null after a diagnostic when the file
// cannot be read. Looks where an install puts it relative to the running
// executable (`../share/tritonc/stdlib`, TRITONC_STDLIB_FROM_BINDIR), then
// in the source tree it was built from (TRITONC_STDLIB_DIR).
const StandardLibrary *standardLibrary(DiagnosticEngine &diags);

} // namespace tritonc::sema
