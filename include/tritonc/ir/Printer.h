// The textual form of the tile IR (`.tir`). Every op prints generically:
//   %3 = addi %1, %2 : tensor<1024xi32>
//   store %p, %v, %m
// so a parser for the same text needs no per-op grammar.
#pragma once

#include "tritonc/ir/IR.h"

#include <iosfwd>
#include <string>
#include <unordered_map>

namespace tritonc::tir {

void print(const Module &module, std::ostream &out);
void print(const Function &function, std::ostream &out);

// The names the printer gives values: `%` and the source name for kernel
// parameters, `%0`, `%1`, ... for the rest in print order. Analyses print
// their facts under the same names.
std::unordered_map<const Value *, std::string> valueNames(const Function &function);

} // namespace tritonc::tir
