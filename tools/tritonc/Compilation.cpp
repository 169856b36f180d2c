#include "Compilation.h"

#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/codegen/Codegen.h"
#include "tritonc/driver/LauncherHeader.h"
#include "tritonc/driver/Metadata.h"
#include "tritonc/driver/Signature.h"
#include "tritonc/frontend/ASTPrinter.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/ir/Printer.h"
#include "tritonc/lowering/Lowering.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/transforms/Pipeline.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace tritonc {

namespace {

bool readFile(const std::string &path, std::string &text, DiagnosticEngine &diags) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    diags.errorNoLocation(Diag::CannotOpenFile, path, std::strerror(errno));
    return false;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  text = buffer.str();
  return true;
}

bool writeFile(const std::string &path, const std::string &text, DiagnosticEngine &diags) {
  if (path == "-") {
    std::cout << text;
    return bool(std::cout);
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) {
    diags.errorNoLocation(Diag::CannotWriteFile, path, std::strerror(errno));
    return false;
  }
  return true;
}

std::string withExtension(const std::string &path, const std::string &extension) {
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return path + extension;
  return path.substr(0, dot) + extension;
}

KernelInfo describeKernel(const TypedKernel &kernel, const CompileOptions &options, const std::string &arch) {
  KernelInfo info;
  info.name = kernel.def->name;
  info.entry = kernel.def->name;
  info.arch = arch;
  info.numWarps = int(options.numWarps);
  info.numStages = int(options.numStages);
  info.threadsPerBlock = int(32 * options.numWarps);
  info.sharedBytes = 0; // no op uses shared memory yet
  info.signature = options.signature;
  for (const BoundParam &p : kernel.params) {
    if (p.isConstexpr)
      info.constexprs.emplace_back(p.name, p.value.json());
    else
      info.params.push_back({p.name, p.signatureType, p.hint});
  }
  return info;
}

} // namespace

int compile(const CompileOptions &options, std::ostream &diagOut) {
  DiagnosticEngine diags(diagOut);
  for (const std::string &arch : options.archs)
    if (!isSupportedArch(arch)) {
      diags.errorNoLocation(Diag::UnknownArch, arch);
      return 1;
    }
  std::string text;
  if (!readFile(options.input, text, diags))
    return 1;
  SourceFile source(options.input, std::move(text));
  diags.setSource(&source);

  std::unique_ptr<ast::Module> module = parseModule(source, diags);
  if (diags.hasErrors())
    return 1;
  if (options.emit == EmitKind::AST) {
    std::ostringstream out;
    printAST(*module, source, out);
    return writeFile(options.output, out.str(), diags) ? 0 : 1;
  }

  std::optional<Signature> signature = parseSignature(options.signature, diags);
  if (!signature)
    return 1;
  std::optional<TypedKernel> kernel = analyzeKernel(*module, options.kernel, *signature, diags);
  if (!kernel)
    return 1;

  std::unique_ptr<tir::Module> ir = lowerKernel(*kernel);
  ir->numWarps = options.numWarps;
  // Debug printouts (`--print-after`, `--print-analysis`) go to stderr so
  // they never mix with the output file.
  PipelineOptions pipeline;
  pipeline.passes = options.passes;
  pipeline.printAfter = options.printAfter;
  pipeline.printStream = &std::cerr;
  pipeline.tileLevelOnly = options.emit == EmitKind::TIR;
  runPipeline(*ir, pipeline);
  if (options.printAnalysis == "axis-info")
    for (const auto &f : ir->functions)
      AxisInfoAnalysis(*f).print(*f, std::cerr);
  if (options.emit == EmitKind::TIR || options.emit == EmitKind::TIRGPU) {
    std::ostringstream printed;
    tir::print(*ir, printed);
    return writeFile(options.output, printed.str(), diags) ? 0 : 1;
  }

  CodegenOptions codegen;
  if (options.emit == EmitKind::LLVM) {
    codegen.arch = options.archs.front();
    return writeFile(options.output, generateCode(*ir, codegen, CodegenOutput::LLVM), diags) ? 0 : 1;
  }
  std::vector<LauncherImage> images;
  for (const std::string &arch : options.archs) {
    codegen.arch = arch;
    images.push_back({arch, generateCode(*ir, codegen, CodegenOutput::PTX)});
  }
  if (!writeFile(options.output, images.front().ptx, diags))
    return 1;
  KernelInfo info = describeKernel(*kernel, options, options.archs.front());
  std::string metadataPath = options.metadataPath;
  if (metadataPath.empty() && options.output != "-")
    metadataPath = withExtension(options.output, ".json");
  if (!metadataPath.empty() && !writeFile(metadataPath, writeMetadataJson(info), diags))
    return 1;
  if (!options.headerPath.empty()) {
    LauncherOptions launcher;
    launcher.grid = options.grid;
    if (!writeFile(options.headerPath, writeLauncherHeader(info, images, launcher), diags))
      return 1;
  }
  return 0;
}

} // namespace tritonc
