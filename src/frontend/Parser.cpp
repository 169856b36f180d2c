// Token access, error reporting and resynchronisation for the parser, and
// the parseModule entry point. Statements are in ParseStmt.cpp, expressions
// in ParseExpr.cpp.
#include "ParserImpl.h"

#include <fmt/format.h>

namespace tritonc {

namespace parser {

const Token &Parser::peek(size_t ahead) const { return lexer_.token(pos_ + ahead); }

bool Parser::atAny(std::initializer_list<TokenKind> kinds) const {
  for (TokenKind kind : kinds)
    if (at(kind))
      return true;
  return false;
}

const Token &Parser::advance() {
  const Token &token = peek();
  // Layout tokens do not extend a node's range: a statement ends at its
  // last real token, not at the newline or at the next line's DEDENT.
  if (!atAny({TokenKind::Newline, TokenKind::Indent, TokenKind::Dedent, TokenKind::EndOfFile}))
    lastEnd_ = token.range.end;
  if (!token.is(TokenKind::EndOfFile))
    ++pos_;
  return token;
}

bool Parser::accept(TokenKind kind) {
  if (!at(kind))
    return false;
  advance();
  return true;
}

const Token &Parser::expect(TokenKind kind, std::string_view what) {
  if (!at(kind))
    failExpected(what.empty() ? fmt::format("`{}`", tokenSpelling(kind)) : std::string(what));
  return advance();
}

void Parser::failExpected(std::string_view what) { fail(Diag::ExpectedToken, peek(), what, describeToken(peek())); }

void Parser::unsupported(const Token &at, std::string_view construct, std::string_view hint) {
  fail(Diag::UnsupportedConstruct, at, construct, hint);
}

// Skips the rest of the broken statement (clox's synchronize()): the rest of
// its logical line, the indented block that follows (the body of a broken
// `def`, `if` or `class` header), and any `elif`/`else`/`except`/`finally`
// clause that continues it. The lexer only emits NEWLINE outside brackets,
// so stopping at NEWLINE already respects bracket depth. Never consumes a
// DEDENT that closes an enclosing block.
void Parser::synchronize() {
  for (;;) {
    while (!atAny({TokenKind::Newline, TokenKind::Indent, TokenKind::Dedent, TokenKind::EndOfFile}))
      advance();
    accept(TokenKind::Newline);
    if (at(TokenKind::Indent))
      skipIndentedBlock();
    if (!atAny({TokenKind::KwElif, TokenKind::KwElse, TokenKind::KwExcept, TokenKind::KwFinally}))
      return;
  }
}

void Parser::skipIndentedBlock() {
  int depth = 0;
  do {
    if (at(TokenKind::Indent))
      ++depth;
    else if (at(TokenKind::Dedent))
      --depth;
    advance();
  } while (depth > 0 && !at(TokenKind::EndOfFile));
}

// module: statement* ENDMARKER
std::unique_ptr<ast::Module> Parser::parseModule(bool hostAware) {
  auto module = std::make_unique<ast::Module>();
  hostAware_ = hostAware;
  module->body = hostAware ? parseModuleStatements() : parseStatements();
  TRITONC_CHECK(at(TokenKind::EndOfFile), "the lexer emitted a DEDENT without a matching INDENT");
  return module;
}

} // namespace parser

std::unique_ptr<ast::Module> parseModule(const SourceFile &file, DiagnosticEngine &diags) {
  Lexer lexer(file, diags);
  return parser::Parser(lexer, diags).parseModule();
}

std::unique_ptr<ast::Module> parseKernelStatements(const SourceFile &file, DiagnosticEngine &diags) {
  Lexer lexer(file, diags);
  return parser::Parser(lexer, diags).parseModule(/*hostAware=*/false);
}

} // namespace tritonc
