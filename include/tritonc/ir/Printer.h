// The textual form of the tile IR (`.tir`). Every op prints generically:
//   %3 = addi %1, %2 : tensor<1024xi32>
//   store %p, %v, %m
// so a parser for the same text needs no per-op grammar.
#pragma once

#include "tritonc/ir/IR.h"

#include <iosfwd>

namespace tritonc::tir {

void print(const Module &module, std::ostream &out);
void print(const Function &function, std::ostream &out);

} // namespace tritonc::tir
