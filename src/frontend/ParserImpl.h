// The recursive-descent parser behind parseModule (Parser.h), shared by
// Parser.cpp (tokens, errors, recovery), ParseStmt.cpp and ParseExpr.cpp.
// Each parse method opens with the grammar/kernel.ebnf rule it implements.
#pragma once

#include "tritonc/frontend/Lexer.h"
#include "tritonc/frontend/Parser.h"

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

namespace tritonc::parser {

// Thrown after a diagnostic has been reported (or deliberately suppressed);
// caught by the innermost statement loop, which resynchronises. Unwinding
// drops the half-built statement, so the tree never holds a broken node.
struct ParseAbort {};

class Parser {
public:
  Parser(Lexer &lexer, DiagnosticEngine &diags) : lexer_(lexer), diags_(diags) {}

  // `hostAware`: module-level host code is skipped (ParseModule.cpp);
  // otherwise every statement is kernel code.
  std::unique_ptr<ast::Module> parseModule(bool hostAware = true);

private:
  friend class NestingGuard;
  friend class ChainDepth;

  // Tokens (Parser.cpp).
  const Token &peek(size_t ahead = 0) const;
  bool at(TokenKind kind) const { return peek().kind == kind; }
  bool atAny(std::initializer_list<TokenKind> kinds) const;
  const Token &advance();
  bool accept(TokenKind kind);
  // Consumes a token of `kind` or fails with "expected `what`, found ...";
  // `what` defaults to the token's spelling.
  const Token &expect(TokenKind kind, std::string_view what = {});
  // The range from `begin` to the end of the last consumed token.
  SourceRange rangeFrom(SourceLoc begin) const { return {begin, lastEnd_}; }

  // Errors and recovery (Parser.cpp). Diagnostics at an Error token are
  // suppressed: the lexer has already reported that mistake.
  // The nesting bounds are reported even in quietly parsed host code:
  // they guard the compiler, and Python rejects such nesting too.
  template <typename... Args> [[noreturn]] void fail(Diag kind, const Token &at, Args &&...args) {
    std::optional<DiagnosticEngine::Loud> loud;
    if (kind == Diag::NestingTooDeep || kind == Diag::BlockNestingTooDeep)
      loud.emplace(diags_);
    if (at.kind != TokenKind::Error)
      diags_.error(kind, at.range, std::forward<Args>(args)...);
    throw ParseAbort{};
  }
  template <typename... Args> [[noreturn]] void failAt(Diag kind, SourceRange range, Args &&...args) {
    diags_.error(kind, range, std::forward<Args>(args)...);
    throw ParseAbort{};
  }
  [[noreturn]] void failExpected(std::string_view what);
  [[noreturn]] void unsupported(const Token &at, std::string_view construct, std::string_view hint = {});
  void synchronize();
  void skipIndentedBlock();

  // Module level (ParseModule.cpp): kernel code parsed as usual, host code
  // (classes, plain functions, `with`, values outside the kernel subset)
  // parsed quietly or skipped and kept as HostStmt nodes.
  ast::Block parseModuleStatements();
  void parseModuleStatement(ast::Block &out);
  void parseModuleSimpleStatements(ast::Block &out);
  void parseModuleFunction(ast::Block &out);
  ast::StmtPtr parseModuleIf();
  ast::StmtPtr parseModuleTry();
  ast::Block parseModuleBlock();
  ast::ExprPtr parseHostCondition();
  ast::ExprPtr parseDecorator();
  ast::StmtPtr skipHostStatement(std::string what, std::vector<std::string> names);
  void skipToColon();
  // The dotted name starting `ahead` tokens from here, or "".
  std::string dottedNameAt(size_t ahead) const;

  // Statements (ParseStmt.cpp).
  ast::Block parseStatements();
  void parseStatement(ast::Block &out);
  void parseSimpleStatements(ast::Block &out);
  ast::StmtPtr parseSimpleStatement();
  ast::StmtPtr parseExpressionStatement();
  ast::StmtPtr parseReturn();
  ast::StmtPtr parseAssert();
  ast::StmtPtr parseImport();
  ast::StmtPtr parseFromImport();
  std::string parseDottedName();
  ast::StmtPtr parseFunctionDef();
  // `def NAME(...) -> R: block` after the decorators.
  ast::StmtPtr parseFunctionRest(std::vector<ast::ExprPtr> decorators, SourceLoc begin);
  ast::Param parseParam();
  ast::StmtPtr parseIf();
  ast::StmtPtr parseFor();
  ast::StmtPtr parseWhile();
  void rejectLoopElse(std::string_view construct);
  ast::Block parseBlock();
  void checkAssignTarget(const ast::Expr &target, bool allowTuple);
  void checkForTarget(const ast::Expr &target);

  // Expressions (ParseExpr.cpp).
  ast::ExprPtr parseExpressionList();
  ast::ExprPtr parseTargetList();
  ast::ExprPtr parseExpression();
  ast::ExprPtr parseDisjunction();
  ast::ExprPtr parseConjunction();
  ast::ExprPtr parseInversion();
  ast::ExprPtr parseComparison();
  ast::ExprPtr parseBinary(int minPrecedence);
  ast::ExprPtr parseFactor();
  ast::ExprPtr parsePower();
  ast::ExprPtr parsePrimary();
  ast::ExprPtr parseCall(ast::ExprPtr callee);
  ast::ExprPtr parseSubscript(ast::ExprPtr value);
  ast::ExprPtr parseSliceOrIndex();
  ast::ExprPtr parseAtom();
  ast::ExprPtr parseTarget();
  ast::ExprPtr parseStrings();
  ast::ExprPtr parseParenthesized();
  ast::ExprPtr parseList();
  ast::ExprPtr parseBraced();
  ast::ExprPtr parseLambda();
  ast::ExprPtr parseComprehension(ast::ExprPtr element, SourceLoc begin, bool list);
  bool startsExpression() const;
  void rejectComprehension(std::string_view construct);

  Lexer &lexer_;
  DiagnosticEngine &diags_;
  size_t pos_ = 0;
  SourceLoc lastEnd_;
  // Expression nesting bounds the depth of the tree built, not only the
  // C++ recursion: operator and postfix chains (`a+b+...`, `a.b.c`, `f()()`)
  // build deep trees in a loop, and the passes after the parser recurse over
  // them. exprNesting_ is the level of the node being parsed; peakNesting_
  // the deepest level reached, from which ChainDepth learns how deep a
  // chain's first operand already is.
  int exprNesting_ = 0;
  int peakNesting_ = 0;
  int blockNesting_ = 0;     // bounded by kMaxNesting
  bool inDecorator_ = false; // `lambda` is accepted only in decorator arguments
  // Comprehensions are host Python (a module-level constant's computation):
  // parsed only at module level and in plain functions there, not in a
  // `@triton.jit` function's body nor in decorators (read as host code).
  bool hostAware_ = false;
  bool inJitFunction_ = false;
  bool readsComprehensions() const { return hostAware_ && !inJitFunction_ && !inDecorator_; }
};

// Sets a parser flag for its lifetime (a decorator's arguments, a
// `@triton.jit` function's body), clearing it however the parse ends.
class FlagScope {
public:
  explicit FlagScope(bool &flag) : flag_(flag) { flag_ = true; }
  ~FlagScope() { flag_ = false; }
  FlagScope(const FlagScope &) = delete;
  FlagScope &operator=(const FlagScope &) = delete;

private:
  bool &flag_;
};

// Counts one level of expression or block nesting for its lifetime; the
// level past kMaxNesting is reported once and aborts the statement, whose
// recovery then skips the rest of the deep construct.
class NestingGuard {
public:
  enum Kind { Expression, Block };
  NestingGuard(Parser &parser, Kind kind) : counter_(kind == Expression ? parser.exprNesting_ : parser.blockNesting_) {
    if (++counter_ > kMaxNesting) {
      --counter_;
      parser.fail(kind == Expression ? Diag::NestingTooDeep : Diag::BlockNestingTooDeep, parser.peek(), kMaxNesting);
    }
    if (kind == Expression)
      parser.peakNesting_ = std::max(parser.peakNesting_, counter_);
  }
  ~NestingGuard() { --counter_; }
  NestingGuard(const NestingGuard &) = delete;
  NestingGuard &operator=(const NestingGuard &) = delete;

private:
  int &counter_;
};

// Depth accounting for a left-associative chain built in a loop. Create it
// before parsing the chain's first operand and call link() before each
// further operator: every link makes the tree one level deeper than the
// first operand, and the operands that follow are parsed below that level.
class ChainDepth {
public:
  explicit ChainDepth(Parser &parser) : parser_(parser), base_(parser.exprNesting_), savedPeak_(parser.peakNesting_) {
    parser_.peakNesting_ = base_;
  }
  void link() {
    if (links_++ == 0)
      firstDepth_ = parser_.peakNesting_ - base_;
    int level = base_ + firstDepth_ + links_;
    if (level > kMaxNesting)
      parser_.fail(Diag::NestingTooDeep, parser_.peek(), kMaxNesting);
    parser_.exprNesting_ = level;
    parser_.peakNesting_ = std::max(parser_.peakNesting_, level);
  }
  ~ChainDepth() {
    parser_.exprNesting_ = base_;
    parser_.peakNesting_ = std::max(savedPeak_, parser_.peakNesting_);
  }
  ChainDepth(const ChainDepth &) = delete;
  ChainDepth &operator=(const ChainDepth &) = delete;

private:
  Parser &parser_;
  int base_, savedPeak_;
  int firstDepth_ = 0;
  int links_ = 0;
};

} // namespace tritonc::parser
