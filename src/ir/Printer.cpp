#include "tritonc/ir/Printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <ostream>
#include <unordered_map>

namespace tritonc::tir {

namespace {

std::string attributeText(const Attribute &a) {
  if (const int64_t *i = std::get_if<int64_t>(&a))
    return std::to_string(*i);
  if (const double *d = std::get_if<double>(&a)) {
    // The shortest text that reads back as the same double; a `.0` keeps
    // whole numbers floats.
    std::string text = fmt::format("{}", *d);
    if (text.find_first_of(".en") == std::string::npos)
      text += ".0";
    return text;
  }
  if (const std::string *s = std::get_if<std::string>(&a))
    return fmt::format("\"{}\"", *s);
  return fmt::format("[{}]", fmt::join(std::get<std::vector<int64_t>>(a), ", "));
}

class FunctionPrinter {
public:
  FunctionPrinter(const Function &function, std::ostream &out)
      : function_(function), out_(out), names_(valueNames(function)) {}

  void run() {
    out_ << "func @" << function_.name << "(";
    for (size_t i = 0; i < function_.body.args.size(); ++i) {
      const Value *arg = function_.body.args[i].get();
      out_ << (i ? ", " : "") << nameOf(arg) << ": " << arg->type.str();
      const ParamHint &hint = function_.paramHints[i];
      if (hint.equalToOne)
        out_ << " {equal_to_one}";
      else if (hint.divisibility > 1)
        out_ << " {divisibility = " << hint.divisibility << "}";
    }
    out_ << ") {\n";
    printBlock(function_.body, 1);
    out_ << "}\n";
  }

private:
  const std::string &nameOf(const Value *v) {
    auto it = names_.find(v);
    if (it == names_.end())
      it = names_.emplace(v, "%<undefined>").first;
    return it->second;
  }

  void printBlock(const Block &block, int depth) {
    for (const auto &op : block.ops)
      printOp(*op, depth);
  }

  void printOp(const Op &op, int depth) {
    std::string indent(depth * 2, ' ');
    out_ << indent;
    for (size_t i = 0; i < op.results.size(); ++i)
      out_ << (i ? ", " : "") << nameOf(op.results[i].get());
    if (!op.results.empty())
      out_ << " = ";
    out_ << mnemonic(op.kind);
    for (size_t i = 0; i < op.operands.size(); ++i)
      out_ << (i ? ", " : " ") << nameOf(op.operands[i]);
    if (!op.attrs.empty()) {
      out_ << " {";
      for (size_t i = 0; i < op.attrs.size(); ++i)
        out_ << (i ? ", " : "") << op.attrs[i].name.spelling() << " = " << attributeText(op.attrs[i].value);
      out_ << "}";
    }
    if (!op.results.empty()) {
      out_ << " : ";
      for (size_t i = 0; i < op.results.size(); ++i)
        out_ << (i ? ", " : "") << op.results[i]->type.str();
    }
    out_ << "\n";
    for (const auto &region : op.regions) {
      out_ << indent << "{";
      if (!region->args.empty()) {
        out_ << " ^(";
        for (size_t i = 0; i < region->args.size(); ++i)
          out_ << (i ? ", " : "") << nameOf(region->args[i].get()) << ": " << region->args[i]->type.str();
        out_ << "):";
      }
      out_ << "\n";
      printBlock(*region, depth + 1);
      out_ << indent << "}\n";
    }
  }

  const Function &function_;
  std::ostream &out_;
  std::unordered_map<const Value *, std::string> names_;
};

void nameBlock(const Block &block, std::unordered_map<const Value *, std::string> &names, unsigned &nextId) {
  for (const auto &op : block.ops) {
    for (const auto &result : op->results)
      names.emplace(result.get(), fmt::format("%{}", nextId++));
    for (const auto &region : op->regions) {
      for (const auto &arg : region->args)
        names.emplace(arg.get(), fmt::format("%{}", nextId++));
      nameBlock(*region, names, nextId);
    }
  }
}

} // namespace

std::unordered_map<const Value *, std::string> valueNames(const Function &function) {
  std::unordered_map<const Value *, std::string> names;
  for (const auto &arg : function.body.args)
    names.emplace(arg.get(), "%" + arg->nameHint);
  unsigned nextId = 0;
  nameBlock(function.body, names, nextId);
  return names;
}

void print(const Function &function, std::ostream &out) { FunctionPrinter(function, out).run(); }

void print(const Module &module, std::ostream &out) {
  for (const auto &function : module.functions)
    print(*function, out);
}

} // namespace tritonc::tir
