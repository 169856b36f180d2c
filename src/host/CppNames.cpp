// Identifier hygiene for the generated launcher header. Python allows
// parameter names that are C++ keywords (`int`, `new`, `default`), and a
// parameter may collide with a name the header itself uses (`stream`,
// `grid`); both must still produce a header that compiles.
#include "CppNames.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace tritonc::cppnames {

namespace {

// clang-format off
constexpr std::array<std::string_view, 97> kKeywords = {
    "alignas",     "alignof",      "and",          "and_eq",    "asm",
    "auto",        "bitand",       "bitor",        "bool",      "break",
    "case",        "catch",        "char",         "char8_t",   "char16_t",
    "char32_t",    "class",        "compl",        "concept",   "const",
    "consteval",   "constexpr",    "constinit",    "const_cast", "continue",
    "co_await",    "co_return",    "co_yield",     "decltype",  "default",
    "delete",      "do",           "double",       "dynamic_cast", "else",
    "enum",        "explicit",     "export",       "extern",    "false",
    "float",       "for",          "friend",       "goto",      "if",
    "inline",      "int",          "long",         "mutable",   "namespace",
    "new",         "noexcept",     "not",          "not_eq",    "nullptr",
    "operator",    "or",           "or_eq",        "private",   "protected",
    "public",      "register",     "reinterpret_cast", "requires", "return",
    "short",       "signed",       "sizeof",       "static",    "static_assert",
    "static_cast", "struct",       "switch",       "template",  "this",
    "thread_local", "throw",       "true",         "try",       "typedef",
    "typeid",      "typename",     "union",        "unsigned",  "using",
    "virtual",     "void",         "volatile",     "wchar_t",   "while",
    "xor",         "xor_eq",
    // Not keywords, but macros or names every C++ toolchain defines.
    "NULL",        "assert",       "errno",        "main",      "std",
};
// clang-format on

bool isIdentStart(char c) { return std::isalpha((unsigned char)c) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

} // namespace

bool isCppKeyword(std::string_view name) {
  return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

std::string sanitize(std::string_view name, const std::set<std::string> &reserved, std::set<std::string> &taken) {
  std::string out;
  for (char c : name)
    out += isIdentChar(c) ? c : '_';
  if (out.empty() || !isIdentStart(out[0]))
    out.insert(out.begin(), '_');
  // A double underscore is reserved to the implementation anywhere in a
  // name; a leading one before a capital too.
  for (size_t pos; (pos = out.find("__")) != std::string::npos;)
    out.erase(pos, 1);
  if (out.size() > 1 && out[0] == '_' && std::isupper((unsigned char)out[1]))
    out.insert(out.begin(), 'p');
  auto clashes = [&](const std::string &candidate) {
    return isCppKeyword(candidate) || reserved.count(candidate) || taken.count(candidate);
  };
  // `int` becomes `int_`; if that is taken too, `int_2`, `int_3`, ...
  if (clashes(out)) {
    std::string stem = out.back() == '_' ? out : out + "_";
    out = stem;
    for (int n = 2; clashes(out); ++n)
      out = stem + std::to_string(n);
  }
  taken.insert(out);
  return out;
}

std::string renameIdentifiers(std::string_view expr, const std::map<std::string, std::string> &renames) {
  std::string out;
  size_t i = 0;
  while (i < expr.size()) {
    char c = expr[i];
    if (c == '"' || c == '\'') {
      size_t end = i + 1;
      while (end < expr.size() && expr[end] != c)
        end += expr[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, expr.size());
      out.append(expr.substr(i, end - i));
      i = end;
    } else if (isIdentStart(c)) {
      size_t end = i;
      while (end < expr.size() && isIdentChar(expr[end]))
        ++end;
      std::string ident(expr.substr(i, end - i));
      bool member = (i >= 1 && expr[i - 1] == '.') ||
                    (i >= 2 && (expr.substr(i - 2, 2) == "->" || expr.substr(i - 2, 2) == "::"));
      auto it = renames.find(ident);
      out += (!member && it != renames.end()) ? it->second : ident;
      i = end;
    } else if (std::isdigit((unsigned char)c)) {
      // A number with its suffix (`1024u`, `0x1f`) is one token, not an
      // identifier to rename.
      size_t end = i;
      while (end < expr.size() && (isIdentChar(expr[end]) || expr[end] == '.'))
        ++end;
      out.append(expr.substr(i, end - i));
      i = end;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

std::string escapeCppString(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (c == '"' || c == '\\')
      out += {'\\', c};
    else if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f) {
      // Three octal digits always: a shorter escape could swallow a
      // following digit.
      static const char digits[] = "01234567";
      unsigned u = (unsigned char)c;
      out += {'\\', digits[(u >> 6) & 7], digits[(u >> 3) & 7], digits[u & 7]};
    } else if (c == '?' && !out.empty() && out.back() == '?')
      out += "\\?"; // no trigraphs
    else
      out += c;
  }
  return out;
}

} // namespace tritonc::cppnames
