// Scanning and decoding of number and string literals and of UTF-8, kept
// apart from the lexer's layout logic (indentation, brackets, newlines).
// Scanners never report diagnostics themselves: they describe the first
// problem they met and the lexer reports it, so each literal yields at most
// one error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tritonc::literals {

// Length of the valid UTF-8 sequence starting at text[pos] and its code
// point, or 0 when the bytes there are not valid UTF-8 (overlong forms,
// surrogates and values above U+10FFFF are invalid).
size_t decodeUtf8(std::string_view text, size_t pos, uint32_t *codePoint);
void appendUtf8(std::string &out, uint32_t codePoint);

struct NumberLiteral {
  size_t length = 0; // bytes consumed; at least 1
  bool isFloat = false;
  uint64_t intValue = 0;
  double floatValue = 0;
  bool ok = true;
  const char *hint = ""; // when !ok: "; ..." suffix for the BadNumber message
};

// text[pos] is a digit, or a '.' followed by a digit. Consumes the whole
// alphanumeric run so that `1abc` is one bad literal rather than two tokens.
NumberLiteral scanNumber(std::string_view text, size_t pos);

struct StringLiteral {
  enum class Problem { None, Unterminated, UnterminatedTriple, BadEscape, InvalidUtf8 };
  size_t length = 0; // bytes consumed, prefix and quotes included
  uint8_t flags = 0; // StringFlags from Token.h
  std::string value;
  Problem problem = Problem::None;
  size_t problemOffset = 0; // absolute offset of the first problem
  size_t problemLength = 1;
};

// Whether `prefix` (the letters before a quote) is a valid string prefix:
// r, b, f, u and the two-letter combinations Python accepts, any case.
bool isStringPrefix(std::string_view prefix);

// text[pos] starts the prefix (if any) or the opening quote.
StringLiteral scanString(std::string_view text, size_t pos);

} // namespace tritonc::literals
