// A recursive-descent evaluator for Expression.h's grammar:
//   sum     := product (('+' | '-') product)*
//   product := unary (('*' | '/' | '//' | '%') unary)*
//   unary   := '-' unary | atom
//   atom    := NUMBER | NAME | NAME '(' sum (',' sum)* ')' | '(' sum ')'
#include "Expression.h"

#include <cctype>
#include <stdexcept>
#include <vector>

namespace tritonc_tune {

namespace {

int64_t floorDiv(int64_t a, int64_t b) {
  if (b == 0)
    throw std::runtime_error("division by zero");
  return (a % b != 0 && ((a < 0) != (b < 0))) ? a / b - 1 : a / b;
}

class Evaluator {
public:
  Evaluator(const std::string &text, const Sizes &sizes) : text_(text), sizes_(sizes) {}

  int64_t run() {
    int64_t v = sum();
    skip();
    if (pos_ != text_.size())
      fail("unexpected `" + text_.substr(pos_, 1) + "`");
    return v;
  }

private:
  [[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error("in `" + text_ + "` at column " + std::to_string(pos_ + 1) + ": " + what);
  }
  void skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
      ++pos_;
  }
  bool eat(const char *token) {
    skip();
    std::string t(token);
    if (text_.compare(pos_, t.size(), t) != 0)
      return false;
    pos_ += t.size();
    return true;
  }

  int64_t sum() {
    int64_t v = product();
    while (true) {
      if (eat("+"))
        v += product();
      else if (eat("-"))
        v -= product();
      else
        return v;
    }
  }

  int64_t product() {
    int64_t v = unary();
    while (true) {
      if (eat("*")) {
        v *= unary();
      } else if (eat("//") || eat("/")) {
        v = floorDiv(v, unary());
      } else if (eat("%")) {
        int64_t d = unary();
        v = v - floorDiv(v, d) * d;
      } else {
        return v;
      }
    }
  }

  int64_t unary() { return eat("-") ? -unary() : atom(); }

  int64_t atom() {
    skip();
    if (eat("(")) {
      int64_t v = sum();
      if (!eat(")"))
        fail("expected `)`");
      return v;
    }
    if (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      size_t end = pos_;
      while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end])))
        ++end;
      int64_t v = std::stoll(text_.substr(pos_, end - pos_));
      pos_ = end;
      return v;
    }
    size_t end = pos_;
    while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) || text_[end] == '_'))
      ++end;
    if (end == pos_)
      fail(pos_ < text_.size() ? "unexpected `" + text_.substr(pos_, 1) + "`" : "the expression ends early");
    std::string name = text_.substr(pos_, end - pos_);
    pos_ = end;
    if (!eat("(")) {
      auto it = sizes_.find(name);
      if (it == sizes_.end())
        fail("`" + name + "` is not a size given with --key");
      return it->second;
    }
    std::vector<int64_t> args{sum()};
    while (eat(","))
      args.push_back(sum());
    if (!eat(")"))
      fail("expected `)`");
    if (name == "cdiv" && args.size() == 2)
      return floorDiv(args[0] + args[1] - 1, args[1]);
    if ((name == "min" || name == "max") && args.size() >= 2) {
      int64_t v = args[0];
      for (int64_t a : args)
        v = name == "min" ? (a < v ? a : v) : (a > v ? a : v);
      return v;
    }
    if (name == "next_power_of_2" && args.size() == 1) {
      int64_t p = 1;
      while (p < args[0] && p < (int64_t(1) << 62))
        p <<= 1;
      return p;
    }
    fail("unknown function `" + name + "` of " + std::to_string(args.size()) + " arguments");
  }

  const std::string &text_;
  const Sizes &sizes_;
  size_t pos_ = 0;
};

} // namespace

int64_t evaluate(const std::string &text, const Sizes &sizes) { return Evaluator(text, sizes).run(); }

} // namespace tritonc_tune
