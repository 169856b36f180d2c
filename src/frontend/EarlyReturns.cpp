#include "tritonc/frontend/EarlyReturns.h"

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

// Whether every path through `block` reaches a `return`.
bool alwaysReturns(const ast::Block &block) {
  for (const ast::StmtPtr &s : block) {
    if (s->kind == StmtKind::Return)
      return true;
    if (s->kind == StmtKind::If) {
      const auto &branch = static_cast<const ast::IfStmt &>(*s);
      if (alwaysReturns(branch.body) && alwaysReturns(branch.orelse))
        return true;
    }
  }
  return false;
}

// `atFunctionEnd`: falling off the end of `block` ends the function.
void fold(ast::Block &block, bool atFunctionEnd) {
  for (size_t i = 0; i < block.size(); ++i) {
    ast::Stmt &s = *block[i];
    if (s.kind == StmtKind::Return) { // what follows never runs
      block.resize(i + 1);
      break;
    }
    if (s.kind != StmtKind::If || !holdsReturn(s))
      continue;
    auto &branch = static_cast<ast::IfStmt &>(s);
    bool thenReturns = alwaysReturns(branch.body), elseReturns = alwaysReturns(branch.orelse);
    bool restFollows = i + 1 < block.size();
    if (restFollows && (thenReturns || elseReturns) && !(thenReturns && elseReturns)) {
      ast::Block &continuation = thenReturns ? branch.orelse : branch.body;
      for (size_t j = i + 1; j < block.size(); ++j)
        continuation.push_back(std::move(block[j]));
      block.resize(i + 1);
    }
    bool last = i + 1 == block.size();
    fold(branch.body, atFunctionEnd && last);
    fold(branch.orelse, atFunctionEnd && last);
  }
  // Inside a branch, a bare `return` at the very end of the function is
  // the fall-through: dropping it lets sema see no return in run-time code.
  if (atFunctionEnd && !block.empty() && block.back()->kind == StmtKind::Return &&
      !static_cast<const ast::ReturnStmt &>(*block.back()).value)
    block.pop_back();
}

} // namespace

void foldEarlyReturns(ast::FunctionDef &function) { fold(function.body, true); }

} // namespace tritonc
