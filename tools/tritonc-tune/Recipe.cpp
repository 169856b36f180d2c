// Parsing `--arg` recipes (Recipe.h).
#include "Recipe.h"

#include <stdexcept>

namespace tritonc_tune {

namespace {

std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// "input(M*K)" -> "M*K" when `text` is a call of `function`.
bool callOf(const std::string &text, const std::string &function, std::string &argument) {
  if (text.compare(0, function.size() + 1, function + "(") != 0 || text.back() != ')')
    return false;
  argument = text.substr(function.size() + 1, text.size() - function.size() - 2);
  return true;
}

} // namespace

std::map<std::string, Recipe> parseRecipes(const std::vector<std::string> &texts) {
  std::map<std::string, Recipe> recipes;
  for (const std::string &text : texts) {
    size_t eq = text.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("`--arg " + text + "`: expected NAME=RECIPE");
    std::string name = trim(text.substr(0, eq)), value = trim(text.substr(eq + 1));
    if (name.empty() || value.empty())
      throw std::runtime_error("`--arg " + text + "`: expected NAME=RECIPE");
    Recipe r;
    if (callOf(value, "input", r.expression))
      r.kind = Recipe::Kind::Input;
    else if (callOf(value, "output", r.expression))
      r.kind = Recipe::Kind::Output;
    else
      r.expression = value;
    if (!recipes.emplace(name, r).second)
      throw std::runtime_error("`--arg " + name + "=...` is given twice");
  }
  return recipes;
}

size_t elementBytes(const std::string &type) {
  std::string t = type[0] == '*' ? type.substr(1) : type;
  if (t == "i1" || t == "i8" || t == "u8" || t == "fp8e4nv" || t == "fp8e5")
    return 1;
  if (t == "i16" || t == "u16" || t == "fp16" || t == "bf16")
    return 2;
  if (t == "i32" || t == "u32" || t == "fp32")
    return 4;
  if (t == "i64" || t == "u64" || t == "fp64")
    return 8;
  return 0;
}

} // namespace tritonc_tune
