// Prints an AST as an indented tree for `tritonc --emit ast` and golden
// tests: one node per line, two spaces per level, each line
//   Kind [key fields] @line:col
// where line:col is where the node starts. Operators print with their
// Python spelling (`Binary +`, `Compare < <=`), strings quoted with C
// escapes, floats in shortest round-trip form. Children follow in source
// order; a child whose role is not clear from its position sits under a
// label line without a location (Target, Annotation, Default, Returns,
// Decorator, Else, Message, Lower, Upper, Step, Test, Then, Iter, Value,
// Key). The format is stable: lit tests FileCheck it.
//
//   FunctionDef add_kernel @5:1
//     Decorator
//       Attribute jit @4:2
//         Name triton @4:2
//     Param BLOCK_SIZE @5:56
//       Annotation
//         Attribute constexpr @5:68
//           Name tl @5:68
//     Assign @6:5
//       Target
//         Name pid @6:5
//       Call @6:11
//         Attribute program_id @6:11
//           Name tl @6:11
//         Keyword axis @6:25
//           Int 0 @6:30
#pragma once

#include "tritonc/frontend/AST.h"

#include <iosfwd>

namespace tritonc {

void printAST(const ast::Module &module, const SourceFile &file, std::ostream &out);

} // namespace tritonc
