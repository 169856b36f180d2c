// Tokens of the tile IR text (include/tritonc/ir/Parser.h has the grammar).
// Private to the TIR parser. The lexer is pulled one token at a time; it
// never reports errors itself: a character that starts no token comes back
// as an Error token and the parser says what it expected instead.
#pragma once

#include "tritonc/support/Source.h"

#include <string>
#include <string_view>

namespace tritonc::tir {

enum class TIRTokenKind {
  EndOfFile,
  Newline,    // one or more line ends, with any blank or comment-only lines between
  Identifier, // func, tensor, f32, addi, spt, ...
  ValueName,  // %12, %x_ptr
  FuncName,   // @add_kernel
  LayoutName, // #blocked
  Integer,    // 42, -3
  Float,      // 1.000000e+00, inf, -inf, nan, -nan (as fmt's `{:e}` prints doubles)
  Shape,      // 128x64x: the dims that open a tensor type, each followed by `x`
  String,     // "slt" (the text includes the quotes)
  LParen,
  RParen,
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  Less,
  Greater,
  Comma,
  Colon,
  Equal,
  Caret,
  Error, // a character that starts no token, or a string without its closing quote
};

struct TIRToken {
  TIRTokenKind kind = TIRTokenKind::EndOfFile;
  std::string_view text;
  SourceRange range;
};

// How a token reads in "expected X, found Y": `text`, end of line, end of file.
std::string describe(const TIRToken &token);

class TIRLexer {
public:
  explicit TIRLexer(const SourceFile &file) : text_(file.text()) {}

  TIRToken next();

private:
  TIRToken make(TIRTokenKind kind, size_t begin) const;
  TIRToken lexNumber(size_t begin);
  // Skips spaces, tabs and `//` comments, but not line ends.
  void skipBlanks();

  std::string_view text_;
  size_t pos_ = 0;
};

} // namespace tritonc::tir
