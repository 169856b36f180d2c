// The lexer: kernel source bytes -> tokens, following Python's lexical rules.
//
// Handles: INDENT/DEDENT from an indentation stack; NEWLINE only at the end of
// a logical line (never for blank or comment-only lines, never inside (), []
// or {}, never after a backslash continuation); comments; CRLF line ends;
// string literals with r/b/f/u prefixes, triple quotes and escapes; integer
// literals in bases 2, 8, 10 and 16 with underscores; float literals.
//
// Errors are reported to the DiagnosticEngine at most once per physical line,
// and where a mistake leaves no usable token an Error token stands in its
// place so that the parser does not report the same mistake again. Any byte
// sequence is accepted without crashing; non-ASCII bytes are legal only
// inside strings and comments, and must be valid UTF-8 there too.
//
// Tokens are produced on demand, so that the parser's diagnostics and the
// lexer's come out in source order. The lexer makes `file` the
// DiagnosticEngine's source, so that locations are printed against it.
//
// The token list always ends with NEWLINE (if the last line had tokens), one
// DEDENT per open indentation level, and EndOfFile.
#pragma once

#include "tritonc/frontend/Token.h"
#include "tritonc/support/Diagnostics.h"

#include <memory>
#include <vector>

namespace tritonc {

class Lexer {
public:
  Lexer(const SourceFile &file, DiagnosticEngine &diags);
  ~Lexer();
  Lexer(const Lexer &) = delete;
  Lexer &operator=(const Lexer &) = delete;

  // The token at `index` (0-based), lexing up to it if needed; past the end,
  // the EndOfFile token. References stay valid for the Lexer's lifetime.
  const Token &token(size_t index);

private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole file at once, for tests and tools.
std::vector<Token> lex(const SourceFile &file, DiagnosticEngine &diags);

} // namespace tritonc
