#include "tritonc/frontend/EarlyReturns.h"

#include "tritonc/frontend/Clone.h"

namespace tritonc {

namespace {

using ast::StmtKind;

bool holdsReturn(const ast::Block &block);

// A `return` in `s` outside any loop: loops keep theirs for sema.
bool holdsReturn(const ast::Stmt &s) {
  if (s.kind == StmtKind::Return)
    return true;
  if (s.kind != StmtKind::If)
    return false;
  const auto &branch = static_cast<const ast::IfStmt &>(s);
  return holdsReturn(branch.body) || holdsReturn(branch.orelse);
}

bool holdsReturn(const ast::Block &block) {
  for (const ast::StmtPtr &s : block)
    if (holdsReturn(*s))
      return true;
  return false;
}

// Whether every path through `block` reaches a `return` (or a `raise`,
// which ends compilation wherever it is reached).
bool alwaysReturns(const ast::Block &block) {
  for (const ast::StmtPtr &s : block) {
    if (s->kind == StmtKind::Return || s->kind == StmtKind::Raise)
      return true;
    if (s->kind == StmtKind::If) {
      const auto &branch = static_cast<const ast::IfStmt &>(*s);
      if (alwaysReturns(branch.body) && alwaysReturns(branch.orelse))
        return true;
    }
  }
  return false;
}

size_t countStatements(const ast::Stmt &s);

size_t countStatements(const ast::Block &block) {
  size_t n = 0;
  for (const ast::StmtPtr &s : block)
    n += countStatements(*s);
  return n;
}

size_t countStatements(const ast::Stmt &s) {
  if (s.kind == StmtKind::If) {
    auto &i = static_cast<const ast::IfStmt &>(s);
    return 1 + countStatements(i.body) + countStatements(i.orelse);
  }
  if (s.kind == StmtKind::For)
    return 1 + countStatements(static_cast<const ast::ForStmt &>(s).body);
  if (s.kind == StmtKind::While)
    return 1 + countStatements(static_cast<const ast::WhileStmt &>(s).body);
  return 1;
}

// Statements a function may gain from copied continuations: `if`s in a row
// that each need a copy double the code after them, so past this the
// function keeps its returns for sema to report.
constexpr size_t kCopyBudget = 4096;

// `atFunctionEnd`: falling off the end of `block` ends the function.
void fold(ast::Block &block, bool atFunctionEnd, size_t &budget) {
  for (size_t i = 0; i < block.size(); ++i) {
    ast::Stmt &s = *block[i];
    if (s.kind == StmtKind::Return || s.kind == StmtKind::Raise) { // what follows never runs
      block.resize(i + 1);
      break;
    }
    if (s.kind != StmtKind::If || !holdsReturn(s))
      continue;
    auto &branch = static_cast<ast::IfStmt &>(s);
    bool thenReturns = alwaysReturns(branch.body), elseReturns = alwaysReturns(branch.orelse);
    bool restFollows = i + 1 < block.size();
    if (restFollows && !(thenReturns && elseReturns)) {
      // Both branches may fall through (a return nested deeper, or under a
      // compile-time `if` that sema will prune): each runs its own copy.
      std::optional<ast::Block> copy;
      size_t statements = 0;
      for (size_t j = i + 1; j < block.size(); ++j)
        statements += countStatements(*block[j]);
      if (!thenReturns && !elseReturns && statements <= budget) {
        ast::Block rest;
        bool copied = true;
        for (size_t j = i + 1; j < block.size() && copied; ++j) {
          rest.push_back(ast::clone(*block[j]));
          copied = rest.back() != nullptr;
        }
        if (copied) {
          copy = std::move(rest);
          budget -= statements;
        }
      }
      if (thenReturns || elseReturns || copy) {
        ast::Block &continuation = thenReturns ? branch.orelse : branch.body;
        for (size_t j = i + 1; j < block.size(); ++j)
          continuation.push_back(std::move(block[j]));
        block.resize(i + 1);
        if (copy)
          for (ast::StmtPtr &c : *copy)
            branch.orelse.push_back(std::move(c));
      }
    }
    bool last = i + 1 == block.size();
    fold(branch.body, atFunctionEnd && last, budget);
    fold(branch.orelse, atFunctionEnd && last, budget);
  }
  // Inside a branch, a bare `return` at the very end of the function is
  // the fall-through: dropping it lets sema see no return in run-time code.
  if (atFunctionEnd && !block.empty() && block.back()->kind == StmtKind::Return &&
      !static_cast<const ast::ReturnStmt &>(*block.back()).value)
    block.pop_back();
}

} // namespace

void foldEarlyReturns(ast::Module &module) {
  for (ast::StmtPtr &s : module.body)
    if (s->kind == StmtKind::FunctionDef)
      foldEarlyReturns(static_cast<ast::FunctionDef &>(*s));
}

void foldEarlyReturns(ast::FunctionDef &function) {
  size_t budget = kCopyBudget;
  fold(function.body, true, budget);
}

} // namespace tritonc
