// Parser: precedence and associativity, tuples, chained comparisons,
// subscripts, statements, one error per mistake, and the nesting bound.
// Trees are compared through the AST printer with locations stripped.
#include "tritonc/frontend/ASTPrinter.h"
#include "tritonc/frontend/Parser.h"

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>

using namespace tritonc;

namespace {

struct Parsed {
  std::string tree; // printAST output without ` @line:col`
  std::string diagnostics;
  unsigned errors = 0;
};

// Kernel code: the statements as a `@jit` body holds them.
Parsed parse(const std::string &text, bool moduleLevel = false) {
  SourceFile file("t.py", text);
  std::ostringstream diagOut, treeOut;
  DiagnosticEngine diags(diagOut);
  std::unique_ptr<ast::Module> module = moduleLevel ? parseModule(file, diags) : parseKernelStatements(file, diags);
  printAST(*module, file, treeOut);
  return {std::regex_replace(treeOut.str(), std::regex(" @[0-9]+:[0-9]+"), ""), diagOut.str(), diags.errorCount()};
}

// The tree of `x = <expr>`'s value, unindented by the Assign level.
std::string value(const std::string &expr) {
  Parsed p = parse("x = " + expr + "\n");
  INFO(p.diagnostics);
  REQUIRE(p.errors == 0);
  std::string prefix = "Assign\n  Target\n    Name x\n";
  REQUIRE(p.tree.rfind(prefix, 0) == 0);
  std::string rest = p.tree.substr(prefix.size()), out;
  std::istringstream lines(rest);
  for (std::string line; std::getline(lines, line);)
    out += line.substr(2) + "\n";
  return out;
}

} // namespace

TEST_CASE("parser: arithmetic precedence and associativity", "[parser]") {
  CHECK(value("a + b * c") == "Binary +\n  Name a\n  Binary *\n    Name b\n    Name c\n");
  CHECK(value("a - b - c") == "Binary -\n  Binary -\n    Name a\n    Name b\n  Name c\n");
  CHECK(value("a ** b ** c") == "Binary **\n  Name a\n  Binary **\n    Name b\n    Name c\n");
  CHECK(value("-x ** 2") == "Unary -\n  Binary **\n    Name x\n    Int 2\n");
  CHECK(value("2 ** -1") == "Binary **\n  Int 2\n  Unary -\n    Int 1\n");
  CHECK(value("a // b % c @ d") ==
        "Binary @\n  Binary %\n    Binary //\n      Name a\n      Name b\n    Name c\n  Name d\n");
  CHECK(value("a | b ^ c & d << e + f") ==
        "Binary |\n  Name a\n  Binary ^\n    Name b\n    Binary &\n      Name c\n      Binary <<\n"
        "        Name d\n        Binary +\n          Name e\n          Name f\n");
  CHECK(value("~a >> 1") == "Binary >>\n  Unary ~\n    Name a\n  Int 1\n");
  CHECK(value("(a + b) * c") == "Binary *\n  Binary +\n    Name a\n    Name b\n  Name c\n");
}

TEST_CASE("parser: boolean, comparison and conditional precedence", "[parser]") {
  CHECK(value("not a == b") == "Unary not\n  Compare ==\n    Name a\n    Name b\n");
  CHECK(value("a or b and not c") == "BoolOp or\n  Name a\n  BoolOp and\n    Name b\n    Unary not\n      Name c\n");
  CHECK(value("a and b and c") == "BoolOp and\n  Name a\n  Name b\n  Name c\n");
  CHECK(value("a if c else b if d else e") ==
        "IfExp\n  Test\n    Name c\n  Then\n    Name a\n  Else\n    IfExp\n      Test\n        Name d\n"
        "      Then\n        Name b\n      Else\n        Name e\n");
  CHECK(value("a | b < c") == "Compare <\n  Binary |\n    Name a\n    Name b\n  Name c\n");
}

TEST_CASE("parser: chained comparisons stay one node", "[parser]") {
  CHECK(value("a < b <= c") == "Compare <, <=\n  Name a\n  Name b\n  Name c\n");
  CHECK(value("a is not b not in c in d is e != f") ==
        "Compare is not, not in, in, is, !=\n  Name a\n  Name b\n  Name c\n  Name d\n  Name e\n"
        "  Name f\n");
}

TEST_CASE("parser: tuples", "[parser]") {
  CHECK(parse("a, b = b, a\n").tree ==
        "Assign\n  Target\n    Tuple\n      Name a\n      Name b\n  Tuple\n    Name b\n    Name a\n");
  CHECK(parse("def f():\n    return a, b\n").tree ==
        "FunctionDef f\n  Return\n    Tuple\n      Name a\n      Name b\n");
  CHECK(value("()") == "Tuple\n");
  CHECK(value("(a,)") == "Tuple\n  Name a\n");
  CHECK(value("(a)") == "Name a\n");
  CHECK(value("1, 2,") == "Tuple\n  Int 1\n  Int 2\n");
  CHECK(parse("a = b = 1\n").tree == "Assign\n  Target\n    Name a\n  Target\n    Name b\n  Int 1\n");
}

TEST_CASE("parser: subscripts, slices and None", "[parser]") {
  CHECK(value("x[:, None]") == "Subscript\n  Name x\n  Slice\n  None\n");
  CHECK(value("x[None, :]") == "Subscript\n  Name x\n  None\n  Slice\n");
  CHECK(value("x[1:3]") == "Subscript\n  Name x\n  Slice\n    Lower\n      Int 1\n    Upper\n      Int 3\n");
  CHECK(value("x[::2]") == "Subscript\n  Name x\n  Slice\n    Step\n      Int 2\n");
  CHECK(value("x[i][j]") == "Subscript\n  Subscript\n    Name x\n    Name i\n  Name j\n");
}

TEST_CASE("parser: calls, attributes and literals", "[parser]") {
  CHECK(value("tl.load(p, mask=m, other=0.0)") ==
        "Call\n  Attribute load\n    Name tl\n  Name p\n  Keyword mask\n    Name m\n"
        "  Keyword other\n    Float 0.0\n");
  CHECK(value("'a' \"b\" 'c'") == "String \"abc\"\n");
  CHECK(value("[1, True, None]") == "List\n  Int 1\n  Bool True\n  None\n");
  CHECK(value("{'k': 1}") == "Dict\n  Key\n    String \"k\"\n  Value\n    Int 1\n");
}

TEST_CASE("parser: statements", "[parser]") {
  CHECK(parse("X: tl.constexpr = 3\n").tree ==
        "AnnAssign\n  Target\n    Name X\n  Annotation\n    Attribute constexpr\n      Name tl\n  Int 3\n");
  CHECK(parse("x **= 2\n").tree == "AugAssign **=\n  Target\n    Name x\n  Int 2\n");
  CHECK(parse("if a:\n  pass\nelif b:\n  break\nelse:\n  continue\n").tree ==
        "If\n  Name a\n  Pass\n  Else\n    If\n      Name b\n      Break\n      Else\n        Continue\n");
  CHECK(parse("for i, j in pairs:\n    x = i\n").tree ==
        "For\n  Target\n    Tuple\n      Name i\n      Name j\n  Iter\n    Name pairs\n  Assign\n"
        "    Target\n      Name x\n    Name i\n");
  CHECK(parse("while x: x -= 1\n").tree == "While\n  Name x\n  AugAssign -=\n    Target\n      Name x\n    Int 1\n");
  CHECK(parse("assert x, 'm'\n").tree == "Assert\n  Name x\n  Message\n    String \"m\"\n");
  CHECK(parse("import a.b as c, d\nfrom .e import (f as g, h)\n").tree ==
        "Import\n  Alias a.b as c\n  Alias d\nImportFrom .e\n  Alias f as g\n  Alias h\n");
  CHECK(parse("a = 1; b = 2;\n").tree ==
        "Assign\n  Target\n    Name a\n  Int 1\nAssign\n  Target\n    Name b\n  Int 2\n");
}

TEST_CASE("parser: decorators, parameters and lambda in decorators", "[parser]") {
  Parsed p = parse("@triton.heuristics({'E': lambda args: args['n'] % 2 == 0})\n"
                   "@triton.jit\n"
                   "def k(x, B: tl.constexpr = 4) -> None:\n"
                   "    pass\n");
  INFO(p.diagnostics);
  CHECK(p.errors == 0);
  CHECK(p.tree.find("        Value\n          Lambda\n            Param args\n            Compare ==\n") !=
        std::string::npos);
  CHECK(p.tree.find("  Param B\n    Annotation\n      Attribute constexpr\n        Name tl\n"
                    "    Default\n      Int 4\n  Returns\n    None\n  Pass\n") != std::string::npos);
  Parsed bodyLambda = parse("def k():\n    f = lambda: 1\n");
  CHECK(bodyLambda.errors == 1);
  CHECK(bodyLambda.diagnostics.find("`lambda` is a Python construct that kernels cannot use") != std::string::npos);
}

TEST_CASE("parser: one error per mistake", "[parser]") {
  SECTION("two separate mistakes give exactly two errors") {
    Parsed p = parse("def k(x):\n    y = x +\n    z = 1\n    w = (x y)\n    return w\n");
    CHECK(p.errors == 2);
    CHECK(p.diagnostics.find("t.py:2:12: error: expected an expression, found end of line") != std::string::npos);
    CHECK(p.diagnostics.find("t.py:4:12: error: expected `,` or `)`, found `y`") != std::string::npos);
    // The statements around the mistakes survive.
    CHECK(p.tree.find("Name z") != std::string::npos);
    CHECK(p.tree.find("Return") != std::string::npos);
  }
  SECTION("a broken header skips its block and its else clause") {
    Parsed p = parse("if x y:\n    a = 1 2\nelse:\n    b = +\nc = $\n");
    CHECK(p.errors == 2); // `if x y` and the lexer's `$`
  }
  SECTION("try/except/finally is one error") {
    Parsed p = parse("try:\n    x\nexcept E:\n    y\nfinally:\n    z\nw = 1\n");
    CHECK(p.errors == 1);
    CHECK(p.tree == "Assign\n  Target\n    Name w\n  Int 1\n");
  }
  SECTION("lexer errors are not reported again by the parser") {
    CHECK(parse("x = 1 + $\n").errors == 1);
    CHECK(parse("x = 'abc\n").errors == 1);
    CHECK(parse("x = 0x\n").errors == 1);
    CHECK(parse("f(a]\n").errors == 1);
  }
  SECTION("unexpected indentation skips the indented block") {
    Parsed p = parse("x = 1\n    y = 2\n    z = 3\nw = 4\n");
    CHECK(p.errors == 1);
    CHECK(p.diagnostics.find("t.py:2:1: error: unexpected indentation [UnexpectedIndent]") != std::string::npos);
  }
}

TEST_CASE("parser: `raise` parses; sema refuses it only where compilation reaches it", "[parser]") {
  Parsed p = parse("raise ValueError(x) from None\nraise\n");
  INFO(p.diagnostics);
  CHECK(p.errors == 0);
  CHECK(p.tree.find("Raise") != std::string::npos);
}

TEST_CASE("parser: constructs kernels cannot use are named", "[parser]") {
  for (auto [source, name] : std::initializer_list<std::pair<const char *, const char *>>{
           {"class A:\n    pass\n", "`class`"},
           {"with a as b:\n    pass\n", "`with`"},
           {"global x\n", "`global`"},
           {"nonlocal x\n", "`nonlocal`"},
           {"del x\n", "`del`"},
           {"x = yield 1\n", "`yield`"},
           {"async def f():\n    pass\n", "`async`"},
           {"x = await y\n", "`await`"},
           {"x = [i for i in y]\n", "`[x for ...]`"},
           {"f(i for i in y)\n", "`(x for ...)`"},
           {"x = {1, 2}\n", "`{x, y}`"},
           {"f(*a)\n", "`*args`"},
           {"def f(**k):\n    pass\n", "`**kwargs`"},
           {"if (n := 1):\n    pass\n", "`:=`"},
           {"for i in x:\n    pass\nelse:\n    pass\n", "`for ... else`"},
           {"x = f'{y}'\n", "`f\"...\"`"},
       }) {
    INFO(source);
    Parsed p = parse(source);
    CHECK(p.errors == 1);
    CHECK(p.diagnostics.find(std::string(name) + " is a Python construct that kernels cannot use") !=
          std::string::npos);
  }
}

TEST_CASE("parser: invalid assignment targets", "[parser]") {
  CHECK(parse("f() = 1\n").diagnostics.find("cannot assign to a function call") != std::string::npos);
  CHECK(parse("a + b += 1\n").diagnostics.find("cannot assign to an operator expression") != std::string::npos);
  CHECK(parse("None = 1\n").diagnostics.find("cannot assign to `None`") != std::string::npos);
  CHECK(parse("f(a=1, b)\n").diagnostics.find("positional argument follows keyword argument") != std::string::npos);
}

TEST_CASE("parser: nesting depth is bounded", "[parser]") {
  for (std::string deep : {std::string(20000, '('), std::string(20000, '[') + "1", std::string(20000, '-') + "1",
                           std::string(20000, '~') + "x"}) {
    Parsed p = parse("x = " + deep + "\ny = 1\n");
    CHECK(p.errors == 1);
    CHECK(p.diagnostics.find("expression nesting is deeper than 200 levels [NestingTooDeep]") != std::string::npos);
  }
  std::string chain = "x = a";
  for (int i = 0; i < 50000; ++i)
    chain += " + a";
  CHECK(parse(chain + "\n").errors == 1);
  std::string nested;
  for (int i = 0; i < 1000; ++i)
    nested += std::string(i, ' ') + "if x:\n";
  nested += std::string(1000, ' ') + "pass\n";
  Parsed p = parse(nested);
  CHECK(p.errors == 1);
  CHECK(p.diagnostics.find("statement nesting is deeper than 200 levels") != std::string::npos);
  // Just inside the bound parses.
  CHECK(parse("x = " + std::string(150, '(') + "1" + std::string(150, ')') + "\n").errors == 0);
}

TEST_CASE("parser: host code at module level is skipped, kernels are not", "[parser]") {
  Parsed p = parse("import torch\n"
                   "class F(torch.autograd.Function):\n    def forward(ctx, x): return x\n"
                   "table = {k: k for k in range(3)}\n"
                   "try:\n    from a import f\nexcept ImportError as e:\n    f = None\n"
                   "@triton.autotune(configs=[triton.Config({}, num_warps=w) for w in (4, 8)], key=[])\n"
                   "@triton.jit\ndef k(x):\n    return x\n"
                   "def wrapper(*args):\n    with torch.no_grad():\n        k[(1,)](f\"{args}\")\n",
                   /*moduleLevel=*/true);
  INFO(p.diagnostics);
  CHECK(p.errors == 0);
  CHECK(p.tree.find("HostCode class binds F") != std::string::npos);
  CHECK(p.tree.find("HostCode statement binds table") != std::string::npos);
  CHECK(p.tree.find("Try") != std::string::npos);
  CHECK(p.tree.find("HostCode triton.autotune") != std::string::npos);
  CHECK(p.tree.find("FunctionDef k") != std::string::npos);
  CHECK(p.tree.find("HostCode function binds wrapper") != std::string::npos);
  // A `@jit` function is kernel code wherever it is: its mistakes are reported.
  CHECK(parse("@triton.jit\ndef k(x):\n    return [v for v in x]\n", true).errors == 1);
}
