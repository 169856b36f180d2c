#include "Literals.h"

#include "tritonc/frontend/Token.h"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace tritonc::literals {

size_t decodeUtf8(std::string_view text, size_t pos, uint32_t *codePoint) {
  auto byte = [&](size_t i) { return i < text.size() ? (unsigned char)text[i] : 0u; };
  unsigned char lead = byte(pos);
  size_t length;
  uint32_t cp, minimum;
  if (lead < 0x80) {
    *codePoint = lead;
    return 1;
  } else if ((lead & 0xe0) == 0xc0) {
    length = 2, cp = lead & 0x1f, minimum = 0x80;
  } else if ((lead & 0xf0) == 0xe0) {
    length = 3, cp = lead & 0x0f, minimum = 0x800;
  } else if ((lead & 0xf8) == 0xf0) {
    length = 4, cp = lead & 0x07, minimum = 0x10000;
  } else {
    return 0;
  }
  for (size_t i = 1; i < length; ++i) {
    unsigned char b = byte(pos + i);
    if ((b & 0xc0) != 0x80)
      return 0;
    cp = cp << 6 | (b & 0x3f);
  }
  if (cp < minimum || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  *codePoint = cp;
  return length;
}

void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xc0 | cp >> 6);
    out += char(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += char(0xe0 | cp >> 12);
    out += char(0x80 | (cp >> 6 & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  } else {
    out += char(0xf0 | cp >> 18);
    out += char(0x80 | (cp >> 12 & 0x3f));
    out += char(0x80 | (cp >> 6 & 0x3f));
    out += char(0x80 | (cp & 0x3f));
  }
}

namespace {

bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

int digitValue(char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return 99;
}

// Python allows one underscore between digits (and, after a base prefix,
// before the first digit): `1_000`, `0x_ff`; never `1__0` or `1_`.
bool underscoresValid(std::string_view digits, bool leadingAllowed) {
  if (digits.empty() || digits.back() == '_' || (!leadingAllowed && digits.front() == '_'))
    return false;
  return digits.find("__") == std::string_view::npos;
}

NumberLiteral bad(size_t length, const char *hint) {
  NumberLiteral n;
  n.length = length;
  n.ok = false;
  n.hint = hint;
  return n;
}

NumberLiteral scanPrefixedInt(std::string_view text, size_t start) {
  char letter = char(std::tolower((unsigned char)text[start + 1]));
  unsigned base = letter == 'x' ? 16 : letter == 'o' ? 8 : 2;
  size_t end = start + 2;
  while (end < text.size() && isIdentChar(text[end]))
    ++end;
  std::string_view digits = text.substr(start + 2, end - start - 2);
  if (digits.find_first_not_of('_') == std::string_view::npos)
    return bad(end - start, "; expected digits after the base prefix");
  if (!underscoresValid(digits, /*leadingAllowed=*/true))
    return bad(end - start, "; underscores may only separate digits");
  NumberLiteral n;
  n.length = end - start;
  for (char c : digits) {
    if (c == '_')
      continue;
    unsigned d = unsigned(digitValue(c));
    if (d >= base)
      return bad(end - start, base == 16  ? "; hexadecimal digits are 0-9 and a-f"
                              : base == 8 ? "; octal digits are 0-7"
                                          : "; binary digits are 0 and 1");
    if (n.intValue > (UINT64_MAX - d) / base)
      return bad(end - start, "; integers must fit in 64 bits");
    n.intValue = n.intValue * base + d;
  }
  return n;
}

size_t skipDigits(std::string_view text, size_t pos) {
  while (pos < text.size() && (std::isdigit((unsigned char)text[pos]) || text[pos] == '_'))
    ++pos;
  return pos;
}

} // namespace

NumberLiteral scanNumber(std::string_view text, size_t start) {
  if (text[start] == '0' && start + 1 < text.size() &&
      std::string_view("xXoObB").find(text[start + 1]) != std::string_view::npos)
    return scanPrefixedInt(text, start);

  size_t intEnd = skipDigits(text, start);
  size_t pos = intEnd;
  bool isFloat = false;
  size_t fracBegin = pos, fracEnd = pos;
  if (pos < text.size() && text[pos] == '.') {
    isFloat = true;
    fracBegin = pos + 1;
    pos = fracEnd = skipDigits(text, fracBegin);
  }
  size_t expBegin = pos, expEnd = pos;
  if (pos < text.size() && (text[pos] == 'e' || text[pos] == 'E')) {
    size_t digits = pos + 1;
    if (digits < text.size() && (text[digits] == '+' || text[digits] == '-'))
      ++digits;
    if (digits >= text.size() || !std::isdigit((unsigned char)text[digits]))
      return bad(digits - start, "; the exponent has no digits");
    isFloat = true;
    expBegin = digits;
    pos = expEnd = skipDigits(text, digits);
  }
  // Letters glued to the number (`1abc`, `1e`, `2j`) make the whole run bad.
  size_t end = pos;
  while (end < text.size() && isIdentChar(text[end]))
    ++end;
  size_t length = end - start;
  if (end != pos) {
    char first = text[pos];
    if (first == 'j' || first == 'J')
      return bad(length, "; complex numbers are not supported");
    return bad(length, "");
  }
  std::string_view intPart = text.substr(start, intEnd - start);
  std::string_view fracPart = text.substr(fracBegin, fracEnd - fracBegin);
  std::string_view expPart = text.substr(expBegin, expEnd - expBegin);
  if ((!intPart.empty() && !underscoresValid(intPart, false)) ||
      (!fracPart.empty() && !underscoresValid(fracPart, false)) ||
      (!expPart.empty() && !underscoresValid(expPart, false)))
    return bad(length, "; underscores may only separate digits");

  NumberLiteral n;
  n.length = length;
  n.isFloat = isFloat;
  std::string clean;
  for (char c : text.substr(start, length))
    if (c != '_')
      clean += c;
  if (isFloat) {
    auto [ptr, ec] = std::from_chars(clean.data(), clean.data() + clean.size(), n.floatValue);
    // Out of range: Python gives inf or 0, which strtod also does.
    if (ec == std::errc::result_out_of_range)
      n.floatValue = std::strtod(clean.c_str(), nullptr);
    return n;
  }
  if (clean.size() > 1 && clean[0] == '0' && clean.find_first_not_of('0') != std::string::npos)
    return bad(length, "; write octal integers with a `0o` prefix");
  for (char c : clean) {
    unsigned d = unsigned(c - '0');
    if (n.intValue > (UINT64_MAX - d) / 10)
      return bad(length, "; integers must fit in 64 bits");
    n.intValue = n.intValue * 10 + d;
  }
  return n;
}

bool isStringPrefix(std::string_view prefix) {
  std::string lower;
  for (char c : prefix)
    lower += char(std::tolower((unsigned char)c));
  for (std::string_view valid : {"", "r", "b", "f", "u", "rb", "br", "fr", "rf"})
    if (lower == valid)
      return true;
  return false;
}

namespace {

class StringScanner {
public:
  StringScanner(std::string_view text, size_t start) : text_(text), start_(start), pos_(start) {}

  StringLiteral scan() {
    while (text_[pos_] != '\'' && text_[pos_] != '"') {
      char c = char(std::tolower((unsigned char)text_[pos_++]));
      result_.flags |= c == 'r' ? kStringRaw : c == 'b' ? kStringBytes : c == 'f' ? kStringFormat : 0;
    }
    char quote = text_[pos_];
    bool triple = at(pos_ + 1) == quote && at(pos_ + 2) == quote;
    pos_ += triple ? 3 : 1;
    for (;;) {
      if (pos_ >= text_.size()) {
        problem(triple ? StringLiteral::Problem::UnterminatedTriple : StringLiteral::Problem::Unterminated, start_,
                pos_ - start_);
        break;
      }
      char c = text_[pos_];
      bool lineEnd = c == '\n' || (c == '\r' && at(pos_ + 1) == '\n');
      if (lineEnd && !triple) {
        problem(StringLiteral::Problem::Unterminated, start_, pos_ - start_);
        break;
      }
      if (c == quote && (!triple || (at(pos_ + 1) == quote && at(pos_ + 2) == quote))) {
        pos_ += triple ? 3 : 1;
        break;
      }
      if (c == '\\' && pos_ + 1 < text_.size())
        escape();
      else if (c == '\r' && at(pos_ + 1) == '\n')
        ++pos_; // CRLF inside a triple-quoted string reads as "\n", as in Python
      else
        character();
    }
    result_.length = pos_ - start_;
    return std::move(result_);
  }

private:
  char at(size_t i) const { return i < text_.size() ? text_[i] : '\0'; }

  void problem(StringLiteral::Problem p, size_t offset, size_t length) {
    if (result_.problem != StringLiteral::Problem::None)
      return;
    result_.problem = p;
    result_.problemOffset = offset;
    result_.problemLength = length ? length : 1;
  }

  void character() {
    uint32_t cp;
    size_t n = decodeUtf8(text_, pos_, &cp);
    if (n == 0) {
      problem(StringLiteral::Problem::InvalidUtf8, pos_, 1);
      n = 1;
    }
    result_.value.append(text_.substr(pos_, n));
    pos_ += n;
  }

  // Reads `count` hex digits after the escape letter; false if they are missing.
  bool hexDigits(size_t count, uint32_t *value) {
    *value = 0;
    for (size_t i = 0; i < count; ++i) {
      int d = digitValue(at(pos_ + 2 + i));
      if (d > 15)
        return false;
      *value = *value * 16 + uint32_t(d);
    }
    return true;
  }

  void escape() {
    char next = text_[pos_ + 1];
    bool bytes = result_.flags & kStringBytes;
    if (next == '\n' || (next == '\r' && at(pos_ + 2) == '\n')) {
      // A backslash before the newline joins the lines; raw strings keep both.
      size_t n = next == '\n' ? 2 : 3;
      if (result_.flags & kStringRaw)
        result_.value += "\\\n";
      pos_ += n;
      return;
    }
    if (result_.flags & kStringRaw) {
      result_.value.append(text_.substr(pos_, 2));
      pos_ += 2;
      return;
    }
    static constexpr std::string_view kSimple = "n\nt\tr\ra\ab\bf\fv\v\\\\''\"\"";
    for (size_t i = 0; i < kSimple.size(); i += 2) {
      if (kSimple[i] == next) {
        result_.value += kSimple[i + 1];
        pos_ += 2;
        return;
      }
    }
    if (next >= '0' && next <= '7') {
      uint32_t value = 0;
      size_t n = 1;
      while (n <= 3 && at(pos_ + n) >= '0' && at(pos_ + n) <= '7')
        value = value * 8 + uint32_t(at(pos_ + n++) - '0');
      append(value, bytes);
      pos_ += n;
      return;
    }
    size_t digits = next == 'x' ? 2 : next == 'u' && !bytes ? 4 : next == 'U' && !bytes ? 8 : 0;
    if (digits == 0) {
      // Python keeps unknown escapes such as `\d` as written.
      result_.value.append(text_.substr(pos_, 2));
      pos_ += 2;
      return;
    }
    uint32_t value;
    if (!hexDigits(digits, &value) || value > 0x10ffff) {
      size_t shown = 2;
      while (shown < 2 + digits && pos_ + shown < text_.size() && isIdentChar(text_[pos_ + shown]))
        ++shown;
      problem(StringLiteral::Problem::BadEscape, pos_, shown);
      pos_ += shown;
      return;
    }
    append(value, bytes);
    pos_ += 2 + digits;
  }

  void append(uint32_t value, bool bytes) {
    if (bytes)
      result_.value += char(value & 0xff);
    else
      appendUtf8(result_.value, value);
  }

  std::string_view text_;
  size_t start_, pos_;
  StringLiteral result_;
};

} // namespace

StringLiteral scanString(std::string_view text, size_t pos) { return StringScanner(text, pos).scan(); }

} // namespace tritonc::literals
