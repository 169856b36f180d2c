// How each kernel argument is made from the sizes of one problem: the
// `--arg` syntax of tritonc-tune.
//
//   --arg a_ptr=input(M*K)      a buffer of M*K elements of the pointer's
//                               type, fresh random values for each key
//   --arg c_ptr=output(M*N)     a buffer of M*N elements, zeroed; compared
//                               across configurations after their first run
//   --arg stride_am=K           an integer or float scalar, an expression
//                               over the sizes (Expression.h)
//
// An integer parameter that a `--key` names needs no recipe: it takes the
// key's value.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace tritonc_tune {

struct Recipe {
  enum class Kind { Scalar, Input, Output };
  Kind kind = Kind::Scalar;
  std::string expression; // the element count of a buffer, or the value
};

// `name=...` texts to recipes by name; throws std::runtime_error on a
// malformed one.
std::map<std::string, Recipe> parseRecipes(const std::vector<std::string> &texts);

// Bytes per element of a signature type (`fp16` -> 2); 0 if unknown.
size_t elementBytes(const std::string &type);

} // namespace tritonc_tune
