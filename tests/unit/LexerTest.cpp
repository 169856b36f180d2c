// Lexer edge cases: layout tokens, literals, operators, and errors with
// their locations. Every input, however broken, must yield a token list
// ending in EndOfFile with balanced INDENT/DEDENT.
#include "tritonc/frontend/Lexer.h"

#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <sstream>

using namespace tritonc;

namespace {

struct Lexed {
  std::unique_ptr<SourceFile> file; // tokens point into its text
  std::vector<Token> tokens;
  std::string diagnostics;
  unsigned errors = 0;
};

Lexed lexText(std::string text) {
  Lexed result;
  result.file = std::make_unique<SourceFile>("t.py", std::move(text));
  std::ostringstream out;
  DiagnosticEngine diags(out);
  result.tokens = lex(*result.file, diags);
  result.diagnostics = out.str();
  result.errors = diags.errorCount();
  return result;
}

// Token kinds separated by spaces, e.g. "Identifier Equal Int Newline EndOfFile".
std::string kinds(const Lexed &lexed) {
  std::string s;
  for (const Token &t : lexed.tokens) {
    if (!s.empty())
      s += ' ';
    s += tokenKindName(t.kind);
  }
  return s;
}

std::string kinds(std::string text) { return kinds(lexText(std::move(text))); }

void checkWellFormed(const Lexed &lexed) {
  REQUIRE(!lexed.tokens.empty());
  CHECK(lexed.tokens.back().kind == TokenKind::EndOfFile);
  int depth = 0;
  for (const Token &t : lexed.tokens) {
    depth += t.kind == TokenKind::Indent ? 1 : t.kind == TokenKind::Dedent ? -1 : 0;
    REQUIRE(depth >= 0);
    REQUIRE(t.range.begin.offset <= t.range.end.offset);
    REQUIRE(t.range.end.offset <= lexed.file->text().size());
  }
  CHECK(depth == 0);
}

} // namespace

TEST_CASE("lexer: a simple statement", "[lexer]") {
  CHECK(kinds("x = 1\n") == "Identifier Equal Int Newline EndOfFile");
  CHECK(kinds("") == "EndOfFile");
  CHECK(kinds("\n\n  \n# only a comment\n") == "EndOfFile");
}

TEST_CASE("lexer: indentation produces INDENT and DEDENT", "[lexer]") {
  CHECK(kinds("if x:\n    y\nz\n") ==
        "KwIf Identifier Colon Newline Indent Identifier Newline Dedent Identifier Newline EndOfFile");
  // Dedents for every open level at the end of the file.
  CHECK(kinds("if a:\n  if b:\n    c\n") ==
        "KwIf Identifier Colon Newline Indent KwIf Identifier Colon Newline Indent Identifier "
        "Newline Dedent Dedent EndOfFile");
  // Two levels closed by one line.
  CHECK(kinds("if a:\n  if b:\n    c\nd\n") ==
        "KwIf Identifier Colon Newline Indent KwIf Identifier Colon Newline Indent Identifier "
        "Newline Dedent Dedent Identifier Newline EndOfFile");
  // Blank and comment lines at any indentation take no part.
  CHECK(kinds("if a:\n\n      # deep comment\n  b\n\n# c\n  c\n") ==
        "KwIf Identifier Colon Newline Indent Identifier Newline Identifier Newline Dedent EndOfFile");
}

TEST_CASE("lexer: tabs indent consistently", "[lexer]") {
  Lexed lexed = lexText("if a:\n\tb\n\tc\n");
  CHECK(lexed.errors == 0);
  CHECK(kinds(lexed) == "KwIf Identifier Colon Newline Indent Identifier Newline Identifier Newline Dedent EndOfFile");
}

TEST_CASE("lexer: brackets join lines and suppress layout", "[lexer]") {
  CHECK(kinds("f(a,\n        b,\n  c)\nx\n") ==
        "Identifier LParen Identifier Comma Identifier Comma Identifier RParen Newline Identifier "
        "Newline EndOfFile");
  CHECK(kinds("x = [\n  1,  # comment\n\n]\n") == "Identifier Equal LBracket Int Comma RBracket Newline EndOfFile");
}

TEST_CASE("lexer: backslash continuation", "[lexer]") {
  CHECK(kinds("x = 1 + \\\n    2\ny\n") == "Identifier Equal Int Plus Int Newline Identifier Newline EndOfFile");
  CHECK(kinds("x = 1 + \\\r\n    2\r\n") == "Identifier Equal Int Plus Int Newline EndOfFile");
}

TEST_CASE("lexer: CRLF line ends and a missing final newline", "[lexer]") {
  Lexed lexed = lexText("if a:\r\n    b\r\nc");
  CHECK(lexed.errors == 0);
  CHECK(kinds(lexed) == "KwIf Identifier Colon Newline Indent Identifier Newline Dedent Identifier Newline EndOfFile");
  CHECK(kinds("x") == "Identifier Newline EndOfFile");
  CHECK(kinds("if a:\n    b") == "KwIf Identifier Colon Newline Indent Identifier Newline Dedent EndOfFile");
}

TEST_CASE("lexer: integer literals in every base", "[lexer]") {
  auto value = [](const char *text) {
    Lexed lexed = lexText(text);
    REQUIRE(lexed.errors == 0);
    REQUIRE(lexed.tokens[0].kind == TokenKind::Int);
    return lexed.tokens[0].intValue;
  };
  CHECK(value("0") == 0);
  CHECK(value("000") == 0);
  CHECK(value("42") == 42);
  CHECK(value("1_000_000") == 1000000);
  CHECK(value("0x1F") == 31);
  CHECK(value("0XfF") == 255);
  CHECK(value("0x_ff") == 255);
  CHECK(value("0o17") == 15);
  CHECK(value("0b1010") == 10);
  CHECK(value("0b_1_0") == 2);
  CHECK(value("18446744073709551615") == UINT64_MAX);
  CHECK(value("0xffffffffffffffff") == UINT64_MAX);
}

TEST_CASE("lexer: float literals", "[lexer]") {
  auto value = [](const char *text) {
    Lexed lexed = lexText(text);
    REQUIRE(lexed.errors == 0);
    REQUIRE(lexed.tokens[0].kind == TokenKind::Float);
    return lexed.tokens[0].floatValue;
  };
  CHECK(value("1.0") == 1.0);
  CHECK(value(".5") == 0.5);
  CHECK(value("1.") == 1.0);
  CHECK(value("1e-5") == 1e-5);
  CHECK(value("1.5E+3") == 1500.0);
  CHECK(value("1_0.2_5") == 10.25);
  CHECK(value("3e2") == 300.0);
  CHECK(value("1e999") == HUGE_VAL);
  // `x.y` after a name is attribute access, not a float.
  CHECK(kinds("a.b") == "Identifier Dot Identifier Newline EndOfFile");
}

TEST_CASE("lexer: malformed numbers are one error each", "[lexer]") {
  for (const char *bad : {"0x", "0b2", "0o8", "1__0", "1_", "012", "1e", "1e+", "123abc", "2j", "18446744073709551616",
                          "0x1_0000_0000_0000_0000", "1.5_"}) {
    INFO(bad);
    Lexed lexed = lexText(std::string("x = ") + bad + "\n");
    CHECK(lexed.errors == 1);
    CHECK(lexed.diagnostics.find("t.py:1:5: error: malformed number literal `" + std::string(bad) + "`") !=
          std::string::npos);
    CHECK(kinds(lexed) == "Identifier Equal Error Newline EndOfFile");
  }
  CHECK(lexText("x = 99999999999999999999\n").diagnostics.find("integers must fit in 64 bits") != std::string::npos);
}

TEST_CASE("lexer: string literals", "[lexer]") {
  auto value = [](const char *text) {
    Lexed lexed = lexText(text);
    INFO(lexed.diagnostics);
    REQUIRE(lexed.errors == 0);
    REQUIRE(lexed.tokens[0].kind == TokenKind::String);
    return lexed.tokens[0].stringValue;
  };
  CHECK(value("'abc'") == "abc");
  CHECK(value("\"it's\"") == "it's");
  CHECK(value("'a\\nb\\t\\\\\\''") == "a\nb\t\\'");
  CHECK(value("'\\x41\\101\\u00e9\\U0001F600'") == "AA\xc3\xa9\xf0\x9f\x98\x80");
  CHECK(value("'\\d'") == "\\d"); // unknown escapes stay as written
  CHECK(value("r'\\n\\''") == "\\n\\'");
  CHECK(value("R\"\\d+\"") == "\\d+");
  CHECK(value("'''a\n\"b\"\nc'''") == "a\n\"b\"\nc");
  CHECK(value("\"\"\"doc\r\nstring\"\"\"") == "doc\nstring");
  CHECK(value("'a\\\nb'") == "ab");
  CHECK(value("'h\xc3\xa9'") == "h\xc3\xa9");
  CHECK(lexText("b'x'").tokens[0].stringFlags == kStringBytes);
  CHECK(lexText("f'{x}'").tokens[0].stringFlags == kStringFormat);
  CHECK(lexText("Rb'x'").tokens[0].stringFlags == (kStringRaw | kStringBytes));
  // A prefix-like name not followed by a quote is a name.
  CHECK(kinds("rb + br") == "Identifier Plus Identifier Newline EndOfFile");
  CHECK(kinds("'a' 'b'") == "String String Newline EndOfFile");
}

TEST_CASE("lexer: every operator", "[lexer]") {
  CHECK(kinds("+ - * / // % ** @ << >> & | ^ ~ < > <= >= == != -> . ... , : ; = := ( ) [ ] { }") ==
        "Plus Minus Star Slash SlashSlash Percent StarStar At LessLess GreaterGreater Amp Pipe "
        "Caret Tilde Less Greater LessEqual GreaterEqual EqualEqual NotEqual Arrow Dot Ellipsis "
        "Comma Colon Semicolon Equal ColonEqual LParen RParen LBracket RBracket LBrace RBrace "
        "Newline EndOfFile");
  CHECK(kinds("x += 1; x -= 1; x *= 1; x /= 1; x //= 1; x %= 1; x **= 1") ==
        "Identifier PlusEqual Int Semicolon Identifier MinusEqual Int Semicolon Identifier "
        "StarEqual Int Semicolon Identifier SlashEqual Int Semicolon Identifier SlashSlashEqual "
        "Int Semicolon Identifier PercentEqual Int Semicolon Identifier StarStarEqual Int Newline "
        "EndOfFile");
  CHECK(kinds("a&=b|=c^=d<<=e>>=f@=g") ==
        "Identifier AmpEqual Identifier PipeEqual Identifier CaretEqual Identifier LessLessEqual "
        "Identifier GreaterGreaterEqual Identifier AtEqual Identifier Newline EndOfFile");
  CHECK(kinds("a**-b") == "Identifier StarStar Minus Identifier Newline EndOfFile");
}

TEST_CASE("lexer: keywords, including those kernels cannot use", "[lexer]") {
  CHECK(kinds("def class lambda try with global nonlocal yield async await del raise") ==
        "KwDef KwClass KwLambda KwTry KwWith KwGlobal KwNonlocal KwYield KwAsync KwAwait KwDel "
        "KwRaise Newline EndOfFile");
  CHECK(kinds("except finally True False None not in is and or") ==
        "KwExcept KwFinally KwTrue KwFalse KwNone KwNot KwIn KwIs KwAnd KwOr Newline EndOfFile");
  CHECK(kinds("match case type _x x1 Def") ==
        "Identifier Identifier Identifier Identifier Identifier Identifier Newline EndOfFile");
}

TEST_CASE("lexer: errors carry their location", "[lexer]") {
  SECTION("unexpected character") {
    Lexed lexed = lexText("x = 1\ny = $ + ?\n");
    CHECK(lexed.errors == 1); // one per line
    CHECK(lexed.diagnostics.find("t.py:2:5: error: unexpected character `$` in source "
                                 "[UnexpectedCharacter]") != std::string::npos);
    CHECK(kinds(lexed) == "Identifier Equal Int Newline Identifier Equal Error Plus Error Newline EndOfFile");
  }
  SECTION("non-ASCII outside strings") {
    Lexed lexed = lexText("y = \xce\xb1\n");
    CHECK(lexed.diagnostics.find("t.py:1:5: error: unexpected character `\xce\xb1`") != std::string::npos);
  }
  SECTION("unterminated string") {
    Lexed lexed = lexText("x = 'abc\ny = 1\n");
    CHECK(lexed.errors == 1);
    CHECK(lexed.diagnostics.find("t.py:1:5: error: string literal is not terminated before the "
                                 "end of the line [UnterminatedString]") != std::string::npos);
    CHECK(kinds(lexed) == "Identifier Equal Error Newline Identifier Equal Int Newline EndOfFile");
  }
  SECTION("unterminated triple-quoted string") {
    Lexed lexed = lexText("x = '''abc\ny = 1\n");
    CHECK(lexed.errors == 1);
    CHECK(lexed.diagnostics.find("t.py:1:5: error: triple-quoted string") != std::string::npos);
  }
  SECTION("invalid escape") {
    Lexed lexed = lexText("x = 'ab\\x4'\n");
    CHECK(lexed.diagnostics.find("t.py:1:8: error: invalid escape sequence `\\x4`") != std::string::npos);
    CHECK(kinds(lexed) == "Identifier Equal String Newline EndOfFile");
  }
  SECTION("inconsistent dedent") {
    Lexed lexed = lexText("if a:\n        b\n    c\nd\n");
    CHECK(lexed.errors == 1);
    CHECK(lexed.diagnostics.find("t.py:3:1: error: unindent does not match any outer indentation "
                                 "level [InconsistentDedent]") != std::string::npos);
    // The stray line stays in the block: no extra DEDENT.
    CHECK(kinds(lexed) == "KwIf Identifier Colon Newline Indent Identifier Newline Identifier "
                          "Newline Dedent Identifier Newline EndOfFile");
  }
  SECTION("mixed tabs and spaces") {
    Lexed lexed = lexText("if a:\n\tb\n        c\n");
    CHECK(lexed.errors == 1);
    CHECK(lexed.diagnostics.find("t.py:3:1: error: indentation mixes tabs and spaces") != std::string::npos);
    // Python accepts tabs and spaces together when every tab width agrees.
    CHECK(lexText("if a:\n\tif b:\n\t    c\n").errors == 0);
    CHECK(lexText("if a:\n    \tb\n\tc\n").errors == 1);
  }
  SECTION("unbalanced brackets") {
    Lexed lexed = lexText("x = 1)\ny = (2]\n");
    CHECK(lexed.errors == 2);
    CHECK(lexed.diagnostics.find("t.py:1:6: error: closing `)` does not match an opening bracket") !=
          std::string::npos);
    CHECK(lexed.diagnostics.find("t.py:2:7: error: closing `]`") != std::string::npos);
  }
}

TEST_CASE("lexer: invalid UTF-8", "[lexer]") {
  for (const char *bad : {"\xff", "\xc3\x28", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82"}) {
    INFO(bad);
    for (std::string where : {"x = @\n", "x = '@'\n", "x = 1  # @\n"}) {
      where.replace(where.find('@'), 1, bad);
      Lexed lexed = lexText(where);
      CHECK(lexed.errors == 1);
      CHECK(lexed.diagnostics.find("error: invalid UTF-8 byte 0x") != std::string::npos);
      checkWellFormed(lexed);
    }
  }
  // Valid multi-byte text inside strings and comments is fine.
  CHECK(lexText("x = '\xe6\x97\xa5\xf0\x9f\x98\x80'  # \xc3\xa9\n").errors == 0);
}

TEST_CASE("lexer: NUL bytes and binary garbage never crash", "[lexer]") {
  Lexed nul = lexText(std::string("x = 1\0\ny = 2\n", 13));
  CHECK(nul.errors == 1);
  CHECK(nul.diagnostics.find("t.py:1:6: error: unexpected character `\\x00`") != std::string::npos);
  checkWellFormed(nul);

  for (int byte = 0; byte < 256; ++byte)
    checkWellFormed(lexText(std::string(1, char(byte))));

  std::mt19937 rng(1234);
  for (int i = 0; i < 300; ++i) {
    std::string garbage(rng() % 300, '\0');
    for (char &c : garbage)
      c = char(rng() % 4 == 0 ? " \t\n(\"'#\\"[rng() % 8] : rng() % 256);
    checkWellFormed(lexText(garbage));
  }
}
