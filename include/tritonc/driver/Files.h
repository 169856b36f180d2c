// Reading and writing the files the command line names, with the driver's
// diagnostics for failures. `-` as an output means standard output.
#pragma once

#include "tritonc/support/Diagnostics.h"

#include <string>

namespace tritonc {

bool readFile(const std::string &path, std::string &text, DiagnosticEngine &diags);
bool writeFile(const std::string &path, const std::string &text, DiagnosticEngine &diags);
// As writeFile, but a file that already holds exactly `text` keeps its time
// stamp: what includes a regenerated but unchanged launcher header is not
// rebuilt (with Ninja's restat, or with Make when it is a byproduct). The
// `-o` output is always written: it is the depfile's target, which a build
// tool compares with the sources to decide whether tritonc runs at all.
bool updateFile(const std::string &path, const std::string &text, DiagnosticEngine &diags);

} // namespace tritonc
