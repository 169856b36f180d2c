// Host Python that computes a module-level constant: string methods and
// comprehensions (FLA builds an inline-asm string with `template.format(
// ...)` in a loop, `" ".join(s.split("\n"))` and `",".join("=r" for i in
// range(n))`). Python runs these while Triton compiles; tritonc evaluates
// them on compile-time values. Kernel code has neither in Triton, and
// neither here.
#include "Checker.h"

#include "tritonc/sema/ConstexprFolding.h"

#include <fmt/format.h>

#include <cctype>
#include <map>
#include <vector>

namespace tritonc::sema {

namespace {

using K = ConstexprValue::Kind;

// As `tl.static_range`'s unrolling: host code builds small tables.
constexpr size_t kMaxItems = 4096;

// `str(v)` as Python writes it.
std::optional<std::string> pythonStr(const ConstexprValue &v) {
  switch (v.kind) {
  case K::String: return v.text;
  case K::Int:
  case K::Float:
  case K::Bool:
  case K::None: return v.repr();
  default: return std::nullopt;
  }
}

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

// The pieces between the occurrences of `sep` (not empty), as
// `str.split(sep)` gives them; `replace` joins them again.
std::vector<std::string> splitOn(const std::string &text, const std::string &sep) {
  std::vector<std::string> pieces;
  size_t start = 0;
  for (size_t at = text.find(sep); at != std::string::npos; at = text.find(sep, start)) {
    pieces.push_back(text.substr(start, at - start));
    start = at + sep.size();
  }
  pieces.push_back(text.substr(start));
  return pieces;
}

} // namespace

bool Checker::runsInPython() const {
  // Only while a module-level constant is computed: a plain function called
  // from a kernel is lowered with it, and lowering has no strings.
  if (moduleLevel_ == 0)
    return false;
  return frames_.empty() || frames_.back().isKernel || inPythonFunction();
}

Result Checker::stringMethod(const ast::CallExpr &c, const std::string &method, const std::string &self) {
  std::vector<SemaValue> args; // each a constant, or a tuple (what `join` joins)
  for (const ast::ExprPtr &a : c.args) {
    Result v = expr(*a);
    if (!v)
      return std::nullopt;
    if (!v->isConstexpr() && v->kind != SemaValue::Kind::Tuple) {
      diags_.error(Diag::NotConstexpr, a->range, fmt::format("an argument of `str.{}`", method),
                   "found " + describe(*v));
      return std::nullopt;
    }
    args.push_back(*v);
  }
  std::map<std::string, ConstexprValue> keywords;
  for (const ast::Keyword &k : c.keywords) {
    Result v = expr(*k.value);
    if (!v)
      return std::nullopt;
    if (!v->isConstexpr()) {
      diags_.error(Diag::NotConstexpr, k.value->range, fmt::format("`{}` of `str.{}`", k.name, method),
                   "found " + describe(*v));
      return std::nullopt;
    }
    keywords[k.name] = v->constant;
  }
  auto fail = [&](const std::string &why) -> Result {
    diags_.error(Diag::UnsupportedOperation, c.range, fmt::format("`str.{}`: {}", method, why));
    return std::nullopt;
  };
  auto text = [](std::string s) { return Result(SemaValue::constexprValue(ConstexprValue::ofString(std::move(s)))); };
  auto constant = [&](size_t i) -> const ConstexprValue * {
    return i < args.size() && args[i].isConstexpr() ? &args[i].constant : nullptr;
  };
  auto stringArg = [&](size_t i) -> std::optional<std::string> {
    if (const ConstexprValue *v = constant(i); v && v->kind == K::String)
      return v->text;
    return std::nullopt;
  };
  bool noKeywords = c.keywords.empty();

  if (method == "format") {
    std::string out;
    size_t next = 0;
    for (size_t i = 0; i < self.size(); ++i) {
      char ch = self[i];
      if ((ch == '{' || ch == '}') && i + 1 < self.size() && self[i + 1] == ch) {
        out += ch;
        ++i;
        continue;
      }
      if (ch == '}')
        return fail("a single `}` in the format string");
      if (ch != '{') {
        out += ch;
        continue;
      }
      size_t close = self.find('}', i);
      if (close == std::string::npos)
        return fail("a `{` without its `}`");
      std::string field = self.substr(i + 1, close - i - 1);
      if (field.find_first_of(":!.[") != std::string::npos)
        return fail("format specifications and conversions (`{" + field + "}`) are not supported");
      const ConstexprValue *value = nullptr;
      if (field.empty() || std::isdigit(static_cast<unsigned char>(field[0]))) {
        size_t index = field.empty() ? next++ : std::stoul(field);
        value = constant(index);
        if (!value)
          return fail("no constant positional argument " + std::to_string(index));
      } else if (auto it = keywords.find(field); it != keywords.end()) {
        value = &it->second;
      } else {
        return fail("no argument `" + field + "`");
      }
      std::optional<std::string> written = pythonStr(*value);
      if (!written)
        return fail("cannot write " + value->repr());
      out += *written;
      i = close;
    }
    return text(out);
  }
  if (!noKeywords)
    return fail("keyword arguments are not supported");
  if (method == "join") {
    if (args.size() != 1 || args[0].kind != SemaValue::Kind::Tuple)
      return fail("give one tuple or list of strings");
    std::string out;
    for (size_t i = 0; i < args[0].elements.size(); ++i) {
      const SemaValue &e = args[0].elements[i];
      if (!e.isConstexpr() || e.constant.kind != K::String)
        return fail("element " + std::to_string(i) + " is " + describe(e) + ", not a string");
      out += (i ? self : "") + e.constant.text;
    }
    return text(out);
  }
  for (size_t i = 0; i < args.size(); ++i)
    if (!constant(i))
      return fail("takes strings");
  if (method == "split") {
    std::vector<SemaValue> parts;
    auto part = [&](std::string s) {
      parts.push_back(SemaValue::constexprValue(ConstexprValue::ofString(std::move(s))));
    };
    if (args.empty() || (constant(0) && constant(0)->kind == K::None)) {
      size_t i = 0;
      while (i < self.size()) {
        while (i < self.size() && isSpace(self[i]))
          ++i;
        size_t start = i;
        while (i < self.size() && !isSpace(self[i]))
          ++i;
        if (i > start)
          part(self.substr(start, i - start));
      }
    } else {
      std::optional<std::string> sep = stringArg(0);
      if (!sep || sep->empty() || args.size() > 1)
        return fail("give one non-empty separator");
      for (std::string &piece : splitOn(self, *sep))
        part(std::move(piece));
    }
    return SemaValue::tuple(std::move(parts));
  }
  if (method == "replace") {
    std::optional<std::string> from = stringArg(0), to = stringArg(1);
    if (!from || !to || from->empty() || args.size() != 2)
      return fail("give the text to replace (not empty) and its replacement");
    std::vector<std::string> pieces = splitOn(self, *from);
    std::string out = pieces[0];
    for (size_t i = 1; i < pieces.size(); ++i)
      out += *to + pieces[i];
    return text(out);
  }
  if (method == "strip" || method == "lstrip" || method == "rstrip") {
    if (!args.empty())
      return fail("only the form without arguments (white space) is supported");
    size_t begin = 0, end = self.size();
    if (method != "rstrip")
      while (begin < end && isSpace(self[begin]))
        ++begin;
    if (method != "lstrip")
      while (end > begin && isSpace(self[end - 1]))
        --end;
    return text(self.substr(begin, end - begin));
  }
  return fail("tritonc evaluates `format`, `join`, `split`, `replace` and `strip` of host strings");
}

Result Checker::comprehension(const ast::ComprehensionExpr &c) {
  const char *construct = c.list ? "[x for ...]" : "(x for ...)";
  if (!runsInPython()) {
    diags_.error(Diag::UnsupportedConstruct, c.range, construct, "; write a loop instead");
    return std::nullopt;
  }
  if (c.target->kind != ast::ExprKind::Name) {
    diags_.error(Diag::UnsupportedOperation, c.target->range, "a comprehension's variable must be a single name");
    return std::nullopt;
  }
  const std::string &name = static_cast<const ast::NameExpr &>(*c.target).id;
  // What it runs over: a `range` of constants, or a tuple or list.
  std::vector<SemaValue> items;
  const auto *rangeCall =
      c.iter->kind == ast::ExprKind::Call ? static_cast<const ast::CallExpr *>(c.iter.get()) : nullptr;
  Result callee = rangeCall ? expr(*rangeCall->callee) : std::nullopt;
  if (callee && callee->kind == SemaValue::Kind::Function && callee->name == "range") {
    std::vector<int64_t> bounds;
    for (const ast::ExprPtr &a : rangeCall->args) {
      Result v = expr(*a);
      if (!v)
        return std::nullopt;
      if (!v->isConstexpr() || v->constant.kind != ConstexprValue::Kind::Int) {
        diags_.error(Diag::NotConstexpr, a->range, "a bound of `range` in a comprehension", "found " + describe(*v));
        return std::nullopt;
      }
      bounds.push_back(int64_t(v->constant.intValue));
    }
    if (bounds.empty() || bounds.size() > 3 || !rangeCall->keywords.empty() || (bounds.size() == 3 && bounds[2] == 0)) {
      diags_.error(Diag::UnsupportedOperation, rangeCall->range, "`range` takes 1 to 3 integers, the step not 0");
      return std::nullopt;
    }
    int64_t start = bounds.size() == 1 ? 0 : bounds[0], stop = bounds.size() == 1 ? bounds[0] : bounds[1];
    int64_t step = bounds.size() == 3 ? bounds[2] : 1;
    __int128 trips = rangeTrips(start, stop, step);
    if (trips > __int128(kMaxItems)) {
      diags_.error(Diag::UnsupportedOperation, rangeCall->range,
                   fmt::format("a comprehension over more than {} items", kMaxItems));
      return std::nullopt;
    }
    for (__int128 k = 0; k < trips; ++k)
      items.push_back(SemaValue::constexprValue(ConstexprValue::ofInt(int64_t(start + k * step))));
  } else {
    Result over = expr(*c.iter);
    if (!over)
      return std::nullopt;
    if (over->kind != SemaValue::Kind::Tuple) {
      diags_.error(Diag::BadLoopIterable, c.iter->range, describe(*over));
      return std::nullopt;
    }
    items = over->elements;
  }
  std::optional<SemaValue> shadowed;
  if (auto it = locals_.find(name); it != locals_.end())
    shadowed = it->second;
  std::vector<SemaValue> out;
  bool ok = true;
  for (const SemaValue &item : items) {
    locals_[name] = item;
    bool kept = true;
    for (const ast::ExprPtr &cond : c.conditions) {
      Result v = expr(*cond);
      if (!v || !v->isConstexpr()) {
        if (v)
          diags_.error(Diag::NotConstexpr, cond->range, "a comprehension's condition", "found " + describe(*v));
        ok = false;
        break;
      }
      kept = kept && truthy(v->constant);
    }
    if (!ok)
      break;
    if (!kept)
      continue;
    Result v = expr(*c.element);
    if (!v || v->isRuntime()) {
      if (v)
        diags_.error(Diag::NotConstexpr, c.element->range, "a comprehension's element", "found " + describe(*v));
      ok = false;
      break;
    }
    out.push_back(*v);
  }
  if (shadowed)
    locals_[name] = *shadowed;
  else
    locals_.erase(name);
  if (!ok)
    return std::nullopt;
  return SemaValue::tuple(std::move(out));
}

} // namespace tritonc::sema
