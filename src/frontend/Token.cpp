#include "tritonc/frontend/Token.h"

#include <fmt/format.h>

#include <iterator>

namespace tritonc {

namespace {
struct TokenInfo {
  const char *name;
  const char *spelling;    // punctuators and keywords
  const char *description; // other kinds
};

constexpr TokenInfo kTokenInfos[] = {
#define TOKEN(Name, Description) {#Name, nullptr, Description},
#define PUNCT(Name, Spelling) {#Name, Spelling, nullptr},
#define KEYWORD(Name, Spelling) {"Kw" #Name, Spelling, nullptr},
#include "tritonc/frontend/TokenKinds.def"
};

constexpr TokenKind kFirstKeyword = TokenKind::KwFalse;

const TokenInfo &info(TokenKind kind) { return kTokenInfos[size_t(kind)]; }
} // namespace

const char *tokenKindName(TokenKind kind) { return info(kind).name; }
const char *tokenSpelling(TokenKind kind) { return info(kind).spelling; }
bool isKeyword(TokenKind kind) { return kind >= kFirstKeyword; }

std::optional<TokenKind> keywordKind(std::string_view word) {
  for (size_t i = size_t(kFirstKeyword); i < std::size(kTokenInfos); ++i)
    if (word == kTokenInfos[i].spelling)
      return TokenKind(i);
  return std::nullopt;
}

std::string describeToken(const Token &token) {
  switch (token.kind) {
  case TokenKind::Identifier:
  case TokenKind::Int:
  case TokenKind::Float: {
    // Long literals would swamp the message; the caret shows the rest.
    constexpr size_t kMaxShown = 24;
    if (token.text.size() > kMaxShown)
      return fmt::format("`{}...`", token.text.substr(0, kMaxShown));
    return fmt::format("`{}`", token.text);
  }
  default:
    if (const char *spelling = tokenSpelling(token.kind))
      return fmt::format("`{}`", spelling);
    return info(token.kind).description;
  }
}

} // namespace tritonc
