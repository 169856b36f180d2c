// Triton 3.6's language surface as tritonc accepts it: every name of
// `triton.language.__all__`, each supported, supported with a stated
// difference, or refused with a diagnostic; and the keywords each builtin
// takes. The README's table is this function's output (`tritonc
// --language-table`), checked by a test, so the two cannot drift.
#pragma once

#include "tritonc/support/Diagnostics.h"

#include <string>

namespace tritonc {

// `tl.range`, `tl.static_range` (loop iterators), `tl.tensor` and
// `tl.tensor_descriptor` (for `isinstance`), `tl.map_elementwise` (a call
// of the function it maps): names sema handles itself.
bool isSemaLanguageName(const std::string &name);

// Whether `triton.NAME` exists in Triton 3.6 (its `__all__`, version and
// knobs): host code, whether or not kernels can use it.
bool isTritonHostName(const std::string &name);

// Whether NAME is in Triton 3.6's `triton.language.__all__`, whether or
// not tritonc supports it: what `hasattr(tl, NAME)` answers under Triton.
bool isTritonLanguageName(const std::string &name);

// Whether `tl.NAME` resolves to something kernels can use: a primitive
// builtin, a standard-library function, a dtype, or one of the names sema
// knows by itself (`range`, `tensor`, ...). Needs the standard library.
bool isLanguageMember(const std::string &name, DiagnosticEngine &diags);

// The Markdown tables, or "" after a diagnostic (no standard library).
std::string languageSurfaceMarkdown(DiagnosticEngine &diags);

} // namespace tritonc
