// The tuning file reader (TuningFile.h), with a JSON parser of its own that
// keeps every value's place in the file for diagnostics.
#include "TuningFile.h"

#include "tritonc/driver/Files.h"

#include <fmt/format.h>

#include <cmath>
#include <memory>

namespace tritonc {

namespace {

struct Json {
  enum class Kind { Null, Bool, Number, String, Array, Object };
  Kind kind = Kind::Null;
  SourceRange range;
  double number = 0;
  bool boolean = false;
  std::string string;
  std::vector<Json> items;                           // Array
  std::vector<std::pair<std::string, Json>> members; // Object

  const Json *member(const std::string &name) const {
    for (const auto &[n, v] : members)
      if (n == name)
        return &v;
    return nullptr;
  }
};

class JsonParser {
public:
  JsonParser(std::string_view text, DiagnosticEngine &diags) : text_(text), diags_(diags) {}

  std::optional<Json> document() {
    std::optional<Json> v = value(0);
    if (v) {
      skipSpace();
      if (pos_ != text_.size())
        return fail("text after the JSON value");
    }
    return v;
  }

private:
  std::optional<Json> fail(const std::string &what) {
    uint32_t at = uint32_t(std::min(pos_, text_.size()));
    diags_.error(Diag::BadTuningFile, SourceRange::at(at, at + (pos_ < text_.size() ? 1 : 0)),
                 "malformed tuning file: " + what);
    return std::nullopt;
  }

  void skipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\r' || text_[pos_] == '\t'))
      ++pos_;
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word)
      return false;
    pos_ += word.size();
    return true;
  }

  std::optional<Json> value(int depth) {
    if (depth > 64)
      return fail("nesting deeper than 64 levels");
    skipSpace();
    if (pos_ >= text_.size())
      return fail("the file ends where a value should be");
    Json v;
    uint32_t begin = uint32_t(pos_);
    char c = text_[pos_];
    if (c == '{' || c == '[') {
      bool object = c == '{';
      v.kind = object ? Json::Kind::Object : Json::Kind::Array;
      ++pos_;
      skipSpace();
      if (pos_ < text_.size() && text_[pos_] == (object ? '}' : ']')) {
        ++pos_;
      } else {
        while (true) {
          std::string name;
          if (object) {
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != '"')
              return fail("expected a member name in quotes");
            std::optional<Json> key = value(depth + 1);
            if (!key)
              return std::nullopt;
            name = key->string;
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != ':')
              return fail("expected `:` after a member name");
            ++pos_;
          }
          std::optional<Json> item = value(depth + 1);
          if (!item)
            return std::nullopt;
          if (object)
            v.members.emplace_back(std::move(name), std::move(*item));
          else
            v.items.push_back(std::move(*item));
          skipSpace();
          if (pos_ < text_.size() && text_[pos_] == ',') {
            ++pos_;
            continue;
          }
          if (pos_ < text_.size() && text_[pos_] == (object ? '}' : ']')) {
            ++pos_;
            break;
          }
          return fail(object ? "expected `,` or `}`" : "expected `,` or `]`");
        }
      }
    } else if (c == '"') {
      v.kind = Json::Kind::String;
      ++pos_;
      while (pos_ < text_.size() && text_[pos_] != '"') {
        if (text_[pos_] == '\\') {
          if (++pos_ >= text_.size())
            break;
          static const std::string from = "\"\\/bfnrt", to = "\"\\/\b\f\n\r\t";
          size_t k = from.find(text_[pos_]);
          if (k == std::string::npos)
            return fail("an escape other than \\\" \\\\ \\/ \\b \\f \\n \\r \\t");
          v.string += to[k];
        } else {
          v.string += text_[pos_];
        }
        ++pos_;
      }
      if (pos_ >= text_.size())
        return fail("a string that does not end");
      ++pos_;
    } else if (literal("true") || literal("false")) {
      v.kind = Json::Kind::Bool;
      v.boolean = text_[begin] == 't';
    } else if (literal("null")) {
      v.kind = Json::Kind::Null;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t end = pos_ + 1;
      while (end < text_.size() && std::string_view("0123456789.eE+-").find(text_[end]) != std::string_view::npos)
        ++end;
      std::string number(text_.substr(pos_, end - pos_));
      char *stop = nullptr;
      v.number = std::strtod(number.c_str(), &stop);
      if (*stop != '\0')
        return fail("a malformed number");
      v.kind = Json::Kind::Number;
      pos_ = end;
    } else {
      return fail(fmt::format("unexpected character `{}`", c));
    }
    v.range = SourceRange::at(begin, uint32_t(pos_));
    return v;
  }

  std::string_view text_;
  DiagnosticEngine &diags_;
  size_t pos_ = 0;
};

class Reader {
public:
  Reader(const AutotunedLauncher &launcher, DiagnosticEngine &diags) : launcher_(launcher), diags_(diags) {}

  std::optional<TuningTable> read(const Json &root) {
    if (root.kind != Json::Kind::Object)
      return fail(root, "the tuning file is not a JSON object");
    const Json *device = need(root, "device", Json::Kind::String);
    const Json *key = device ? need(root, "key", Json::Kind::Array) : nullptr;
    const Json *results = key ? need(root, "results", Json::Kind::Array) : nullptr;
    if (!results)
      return std::nullopt;
    std::vector<std::string> names;
    for (const Json &k : key->items) {
      if (k.kind != Json::Kind::String)
        return fail(k, "a key name is not a string");
      names.push_back(k.string);
    }
    if (names != launcher_.key) {
      std::string expected;
      for (const std::string &n : launcher_.key)
        expected += (expected.empty() ? "" : ", ") + n;
      return fail(*key, fmt::format("this key is not the kernel's ({}); was the file tuned for another kernel?",
                                    expected.empty() ? "none" : expected));
    }
    TuningTable table;
    table.device = device->string;
    for (const Json &r : results->items) {
      if (r.kind != Json::Kind::Object)
        return fail(r, "a result is not an object");
      const Json *values = need(r, "key", Json::Kind::Array);
      // tritonc-tune writes `null` where no configuration ran.
      if (values && r.member("best") && r.member("best")->kind == Json::Kind::Null)
        continue;
      const Json *best = values ? need(r, "best", Json::Kind::String) : nullptr;
      if (!best)
        return std::nullopt;
      if (values->items.size() != names.size())
        return fail(*values, fmt::format("this key has {} values, not {}", values->items.size(), names.size()));
      std::vector<int64_t> entry;
      for (const Json &v : values->items) {
        if (v.kind != Json::Kind::Number || v.number != std::floor(v.number) || std::fabs(v.number) > 9.0e15)
          return fail(v, "a key value is not an integer");
        entry.push_back(int64_t(v.number));
      }
      size_t config = 0;
      while (config < launcher_.configLabels.size() && launcher_.configLabels[config] != best->string)
        ++config;
      if (config == launcher_.configLabels.size())
        return fail(*best, "no configuration of the kernel has this label; was the decorator's list changed "
                           "since tuning?");
      table.entries.emplace_back(std::move(entry), config);
    }
    if (table.entries.empty())
      return fail(*results, "no result names a winning configuration");
    return table;
  }

private:
  std::nullopt_t fail(const Json &at, const std::string &message) {
    diags_.error(Diag::BadTuningFile, at.range, message);
    return std::nullopt;
  }

  const Json *need(const Json &object, const char *name, Json::Kind kind) {
    const Json *v = object.member(name);
    if (!v || v->kind != kind) {
      static const char *const kinds[] = {"null", "a truth value", "a number", "a string", "an array", "an object"};
      fail(v ? *v : object, fmt::format("`{}` {} {}", name, v ? "is not" : "is missing; it must be", kinds[int(kind)]));
      return nullptr;
    }
    return v;
  }

  const AutotunedLauncher &launcher_;
  DiagnosticEngine &diags_;
};

} // namespace

std::optional<TuningTable> readTuningFile(const std::string &path, const AutotunedLauncher &launcher,
                                          DiagnosticEngine &diags) {
  std::string text;
  if (!readFile(path, text, diags))
    return std::nullopt;
  SourceFile file(path, std::move(text));
  DiagnosticEngine::SourceScope scope(diags, &file);
  std::optional<Json> root = JsonParser(file.text(), diags).document();
  if (!root)
    return std::nullopt;
  return Reader(launcher, diags).read(*root);
}

} // namespace tritonc
