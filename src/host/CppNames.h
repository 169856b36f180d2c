// Turning Python identifiers into C++ ones for the generated launcher header.
// Private to src/host.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace tritonc::cppnames {

bool isCppKeyword(std::string_view name);

// A valid C++ identifier for `name`: bad characters become '_', a keyword
// or a name in `reserved` gets a trailing '_', and the result differs from
// every name in `taken` (which it is then added to).
std::string sanitize(std::string_view name, const std::set<std::string> &reserved, std::set<std::string> &taken);

// `expr` with every identifier found in `renames` replaced by its new name;
// member and qualified names (after '.', "->" or "::") and string
// literals are left alone.
std::string renameIdentifiers(std::string_view expr, const std::map<std::string, std::string> &renames);

// `text` as the body of a C++ string literal (no quotes).
std::string escapeCppString(std::string_view text);

} // namespace tritonc::cppnames
