#include "tritonc/frontend/Lexer.h"

#include "Literals.h"

#include <algorithm>
#include <cctype>
#include <deque>

namespace tritonc {

namespace {

struct Punctuator {
  std::string_view spelling;
  TokenKind kind;
};

constexpr Punctuator kPunctuators[] = {
#define PUNCT(Name, Spelling) {Spelling, TokenKind::Name},
#include "tritonc/frontend/TokenKinds.def"
};

// Python measures indentation twice, with tab stops of 8 and of 1; two lines
// whose order differs between the measures depend on the tab width, and that
// is the "mixed tabs and spaces" error.
struct IndentLevel {
  uint32_t width8 = 0;
  uint32_t width1 = 0;
};

bool isIdentStart(char c) { return std::isalpha((unsigned char)c) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }

} // namespace

class Lexer::Impl {
public:
  Impl(const SourceFile &file, DiagnosticEngine &diags) : text_(file.text()), diags_(diags) {}

  const Token &token(size_t index) {
    while (tokens_.size() <= index && !finished_)
      step();
    return tokens_[std::min(index, tokens_.size() - 1)];
  }

private:
  // Lexes up to the next token (or the end of the file, which emits the
  // final NEWLINE, DEDENTs and EndOfFile).
  void step() {
    size_t before = tokens_.size();
    while (tokens_.size() == before) {
      if (atLineStart_ && brackets_.empty())
        indentation();
      atLineStart_ = false;
      while (pos_ < text_.size() && (at(pos_) == ' ' || at(pos_) == '\t' || at(pos_) == '\f' || at(pos_) == '\r'))
        ++pos_;
      if (pos_ >= text_.size()) {
        finish();
        return;
      }
      char c = at(pos_);
      if (c == '#') {
        comment();
      } else if (c == '\n') {
        if (brackets_.empty() && lineHasTokens_) {
          push(TokenKind::Newline, pos_, pos_ + 1);
          lineHasTokens_ = false;
        }
        ++pos_;
        atLineStart_ = true;
        lineReported_ = false;
      } else if (c == '\\' && (at(pos_ + 1) == '\n' || (at(pos_ + 1) == '\r' && at(pos_ + 2) == '\n'))) {
        pos_ += at(pos_ + 1) == '\n' ? 2 : 3;
        lineReported_ = false;
      } else {
        token();
      }
    }
  }

  void finish() {
    uint32_t end = uint32_t(text_.size());
    if (lineHasTokens_)
      push(TokenKind::Newline, end, end);
    for (; indents_.size() > 1; indents_.pop_back())
      push(TokenKind::Dedent, end, end);
    push(TokenKind::EndOfFile, end, end);
    finished_ = true;
  }

  char at(size_t i) const { return i < text_.size() ? text_[i] : '\0'; }

  Token &push(TokenKind kind, size_t begin, size_t end) {
    Token &token = tokens_.emplace_back();
    token.kind = kind;
    token.range = SourceRange::at(uint32_t(begin), uint32_t(end));
    token.text = text_.substr(begin, end - begin);
    if (kind != TokenKind::Newline && kind != TokenKind::Indent && kind != TokenKind::Dedent)
      lineHasTokens_ = true;
    return token;
  }

  // At most one lexer diagnostic per physical line: a line of binary garbage
  // is one mistake, not hundreds.
  template <typename... Args> void report(Diag kind, size_t begin, size_t end, Args &&...args) {
    if (lineReported_)
      return;
    lineReported_ = true;
    // Not valid Python anywhere: reported in host code too.
    DiagnosticEngine::Loud loud(diags_);
    diags_.error(kind, SourceRange::at(uint32_t(begin), uint32_t(end)), std::forward<Args>(args)...);
  }

  // At the start of a physical line outside brackets: compare its
  // indentation with the stack and emit INDENT or DEDENTs. Blank and
  // comment-only lines do not take part.
  void indentation() {
    size_t start = pos_;
    IndentLevel level;
    for (; pos_ < text_.size(); ++pos_) {
      char c = at(pos_);
      if (c == ' ') {
        ++level.width8, ++level.width1;
      } else if (c == '\t') {
        level.width8 = (level.width8 / 8 + 1) * 8, ++level.width1;
      } else if (c == '\f') {
        level = {}; // Python restarts the count after a form feed
      } else {
        break;
      }
    }
    char c = at(pos_);
    if (pos_ >= text_.size() || c == '\n' || c == '#' || (c == '\r' && at(pos_ + 1) == '\n'))
      return;
    // Python's rule: the line must compare with the open levels the same
    // way whatever the tab width.
    bool consistent = true;
    if (level.width8 > indents_.back().width8) {
      consistent = level.width1 > indents_.back().width1;
      indents_.push_back(level);
      push(TokenKind::Indent, start, pos_);
    } else {
      while (level.width8 < indents_.back().width8) {
        IndentLevel outer = indents_[indents_.size() - 2];
        if (level.width8 > outer.width8) {
          // Between two open levels: report, and let this line continue the
          // inner block at its new width so the parser sees no extra DEDENT.
          report(Diag::InconsistentDedent, start, pos_);
          indents_.back() = level;
          return;
        }
        indents_.pop_back();
        push(TokenKind::Dedent, pos_, pos_);
      }
      consistent = level.width1 == indents_.back().width1;
    }
    if (!consistent) {
      // The block structure of this line is a guess; an Error token makes
      // the parser skip the line instead of reporting the guess's effects.
      report(Diag::MixedTabsSpaces, start, pos_);
      push(TokenKind::Error, start, pos_);
    }
  }

  void comment() {
    while (pos_ < text_.size() && at(pos_) != '\n') {
      if ((unsigned char)at(pos_) < 0x80) {
        ++pos_;
        continue;
      }
      uint32_t cp;
      size_t n = literals::decodeUtf8(text_, pos_, &cp);
      if (n == 0) {
        report(Diag::InvalidUtf8, pos_, pos_ + 1, (unsigned char)at(pos_));
        n = 1;
      }
      pos_ += n;
    }
  }

  void token() {
    char c = at(pos_);
    if (isIdentStart(c))
      identifierOrString();
    else if (std::isdigit((unsigned char)c) || (c == '.' && std::isdigit((unsigned char)at(pos_ + 1))))
      number();
    else if (c == '\'' || c == '"')
      string(pos_);
    else if (!punctuator())
      badCharacters();
  }

  void identifierOrString() {
    size_t start = pos_;
    while (isIdentChar(at(pos_)))
      ++pos_;
    std::string_view word = text_.substr(start, pos_ - start);
    if ((at(pos_) == '\'' || at(pos_) == '"') && literals::isStringPrefix(word)) {
      string(start);
      return;
    }
    push(keywordKind(word).value_or(TokenKind::Identifier), start, pos_);
  }

  void number() {
    size_t start = pos_;
    literals::NumberLiteral n = literals::scanNumber(text_, pos_);
    pos_ += n.length;
    if (!n.ok) {
      report(Diag::BadNumber, start, pos_, text_.substr(start, pos_ - start), n.hint);
      push(TokenKind::Error, start, pos_);
      return;
    }
    Token &token = push(n.isFloat ? TokenKind::Float : TokenKind::Int, start, pos_);
    token.intValue = n.intValue;
    token.floatValue = n.floatValue;
  }

  void string(size_t start) {
    literals::StringLiteral s = literals::scanString(text_, start);
    pos_ = start + s.length;
    using Problem = literals::StringLiteral::Problem;
    size_t problemEnd = s.problemOffset + s.problemLength;
    switch (s.problem) {
    case Problem::Unterminated:
      report(Diag::UnterminatedString, start, problemEnd);
      push(TokenKind::Error, start, pos_);
      return;
    case Problem::UnterminatedTriple:
      report(Diag::UnterminatedTripleString, start, problemEnd);
      push(TokenKind::Error, start, pos_);
      return;
    case Problem::BadEscape:
      report(Diag::InvalidEscape, s.problemOffset, problemEnd, text_.substr(s.problemOffset, s.problemLength));
      break;
    case Problem::InvalidUtf8:
      report(Diag::InvalidUtf8, s.problemOffset, problemEnd, (unsigned char)at(s.problemOffset));
      break;
    case Problem::None: break;
    }
    // A string with a bad escape or byte is still a string: the parser can
    // go on without a second error.
    Token &token = push(TokenKind::String, start, pos_);
    token.stringValue = std::move(s.value);
    token.stringFlags = s.flags;
  }

  bool punctuator() {
    const Punctuator *best = nullptr;
    for (const Punctuator &p : kPunctuators)
      if (text_.substr(pos_, p.spelling.size()) == p.spelling && (!best || p.spelling.size() > best->spelling.size()))
        best = &p;
    if (!best)
      return false;
    size_t start = pos_;
    pos_ += best->spelling.size();
    char c = best->spelling[0];
    if (c == '(' || c == '[' || c == '{') {
      brackets_.push_back(c);
    } else if (c == ')' || c == ']' || c == '}') {
      char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      auto match = std::find(brackets_.rbegin(), brackets_.rend(), open);
      if (match == brackets_.rend() || match != brackets_.rbegin()) {
        report(Diag::UnbalancedBracket, start, pos_, best->spelling);
        // Close up to the matching opener, if any, so that newlines count
        // again as soon as the brackets really balance.
        if (match != brackets_.rend())
          brackets_.erase(match.base() - 1, brackets_.end());
        push(TokenKind::Error, start, pos_);
        return true;
      }
      brackets_.pop_back();
    }
    push(best->kind, start, pos_);
    return true;
  }

  // A run of characters that start no token becomes one error and one
  // Error token.
  void badCharacters() {
    size_t start = pos_;
    uint32_t cp;
    size_t first = literals::decodeUtf8(text_, pos_, &cp);
    if (first == 0) {
      report(Diag::InvalidUtf8, start, start + 1, (unsigned char)at(start));
    } else {
      std::string shown(text_.substr(start, first));
      if (first == 1 && (std::iscntrl((unsigned char)shown[0])))
        shown = fmt::format("\\x{:02x}", (unsigned char)shown[0]);
      report(Diag::UnexpectedCharacter, start, start + first, shown);
    }
    pos_ += first ? first : 1;
    while (pos_ < text_.size() && startsNoToken(pos_)) {
      size_t n = literals::decodeUtf8(text_, pos_, &cp);
      pos_ += n ? n : 1;
    }
    push(TokenKind::Error, start, pos_);
  }

  bool startsNoToken(size_t i) const {
    unsigned char c = (unsigned char)at(i);
    if (c >= 0x80)
      return true;
    if (c == '\\')
      return at(i + 1) != '\n' && at(i + 1) != '\r';
    if (c == '!')
      return at(i + 1) != '=';
    return c == '$' || c == '?' || c == '`' || (std::iscntrl(c) && !std::isspace(c));
  }

  std::string_view text_;
  DiagnosticEngine &diags_;
  size_t pos_ = 0;
  std::deque<Token> tokens_; // a deque: references stay valid as it grows
  std::vector<IndentLevel> indents_{IndentLevel{}};
  std::vector<char> brackets_; // currently open, innermost last
  bool atLineStart_ = true;
  bool lineHasTokens_ = false;
  bool lineReported_ = false;
  bool finished_ = false;
};

Lexer::Lexer(const SourceFile &file, DiagnosticEngine &diags) : impl_(std::make_unique<Impl>(file, diags)) {
  diags.setSource(&file);
}
Lexer::~Lexer() = default;

const Token &Lexer::token(size_t index) { return impl_->token(index); }

std::vector<Token> lex(const SourceFile &file, DiagnosticEngine &diags) {
  Lexer lexer(file, diags);
  std::vector<Token> tokens;
  do
    tokens.push_back(lexer.token(tokens.size()));
  while (!tokens.back().is(TokenKind::EndOfFile));
  return tokens;
}

} // namespace tritonc
