// The tile IR parser. Each parse method quotes the rule of
// include/tritonc/ir/Parser.h that it implements; each returns false once it
// has reported an error, and every caller passes that straight up.
#include "tritonc/ir/Parser.h"

#include "TIRLexer.h"

#include <bit>
#include <charconv>
#include <limits>
#include <optional>
#include <unordered_map>

namespace tritonc::tir {

namespace {

using Tok = TIRTokenKind;

std::optional<OpKind> opFromMnemonic(std::string_view mnemonic) {
  static const std::unordered_map<std::string_view, OpKind> table = [] {
    std::unordered_map<std::string_view, OpKind> t;
#define OP(Name, Mnemonic, Traits) t.emplace(Mnemonic, OpKind::Name);
#include "tritonc/ir/Ops.def"
    return t;
  }();
  auto it = table.find(mnemonic);
  return it == table.end() ? std::nullopt : std::optional<OpKind>(it->second);
}

std::optional<ScalarKind> scalarFromIRName(std::string_view name) {
  for (int k = 0; k < int(ScalarKind::Ptr); ++k)
    if (name == irName(ScalarKind(k)))
      return ScalarKind(k);
  return std::nullopt;
}

constexpr int64_t kMaxTensorElements = int64_t(1) << 20;

class TIRParser {
public:
  TIRParser(const SourceFile &file, DiagnosticEngine &diags) : lexer_(file), diags_(diags) { advance(); }

  // module ::= NL? func+
  std::unique_ptr<Module> parseModule() {
    auto module = std::make_unique<Module>();
    if (at(Tok::Newline))
      advance();
    do {
      auto function = std::make_unique<Function>();
      if (!parseFunction(*function))
        return nullptr;
      module->functions.push_back(std::move(function));
    } while (!at(Tok::EndOfFile));
    return module;
  }

private:
  // Names defined in one block, forgotten when the block closes.
  using Scope = std::vector<std::string>;

  void advance() { token_ = lexer_.next(); }
  bool at(Tok kind) const { return token_.kind == kind; }
  bool atWord(std::string_view word) const { return at(Tok::Identifier) && token_.text == word; }

  bool fail(const std::string &expected) {
    diags_.error(Diag::TIRSyntax, token_.range, expected, describe(token_));
    return false;
  }
  bool expect(Tok kind, const char *expected) {
    if (!at(kind))
      return fail(expected);
    advance();
    return true;
  }
  bool expectWord(std::string_view word) {
    if (!atWord(word))
      return fail("`" + std::string(word) + "`");
    advance();
    return true;
  }
  // A block or function ends its line, or the file.
  bool expectLineEnd() {
    if (at(Tok::EndOfFile))
      return true;
    return expect(Tok::Newline, "end of line");
  }

  bool define(const TIRToken &name, Value *value, Scope &scope) {
    auto [it, inserted] = values_.emplace(std::string(name.text), value);
    if (!inserted) {
      diags_.error(Diag::TIRRedefinedValue, name.range, name.text);
      return false;
    }
    scope.push_back(it->first);
    return true;
  }

  bool parseUse(std::vector<Value *> &operands) {
    if (!at(Tok::ValueName))
      return fail("a value such as `%0`");
    auto it = values_.find(std::string(token_.text));
    if (it == values_.end()) {
      diags_.error(Diag::TIRUndefinedValue, token_.range, token_.text);
      return false;
    }
    operands.push_back(it->second);
    advance();
    return true;
  }

  // func ::= 'func' FUNC '(' (param (',' param)*)? ')' '{' NL op* '}' NL
  bool parseFunction(Function &f) {
    if (!expectWord("func"))
      return false;
    if (!at(Tok::FuncName))
      return fail("a function name such as `@kernel`");
    f.name = std::string(token_.text.substr(1));
    f.loc = token_.range;
    advance();
    values_.clear();
    Scope scope;
    if (!expect(Tok::LParen, "`(`"))
      return false;
    if (!at(Tok::RParen)) {
      if (!parseParam(f, scope))
        return false;
      while (at(Tok::Comma)) {
        advance();
        if (!parseParam(f, scope))
          return false;
      }
    }
    if (!expect(Tok::RParen, "`,` or `)`") || !expect(Tok::LBrace, "`{`") || !expect(Tok::Newline, "end of line"))
      return false;
    return parseBlockBody(f.body, 0, scope) && expectLineEnd();
  }

  // param ::= VALUE ':' type ('{' ('divisibility' '=' ('16' | '8' | '4' | '2') | 'equal_to_one') '}')?
  bool parseParam(Function &f, Scope &scope) {
    if (!at(Tok::ValueName))
      return fail("a parameter such as `%x_ptr`");
    TIRToken name = token_;
    advance();
    Type type;
    if (!expect(Tok::Colon, "`:`") || !parseType(type))
      return false;
    if (!define(name, f.body.addArgument(type, std::string(name.text.substr(1))), scope))
      return false;
    ParamHint hint;
    if (at(Tok::LBrace)) {
      advance();
      if (atWord("equal_to_one")) {
        advance();
        hint.equalToOne = true;
      } else if (atWord("divisibility")) {
        advance();
        if (!expect(Tok::Equal, "`=`"))
          return false;
        // The divisibilities a signature can promise (`:16`, `:8`, `:4`,
        // `:2`), and so the ones the launcher checks.
        if (!at(Tok::Integer) ||
            (token_.text != "16" && token_.text != "8" && token_.text != "4" && token_.text != "2"))
          return fail("`16`, `8`, `4` or `2`");
        hint.divisibility = std::stoll(std::string(token_.text));
        advance();
      } else {
        return fail("`divisibility` or `equal_to_one`");
      }
      if (!expect(Tok::RBrace, "`}`"))
        return false;
    }
    f.paramHints.push_back(hint);
    return true;
  }

  // The ops of a block up to and including its closing `}`; the block's
  // names are forgotten there.
  bool parseBlockBody(Block &block, int depth, Scope &scope) {
    while (!at(Tok::RBrace)) {
      if (at(Tok::EndOfFile))
        return fail("`}`");
      if (!parseOp(block, depth, scope))
        return false;
    }
    advance();
    for (const std::string &name : scope)
      values_.erase(name);
    return true;
  }

  // op ::= (VALUE (',' VALUE)* '=')? MNEMONIC (VALUE (',' VALUE)*)?
  //        attr-dict? (':' type (',' type)*)? NL region*
  bool parseOp(Block &block, int depth, Scope &scope) {
    std::vector<TIRToken> names;
    if (at(Tok::ValueName)) {
      names.push_back(token_);
      advance();
      while (at(Tok::Comma)) {
        advance();
        if (!at(Tok::ValueName))
          return fail("a value name such as `%0`");
        names.push_back(token_);
        advance();
      }
      if (!expect(Tok::Equal, "`,` or `=`"))
        return false;
    }
    if (!at(Tok::Identifier))
      return fail("an op");
    std::optional<OpKind> kind = opFromMnemonic(token_.text);
    if (!kind) {
      diags_.error(Diag::TIRUnknownOp, token_.range, token_.text);
      return false;
    }
    auto op = std::make_unique<Op>(*kind, token_.range);
    op->parent = &block;
    advance();
    if (at(Tok::ValueName)) {
      if (!parseUse(op->operands))
        return false;
      while (at(Tok::Comma)) {
        advance();
        if (!parseUse(op->operands))
          return false;
      }
    }
    if (at(Tok::LBrace) && !parseAttrDict(op->attrs))
      return false;
    std::vector<Type> types;
    if (at(Tok::Colon)) {
      do {
        advance();
        if (!parseType(types.emplace_back()))
          return false;
      } while (at(Tok::Comma));
    }
    if (types.size() != names.size()) {
      diags_.error(Diag::TIRResultCount, op->loc, mnemonic(op->kind), names.size(), types.size());
      return false;
    }
    if (!expect(Tok::Newline, "end of line"))
      return false;
    for (unsigned i = 0; i < types.size(); ++i)
      op->results.push_back(std::make_unique<Value>(std::move(types[i]), op.get(), i));
    Op &parsed = *block.ops.emplace_back(std::move(op));
    while (at(Tok::LBrace))
      if (!parseRegion(parsed, depth + 1))
        return false;
    // Results become visible after the op, not inside its regions.
    for (size_t i = 0; i < names.size(); ++i)
      if (!define(names[i], parsed.result(unsigned(i)), scope))
        return false;
    return true;
  }

  // region ::= '{' ('^' '(' VALUE ':' type (',' VALUE ':' type)* ')' ':')? NL op* '}' NL
  bool parseRegion(Op &op, int depth) {
    if (depth > kMaxRegionNesting) {
      diags_.error(Diag::TIRNestingTooDeep, token_.range, kMaxRegionNesting);
      return false;
    }
    advance();
    Block &region = *op.regions.emplace_back(std::make_unique<Block>());
    Scope scope;
    if (at(Tok::Caret)) {
      advance();
      if (!expect(Tok::LParen, "`(`"))
        return false;
      auto parseArgument = [&] {
        if (!at(Tok::ValueName))
          return fail("a region argument such as `%0`");
        TIRToken name = token_;
        advance();
        Type type;
        return expect(Tok::Colon, "`:`") && parseType(type) && define(name, region.addArgument(type, ""), scope);
      };
      if (!parseArgument())
        return false;
      while (at(Tok::Comma)) {
        advance();
        if (!parseArgument())
          return false;
      }
      if (!expect(Tok::RParen, "`,` or `)`") || !expect(Tok::Colon, "`:`"))
        return false;
    }
    return expect(Tok::Newline, "end of line") && parseBlockBody(region, depth, scope) &&
           expect(Tok::Newline, "end of line");
  }

  // attr-dict ::= '{' NAME '=' attr-value (',' NAME '=' attr-value)* '}'
  bool parseAttrDict(std::vector<NamedAttribute> &attrs) {
    do {
      advance();
      if (!at(Tok::Identifier))
        return fail("an attribute name");
      std::optional<AttrKey> name = AttrKey::named(token_.text);
      if (!name)
        return fail("an attribute the tile IR defines (include/tritonc/ir/Attributes.def)");
      NamedAttribute &attr = attrs.emplace_back(NamedAttribute{*name, {}});
      advance();
      if (!expect(Tok::Equal, "`=`") || !parseAttrValue(attr.value))
        return false;
    } while (at(Tok::Comma));
    return expect(Tok::RBrace, "`,` or `}`");
  }

  // attr-value ::= INT | FLOAT | STRING | '[' (INT (',' INT)*)? ']'
  bool parseAttrValue(Attribute &value) {
    switch (token_.kind) {
    case Tok::Integer: {
      int64_t i;
      if (!parseInt(i, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()))
        return false;
      value = i;
      return true;
    }
    case Tok::Float: {
      double d;
      std::string_view text = token_.text;
      std::from_chars(text.data(), text.data() + text.size(), d);
      value = d;
      advance();
      return true;
    }
    case Tok::String:
      value = std::string(token_.text.substr(1, token_.text.size() - 2));
      advance();
      return true;
    case Tok::LBracket: {
      std::vector<int64_t> list;
      if (!parseList(list, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()))
        return false;
      value = std::move(list);
      return true;
    }
    case Tok::Error:
      if (token_.text.starts_with('"')) { // the lexer ran to the end of the line
        SourceRange lineEnd = SourceRange::at(token_.range.end.offset, token_.range.end.offset);
        diags_.error(Diag::TIRSyntax, lineEnd, "`\"` to close the string", "end of line");
        return false;
      }
      [[fallthrough]];
    default: return fail("an attribute value");
    }
  }

  // type ::= elem-type | 'tensor' '<' SHAPE elem-type (',' layout)? '>'
  bool parseType(Type &type) {
    if (!atWord("tensor"))
      return parseElemType(type.elem);
    advance();
    if (!expect(Tok::Less, "`<`"))
      return false;
    if (!at(Tok::Shape))
      return fail("tensor dimensions such as `1024x`");
    TIRToken shapeToken = token_;
    if (!parseShape(type.shape))
      return false;
    advance();
    if (!parseElemType(type.elem))
      return false;
    if (at(Tok::Comma)) {
      advance();
      if (!parseLayout(type.layout.emplace()))
        return false;
    }
    // A ring buffer in shared memory may have any number of slots.
    for (size_t d = type.layout && type.layout->shared ? 1 : 0; d < type.shape.size(); ++d)
      if (!std::has_single_bit(uint64_t(type.shape[d]))) {
        diags_.error(Diag::TIRBadShape, shapeToken.range, std::to_string(type.shape[d]));
        return false;
      }
    return expect(Tok::Greater, "`,` or `>`");
  }

  // SHAPE ::= (DIGITS 'x')+, each dim a power of two (but the slots of a
  // `#shared` ring buffer), at most 2^20 elements in all (DESIGN.md §2).
  bool parseShape(std::vector<int64_t> &shape) {
    std::string_view text = token_.text;
    int log2Elements = 0; // summed as logs: the product of large dims overflows
    std::vector<uint64_t> dims;
    while (!text.empty()) {
      size_t x = text.find('x');
      std::string_view digits = text.substr(0, x);
      uint64_t dim = 0;
      auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), dim);
      if (ec != std::errc() || dim == 0 || dim > kMaxTensorElements) {
        diags_.error(Diag::TIRBadShape, token_.range, digits);
        return false;
      }
      log2Elements += int(std::bit_width(dim - 1));
      dims.push_back(dim);
      text.remove_prefix(x + 1);
    }
    if (log2Elements > 20) {
      diags_.error(Diag::TensorTooLarge, token_.range,
                   log2Elements < 63 ? std::to_string(uint64_t(1) << log2Elements)
                                     : "2^" + std::to_string(log2Elements));
      return false;
    }
    shape.assign(dims.begin(), dims.end());
    return true;
  }

  // elem-type ::= SCALAR | 'ptr' '<' SCALAR '>'
  bool parseElemType(ElemType &elem) {
    bool pointer = atWord("ptr");
    if (pointer) {
      advance();
      if (!expect(Tok::Less, "`<`"))
        return false;
    }
    if (!at(Tok::Identifier))
      return fail("a type such as `i32` or `tensor<1024xf32>`");
    std::optional<ScalarKind> scalar = scalarFromIRName(token_.text);
    if (!scalar) {
      diags_.error(Diag::TIRUnknownType, token_.range, token_.text);
      return false;
    }
    advance();
    elem = pointer ? ElemType::pointerTo(*scalar) : ElemType::scalar(*scalar);
    return !pointer || expect(Tok::Greater, "`>`");
  }

  // layout ::= parent | '#slice' '<' 'dims' '=' list ',' parent '>'
  // The entries' agreement with the shape and the warp count is a verifier
  // rule; here they only need to be sizes (or dims, for `order` and `dims`).
  bool parseLayout(Layout &layout) {
    if (!at(Tok::LayoutName) || token_.text != "#slice")
      return parseParent(layout);
    advance();
    std::vector<int64_t> dims;
    if (!expect(Tok::Less, "`<`") || !expectWord("dims") || !expect(Tok::Equal, "`=`") ||
        !parseList(dims, 0, kMaxTensorElements) || !expect(Tok::Comma, "`,`") || !parseParent(layout))
      return false;
    layout.slicedDims.assign(dims.begin(), dims.end());
    return expect(Tok::Greater, "`>`");
  }

  // parent ::= blocked | mma | '#shared' ('<' 'colmajor' '>')?
  bool parseParent(Layout &layout) {
    if (at(Tok::LayoutName) && token_.text == "#mma")
      return parseMma(layout);
    if (at(Tok::LayoutName) && token_.text == "#shared") {
      advance();
      layout.shared = true;
      if (!at(Tok::Less))
        return true;
      advance();
      if (!expectWord("colmajor"))
        return false;
      layout.sharedColMajor = true;
      return expect(Tok::Greater, "`>`");
    }
    return parseBlocked(layout.blocked);
  }

  // mma ::= '#mma' '<' ('v2' | 'v3') ',' 'instr' '=' list ',' 'wpc' '=' list '>'
  bool parseMma(Layout &layout) {
    advance();
    if (!expect(Tok::Less, "`<`"))
      return false;
    if (!atWord("v2") && !atWord("v3"))
      return fail("`v2` (mma.sync) or `v3` (wgmma)");
    unsigned version = token_.text == "v3" ? 3 : 2;
    advance();
    std::vector<int64_t> shape, warps;
    if (!expect(Tok::Comma, "`,`") || !expectWord("instr") || !expect(Tok::Equal, "`=`") || !parseList(shape, 1, 256) ||
        !expect(Tok::Comma, "`,`") || !expectWord("wpc") || !expect(Tok::Equal, "`=`") ||
        !parseList(warps, 1, kMaxTensorElements))
      return false;
    layout.mma = MmaLayout{version, std::vector<unsigned>(shape.begin(), shape.end()),
                           std::vector<unsigned>(warps.begin(), warps.end())};
    return expect(Tok::Greater, "`>`");
  }

  // blocked ::= '#blocked' '<' 'spt' '=' list ',' 'tpw' '=' list ','
  //             'wpc' '=' list ',' 'order' '=' list '>'
  bool parseBlocked(BlockedLayout &b) {
    if (!at(Tok::LayoutName) || token_.text != "#blocked")
      return fail("a layout such as `#blocked<...>` or `#mma<...>`");
    advance();
    if (!expect(Tok::Less, "`<`"))
      return false;
    struct Field {
      const char *key;
      std::vector<unsigned> *values;
      int64_t min;
    };
    const Field fields[] = {{"spt", &b.sizePerThread, 1},
                            {"tpw", &b.threadsPerWarp, 1},
                            {"wpc", &b.warpsPerCTA, 1},
                            {"order", &b.order, 0}};
    for (const Field &field : fields) {
      if (field.values != &b.sizePerThread && !expect(Tok::Comma, "`,`"))
        return false;
      std::vector<int64_t> values;
      if (!expectWord(field.key) || !expect(Tok::Equal, "`=`") || !parseList(values, field.min, kMaxTensorElements))
        return false;
      field.values->assign(values.begin(), values.end());
    }
    return expect(Tok::Greater, "`>`");
  }

  // list ::= '[' (INT (',' INT)*)? ']'
  bool parseList(std::vector<int64_t> &list, int64_t min, int64_t max) {
    if (!expect(Tok::LBracket, "`[`"))
      return false;
    if (at(Tok::RBracket)) {
      advance();
      return true;
    }
    for (;;) {
      if (!parseInt(list.emplace_back(), min, max))
        return false;
      if (!at(Tok::Comma))
        break;
      advance();
    }
    return expect(Tok::RBracket, "`,` or `]`");
  }

  bool parseInt(int64_t &value, int64_t min, int64_t max) {
    std::string range = min == std::numeric_limits<int64_t>::min()
                            ? std::string("a 64-bit integer")
                            : "an integer in " + std::to_string(min) + ".." + std::to_string(max);
    if (!at(Tok::Integer))
      return fail(range);
    std::string_view text = token_.text;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || value < min || value > max)
      return fail(range);
    advance();
    return true;
  }

  TIRLexer lexer_;
  DiagnosticEngine &diags_;
  TIRToken token_;
  std::unordered_map<std::string, Value *> values_; // the names visible here
};

} // namespace

std::unique_ptr<Module> parseTIR(const SourceFile &file, DiagnosticEngine &diags) {
  return TIRParser(file, diags).parseModule();
}

} // namespace tritonc::tir
