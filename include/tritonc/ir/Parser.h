// Reads the tile IR text that the printer (Printer.h) writes, so that a pass
// can be tested alone on a `.tir` file (DESIGN.md §2). The grammar, one rule
// per parse method (src/ir/Parser.cpp), tokens in src/ir/TIRLexer.h:
//
//   module     ::= NL? func+
//   func       ::= 'func' FUNC '(' (param (',' param)*)? ')' '{' NL op* '}' NL
//   param      ::= VALUE ':' type ('{' ('divisibility' '=' '16' | 'equal_to_one') '}')?
//   op         ::= (VALUE (',' VALUE)* '=')? MNEMONIC (VALUE (',' VALUE)*)?
//                  attr-dict? (':' type (',' type)*)? NL region*
//   region     ::= '{' ('^' '(' VALUE ':' type (',' VALUE ':' type)* ')' ':')? NL op* '}' NL
//   attr-dict  ::= '{' NAME '=' attr-value (',' NAME '=' attr-value)* '}'
//   attr-value ::= INT | FLOAT | STRING | '[' (INT (',' INT)*)? ']'
//   type       ::= elem-type | 'tensor' '<' SHAPE elem-type (',' layout)? '>'
//   elem-type  ::= SCALAR | 'ptr' '<' SCALAR '>'
//   layout     ::= blocked | '#slice' '<' 'dims' '=' list ',' blocked '>'
//   blocked    ::= '#blocked' '<' 'spt' '=' list ',' 'tpw' '=' list ','
//                  'wpc' '=' list ',' 'order' '=' list '>'
//   list       ::= '[' (INT (',' INT)*)? ']'
//
// Line ends (NL) are tokens: an op is one line, and its regions follow on
// the lines after it. `//` starts a comment that runs to the end of the line.
// MNEMONIC is any name in Ops.def, SCALAR any of Type.h's IR names (`i32`,
// `f16`, ...). Values are named `%12` or `%x_ptr`; a name is visible after
// its definition in its block and the regions nested in it, and the results
// of an op only after the op (not inside its own regions), as in SSA.
// Parameter names become the values' name hints, so they print back as
// written; other names are renumbered by the printer.
//
// The parser checks what the text alone decides: syntax, known ops and
// types, defined names, one result type per result, power-of-two dims. It
// does not verify the op rules (operand counts, matching types, terminators,
// layouts): callers run tir::verifyOrExplain() on the module once they have
// set its numWarps, which the text does not carry.
//
// Errors: the first mistake is reported (TIR* kinds in DiagnosticKinds.def,
// at its line:col) and parsing stops: a name that failed to parse would
// make every later use of it a second error.
#pragma once

#include "tritonc/ir/IR.h"
#include "tritonc/support/Diagnostics.h"

#include <memory>

namespace tritonc::tir {

// Region nesting deeper than this is reported instead of overflowing the
// stack of the parser, the verifier and the passes.
inline constexpr int kMaxRegionNesting = 200;

// Null when an error was reported.
std::unique_ptr<Module> parseTIR(const SourceFile &file, DiagnosticEngine &diags);

} // namespace tritonc::tir
