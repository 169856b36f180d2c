// Statement parsing: simple statements, compound statements, blocks, and
// the Python statements kernels cannot use.
#include "ParserImpl.h"

#include <fmt/format.h>

namespace tritonc::parser {

using namespace ast;
using TK = TokenKind;

namespace {

std::optional<BinaryOp> augmentedOp(TokenKind kind) {
  switch (kind) {
  case TK::PlusEqual: return BinaryOp::Add;
  case TK::MinusEqual: return BinaryOp::Sub;
  case TK::StarEqual: return BinaryOp::Mul;
  case TK::SlashEqual: return BinaryOp::Div;
  case TK::SlashSlashEqual: return BinaryOp::FloorDiv;
  case TK::PercentEqual: return BinaryOp::Mod;
  case TK::StarStarEqual: return BinaryOp::Pow;
  case TK::AtEqual: return BinaryOp::MatMul;
  case TK::AmpEqual: return BinaryOp::BitAnd;
  case TK::PipeEqual: return BinaryOp::BitOr;
  case TK::CaretEqual: return BinaryOp::BitXor;
  case TK::LessLessEqual: return BinaryOp::Shl;
  case TK::GreaterGreaterEqual: return BinaryOp::Shr;
  default: return std::nullopt;
  }
}

// How "cannot assign to {}" names an expression that is not a target.
std::string describeTarget(const Expr &e) {
  switch (e.kind) {
  case ExprKind::Call: return "a function call";
  case ExprKind::Int:
  case ExprKind::Float:
  case ExprKind::String: return "a literal";
  case ExprKind::Bool: return static_cast<const BoolExpr &>(e).value ? "`True`" : "`False`";
  case ExprKind::None: return "`None`";
  case ExprKind::Binary:
  case ExprKind::Unary: return "an operator expression";
  case ExprKind::Compare: return "a comparison";
  case ExprKind::BoolOp: return "a boolean expression";
  case ExprKind::IfExp: return "a conditional expression";
  case ExprKind::List: return "a list; use a tuple `a, b = ...`";
  case ExprKind::Dict: return "a dict literal";
  case ExprKind::Lambda: return "a lambda";
  case ExprKind::Comprehension: return "a comprehension";
  case ExprKind::Attribute: return "an attribute in a `for` target; use a plain name";
  case ExprKind::Subscript: return "a subscript in a `for` target; use a plain name";
  default: return "this expression";
  }
}

} // namespace

// statement: compound_stmt | simple_stmts
// Parses statements up to the DEDENT closing the enclosing block (or the end
// of the file), recovering from each broken one.
Block Parser::parseStatements() {
  Block block;
  while (!atAny({TK::Dedent, TK::EndOfFile})) {
    try {
      parseStatement(block);
    } catch (const ParseAbort &) {
      synchronize();
    }
  }
  return block;
}

// compound_stmt: function_def | if_stmt | for_stmt | while_stmt
void Parser::parseStatement(Block &out) {
  const Token &tok = peek();
  switch (tok.kind) {
  case TK::Indent: fail(Diag::UnexpectedIndent, tok);
  case TK::At:
  case TK::KwDef: out.push_back(parseFunctionDef()); return;
  case TK::KwIf: out.push_back(parseIf()); return;
  case TK::KwFor: out.push_back(parseFor()); return;
  case TK::KwWhile: out.push_back(parseWhile()); return;
  case TK::KwClass: unsupported(tok, "class", "; kernels are functions decorated with `@triton.jit`");
  case TK::KwTry:
  case TK::KwExcept:
  case TK::KwFinally: unsupported(tok, tok.text, "; kernels cannot raise or catch exceptions");
  case TK::KwWith: unsupported(tok, "with");
  case TK::KwAsync: unsupported(tok, "async");
  default: parseSimpleStatements(out);
  }
}

// simple_stmts: simple_stmt (';' simple_stmt)* [';'] NEWLINE
void Parser::parseSimpleStatements(Block &out) {
  do
    out.push_back(parseSimpleStatement());
  while (accept(TK::Semicolon) && !at(TK::Newline));
  expect(TK::Newline, "end of line");
}

// simple_stmt: return_stmt | assert_stmt | import_stmt | from_stmt
//            | 'pass' | 'break' | 'continue' | expr_stmt
ast::StmtPtr Parser::parseSimpleStatement() {
  const Token &tok = peek();
  switch (tok.kind) {
  case TK::KwReturn: return parseReturn();
  case TK::KwAssert: return parseAssert();
  case TK::KwImport: return parseImport();
  case TK::KwFrom: return parseFromImport();
  case TK::KwPass:
  case TK::KwBreak:
  case TK::KwContinue: {
    StmtKind kind = tok.kind == TK::KwPass    ? StmtKind::Pass
                    : tok.kind == TK::KwBreak ? StmtKind::Break
                                              : StmtKind::Continue;
    advance();
    return std::make_unique<SimpleStmt>(kind, tok.range);
  }
  case TK::KwGlobal:
  case TK::KwNonlocal: unsupported(tok, tok.text, "; pass the value as a parameter or a `tl.constexpr` instead");
  case TK::KwDel: unsupported(tok, "del");
  case TK::KwRaise: {
    // The exception is never built, so its expression is only parsed.
    SourceLoc begin = advance().range.begin;
    if (startsExpression()) {
      parseExpression();
      if (accept(TK::KwFrom))
        parseExpression();
    }
    return std::make_unique<SimpleStmt>(StmtKind::Raise, rangeFrom(begin));
  }
  default: return parseExpressionStatement();
  }
}

// expr_stmt: (target_list '=')+ expression_list
//          | target aug_op expression_list
//          | target ':' expression ['=' expression_list]
//          | expression_list
ast::StmtPtr Parser::parseExpressionStatement() {
  SourceLoc begin = peek().range.begin;
  ExprPtr first = parseExpressionList();
  if (accept(TK::Colon)) {
    checkAssignTarget(*first, /*allowTuple=*/false);
    auto stmt = std::make_unique<AnnAssignStmt>(SourceRange{});
    stmt->target = std::move(first);
    stmt->annotation = parseExpression();
    if (accept(TK::Equal))
      stmt->value = parseExpressionList();
    stmt->range = rangeFrom(begin);
    return stmt;
  }
  if (std::optional<BinaryOp> op = augmentedOp(peek().kind)) {
    checkAssignTarget(*first, /*allowTuple=*/false);
    advance();
    ExprPtr value = parseExpressionList();
    return std::make_unique<AugAssignStmt>(rangeFrom(begin), std::move(first), *op, std::move(value));
  }
  if (!at(TK::Equal))
    return std::make_unique<ExprStmt>(rangeFrom(begin), std::move(first));
  auto stmt = std::make_unique<AssignStmt>(SourceRange{});
  ExprPtr value = std::move(first);
  while (accept(TK::Equal)) {
    checkAssignTarget(*value, /*allowTuple=*/true);
    stmt->targets.push_back(std::move(value));
    value = parseExpressionList();
  }
  stmt->value = std::move(value);
  stmt->range = rangeFrom(begin);
  return stmt;
}

void Parser::checkAssignTarget(const Expr &target, bool allowTuple) {
  switch (target.kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript: return;
  case ExprKind::Tuple:
    if (allowTuple) {
      for (const ExprPtr &element : static_cast<const TupleExpr &>(target).elements)
        checkAssignTarget(*element, true);
      return;
    }
    failAt(Diag::InvalidAssignTarget, target.range, "a tuple here; assign one name at a time");
  default: failAt(Diag::InvalidAssignTarget, target.range, describeTarget(target));
  }
}

void Parser::checkForTarget(const Expr &target) {
  if (target.kind == ExprKind::Name)
    return;
  if (target.kind != ExprKind::Tuple)
    failAt(Diag::InvalidAssignTarget, target.range, describeTarget(target));
  for (const ExprPtr &element : static_cast<const TupleExpr &>(target).elements)
    checkForTarget(*element);
}

// return_stmt: 'return' [expression_list]
ast::StmtPtr Parser::parseReturn() {
  SourceLoc begin = advance().range.begin;
  ExprPtr value = startsExpression() ? parseExpressionList() : nullptr;
  return std::make_unique<ReturnStmt>(rangeFrom(begin), std::move(value));
}

// assert_stmt: 'assert' expression [',' expression]
ast::StmtPtr Parser::parseAssert() {
  SourceLoc begin = advance().range.begin;
  ExprPtr test = parseExpression();
  ExprPtr message = accept(TK::Comma) ? parseExpression() : nullptr;
  return std::make_unique<AssertStmt>(rangeFrom(begin), std::move(test), std::move(message));
}

// dotted_name: NAME ('.' NAME)*
std::string Parser::parseDottedName() {
  std::string name(expect(TK::Identifier, "a module name").text);
  while (accept(TK::Dot))
    name += "." + std::string(expect(TK::Identifier, "a name after `.`").text);
  return name;
}

// import_stmt: 'import' dotted_name ['as' NAME] (',' dotted_name ['as' NAME])*
ast::StmtPtr Parser::parseImport() {
  SourceLoc begin = advance().range.begin;
  auto stmt = std::make_unique<ImportStmt>(SourceRange{});
  do {
    ImportStmt::Alias alias{parseDottedName(), {}};
    if (accept(TK::KwAs))
      alias.asName = expect(TK::Identifier, "a name after `as`").text;
    stmt->names.push_back(std::move(alias));
  } while (accept(TK::Comma));
  stmt->range = rangeFrom(begin);
  return stmt;
}

// from_stmt: 'from' ('.'* dotted_name | '.'+) 'import'
//            ( '(' import_names [','] ')' | import_names )
// import_names: NAME ['as' NAME] (',' NAME ['as' NAME])*
ast::StmtPtr Parser::parseFromImport() {
  SourceLoc begin = advance().range.begin;
  auto stmt = std::make_unique<ImportStmt>(SourceRange{});
  while (at(TK::Dot) || at(TK::Ellipsis))
    stmt->fromModule += advance().text;
  if (stmt->fromModule.empty() || at(TK::Identifier))
    stmt->fromModule += parseDottedName();
  expect(TK::KwImport);
  if (at(TK::Star))
    unsupported(peek(), "from ... import *", "; import the names you use");
  bool parenthesized = accept(TK::LParen);
  do {
    if (parenthesized && at(TK::RParen))
      break;
    ImportStmt::Alias alias{std::string(expect(TK::Identifier, "a name to import").text), {}};
    if (accept(TK::KwAs))
      alias.asName = expect(TK::Identifier, "a name after `as`").text;
    stmt->names.push_back(std::move(alias));
  } while (accept(TK::Comma));
  if (parenthesized)
    expect(TK::RParen, "`,` or `)`");
  stmt->range = rangeFrom(begin);
  return stmt;
}

// function_def: decorator* 'def' NAME '(' [params] ')' ['->' expression] ':' block
// decorator: '@' expression NEWLINE
// params: param (',' param)* [',']
ast::StmtPtr Parser::parseFunctionDef() {
  SourceLoc begin = peek().range.begin;
  std::vector<ExprPtr> decorators;
  while (accept(TK::At)) {
    // Decorators only start statements, so the flag is false outside them;
    // the guard clears it even when the decorator fails to parse.
    FlagScope scope(inDecorator_);
    decorators.push_back(parseExpression());
    expect(TK::Newline, "end of line after the decorator");
  }
  return parseFunctionRest(std::move(decorators), begin);
}

ast::StmtPtr Parser::parseFunctionRest(std::vector<ExprPtr> decorators, SourceLoc) {
  auto def = std::make_unique<FunctionDef>(SourceRange{});
  def->decorators = std::move(decorators);
  if (at(TK::KwClass))
    unsupported(peek(), "class", "; kernels are functions decorated with `@triton.jit`");
  if (at(TK::KwAsync))
    unsupported(peek(), "async");
  SourceLoc begin = expect(TK::KwDef).range.begin;
  const Token &name = expect(TK::Identifier, "a function name");
  def->name = name.text;
  def->nameRange = name.range;
  expect(TK::LParen);
  while (!at(TK::RParen)) {
    def->params.push_back(parseParam());
    if (!accept(TK::Comma))
      break;
  }
  expect(TK::RParen, "`,` or `)`");
  if (accept(TK::Arrow))
    def->returns = parseExpression();
  expect(TK::Colon);
  def->body = parseBlock();
  def->range = rangeFrom(begin);
  return def;
}

// param: NAME [':' expression] ['=' expression]
ast::Param Parser::parseParam() {
  if (at(TK::Star) || at(TK::StarStar))
    unsupported(peek(), at(TK::Star) ? "*args" : "**kwargs", "; list every parameter by name");
  if (at(TK::Slash))
    unsupported(peek(), "/", "; parameters cannot be positional-only");
  const Token &name = expect(TK::Identifier, "a parameter name");
  Param param{name.range, std::string(name.text), nullptr, nullptr};
  if (accept(TK::Colon))
    param.annotation = parseExpression();
  if (accept(TK::Equal))
    param.defaultValue = parseExpression();
  param.range = rangeFrom(name.range.begin);
  return param;
}

// if_stmt: 'if' expression ':' block ('elif' expression ':' block)* ['else' ':' block]
// Each `elif` becomes an IfStmt alone in the previous one's orelse. The
// chain is built in a loop, but it nests in the tree, so each `elif` counts
// as a level of block nesting.
ast::StmtPtr Parser::parseIf() {
  SourceLoc begin = advance().range.begin;
  auto head = std::make_unique<IfStmt>(SourceRange{}, parseExpression());
  expect(TK::Colon);
  head->body = parseBlock();
  IfStmt *tail = head.get();
  std::vector<std::pair<IfStmt *, SourceLoc>> chain{{tail, begin}};
  while (at(TK::KwElif)) {
    if (blockNesting_ + int(chain.size()) >= kMaxNesting)
      fail(Diag::BlockNestingTooDeep, peek(), kMaxNesting);
    SourceLoc elifBegin = advance().range.begin;
    auto next = std::make_unique<IfStmt>(SourceRange{}, parseExpression());
    expect(TK::Colon);
    next->body = parseBlock();
    IfStmt *raw = next.get();
    tail->orelse.push_back(std::move(next));
    tail = raw;
    chain.push_back({tail, elifBegin});
  }
  if (accept(TK::KwElse)) {
    expect(TK::Colon);
    tail->orelse = parseBlock();
  }
  for (auto &[stmt, stmtBegin] : chain)
    stmt->range = rangeFrom(stmtBegin);
  return head;
}

// for_stmt: 'for' target_list 'in' expression_list ':' block
ast::StmtPtr Parser::parseFor() {
  SourceLoc begin = advance().range.begin;
  auto stmt = std::make_unique<ForStmt>(SourceRange{});
  stmt->target = parseTargetList();
  checkForTarget(*stmt->target);
  expect(TK::KwIn);
  stmt->iter = parseExpressionList();
  expect(TK::Colon);
  stmt->body = parseBlock();
  stmt->range = rangeFrom(begin);
  rejectLoopElse("for ... else");
  return stmt;
}

// while_stmt: 'while' expression ':' block
ast::StmtPtr Parser::parseWhile() {
  SourceLoc begin = advance().range.begin;
  auto stmt = std::make_unique<WhileStmt>(SourceRange{}, parseExpression());
  expect(TK::Colon);
  stmt->body = parseBlock();
  stmt->range = rangeFrom(begin);
  rejectLoopElse("while ... else");
  return stmt;
}

void Parser::rejectLoopElse(std::string_view construct) {
  if (at(TK::KwElse))
    unsupported(peek(), construct, "; use a flag variable instead");
}

// block: NEWLINE INDENT statement+ DEDENT | simple_stmts
ast::Block Parser::parseBlock() {
  Block block;
  if (!at(TK::Newline)) {
    parseSimpleStatements(block);
    return block;
  }
  advance();
  if (!at(TK::Indent))
    failExpected("an indented block");
  NestingGuard guard(*this, NestingGuard::Block);
  advance();
  block = parseStatements();
  expect(TK::Dedent, "end of the indented block");
  return block;
}

} // namespace tritonc::parser
