// tritonc run FILE.py --signature SIG --grid X[,Y[,Z]] --arg NAME=VALUE... [--out NAME=FILE.npy]...
//
// Every runtime parameter gets one --arg: a pointer a `.npy` file (its dtype
// must be the pointee's) or `zeros:N` for N zeroed elements; a scalar a
// number (`True`/`False` for i1). Each --out writes a pointer parameter's
// buffer, after the run, as a .npy file with the shape it came in with.
#include "RunCommand.h"

#include "tritonc/driver/Files.h"
#include "tritonc/driver/HostValues.h"

#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/support/Signature.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/ir/FloatFormat.h"
#include "tritonc/interp/Interpreter.h"
#include "tritonc/interp/Npy.h"
#include "tritonc/lowering/Lowering.h"
#include "tritonc/sema/Modules.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/transforms/Pipeline.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

namespace tritonc {

namespace {

struct RunOptions {
  std::string input, kernel, signature, grid;
  std::vector<std::string> args, outs, includeDirs, hostValues;
};

bool splitAssignment(const std::string &text, std::string &name, std::string &value) {
  size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0)
    return false;
  name = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

template <typename T> bool parseNumber(std::string_view text, T &out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// "4", "4,2" or "4, 2, 1": missing trailing dimensions are 1.
std::optional<interp::Grid> parseGrid(const std::string &text) {
  std::vector<int64_t> dims;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    part.erase(0, part.find_first_not_of(" \t"));
    part.erase(part.find_last_not_of(" \t") + 1);
    int64_t d = 0;
    if (!parseNumber(part, d) || d < 1)
      return std::nullopt;
    dims.push_back(d);
  }
  if (dims.empty() || dims.size() > 3)
    return std::nullopt;
  dims.resize(3, 1);
  return interp::Grid{dims[0], dims[1], dims[2]};
}

// A scalar argument's bits in the parameter's type, or an error message.
std::optional<uint64_t> parseScalar(const std::string &text, ScalarKind kind, std::string &error) {
  if (kind == ScalarKind::I1) {
    if (text == "True" || text == "1")
      return 1;
    if (text == "False" || text == "0")
      return 0;
    error = "expected `True` or `False`";
    return std::nullopt;
  }
  if (isFloat(kind)) {
    double v = 0;
    if (parseNumber(text, v))
      return encodeFloat(v, kind);
    error = "expected a number";
    return std::nullopt;
  }
  unsigned width = bitWidth(kind);
  if (isSigned(kind)) {
    int64_t v = 0;
    int64_t limit = width == 64 ? INT64_MAX : (int64_t(1) << (width - 1)) - 1;
    if (parseNumber(text, v) && v <= limit && v >= -limit - 1)
      return uint64_t(v) & (width == 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1);
  } else {
    uint64_t v = 0;
    if (parseNumber(text, v) && (width == 64 || v < (uint64_t(1) << width)))
      return v;
  }
  error = "expected an integer in range";
  return std::nullopt;
}

class Runner {
public:
  Runner(const RunOptions &options, DiagnosticEngine &diags) : options_(options), diags_(diags) {}

  int run() {
    std::string text;
    if (!readFile(options_.input, text, diags_))
      return 1;
    SourceFile source(options_.input, std::move(text));
    diags_.setSource(&source);
    std::unique_ptr<ast::Module> module = parseModule(source, diags_);
    if (module)
      foldEarlyReturns(*module);
    if (diags_.hasErrors())
      return 1;
    std::optional<Signature> signature = parseSignature(options_.signature, diags_);
    if (!signature)
      return 1;
    // The kernel points into the modules' ASTs: they live through the run.
    ModuleSet modules(&source, *module, options_.includeDirs);
    if (!addHostValues(modules, options_.hostValues, diags_))
      return 1;
    std::optional<TypedKernel> kernel = analyzeKernel(modules, options_.kernel, *signature, diags_);
    if (!kernel)
      return 1;
    std::unique_ptr<tir::Module> ir = lowerKernel(*kernel);
    PipelineOptions pipeline;
    pipeline.tileLevelOnly = true;
    runPipeline(*ir, pipeline);
    const tir::Function &function = *ir->functions.front();

    std::optional<interp::Grid> grid = parseGrid(options_.grid);
    if (!grid) {
      reject(fmt::format("`--grid {}` needs one to three positive integers, e.g. `--grid 4,1,1`", options_.grid));
      return 1;
    }
    if (!bindArguments(function, *kernel))
      return 1;
    interp::RunResult result = interp::interpret(function, args_, buffers_, *grid, &source);
    if (!result.ok) {
      if (result.hasLocation)
        diags_.error(Diag::KernelFault, result.location, result.message);
      else
        diags_.errorNoLocation(Diag::KernelFault, result.message);
      return 1;
    }
    return writeOutputs(function) ? 0 : 1;
  }

private:
  bool reject(const std::string &message) {
    diags_.errorNoLocation(Diag::BadOption, message);
    return false;
  }

  bool bindArguments(const tir::Function &function, const TypedKernel &kernel) {
    const auto &params = function.body.args;
    std::map<std::string, std::string> given;
    for (const std::string &a : options_.args) {
      std::string name, value;
      if (!splitAssignment(a, name, value))
        return reject(fmt::format("`--arg {}` is not of the form NAME=VALUE", a));
      bool known = false;
      for (const auto &p : params)
        known |= p->nameHint == name;
      if (!known) {
        for (const BoundParam &p : kernel.params)
          if (p.isConstexpr && p.name == name)
            return reject(fmt::format("`{}` is a `tl.constexpr`; give its value in `--signature`", name));
        return reject(fmt::format("kernel `{}` has no parameter `{}`", function.name, name));
      }
      if (!given.emplace(name, value).second)
        return reject(fmt::format("parameter `{}` is given more than once", name));
    }
    for (const auto &p : params) {
      auto it = given.find(p->nameHint);
      if (it == given.end())
        return reject(fmt::format("no `--arg {}=...` for parameter `{}`", p->nameHint, p->nameHint));
      if (p->type.elem.isPointer() ? !bindBuffer(p->nameHint, p->type.elem.pointee, it->second)
                                   : !bindScalar(p->nameHint, p->type.elem.kind, it->second))
        return false;
    }
    return true;
  }

  bool bindBuffer(const std::string &name, ScalarKind pointee, const std::string &value) {
    interp::NpyArray array;
    array.elem = pointee;
    if (value.starts_with("zeros:")) {
      int64_t n = 0;
      if (!parseNumber(std::string_view(value).substr(6), n) || n < 0)
        return reject(fmt::format("`--arg {}={}`: expected `zeros:N` with a count N", name, value));
      array.shape = {n};
      array.bytes.assign(size_t(n) * std::max(1u, bitWidth(pointee) / 8), 0);
    } else {
      std::string bytes, error;
      if (!readFile(value, bytes, diags_))
        return false;
      std::optional<interp::NpyArray> parsed = interp::parseNpy(bytes, error);
      if (!parsed) {
        diags_.errorNoLocation(Diag::BadNpyFile, value, error);
        return false;
      }
      if (interp::npyDescr(parsed->elem) != interp::npyDescr(pointee)) {
        diags_.errorNoLocation(Diag::BadNpyFile, value,
                               fmt::format("its dtype is {} but `{}` points to {}, which needs {}",
                                           interp::npyDescr(parsed->elem), name, irName(pointee),
                                           interp::npyDescr(pointee)));
        return false;
      }
      array = std::move(*parsed);
      array.elem = pointee;
    }
    bufferOf_[name] = buffers_.size();
    shapes_.push_back(array.shape);
    args_.push_back(interp::KernelArg::pointer(uint32_t(buffers_.size())));
    buffers_.push_back({std::move(array.bytes), pointee});
    return true;
  }

  bool bindScalar(const std::string &name, ScalarKind kind, const std::string &value) {
    std::string error;
    std::optional<uint64_t> bits = parseScalar(value, kind, error);
    if (!bits)
      return reject(fmt::format("`--arg {}={}`: {} for a parameter of type {}", name, value, error, irName(kind)));
    args_.push_back(interp::KernelArg::scalarBits(*bits));
    return true;
  }

  bool writeOutputs(const tir::Function &function) {
    for (const std::string &o : options_.outs) {
      std::string name, path;
      if (!splitAssignment(o, name, path))
        return reject(fmt::format("`--out {}` is not of the form NAME=FILE.npy", o));
      auto it = bufferOf_.find(name);
      if (it == bufferOf_.end())
        return reject(fmt::format("`--out {}`: `{}` is not a pointer parameter of `{}`", o, name, function.name));
      const interp::HostBuffer &buffer = buffers_[it->second];
      std::string file = interp::writeNpy({buffer.elem, shapes_[it->second], buffer.bytes});
      std::ofstream out(path, std::ios::binary);
      out << file;
      if (!out) {
        diags_.errorNoLocation(Diag::CannotWriteFile, path, std::strerror(errno));
        return false;
      }
    }
    return true;
  }

  const RunOptions &options_;
  DiagnosticEngine &diags_;
  std::vector<interp::KernelArg> args_;
  std::vector<interp::HostBuffer> buffers_;
  std::vector<std::vector<int64_t>> shapes_; // per buffer, as loaded
  std::map<std::string, size_t> bufferOf_;
};

} // namespace

int runCommand(int argc, char **argv) {
  RunOptions options;
  CLI::App app{"tritonc run: execute a kernel on the CPU interpreter", "tritonc run"};
  app.add_option("input", options.input, "kernel source (.py)")->required();
  app.add_option("--kernel", options.kernel, "the @triton.jit function to run");
  app.add_option("--signature", options.signature, "parameter types and constexpr values, as for compiling");
  app.add_option("--grid", options.grid, "programs along x[,y[,z]]")->required();
  app.add_option("--arg", options.args, "NAME=VALUE: a .npy file or zeros:N for a pointer, a number for a scalar");
  app.add_option("--out", options.outs, "NAME=FILE.npy: write a pointer parameter's buffer after the run");
  app.add_option("-I,--include", options.includeDirs, "search this folder for imported kernel modules (repeatable)");
  app.add_option("--host-value", options.hostValues, "NAME=VALUE: as for compiling")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  DiagnosticEngine diags(std::cerr);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    diags.errorNoLocation(Diag::BadOption, e.what());
    return 1;
  }
  try {
    return Runner(options, diags).run();
  } catch (const InternalError &e) {
    std::cerr << "tritonc: internal compiler error: " << e.what()
              << "\nthis is a bug in tritonc, not in your kernel; please report it with the input file\n";
    return 2;
  }
}

} // namespace tritonc
