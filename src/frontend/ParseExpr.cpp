// Expression parsing, following Python's precedence from loosest to
// tightest: conditional, `or`, `and`, `not`, comparisons, `|`, `^`, `&`,
// shifts, `+ -`, `* / // % @`, unary `- + ~`, `**`, postfix, atoms. The
// binary levels from `|` to `* /` are one precedence-climbing loop driven by
// binaryOperator() (clox's rules[] table); the others have their own method.
#include "ParserImpl.h"

namespace tritonc::parser {

using namespace ast;
using TK = TokenKind;

namespace {

struct BinaryOperator {
  int precedence; // higher binds tighter
  BinaryOp op;
};

constexpr int kLowestBinaryPrecedence = 1; // `|`, Python's bitwise_or

std::optional<BinaryOperator> binaryOperator(TokenKind kind) {
  switch (kind) {
  case TK::Pipe: return BinaryOperator{1, BinaryOp::BitOr};
  case TK::Caret: return BinaryOperator{2, BinaryOp::BitXor};
  case TK::Amp: return BinaryOperator{3, BinaryOp::BitAnd};
  case TK::LessLess: return BinaryOperator{4, BinaryOp::Shl};
  case TK::GreaterGreater: return BinaryOperator{4, BinaryOp::Shr};
  case TK::Plus: return BinaryOperator{5, BinaryOp::Add};
  case TK::Minus: return BinaryOperator{5, BinaryOp::Sub};
  case TK::Star: return BinaryOperator{6, BinaryOp::Mul};
  case TK::Slash: return BinaryOperator{6, BinaryOp::Div};
  case TK::SlashSlash: return BinaryOperator{6, BinaryOp::FloorDiv};
  case TK::Percent: return BinaryOperator{6, BinaryOp::Mod};
  case TK::At: return BinaryOperator{6, BinaryOp::MatMul};
  default: return std::nullopt;
  }
}

std::optional<CompareOp> simpleCompareOp(TokenKind kind) {
  switch (kind) {
  case TK::Less: return CompareOp::Lt;
  case TK::LessEqual: return CompareOp::Le;
  case TK::Greater: return CompareOp::Gt;
  case TK::GreaterEqual: return CompareOp::Ge;
  case TK::EqualEqual: return CompareOp::Eq;
  case TK::NotEqual: return CompareOp::Ne;
  case TK::KwIn: return CompareOp::In;
  default: return std::nullopt;
  }
}

} // namespace

bool Parser::startsExpression() const {
  switch (peek().kind) {
  case TK::Identifier:
  case TK::Int:
  case TK::Float:
  case TK::String:
  case TK::Error:
  case TK::LParen:
  case TK::LBracket:
  case TK::LBrace:
  case TK::Minus:
  case TK::Plus:
  case TK::Tilde:
  case TK::Star:
  case TK::Ellipsis:
  case TK::KwNot:
  case TK::KwTrue:
  case TK::KwFalse:
  case TK::KwNone:
  case TK::KwLambda:
  case TK::KwYield:
  case TK::KwAwait: return true;
  default: return false;
  }
}

// expression_list: expression (',' expression)* [',']
// A comma makes a tuple: `return a, b`, `a, b = b, a`.
ExprPtr Parser::parseExpressionList() {
  ExprPtr first = parseExpression();
  if (!at(TK::Comma))
    return first;
  auto tuple = std::make_unique<TupleExpr>(first->range);
  tuple->elements.push_back(std::move(first));
  while (accept(TK::Comma) && startsExpression())
    tuple->elements.push_back(parseExpression());
  tuple->range = rangeFrom(tuple->range.begin);
  return tuple;
}

// target_list: target (',' target)* [',']
// The target of a `for` stops before `in`, which would otherwise be read as
// a comparison.
ExprPtr Parser::parseTargetList() {
  ExprPtr first = parseTarget();
  if (!at(TK::Comma))
    return first;
  auto tuple = std::make_unique<TupleExpr>(first->range);
  tuple->elements.push_back(std::move(first));
  while (accept(TK::Comma) && !at(TK::KwIn))
    tuple->elements.push_back(parseTarget());
  tuple->range = rangeFrom(tuple->range.begin);
  return tuple;
}

// target: bitwise_or
ExprPtr Parser::parseTarget() {
  NestingGuard guard(*this, NestingGuard::Expression);
  return parseBinary(kLowestBinaryPrecedence);
}

// expression: disjunction ['if' disjunction 'else' expression]
ExprPtr Parser::parseExpression() {
  NestingGuard guard(*this, NestingGuard::Expression);
  ExprPtr then = parseDisjunction();
  if (at(TK::ColonEqual))
    unsupported(peek(), ":=", "; assign in a statement of its own");
  if (!accept(TK::KwIf))
    return then;
  ExprPtr cond = parseDisjunction();
  expect(TK::KwElse, "`else` in the conditional expression");
  ExprPtr otherwise = parseExpression();
  SourceRange range = rangeFrom(then->range.begin);
  return std::make_unique<IfExpExpr>(range, std::move(cond), std::move(then), std::move(otherwise));
}

// disjunction: conjunction ('or' conjunction)*
ExprPtr Parser::parseDisjunction() {
  ExprPtr first = parseConjunction();
  if (!at(TK::KwOr))
    return first;
  auto op = std::make_unique<BoolOpExpr>(first->range, BoolOpKind::Or);
  op->operands.push_back(std::move(first));
  while (accept(TK::KwOr))
    op->operands.push_back(parseConjunction());
  op->range = rangeFrom(op->range.begin);
  return op;
}

// conjunction: inversion ('and' inversion)*
ExprPtr Parser::parseConjunction() {
  ExprPtr first = parseInversion();
  if (!at(TK::KwAnd))
    return first;
  auto op = std::make_unique<BoolOpExpr>(first->range, BoolOpKind::And);
  op->operands.push_back(std::move(first));
  while (accept(TK::KwAnd))
    op->operands.push_back(parseInversion());
  op->range = rangeFrom(op->range.begin);
  return op;
}

// inversion: 'not' inversion | comparison
ExprPtr Parser::parseInversion() {
  if (!at(TK::KwNot))
    return parseComparison();
  NestingGuard guard(*this, NestingGuard::Expression);
  SourceLoc begin = advance().range.begin;
  ExprPtr operand = parseInversion();
  return std::make_unique<UnaryExpr>(rangeFrom(begin), UnaryOp::Not, std::move(operand));
}

// comparison: bitwise_or (comp_op bitwise_or)*
// comp_op: '<' | '<=' | '>' | '>=' | '==' | '!=' | 'in' | 'not' 'in' | 'is' | 'is' 'not'
// A chain `a < b < c` stays one CompareExpr, as in Python.
ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBinary(kLowestBinaryPrecedence);
  std::unique_ptr<CompareExpr> compare;
  for (;;) {
    std::optional<CompareOp> op = simpleCompareOp(peek().kind);
    size_t length = 1;
    if (at(TK::KwNot) && peek(1).is(TK::KwIn))
      op = CompareOp::NotIn, length = 2;
    else if (at(TK::KwIs))
      op = peek(1).is(TK::KwNot) ? CompareOp::IsNot : CompareOp::Is, length = *op == CompareOp::IsNot ? 2 : 1;
    if (!op)
      break;
    for (size_t i = 0; i < length; ++i)
      advance();
    if (!compare) {
      compare = std::make_unique<CompareExpr>(first->range);
      compare->operands.push_back(std::move(first));
    }
    compare->ops.push_back(*op);
    compare->operands.push_back(parseBinary(kLowestBinaryPrecedence));
  }
  if (!compare)
    return first;
  compare->range = rangeFrom(compare->range.begin);
  return compare;
}

// bitwise_or: bitwise_or '|' bitwise_xor | bitwise_xor   ... down to
// term: term ('*' | '/' | '//' | '%' | '@') factor | factor
// All left-associative: the right operand binds one level tighter.
ExprPtr Parser::parseBinary(int minPrecedence) {
  ChainDepth chain(*this);
  ExprPtr lhs = parseFactor();
  for (;;) {
    std::optional<BinaryOperator> op = binaryOperator(peek().kind);
    if (!op || op->precedence < minPrecedence)
      return lhs;
    chain.link();
    advance();
    ExprPtr rhs = parseBinary(op->precedence + 1);
    SourceRange range = lhs->range.to(rhs->range);
    lhs = std::make_unique<BinaryExpr>(range, op->op, std::move(lhs), std::move(rhs));
  }
}

// factor: ('+' | '-' | '~') factor | power
ExprPtr Parser::parseFactor() {
  if (!atAny({TK::Plus, TK::Minus, TK::Tilde}))
    return parsePower();
  NestingGuard guard(*this, NestingGuard::Expression);
  const Token &tok = advance();
  UnaryOp op = tok.is(TK::Plus) ? UnaryOp::Pos : tok.is(TK::Minus) ? UnaryOp::Neg : UnaryOp::Invert;
  ExprPtr operand = parseFactor();
  return std::make_unique<UnaryExpr>(rangeFrom(tok.range.begin), op, std::move(operand));
}

// power: primary ['**' factor]
// `**` is right-associative and binds tighter than a unary operator on its
// left: `-x**2` is `-(x**2)`, `2**-1` is `2**(-1)`.
ExprPtr Parser::parsePower() {
  ExprPtr base = parsePrimary();
  if (!accept(TK::StarStar))
    return base;
  NestingGuard guard(*this, NestingGuard::Expression);
  ExprPtr exponent = parseFactor();
  SourceRange range = base->range.to(exponent->range);
  return std::make_unique<BinaryExpr>(range, BinaryOp::Pow, std::move(base), std::move(exponent));
}

// primary: atom ('.' NAME | '(' [arguments] ')' | '[' subscripts ']')*
ExprPtr Parser::parsePrimary() {
  ChainDepth chain(*this);
  ExprPtr e = parseAtom();
  for (;;) {
    if (at(TK::Dot)) {
      chain.link();
      advance();
      const Token &name = expect(TK::Identifier, "an attribute name after `.`");
      SourceRange range = rangeFrom(e->range.begin);
      e = std::make_unique<AttributeExpr>(range, std::move(e), std::string(name.text));
    } else if (at(TK::LParen)) {
      chain.link();
      e = parseCall(std::move(e));
    } else if (at(TK::LBracket)) {
      chain.link();
      e = parseSubscript(std::move(e));
    } else {
      return e;
    }
  }
}

// arguments: argument (',' argument)* [',']
// argument: NAME '=' expression | expression
ExprPtr Parser::parseCall(ExprPtr callee) {
  auto call = std::make_unique<CallExpr>(callee->range, std::move(callee));
  expect(TK::LParen);
  while (!at(TK::RParen)) {
    if (at(TK::Star) || at(TK::StarStar))
      unsupported(peek(), at(TK::Star) ? "*args" : "**kwargs", "; pass each argument on its own");
    if (at(TK::Identifier) && peek(1).is(TK::Equal)) {
      const Token &name = advance();
      advance();
      ExprPtr value = parseExpression();
      call->keywords.push_back({rangeFrom(name.range.begin), std::string(name.text), std::move(value)});
    } else {
      ExprPtr value = parseExpression();
      if (at(TK::KwFor) && readsComprehensions() && call->args.empty() && call->keywords.empty()) {
        SourceLoc begin = value->range.begin;
        value = parseComprehension(std::move(value), begin, false);
        if (!at(TK::RParen))
          failExpected("`)` after a generator argument");
      }
      rejectComprehension("(x for ...)");
      if (!call->keywords.empty())
        failAt(Diag::PositionalAfterKeyword, value->range);
      call->args.push_back(std::move(value));
    }
    if (!accept(TK::Comma))
      break;
  }
  expect(TK::RParen, "`,` or `)`");
  call->range = rangeFrom(call->range.begin);
  return call;
}

// subscripts: subscript (',' subscript)* [',']
ExprPtr Parser::parseSubscript(ExprPtr value) {
  auto subscript = std::make_unique<SubscriptExpr>(value->range, std::move(value));
  expect(TK::LBracket);
  do
    subscript->indices.push_back(parseSliceOrIndex());
  while (accept(TK::Comma) && !at(TK::RBracket));
  expect(TK::RBracket, "`,` or `]`");
  subscript->range = rangeFrom(subscript->range.begin);
  return subscript;
}

// subscript: [expression] ':' [expression] [':' [expression]] | expression
ExprPtr Parser::parseSliceOrIndex() {
  SourceLoc begin = peek().range.begin;
  ExprPtr lower;
  if (!at(TK::Colon)) {
    lower = parseExpression();
    if (!at(TK::Colon))
      return lower;
  }
  advance();
  auto slice = std::make_unique<SliceExpr>(SourceRange{});
  slice->lower = std::move(lower);
  if (!atAny({TK::Colon, TK::Comma, TK::RBracket}))
    slice->upper = parseExpression();
  if (accept(TK::Colon) && !atAny({TK::Comma, TK::RBracket}))
    slice->step = parseExpression();
  slice->range = rangeFrom(begin);
  return slice;
}

// atom: NAME | INT | FLOAT | STRING+ | 'True' | 'False' | 'None'
//     | parenthesized | list | dict | lambda_expr
ExprPtr Parser::parseAtom() {
  const Token &tok = peek();
  switch (tok.kind) {
  case TK::Identifier: advance(); return std::make_unique<NameExpr>(tok.range, std::string(tok.text));
  case TK::Int: advance(); return std::make_unique<IntExpr>(tok.range, tok.intValue);
  case TK::Float: advance(); return std::make_unique<FloatExpr>(tok.range, tok.floatValue);
  case TK::KwTrue:
  case TK::KwFalse: advance(); return std::make_unique<BoolExpr>(tok.range, tok.is(TK::KwTrue));
  case TK::KwNone: advance(); return std::make_unique<NoneExpr>(tok.range);
  case TK::String: return parseStrings();
  case TK::LParen: return parseParenthesized();
  case TK::LBracket: return parseList();
  case TK::LBrace: return parseBraced();
  case TK::KwLambda: return parseLambda();
  case TK::KwYield:
  case TK::KwAwait: unsupported(tok, tok.text);
  case TK::Ellipsis: unsupported(tok, "...");
  case TK::Star: unsupported(tok, "*", "; unpacking is not supported");
  default: fail(Diag::ExpectedExpression, tok, describeToken(tok));
  }
}

// strings: STRING+   (adjacent literals are concatenated)
ExprPtr Parser::parseStrings() {
  SourceLoc begin = peek().range.begin;
  std::string value;
  while (at(TK::String)) {
    const Token &tok = advance();
    if (tok.stringFlags & kStringFormat)
      unsupported(tok, "f\"...\"", "; use a plain string");
    if (tok.stringFlags & kStringBytes)
      unsupported(tok, "b\"...\"", "; use a plain string");
    value += tok.stringValue;
  }
  return std::make_unique<StringExpr>(rangeFrom(begin), std::move(value));
}

// parenthesized: '(' [expression (',' expression)* [',']] ')'
// Without a comma this is plain grouping and yields the inner expression.
ExprPtr Parser::parseParenthesized() {
  SourceLoc begin = advance().range.begin;
  if (accept(TK::RParen))
    return std::make_unique<TupleExpr>(rangeFrom(begin));
  ExprPtr first = parseExpression();
  if (at(TK::KwFor) && readsComprehensions())
    first = parseComprehension(std::move(first), begin, false);
  rejectComprehension("(x for ...)");
  if (accept(TK::RParen))
    return first;
  if (!at(TK::Comma))
    failExpected("`,` or `)`");
  auto tuple = std::make_unique<TupleExpr>(SourceRange{});
  tuple->elements.push_back(std::move(first));
  while (accept(TK::Comma) && !at(TK::RParen))
    tuple->elements.push_back(parseExpression());
  expect(TK::RParen, "`,` or `)`");
  tuple->range = rangeFrom(begin);
  return tuple;
}

// list: '[' [expression (',' expression)* [',']] ']'
ExprPtr Parser::parseList() {
  SourceLoc begin = advance().range.begin;
  auto list = std::make_unique<ListExpr>(SourceRange{});
  if (!at(TK::RBracket)) {
    list->elements.push_back(parseExpression());
    if (at(TK::KwFor) && readsComprehensions()) {
      ExprPtr comprehension = parseComprehension(std::move(list->elements.back()), begin, true);
      expect(TK::RBracket, "`]`");
      comprehension->range = rangeFrom(begin);
      return comprehension;
    }
    rejectComprehension("[x for ...]");
    while (accept(TK::Comma) && !at(TK::RBracket))
      list->elements.push_back(parseExpression());
  }
  expect(TK::RBracket, "`,` or `]`");
  list->range = rangeFrom(begin);
  return list;
}

// dict: '{' [expression ':' expression (',' expression ':' expression)* [',']] '}'
ExprPtr Parser::parseBraced() {
  const Token &open = advance();
  auto dict = std::make_unique<DictExpr>(SourceRange{});
  if (!at(TK::RBrace)) {
    if (at(TK::StarStar))
      unsupported(peek(), "**", "; write every entry out");
    ExprPtr key = parseExpression();
    if (!at(TK::Colon)) {
      rejectComprehension("{x for ...}");
      unsupported(open, "{x, y}", "; sets are not supported");
    }
    for (;;) {
      expect(TK::Colon);
      dict->keys.push_back(std::move(key));
      dict->values.push_back(parseExpression());
      rejectComprehension("{k: v for ...}");
      if (!accept(TK::Comma) || at(TK::RBrace))
        break;
      key = parseExpression();
    }
  }
  expect(TK::RBrace, "`,` or `}`");
  dict->range = rangeFrom(open.range.begin);
  return dict;
}

// lambda_expr: 'lambda' [NAME ['=' expression] (',' NAME ['=' expression])*] ':' expression
// Only in decorator arguments, e.g. `@triton.heuristics({"EVEN": lambda args: ...})`.
ExprPtr Parser::parseLambda() {
  const Token &keyword = peek();
  if (!inDecorator_)
    unsupported(keyword, "lambda", "; define a `@triton.jit` function instead");
  advance();
  auto lambda = std::make_unique<LambdaExpr>(SourceRange{});
  while (!at(TK::Colon)) {
    if (at(TK::Star) || at(TK::StarStar))
      unsupported(peek(), at(TK::Star) ? "*args" : "**kwargs", "; list every parameter by name");
    const Token &name = expect(TK::Identifier, "a parameter name");
    Param param{name.range, std::string(name.text), nullptr, nullptr};
    if (accept(TK::Equal))
      param.defaultValue = parseExpression();
    param.range = rangeFrom(name.range.begin);
    lambda->params.push_back(std::move(param));
    if (!accept(TK::Comma))
      break;
  }
  expect(TK::Colon, "`:` after the lambda parameters");
  lambda->body = parseExpression();
  lambda->range = rangeFrom(keyword.range.begin);
  return lambda;
}

// comprehension: element 'for' target 'in' disjunction ('if' disjunction)*
// One `for` clause: nested ones are written as loops.
ExprPtr Parser::parseComprehension(ExprPtr element, SourceLoc begin, bool list) {
  auto c = std::make_unique<ComprehensionExpr>(SourceRange{});
  c->element = std::move(element);
  c->list = list;
  expect(TK::KwFor);
  c->target = parseTargetList();
  expect(TK::KwIn, "`in`");
  c->iter = parseDisjunction();
  while (accept(TK::KwIf))
    c->conditions.push_back(parseDisjunction());
  if (at(TK::KwFor) || at(TK::KwAsync))
    unsupported(peek(), "nested `for` clauses", "; write a loop instead");
  c->range = rangeFrom(begin);
  return c;
}

void Parser::rejectComprehension(std::string_view construct) {
  if (at(TK::KwFor) || at(TK::KwAsync))
    unsupported(peek(), construct, "; write a loop instead");
}

} // namespace tritonc::parser
