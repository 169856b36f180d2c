// The module level of a kernel file. Real kernel files keep host code
// beside their kernels: `import torch`, autograd classes, launch wrappers,
// version checks around imports. Python runs that code; tritonc never does.
// Here it is parsed only as far as a kernel could use it:
//
//   - a function with a Triton decorator (`jit`, `autotune`, `heuristics`)
//     is kernel code, parsed with every error reported;
//   - imports and assignments are parsed quietly: kept when they are in the
//     kernel subset, otherwise kept as a HostStmt naming what they bind;
//   - a plain `def` is parsed quietly too (so that calling it from a kernel
//     gets a precise message) and becomes a HostStmt when it does not parse;
//   - `class`, `with`, `for`, `while`, `async` are skipped as HostStmts;
//   - module-level `if` and `try` keep their blocks, parsed by these same
//     rules, so that sema can pick the imports they guard; a condition
//     outside the kernel subset becomes a HostExpr.
//
// "Quietly" means under DiagnosticEngine::Quiet: a statement counts as
// kernel-subset code only if it parsed without a single suppressed error.
#include "ParserImpl.h"

#include "tritonc/frontend/Decorators.h"

namespace tritonc::parser {

using namespace ast;
using TK = TokenKind;

std::string Parser::dottedNameAt(size_t ahead) const {
  if (!peek(ahead).is(TK::Identifier))
    return "";
  std::string name(peek(ahead).text);
  while (peek(ahead + 1).is(TK::Dot) && peek(ahead + 2).is(TK::Identifier)) {
    name += "." + std::string(peek(ahead + 2).text);
    ahead += 2;
  }
  return name;
}

// module: statement* ENDMARKER, at module level.
ast::Block Parser::parseModuleStatements() {
  Block block;
  while (!atAny({TK::Dedent, TK::EndOfFile})) {
    try {
      parseModuleStatement(block);
    } catch (const ParseAbort &) {
      synchronize();
    }
  }
  return block;
}

void Parser::parseModuleStatement(Block &out) {
  const Token &tok = peek();
  switch (tok.kind) {
  case TK::Indent: fail(Diag::UnexpectedIndent, tok);
  case TK::At:
  case TK::KwDef: parseModuleFunction(out); return;
  case TK::KwIf: out.push_back(parseModuleIf()); return;
  case TK::KwTry: out.push_back(parseModuleTry()); return;
  case TK::KwClass: out.push_back(skipHostStatement("class", {dottedNameAt(1)})); return;
  case TK::KwAsync: out.push_back(skipHostStatement("async", {})); return;
  case TK::KwWith:
  case TK::KwFor:
  case TK::KwWhile: out.push_back(skipHostStatement(std::string(tok.text), {})); return;
  default: parseModuleSimpleStatements(out);
  }
}

// Imports, assignments and expression statements: kept when the whole line
// is in the kernel subset.
void Parser::parseModuleSimpleStatements(Block &out) {
  const size_t start = pos_;
  const SourceLoc begin = peek().range.begin;
  const unsigned suppressedBefore = diags_.suppressedCount();
  Block parsed;
  bool ok = true;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    try {
      parseSimpleStatements(parsed);
    } catch (const ParseAbort &) {
      ok = false;
      synchronize();
    }
  }
  if (ok && diags_.suppressedCount() == suppressedBefore) {
    for (StmtPtr &s : parsed)
      out.push_back(std::move(s));
    return;
  }
  auto host = std::make_unique<HostStmt>(rangeFrom(begin), "statement");
  // `a = ...`, `a, b = ...`, `a: T = ...`: the names before the first `=`.
  std::vector<std::string> names;
  for (size_t i = start;; i += 2) {
    const Token &name = lexer_.token(i);
    const Token &next = lexer_.token(i + 1);
    if (!name.is(TK::Identifier))
      break;
    names.emplace_back(name.text);
    if (next.is(TK::Equal) || next.is(TK::Colon)) {
      host->names = std::move(names);
      break;
    }
    if (!next.is(TK::Comma))
      break;
  }
  out.push_back(std::move(host));
}

// decorator* 'def' ...: kernel code when a decorator is Triton's.
void Parser::parseModuleFunction(Block &out) {
  const SourceLoc begin = peek().range.begin;
  std::vector<ExprPtr> decorators;
  bool jit = false;
  while (accept(TK::At)) {
    decorators.push_back(parseDecorator());
    jit = jit || isTritonDecorator(*decorators.back());
  }
  if (at(TK::KwClass)) { // `@dataclass class ...`
    out.push_back(skipHostStatement("class", {dottedNameAt(1)}));
    out.back()->range.begin = begin;
    return;
  }
  if (jit) {
    FlagScope scope(inJitFunction_);
    out.push_back(parseFunctionRest(std::move(decorators), begin));
    return;
  }
  // A plain Python function: kept if it parses, so that a kernel calling it
  // is told it is not `@triton.jit`; host code otherwise.
  std::string name = at(TK::KwDef) ? dottedNameAt(1) : "";
  const unsigned suppressedBefore = diags_.suppressedCount();
  StmtPtr def;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    try {
      def = parseFunctionRest(std::move(decorators), begin);
    } catch (const ParseAbort &) {
      synchronize();
    }
  }
  if (def && diags_.suppressedCount() == suppressedBefore) {
    out.push_back(std::move(def));
    return;
  }
  auto host = std::make_unique<HostStmt>(rangeFrom(begin), "function");
  if (!name.empty())
    host->names.push_back(name);
  out.push_back(std::move(host));
}

// decorator: '@' expression NEWLINE
// Parsed quietly: a decorator outside the kernel subset (a comprehension
// building autotune configs) becomes a HostExpr naming its head.
ast::ExprPtr Parser::parseDecorator() {
  const SourceLoc begin = peek().range.begin;
  const std::string head = dottedNameAt(0);
  const unsigned suppressedBefore = diags_.suppressedCount();
  {
    DiagnosticEngine::Quiet quiet(diags_);
    FlagScope scope(inDecorator_);
    try {
      ExprPtr e = parseExpression();
      if (at(TK::Newline) && diags_.suppressedCount() == suppressedBefore) {
        advance();
        return e;
      }
    } catch (const ParseAbort &) {
    }
    while (!atAny({TK::Newline, TK::EndOfFile}))
      advance();
  }
  SourceRange range = rangeFrom(begin);
  expect(TK::Newline, "end of line after the decorator");
  return std::make_unique<HostExpr>(range, head);
}

// if_stmt at module level: the condition quietly, the blocks as module code.
ast::StmtPtr Parser::parseModuleIf() {
  const SourceLoc begin = advance().range.begin;
  auto head = std::make_unique<IfStmt>(SourceRange{}, parseHostCondition());
  expect(TK::Colon);
  head->body = parseModuleBlock();
  IfStmt *tail = head.get();
  std::vector<std::pair<IfStmt *, SourceLoc>> chain{{tail, begin}};
  while (at(TK::KwElif)) {
    if (blockNesting_ + int(chain.size()) >= kMaxNesting)
      fail(Diag::BlockNestingTooDeep, peek(), kMaxNesting);
    const SourceLoc elifBegin = advance().range.begin;
    auto next = std::make_unique<IfStmt>(SourceRange{}, parseHostCondition());
    expect(TK::Colon);
    next->body = parseModuleBlock();
    IfStmt *raw = next.get();
    tail->orelse.push_back(std::move(next));
    tail = raw;
    chain.push_back({tail, elifBegin});
  }
  if (accept(TK::KwElse)) {
    expect(TK::Colon);
    tail->orelse = parseModuleBlock();
  }
  for (auto &[stmt, stmtBegin] : chain)
    stmt->range = rangeFrom(stmtBegin);
  return head;
}

// The condition of a module-level `if`, up to its `:`.
ast::ExprPtr Parser::parseHostCondition() {
  const SourceLoc begin = peek().range.begin;
  const std::string head = dottedNameAt(0);
  const size_t start = pos_;
  const unsigned suppressedBefore = diags_.suppressedCount();
  DiagnosticEngine::Quiet quiet(diags_);
  try {
    ExprPtr cond = parseExpression();
    if (at(TK::Colon) && diags_.suppressedCount() == suppressedBefore)
      return cond;
  } catch (const ParseAbort &) {
  }
  pos_ = start; // tokens are kept: going back re-reads them, it does not re-lex
  skipToColon();
  return std::make_unique<HostExpr>(rangeFrom(begin), head);
}

// try_stmt at module level:
//   'try' ':' block ('except' [expression ['as' NAME]] ':' block)*
//   ['else' ':' block] ['finally' ':' block]
ast::StmtPtr Parser::parseModuleTry() {
  const SourceLoc begin = advance().range.begin;
  auto stmt = std::make_unique<TryStmt>(SourceRange{});
  expect(TK::Colon);
  stmt->body = parseModuleBlock();
  while (accept(TK::KwExcept)) {
    {
      DiagnosticEngine::Quiet quiet(diags_);
      skipToColon();
    }
    expect(TK::Colon);
    stmt->handlers.push_back(parseModuleBlock());
  }
  if (accept(TK::KwElse)) {
    expect(TK::Colon);
    stmt->orelse = parseModuleBlock();
  }
  if (accept(TK::KwFinally)) {
    expect(TK::Colon);
    stmt->finalbody = parseModuleBlock();
  }
  stmt->range = rangeFrom(begin);
  return stmt;
}

// block, holding module-level statements.
ast::Block Parser::parseModuleBlock() {
  Block block;
  if (!at(TK::Newline)) {
    parseModuleSimpleStatements(block);
    return block;
  }
  advance();
  if (!at(TK::Indent))
    failExpected("an indented block");
  NestingGuard guard(*this, NestingGuard::Block);
  advance();
  block = parseModuleStatements();
  expect(TK::Dedent, "end of the indented block");
  return block;
}

// Skips a whole host statement (its header, indented block and clauses)
// quietly.
ast::StmtPtr Parser::skipHostStatement(std::string what, std::vector<std::string> names) {
  const SourceLoc begin = peek().range.begin;
  {
    DiagnosticEngine::Quiet quiet(diags_);
    synchronize();
  }
  auto host = std::make_unique<HostStmt>(rangeFrom(begin), std::move(what));
  for (std::string &name : names)
    if (!name.empty())
      host->names.push_back(std::move(name));
  return host;
}

// Moves to the `:` that ends a compound statement's header, outside brackets.
void Parser::skipToColon() {
  int depth = 0;
  while (!at(TK::EndOfFile) && !at(TK::Newline) && !(depth == 0 && at(TK::Colon))) {
    if (atAny({TK::LParen, TK::LBracket, TK::LBrace}))
      ++depth;
    else if (atAny({TK::RParen, TK::RBracket, TK::RBrace}))
      --depth;
    advance();
  }
  if (!at(TK::Colon))
    failExpected("`:`");
}

} // namespace tritonc::parser
