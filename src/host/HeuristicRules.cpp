// Heuristic lambdas to C++ (HeuristicRules.h). Each subexpression becomes
// a Term: a constant while it reads only compile-time values, otherwise
// C++ text in int64_t, double or bool arithmetic, parenthesised so that
// C++ precedence never differs from Python's.
#include "tritonc/host/HeuristicRules.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <iterator>

namespace tritonc {

namespace {

using ast::ExprKind;
using Kind = ConstexprValue::Kind;

struct Term {
  enum class Type { Int, Float, Bool };
  Type type = Type::Int;
  std::optional<ConstexprValue> constant;
  std::string cpp;

  bool isConstant() const { return constant.has_value(); }
};

int64_t floorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t floorMod(int64_t a, int64_t b) { return a - floorDiv(a, b) * b; }

int64_t nextPowerOf2(int64_t n) {
  int64_t p = 1;
  while (p < n && p < (int64_t(1) << 62))
    p <<= 1;
  return p;
}

class Translator {
public:
  Translator(const std::string &name, const std::function<RuleInput(const std::string &)> &input,
             DiagnosticEngine &diags)
      : name_(name), input_(input), diags_(diags) {}

  std::optional<Term> lambdaBody(const ast::Expr &rule) {
    if (rule.kind != ExprKind::Lambda)
      return fail(rule, "a value that is not a lambda", "write `lambda args: ...`");
    auto &lambda = static_cast<const ast::LambdaExpr &>(rule);
    if (lambda.params.size() != 1)
      return fail(rule, "a lambda of " + std::to_string(lambda.params.size()) + " parameters",
                  "Triton passes one, the dict of arguments");
    argsName_ = lambda.params[0].name;
    return term(*lambda.body);
  }

private:
  std::optional<Term> fail(const ast::Expr &at, const std::string &what, const std::string &hint) {
    diags_.error(Diag::HeuristicUnsupported, at.range, name_, what, hint);
    return std::nullopt;
  }

  static Term constant(ConstexprValue v) {
    Term t;
    t.type = v.kind == Kind::Bool ? Term::Type::Bool : v.kind == Kind::Float ? Term::Type::Float : Term::Type::Int;
    t.constant = std::move(v);
    return t;
  }

  static std::string cppOf(const Term &t) {
    if (!t.constant)
      return t.cpp;
    const ConstexprValue &v = *t.constant;
    if (v.kind == Kind::Bool)
      return v.boolValue ? "true" : "false";
    if (v.kind == Kind::Float)
      return fmt::format("{:.17g}", v.floatValue);
    return v.intValue == INT64_MIN ? "INT64_MIN" : fmt::format("int64_t({})", v.intValue);
  }

  static Term runtime(Term::Type type, std::string cpp) {
    Term t;
    t.type = type;
    t.cpp = std::move(cpp);
    return t;
  }

  static double asDouble(const ConstexprValue &v) {
    return v.kind == Kind::Float ? v.floatValue : v.kind == Kind::Bool ? double(v.boolValue) : double(v.intValue);
  }
  static int64_t asInt(const ConstexprValue &v) { return v.kind == Kind::Bool ? int64_t(v.boolValue) : v.intValue; }
  static bool truth(const ConstexprValue &v) {
    return v.kind == Kind::Bool ? v.boolValue : v.kind == Kind::Float ? v.floatValue != 0 : v.intValue != 0;
  }

  // `args["NAME"]`
  std::optional<Term> argument(const ast::SubscriptExpr &s) {
    bool ofArgs = s.value->kind == ExprKind::Name && static_cast<const ast::NameExpr &>(*s.value).id == argsName_;
    if (!ofArgs || s.indices.size() != 1 || s.indices[0]->kind != ExprKind::String)
      return fail(s, "a subscript other than `" + argsName_ + "[\"NAME\"]`", "read the arguments by name");
    const std::string &arg = static_cast<const ast::StringExpr &>(*s.indices[0]).value;
    RuleInput in = input_(arg);
    switch (in.kind) {
    case RuleInput::Kind::Constant:
      if (in.value.kind != Kind::Int && in.value.kind != Kind::Bool && in.value.kind != Kind::Float)
        return fail(s, "`" + arg + "`, the constant `" + in.value.repr() + "`", "only numbers and truth values work");
      return constant(in.value);
    case RuleInput::Kind::Integer: return runtime(Term::Type::Int, fmt::format("int64_t({})", arg));
    case RuleInput::Kind::Float: return runtime(Term::Type::Float, fmt::format("double({})", arg));
    case RuleInput::Kind::Pointer:
      return fail(s, "the pointer `" + arg + "`", "a heuristic sees a pointer as a tensor, which the launcher has not");
    case RuleInput::Kind::Unknown: break;
    }
    return fail(s, "`" + arg + "`", "it is neither an argument of the kernel nor a meta-parameter set before it");
  }

  std::optional<Term> term(const ast::Expr &e) {
    switch (e.kind) {
    case ExprKind::Int: {
      uint64_t v = static_cast<const ast::IntExpr &>(e).value;
      if (v > uint64_t(INT64_MAX))
        return fail(e, "an integer beyond 64 bits", "use a smaller constant");
      return constant(ConstexprValue::ofInt(int64_t(v)));
    }
    case ExprKind::Float: return constant(ConstexprValue::ofFloat(static_cast<const ast::FloatExpr &>(e).value));
    case ExprKind::Bool: return constant(ConstexprValue::ofBool(static_cast<const ast::BoolExpr &>(e).value));
    case ExprKind::Subscript: return argument(static_cast<const ast::SubscriptExpr &>(e));
    case ExprKind::Binary: return binary(static_cast<const ast::BinaryExpr &>(e));
    case ExprKind::Unary: return unary(static_cast<const ast::UnaryExpr &>(e));
    case ExprKind::Compare: return compare(static_cast<const ast::CompareExpr &>(e));
    case ExprKind::BoolOp: return boolOp(static_cast<const ast::BoolOpExpr &>(e));
    case ExprKind::IfExp: return conditional(static_cast<const ast::IfExpExpr &>(e));
    case ExprKind::Call: return call(static_cast<const ast::CallExpr &>(e));
    case ExprKind::Attribute: return fail(e, "an attribute", "only `args[\"NAME\"]` values can be read");
    case ExprKind::Name:
      return fail(e, "the name `" + static_cast<const ast::NameExpr &>(e).id + "`",
                  "read the arguments as `" + argsName_ + "[\"NAME\"]`");
    default:
      return fail(e, "this expression",
                  "the launcher evaluates numbers, `args[\"NAME\"]`, arithmetic, comparisons, `and`, `or`, "
                  "`not` and `x if c else y`");
    }
  }

  std::optional<Term> binary(const ast::BinaryExpr &b) {
    std::optional<Term> l = term(*b.lhs), r = l ? term(*b.rhs) : std::nullopt;
    if (!r)
      return std::nullopt;
    using ast::BinaryOp;
    bool floats = l->type == Term::Type::Float || r->type == Term::Type::Float;
    bool integerOnly = b.op != BinaryOp::Add && b.op != BinaryOp::Sub && b.op != BinaryOp::Mul;
    if (b.op == BinaryOp::Div)
      return fail(b, "true division `/`", "use `//`, integer division rounding down");
    if (b.op == BinaryOp::Pow || b.op == BinaryOp::MatMul)
      return fail(b, std::string("`") + ast::spelling(b.op) + "`", "use `*` or `triton.next_power_of_2`");
    if (floats && integerOnly)
      return fail(b, std::string("`") + ast::spelling(b.op) + "` on a float", "convert with `int(...)` first");
    Term::Type type = floats ? Term::Type::Float : Term::Type::Int;
    if ((b.op == BinaryOp::FloorDiv || b.op == BinaryOp::Mod) && r->isConstant() && asInt(*r->constant) == 0)
      return fail(b, "a division by zero", "divide by a non-zero value");
    if (l->isConstant() && r->isConstant()) {
      if (floats) {
        double x = asDouble(*l->constant), y = asDouble(*r->constant);
        return constant(ConstexprValue::ofFloat(b.op == BinaryOp::Add ? x + y : b.op == BinaryOp::Sub ? x - y : x * y));
      }
      int64_t x = asInt(*l->constant), y = asInt(*r->constant);
      int64_t v = 0;
      switch (b.op) {
      case BinaryOp::Add: v = x + y; break;
      case BinaryOp::Sub: v = x - y; break;
      case BinaryOp::Mul: v = x * y; break;
      case BinaryOp::FloorDiv: v = floorDiv(x, y); break;
      case BinaryOp::Mod: v = floorMod(x, y); break;
      case BinaryOp::BitAnd: v = x & y; break;
      case BinaryOp::BitOr: v = x | y; break;
      case BinaryOp::BitXor: v = x ^ y; break;
      case BinaryOp::Shl: v = int64_t(uint64_t(x) << (y & 63)); break;
      case BinaryOp::Shr: v = x >> (y & 63); break;
      default: break;
      }
      return constant(ConstexprValue::ofInt(v));
    }
    std::string x = cppOf(*l), y = cppOf(*r);
    if (!floats && l->type == Term::Type::Bool)
      x = "int64_t(" + x + ")";
    if (!floats && r->type == Term::Type::Bool)
      y = "int64_t(" + y + ")";
    if (b.op == BinaryOp::FloorDiv)
      return runtime(type, fmt::format("::tritonc_kernels::runtime::floorDiv({}, {})", x, y));
    if (b.op == BinaryOp::Mod)
      return runtime(type, fmt::format("::tritonc_kernels::runtime::floorMod({}, {})", x, y));
    return runtime(type, fmt::format("({} {} {})", x, ast::spelling(b.op), y));
  }

  std::optional<Term> unary(const ast::UnaryExpr &u) {
    std::optional<Term> x = term(*u.operand);
    if (!x)
      return std::nullopt;
    if (u.op == ast::UnaryOp::Not) {
      if (x->isConstant())
        return constant(ConstexprValue::ofBool(!truth(*x->constant)));
      return runtime(Term::Type::Bool, fmt::format("(!{})", cppOf(*x)));
    }
    if (x->type == Term::Type::Float && u.op == ast::UnaryOp::Invert)
      return fail(u, "`~` on a float", "convert with `int(...)` first");
    if (x->isConstant()) {
      if (x->type == Term::Type::Float)
        return constant(
            ConstexprValue::ofFloat(u.op == ast::UnaryOp::Neg ? -x->constant->floatValue : x->constant->floatValue));
      int64_t v = asInt(*x->constant);
      return constant(ConstexprValue::ofInt(u.op == ast::UnaryOp::Neg ? -v : u.op == ast::UnaryOp::Invert ? ~v : v));
    }
    Term::Type type = x->type == Term::Type::Float ? Term::Type::Float : Term::Type::Int;
    return runtime(type, fmt::format("({}{})", ast::spelling(u.op), cppOf(*x)));
  }

  std::optional<Term> compare(const ast::CompareExpr &c) {
    std::vector<Term> operands;
    for (const ast::ExprPtr &o : c.operands) {
      std::optional<Term> t = term(*o);
      if (!t)
        return std::nullopt;
      operands.push_back(std::move(*t));
    }
    std::string cpp;
    bool allConstant = true, value = true;
    for (size_t i = 0; i < c.ops.size(); ++i) {
      const char *op = nullptr;
      switch (c.ops[i]) {
      case ast::CompareOp::Lt: op = "<"; break;
      case ast::CompareOp::Le: op = "<="; break;
      case ast::CompareOp::Gt: op = ">"; break;
      case ast::CompareOp::Ge: op = ">="; break;
      case ast::CompareOp::Eq: op = "=="; break;
      case ast::CompareOp::Ne: op = "!="; break;
      default: return fail(c, std::string("`") + ast::spelling(c.ops[i]) + "`", "compare numbers with `<`, `==`, ...");
      }
      const Term &a = operands[i], &b = operands[i + 1];
      if (a.isConstant() && b.isConstant()) {
        double x = asDouble(*a.constant), y = asDouble(*b.constant);
        std::string o = op;
        value = value && (o == "<"    ? x < y
                          : o == "<=" ? x <= y
                          : o == ">"  ? x > y
                          : o == ">=" ? x >= y
                          : o == "==" ? x == y
                                      : x != y);
      } else {
        allConstant = false;
      }
      cpp += fmt::format("{}({} {} {})", cpp.empty() ? "" : " && ", cppOf(a), op, cppOf(b));
    }
    if (allConstant)
      return constant(ConstexprValue::ofBool(value));
    return runtime(Term::Type::Bool, c.ops.size() == 1 ? cpp : "(" + cpp + ")");
  }

  // Python's `and`/`or` give an operand, not a truth value; heuristics use
  // them on truth values, and other operands are refused rather than
  // given a meaning of their own.
  std::optional<Term> boolOp(const ast::BoolOpExpr &b) {
    bool isAnd = b.op == ast::BoolOpKind::And;
    std::string cpp;
    bool decided = false, value = isAnd;
    for (const ast::ExprPtr &o : b.operands) {
      std::optional<Term> t = term(*o);
      if (!t)
        return std::nullopt;
      if (t->type != Term::Type::Bool)
        return fail(*o, std::string("`") + (isAnd ? "and" : "or") + "` on a number", "compare it first (`x != 0`)");
      if (t->isConstant()) {
        if (t->constant->boolValue != isAnd && !decided) {
          decided = true;
          value = !isAnd;
        }
        continue;
      }
      cpp += (cpp.empty() ? "" : isAnd ? " && " : " || ") + t->cpp;
    }
    if (decided || cpp.empty())
      return constant(ConstexprValue::ofBool(value));
    return runtime(Term::Type::Bool, "(" + cpp + ")");
  }

  std::optional<Term> conditional(const ast::IfExpExpr &i) {
    std::optional<Term> c = term(*i.cond), a = c ? term(*i.then) : std::nullopt,
                        b = a ? term(*i.otherwise) : std::nullopt;
    if (!b)
      return std::nullopt;
    if (c->isConstant())
      return truth(*c->constant) ? a : b;
    if (a->type != b->type)
      return fail(i, "branches of different types", "make both integers, floats or truth values");
    return runtime(a->type, fmt::format("({} ? {} : {})", cppOf(*c), cppOf(*a), cppOf(*b)));
  }

  std::optional<Term> call(const ast::CallExpr &c) {
    std::string callee;
    if (c.callee->kind == ExprKind::Name)
      callee = static_cast<const ast::NameExpr &>(*c.callee).id;
    else if (c.callee->kind == ExprKind::Attribute) {
      auto &a = static_cast<const ast::AttributeExpr &>(*c.callee);
      if (a.value->kind == ExprKind::Name && static_cast<const ast::NameExpr &>(*a.value).id == "triton")
        callee = a.attr;
    }
    static const char *const kKnown[] = {"next_power_of_2", "int", "bool", "abs", "cdiv", "min", "max"};
    if (std::find(std::begin(kKnown), std::end(kKnown), callee) == std::end(kKnown))
      return fail(c, callee.empty() ? "a call" : "a call of `" + callee + "`",
                  "the launcher evaluates `min`, `max`, `abs`, `int`, `bool`, `triton.next_power_of_2` and "
                  "`triton.cdiv`");
    if (!c.keywords.empty())
      return fail(c, "keyword arguments", "pass them by position");
    std::vector<Term> args;
    for (const ast::ExprPtr &a : c.args) {
      std::optional<Term> t = term(*a);
      if (!t)
        return std::nullopt;
      if (t->type == Term::Type::Float && callee != "int" && callee != "bool" && callee != "abs" && callee != "min" &&
          callee != "max")
        return fail(*a, "a float argument", "convert with `int(...)` first");
      args.push_back(std::move(*t));
    }
    auto arity = [&](size_t n) { return args.size() == n; };
    bool allConstant = true;
    for (const Term &t : args)
      allConstant = allConstant && t.isConstant();
    if ((callee == "next_power_of_2" || callee == "int" || callee == "bool" || callee == "abs") && arity(1)) {
      const Term &x = args[0];
      if (callee == "bool")
        return x.isConstant() ? constant(ConstexprValue::ofBool(truth(*x.constant)))
                              : runtime(Term::Type::Bool, fmt::format("({} != 0)", cppOf(x)));
      if (callee == "int") {
        if (x.isConstant())
          return constant(ConstexprValue::ofInt(x.type == Term::Type::Float ? int64_t(x.constant->floatValue)
                                                                            : asInt(*x.constant)));
        return runtime(Term::Type::Int, fmt::format("int64_t({})", cppOf(x)));
      }
      if (callee == "abs") {
        if (x.isConstant())
          return constant(x.type == Term::Type::Float ? ConstexprValue::ofFloat(std::fabs(x.constant->floatValue))
                                                      : ConstexprValue::ofInt(std::llabs(asInt(*x.constant))));
        return runtime(x.type == Term::Type::Float ? Term::Type::Float : Term::Type::Int,
                       fmt::format("({0} < 0 ? -{0} : {0})", cppOf(x)));
      }
      if (x.isConstant())
        return constant(ConstexprValue::ofInt(nextPowerOf2(asInt(*x.constant))));
      return runtime(Term::Type::Int, fmt::format("::tritonc_kernels::runtime::nextPowerOf2({})", cppOf(x)));
    }
    if (callee == "cdiv" && arity(2)) {
      if (args[1].isConstant() && asInt(*args[1].constant) == 0)
        return fail(c, "a division by zero", "divide by a non-zero value");
      if (allConstant) {
        int64_t a = asInt(*args[0].constant), b = asInt(*args[1].constant);
        return constant(ConstexprValue::ofInt(floorDiv(a + b - 1, b)));
      }
      return runtime(Term::Type::Int, fmt::format("::tritonc_kernels::runtime::floorDiv({0} + {1} - 1, {1})",
                                                  cppOf(args[0]), cppOf(args[1])));
    }
    if ((callee == "min" || callee == "max") && args.size() >= 2) {
      bool floats = false;
      for (const Term &t : args)
        floats = floats || t.type == Term::Type::Float;
      Term result = args[0];
      for (size_t i = 1; i < args.size(); ++i) {
        const Term &t = args[i];
        if (result.isConstant() && t.isConstant()) {
          double x = asDouble(*result.constant), y = asDouble(*t.constant);
          bool takeT = callee == "min" ? y < x : y > x;
          if (takeT)
            result = t;
          continue;
        }
        const char *op = callee == "min" ? "<" : ">";
        std::string x = cppOf(result), y = cppOf(t);
        if (floats) {
          x = "double(" + x + ")";
          y = "double(" + y + ")";
        }
        result = runtime(floats ? Term::Type::Float : Term::Type::Int,
                         fmt::format("::tritonc_kernels::runtime::pick({1} {2} {0}, {1}, {0})", x, y, op));
      }
      return result;
    }
    return fail(c, fmt::format("`{}` of {} arguments", callee, args.size()), "give it as many as Python does");
  }

  const std::string &name_;
  const std::function<RuleInput(const std::string &)> &input_;
  DiagnosticEngine &diags_;
  std::string argsName_;
};

} // namespace

std::optional<TranslatedRule> translateHeuristic(const std::string &name, const ast::Expr &rule,
                                                 const std::function<RuleInput(const std::string &)> &input,
                                                 DiagnosticEngine &diags) {
  std::optional<Term> t = Translator(name, input, diags).lambdaBody(rule);
  if (!t)
    return std::nullopt;
  TranslatedRule out;
  out.constant = t->constant;
  out.cpp = t->constant ? "" : t->cpp;
  out.isBool = t->type == Term::Type::Bool;
  return out;
}

} // namespace tritonc
