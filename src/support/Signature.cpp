// Parsing of the kernel signature string (DESIGN.md §5). The grammar, one
// entry per kernel parameter:
//
//   signature := entry (',' entry)*
//   entry     := [identifier '='] (value | '(' [value (',' value)* [',']] ')')
//   value     := '*' dtype [':' align]          pointer, optional alignment in bytes
//              | dtype [':' (align | '1')]      scalar; hints only on integers
//   align     := '16' | '8' | '4' | '2'         a power of two the value is a multiple of
//              | integer | float | 'True' | 'False' | string | 'tl.' dtypeName
//
// Every entry is checked even after an error, so one run reports every
// malformed entry.
#include "tritonc/support/Signature.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <set>

namespace tritonc {

namespace {

struct DTypeSpelling {
  std::string_view signature; // "fp16"
  std::string_view canonical; // "float16", as Triton's tl.dtype names it
  bool isInteger;
  bool pointerOnly; // fp8 formats have no scalar form in a launch
};

constexpr DTypeSpelling kDTypes[] = {
    {"i1", "int1", true, false},
    {"i8", "int8", true, false},
    {"i16", "int16", true, false},
    {"i32", "int32", true, false},
    {"i64", "int64", true, false},
    {"u8", "uint8", true, false},
    {"u16", "uint16", true, false},
    {"u32", "uint32", true, false},
    {"u64", "uint64", true, false},
    {"fp16", "float16", false, false},
    {"bf16", "bfloat16", false, false},
    {"fp32", "float32", false, false},
    {"fp64", "float64", false, false},
    {"fp8e4nv", "float8e4nv", false, true},
    {"fp8e5", "float8e5", false, true},
    {"fp8e4b15", "float8e4b15", false, true},
    {"fp8e5b16", "float8e5b16", false, true},
};

const DTypeSpelling *findBySignature(std::string_view spelling) {
  if (spelling == "u1") // Triton's binder spells bool `u1`
    spelling = "i1";
  for (const DTypeSpelling &d : kDTypes)
    if (d.signature == spelling)
      return &d;
  return nullptr;
}

const DTypeSpelling *findByCanonical(std::string_view name) {
  for (const DTypeSpelling &d : kDTypes)
    if (d.canonical == name)
      return &d;
  return nullptr;
}

std::string_view trim(std::string_view s) {
  auto isSpace = [](char c) { return std::isspace((unsigned char)c) != 0; };
  while (!s.empty() && isSpace(s.front()))
    s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back()))
    s.remove_suffix(1);
  return s;
}

bool isIdentifier(std::string_view s) {
  if (s.empty() || std::isdigit((unsigned char)s[0]))
    return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isalnum((unsigned char)c) || c == '_'; });
}

bool isQuote(char c) { return c == '"' || c == '\''; }

// Splits at top-level commas: a comma inside a quoted string, inside the
// brackets of `tensordesc<fp16[64, 64]>` or inside a tuple's parentheses
// belongs to its entry. An unterminated string swallows the rest of the
// text, which then fails as one entry with a precise reason.
std::vector<std::string_view> splitEntries(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  char quote = 0;
  int depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (isQuote(c)) {
      quote = c;
    } else if (c == '<' || c == '[' || c == '(') {
      ++depth;
    } else if ((c == '>' || c == ']' || c == ')') && depth > 0) {
      --depth;
    } else if (c == ',' && depth == 0) {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

// Parses one entry. On failure returns the reason; the caller reports it.
class EntryParser {
public:
  explicit EntryParser(SignatureEntry &entry) : entry_(entry) {}

  std::optional<std::string> parse(std::string_view text) {
    if (text.empty())
      return "empty entry";
    std::string_view value = text;
    if (size_t eq = findTopLevelEquals(text); eq != std::string_view::npos) {
      std::string_view name = trim(text.substr(0, eq));
      if (!isIdentifier(name))
        return "`" + std::string(name) + "` is not a parameter name";
      entry_.name = std::string(name);
      value = trim(text.substr(eq + 1));
      if (value.empty())
        return "no value after `" + entry_.name + "=`";
    }
    if (value.front() == '(')
      return parseTuple(value);
    if (value.front() == '*')
      return parsePointer(trim(value.substr(1)));
    if (value.starts_with("tensordesc"))
      return parseTensorDesc(value);
    if (isQuote(value.front()))
      return parseString(value);
    if (value.size() > 3 && value.substr(0, 3) == "tl.")
      return parseDType(value);
    if (value == "True" || value == "False")
      return setBool(value == "True");
    if (value == "None") { // Triton specialises a `None` argument to a compile-time `None`
      constexprValue() = ConstexprValue::none();
      return std::nullopt;
    }
    if (std::isdigit((unsigned char)value.front()) || value.front() == '-' || value.front() == '+' ||
        value.front() == '.')
      return parseNumber(value);
    return parseScalar(value);
  }

private:
  // The '=' of `name=value`, ignoring any inside a quoted value or a tuple.
  static size_t findTopLevelEquals(std::string_view text) {
    for (size_t i = 0; i < text.size(); ++i) {
      if (isQuote(text[i]) || text[i] == '(')
        return std::string_view::npos;
      if (text[i] == '=')
        return i;
    }
    return std::string_view::npos;
  }

  // `:16` as Triton specialises, and the finer powers of two it cannot
  // express (a row stride of 4136 fp16 elements keeps 16-byte rows: `:8`).
  static bool isDivisibilityHint(int hint) { return hint == 2 || hint == 4 || hint == 8 || hint == 16; }

  // Splits `type:hint`; the hint must be a plain decimal number.
  static std::optional<std::string> splitHint(std::string_view text, std::string_view &type, int &hint) {
    size_t colon = text.find(':');
    type = trim(text.substr(0, colon));
    hint = 0;
    if (colon == std::string_view::npos)
      return std::nullopt;
    std::string_view digits = trim(text.substr(colon + 1));
    if (digits.empty())
      return "missing hint after `:`";
    if (digits.size() > 4 ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit((unsigned char)c); }))
      return "hint `" + std::string(digits) + "` is not 16, 8, 4, 2 or 1";
    hint = std::atoi(std::string(digits).c_str());
    return std::nullopt;
  }

  std::optional<std::string> parsePointer(std::string_view text) {
    entry_.kind = SignatureEntry::Kind::Pointer;
    std::string_view type;
    if (auto error = splitHint(text, type, entry_.hint))
      return error;
    if (type.empty())
      return std::string("missing element type after `*`");
    const DTypeSpelling *dtype = findBySignature(type);
    if (!dtype)
      return "unknown type `" + std::string(type) + "`";
    if (text.find(':') != std::string_view::npos && !isDivisibilityHint(entry_.hint))
      return "alignment hint must be 16, 8, 4 or 2, found `:" + std::to_string(entry_.hint) + "`";
    entry_.dtype = std::string(dtype->signature);
    return std::nullopt;
  }

  // `(*fp16:16, *fp16:16)`: a tuple argument, which Triton passes as its
  // elements, each specialised as an argument of its own.
  std::optional<std::string> parseTuple(std::string_view text) {
    entry_.kind = SignatureEntry::Kind::Tuple;
    if (text.back() != ')')
      return std::string("a tuple ends with `)`");
    std::string_view body = trim(text.substr(1, text.size() - 2));
    if (body.empty())
      return std::string("an empty tuple");
    if (body.back() == ',') // `(*fp16,)`, as Python writes one element
      body = trim(body.substr(0, body.size() - 1));
    for (std::string_view part : splitEntries(body)) {
      SignatureEntry element;
      element.text = std::string(trim(part));
      if (element.text.empty())
        return std::string("an empty tuple element");
      if (element.text.front() == '(' || element.text.starts_with("tensordesc"))
        return "tuple element `" + element.text +
               "` is a tuple or a tensor descriptor; only pointers, scalars and "
               "constants may be elements";
      if (findTopLevelEquals(element.text) != std::string_view::npos)
        return "tuple element `" + element.text + "` has a name";
      if (std::optional<std::string> error = EntryParser(element).parse(element.text))
        return "tuple element `" + element.text + "`: " + *error;
      entry_.elements.push_back(std::move(element));
    }
    return std::nullopt;
  }

  // `tensordesc<fp16[128, 64]>`, Triton's spelling of a host-side tensor
  // descriptor: the element type and the block each access moves.
  std::optional<std::string> parseTensorDesc(std::string_view text) {
    entry_.kind = SignatureEntry::Kind::TensorDesc;
    std::string_view body = trim(text.substr(std::string_view("tensordesc").size()));
    if (body.size() < 2 || body.front() != '<' || body.back() != '>')
      return std::string("expected `tensordesc<DTYPE[BLOCK, ...]>`");
    body = trim(body.substr(1, body.size() - 2));
    size_t open = body.find('[');
    if (open == std::string_view::npos || body.back() != ']')
      return std::string("expected the block shape in brackets: `tensordesc<DTYPE[BLOCK, ...]>`");
    std::string_view type = trim(body.substr(0, open));
    const DTypeSpelling *dtype = findBySignature(type);
    if (!dtype)
      return "unknown type `" + std::string(type) + "`";
    if (type == "i1" || type == "u1")
      return std::string("a tensor descriptor of `i1` is not supported");
    entry_.dtype = std::string(dtype->signature);
    std::string_view dims = body.substr(open + 1, body.size() - open - 2);
    while (true) {
      size_t comma = dims.find(',');
      std::string_view dim = trim(dims.substr(0, comma));
      if (dim.empty() || dim.size() > 6 ||
          !std::all_of(dim.begin(), dim.end(), [](char c) { return std::isdigit((unsigned char)c); }))
        return "block dim `" + std::string(dim) + "` is not a positive integer";
      int64_t size = std::atoll(std::string(dim).c_str());
      if (size <= 0 || (size & (size - 1)) != 0)
        return "block dim " + std::string(dim) + " is not a power of two";
      entry_.blockShape.push_back(size);
      if (comma == std::string_view::npos)
        break;
      dims = dims.substr(comma + 1);
    }
    if (entry_.blockShape.size() > 5)
      return std::string("a tensor descriptor has at most 5 dims");
    // The most elements a tile may have (as for any tensor), checked as
    // the dims multiply so that no product overflows.
    constexpr int64_t kMaxBlockElements = int64_t(1) << 20;
    int64_t elements = 1;
    for (int64_t d : entry_.blockShape)
      if ((elements *= d) > kMaxBlockElements)
        return "a block of more than " + std::to_string(kMaxBlockElements) + " elements";
    return std::nullopt;
  }

  std::optional<std::string> parseScalar(std::string_view text) {
    entry_.kind = SignatureEntry::Kind::Scalar;
    std::string_view type;
    if (auto error = splitHint(text, type, entry_.hint))
      return error;
    const DTypeSpelling *dtype = findBySignature(type);
    if (!dtype) {
      if (isIdentifier(type))
        return "unknown type `" + std::string(type) + "`";
      return "cannot read `" + std::string(text) + "` as a type or a constant";
    }
    if (dtype->pointerOnly)
      return "`" + std::string(type) + "` is only allowed as a pointer element type, `*" + std::string(type) + "`";
    bool hasHint = text.find(':') != std::string_view::npos;
    if (hasHint && (!dtype->isInteger || type == "i1" || type == "u1"))
      return "hint `:" + std::to_string(entry_.hint) + "` applies only to integer types; `" + std::string(type) +
             "` takes none";
    if (hasHint && !isDivisibilityHint(entry_.hint) && entry_.hint != 1)
      return "integer hint must be 16, 8, 4, 2 or 1, found `:" + std::to_string(entry_.hint) + "`";
    entry_.dtype = std::string(dtype->signature);
    return std::nullopt;
  }

  ConstexprValue &constexprValue() {
    entry_.kind = SignatureEntry::Kind::Constexpr;
    return entry_.value;
  }

  std::optional<std::string> setBool(bool value) {
    ConstexprValue &v = constexprValue();
    v.kind = ConstexprValue::Kind::Bool;
    v.boolValue = value;
    return std::nullopt;
  }

  std::optional<std::string> parseString(std::string_view text) {
    ConstexprValue &v = constexprValue();
    v.kind = ConstexprValue::Kind::String;
    char quote = text.front();
    size_t i = 1;
    for (; i < text.size() && text[i] != quote; ++i) {
      char c = text[i];
      if (c == '\\' && i + 1 < text.size()) {
        char e = text[++i];
        v.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      } else {
        v.text += c;
      }
    }
    if (i >= text.size())
      return std::string("unterminated string");
    if (i + 1 != text.size())
      return "unexpected `" + std::string(text.substr(i + 1)) + "` after the string";
    return std::nullopt;
  }

  std::optional<std::string> parseDType(std::string_view text) {
    ConstexprValue &v = constexprValue();
    v.kind = ConstexprValue::Kind::DType;
    const DTypeSpelling *dtype = findByCanonical(text.substr(3));
    if (!dtype)
      return "unknown dtype `" + std::string(text) + "`";
    v.text = std::string(dtype->canonical);
    return std::nullopt;
  }

  // Integers as Python writes them (decimal, 0x, 0o, 0b); anything else that
  // strtod accepts completely is a float.
  std::optional<std::string> parseNumber(std::string_view text) {
    ConstexprValue &v = constexprValue();
    std::string s(text);
    std::string_view body = text;
    bool negative = false;
    if (body.front() == '-' || body.front() == '+') {
      negative = body.front() == '-';
      body.remove_prefix(1);
    }
    int base = 10;
    if (body.size() > 2 && body[0] == '0' && std::isalpha((unsigned char)body[1])) {
      char p = char(std::tolower((unsigned char)body[1]));
      base = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 10;
    }
    bool looksFloat = base == 10 && body.find_first_of(".eE") != std::string_view::npos;
    if (!looksFloat) {
      std::string digits(body.substr(base == 10 ? 0 : 2));
      char *end = nullptr;
      errno = 0;
      unsigned long long magnitude = std::strtoull(digits.c_str(), &end, base);
      bool allDigits = !digits.empty() && std::isalnum((unsigned char)digits[0]) && *end == 0;
      if (allDigits) {
        // int64 or uint64, as the Python value Triton was given may be.
        if (errno == ERANGE || (negative && magnitude > 9223372036854775808ull))
          return "integer `" + s + "` does not fit in 64 bits";
        v.kind = ConstexprValue::Kind::Int;
        v.intValue = negative ? -ConstInt(magnitude) : ConstInt(magnitude);
        return std::nullopt;
      }
    }
    if (looksFloat) {
      char *end = nullptr;
      double value = std::strtod(s.c_str(), &end);
      if (*end == 0) {
        v.kind = ConstexprValue::Kind::Float;
        v.floatValue = value;
        return std::nullopt;
      }
    }
    return "cannot read `" + s + "` as a number";
  }

  SignatureEntry &entry_;
};

} // namespace

std::optional<Signature> parseSignature(std::string_view text, DiagnosticEngine &diags) {
  Signature signature;
  // An empty signature is the kernel without parameters, not one empty entry.
  if (trim(text).empty())
    return signature;
  unsigned errorsBefore = diags.errorCount();
  std::set<std::string, std::less<>> names;
  std::vector<std::string_view> parts = splitEntries(text);
  for (size_t i = 0; i < parts.size(); ++i) {
    SignatureEntry entry;
    entry.text = std::string(trim(parts[i]));
    std::optional<std::string> error = EntryParser(entry).parse(entry.text);
    if (!error && i > 0 && entry.name.empty() != signature.entries.front().name.empty())
      error = "mixes named and positional entries";
    if (!error && !entry.name.empty() && !names.insert(entry.name).second)
      error = "duplicate name `" + entry.name + "`";
    if (error)
      diags.errorNoLocation(Diag::BadSignature, i + 1, entry.text, *error);
    signature.entries.push_back(std::move(entry));
  }
  if (diags.errorCount() != errorsBefore)
    return std::nullopt;
  return signature;
}

std::string entryWithHint(const SignatureEntry &entry, int hint) {
  std::string prefix;
  if (!entry.name.empty() && entry.text.rfind(entry.name, 0) == 0)
    if (size_t equals = entry.text.find('='); equals != std::string::npos)
      prefix = entry.name + "=";
  std::string written = prefix + (entry.kind == SignatureEntry::Kind::Pointer ? "*" : "") + entry.dtype;
  return hint ? written + ":" + std::to_string(hint) : written;
}

std::string canonicalDTypeName(std::string_view signatureSpelling) {
  const DTypeSpelling *dtype = findBySignature(signatureSpelling);
  return dtype ? std::string(dtype->canonical) : std::string();
}

} // namespace tritonc
