// Reading and writing the files the command line names, with the driver's
// diagnostics for failures. `-` as an output means standard output.
#pragma once

#include "tritonc/support/Diagnostics.h"

#include <string>

namespace tritonc {

bool readFile(const std::string &path, std::string &text, DiagnosticEngine &diags);
bool writeFile(const std::string &path, const std::string &text, DiagnosticEngine &diags);

} // namespace tritonc
