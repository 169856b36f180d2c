// Tokens produced by the lexer (Lexer.h) and consumed by the parser. Kinds
// are declared once in TokenKinds.def.
#pragma once

#include "tritonc/support/Source.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tritonc {

enum class TokenKind : uint8_t {
#define TOKEN(Name, Description) Name,
#define PUNCT(Name, Spelling) Name,
#define KEYWORD(Name, Spelling) Kw##Name,
#include "tritonc/frontend/TokenKinds.def"
};

// The enumerator's name, e.g. "LParen" or "KwDef"; for tests and dumps.
const char *tokenKindName(TokenKind kind);
// Spelling of a punctuator or keyword ("(", "def"); null for other kinds.
const char *tokenSpelling(TokenKind kind);
std::optional<TokenKind> keywordKind(std::string_view word);
bool isKeyword(TokenKind kind);

// Prefix letters of a string literal that change its meaning.
enum StringFlags : uint8_t {
  kStringRaw = 1,    // r'...': backslashes are literal
  kStringBytes = 2,  // b'...'
  kStringFormat = 4, // f'...'
};

struct Token {
  TokenKind kind = TokenKind::EndOfFile;
  SourceRange range;
  std::string_view text;   // the token's bytes in the source; empty for layout tokens
  std::string stringValue; // String: contents with escapes resolved
  uint64_t intValue = 0;
  double floatValue = 0;
  uint8_t stringFlags = 0;

  bool is(TokenKind k) const { return kind == k; }
};

// How a diagnostic names a token: "`def`", "`x`", "string literal", "end of line".
std::string describeToken(const Token &token);

} // namespace tritonc
