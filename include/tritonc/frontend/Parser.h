// The parser: kernel source -> AST (AST.h) for the Python subset described in
// grammar/kernel.ebnf. It lexes the file itself (Lexer.h).
//
// Errors: each mistake yields one diagnostic. After an error the parser skips
// to the next statement boundary (the end of the logical line, any indented
// block that follows it, and any `elif`/`else`/`except`/`finally` clause
// belonging to the broken statement) and goes on, so that one run reports
// every independent mistake in a file. Python constructs that kernels cannot
// use (`class`, `try`, `with`, `lambda` outside decorators, comprehensions,
// `global`, `yield`, star arguments, ...) are parsed far enough to be named
// in an UnsupportedConstruct diagnostic, then skipped the same way.
//
// Nesting is bounded: more than kMaxNesting levels of expression nesting
// (parentheses, unary operators, operator chains, postfix chains) or of
// indented blocks is reported once instead of overflowing the stack.
//
// The returned module holds every statement that parsed cleanly, and is
// well formed even when errors were reported; callers check
// DiagnosticEngine::hasErrors() before going on to sema.
//
// At module level, host code (classes, plain functions, `with` blocks,
// values outside the subset) is skipped rather than reported: see
// src/frontend/ParseModule.cpp. parseKernelStatements() parses every
// statement of the file as kernel code instead, as the body of a `@jit`
// function is parsed: for tests of the kernel grammar.
#pragma once

#include "tritonc/frontend/AST.h"
#include "tritonc/support/Diagnostics.h"

#include <memory>

namespace tritonc {

inline constexpr int kMaxNesting = 200;

std::unique_ptr<ast::Module> parseModule(const SourceFile &file, DiagnosticEngine &diags);
std::unique_ptr<ast::Module> parseKernelStatements(const SourceFile &file, DiagnosticEngine &diags);

} // namespace tritonc
