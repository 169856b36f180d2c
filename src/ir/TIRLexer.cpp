#include "TIRLexer.h"

#include <cctype>

namespace tritonc::tir {

namespace {

bool isIdentStart(char c) { return std::isalpha((unsigned char)c) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum((unsigned char)c) || c == '_'; }
bool isDigit(char c) { return std::isdigit((unsigned char)c); }

TIRTokenKind punctuator(char c) {
  switch (c) {
  case '(': return TIRTokenKind::LParen;
  case ')': return TIRTokenKind::RParen;
  case '{': return TIRTokenKind::LBrace;
  case '}': return TIRTokenKind::RBrace;
  case '[': return TIRTokenKind::LBracket;
  case ']': return TIRTokenKind::RBracket;
  case '<': return TIRTokenKind::Less;
  case '>': return TIRTokenKind::Greater;
  case ',': return TIRTokenKind::Comma;
  case ':': return TIRTokenKind::Colon;
  case '=': return TIRTokenKind::Equal;
  case '^': return TIRTokenKind::Caret;
  default: return TIRTokenKind::Error;
  }
}

} // namespace

std::string describe(const TIRToken &token) {
  switch (token.kind) {
  case TIRTokenKind::EndOfFile: return "end of file";
  case TIRTokenKind::Newline: return "end of line";
  default: return "`" + std::string(token.text) + "`";
  }
}

TIRToken TIRLexer::make(TIRTokenKind kind, size_t begin) const {
  return {kind, text_.substr(begin, pos_ - begin), SourceRange::at(uint32_t(begin), uint32_t(pos_))};
}

void TIRLexer::skipBlanks() {
  while (pos_ < text_.size()) {
    char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\r') {
      ++pos_;
    } else if (text_.substr(pos_, 2) == "//") {
      while (pos_ < text_.size() && text_[pos_] != '\n')
        ++pos_;
    } else {
      return;
    }
  }
}

TIRToken TIRLexer::next() {
  skipBlanks();
  size_t begin = pos_;
  if (pos_ == text_.size())
    return make(TIRTokenKind::EndOfFile, begin);
  char c = text_[pos_];

  // Blank and comment-only lines disappear into the line end before them,
  // so the parser sees one Newline between two lines of IR.
  if (c == '\n') {
    while (pos_ < text_.size() && text_[pos_] == '\n') {
      ++pos_;
      skipBlanks();
    }
    return TIRToken{TIRTokenKind::Newline, text_.substr(begin, 1),
                    SourceRange::at(uint32_t(begin), uint32_t(begin + 1))};
  }

  if (isIdentStart(c)) {
    while (pos_ < text_.size() && isIdentChar(text_[pos_]))
      ++pos_;
    std::string_view word = text_.substr(begin, pos_ - begin);
    return make(word == "inf" || word == "nan" ? TIRTokenKind::Float : TIRTokenKind::Identifier, begin);
  }

  // %name, @name, #name: a sigil and at least one identifier character.
  if ((c == '%' || c == '@' || c == '#') && pos_ + 1 < text_.size() && isIdentChar(text_[pos_ + 1])) {
    ++pos_;
    while (pos_ < text_.size() && isIdentChar(text_[pos_]))
      ++pos_;
    return make(c == '%'   ? TIRTokenKind::ValueName
                : c == '@' ? TIRTokenKind::FuncName
                           : TIRTokenKind::LayoutName,
                begin);
  }

  if (isDigit(c) ||
      (c == '-' && pos_ + 1 < text_.size() && (isDigit(text_[pos_ + 1]) || isIdentStart(text_[pos_ + 1]))))
    return lexNumber(begin);

  if (c == '"') {
    // The printer writes strings without escapes (symbol names, predicates),
    // so a string ends at the next quote, on the same line.
    ++pos_;
    while (pos_ < text_.size() && text_[pos_] != '"' && text_[pos_] != '\n')
      ++pos_;
    if (pos_ == text_.size() || text_[pos_] != '"')
      return make(TIRTokenKind::Error, begin);
    ++pos_;
    return make(TIRTokenKind::String, begin);
  }

  ++pos_;
  return make(punctuator(c), begin);
}

// INT ::= '-'? DIGITS
// FLOAT ::= '-'? DIGITS ('.' DIGITS)? ('e' ('+'|'-')? DIGITS)? | '-'? ('inf' | 'nan')
// SHAPE ::= (DIGITS 'x')+
TIRToken TIRLexer::lexNumber(size_t begin) {
  auto digits = [&] {
    size_t start = pos_;
    while (pos_ < text_.size() && isDigit(text_[pos_]))
      ++pos_;
    return pos_ > start;
  };
  bool negative = text_[pos_] == '-';
  if (negative) {
    ++pos_;
    std::string_view rest = text_.substr(pos_, 3);
    if ((rest == "inf" || rest == "nan") && (pos_ + 3 == text_.size() || !isIdentChar(text_[pos_ + 3]))) {
      pos_ += 3;
      return make(TIRTokenKind::Float, begin);
    }
    if (!isDigit(text_[pos_]))
      return make(TIRTokenKind::Error, begin);
  }
  digits();
  if (!negative && pos_ < text_.size() && text_[pos_] == 'x') {
    // A dim is only a dim if an `x` follows it: `128x64xf16` is 128x64x + f16.
    ++pos_;
    for (;;) {
      size_t save = pos_;
      if (!digits() || pos_ == text_.size() || text_[pos_] != 'x') {
        pos_ = save;
        break;
      }
      ++pos_;
    }
    return make(TIRTokenKind::Shape, begin);
  }
  bool isFloat = false;
  if (pos_ + 1 < text_.size() && text_[pos_] == '.' && isDigit(text_[pos_ + 1])) {
    ++pos_;
    digits();
    isFloat = true;
  }
  if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
    size_t save = pos_++;
    if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-'))
      ++pos_;
    if (digits())
      isFloat = true;
    else
      pos_ = save;
  }
  return make(isFloat ? TIRTokenKind::Float : TIRTokenKind::Integer, begin);
}

} // namespace tritonc::tir
