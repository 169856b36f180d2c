#include "tritonc/driver/Compile.h"

#include "Configurations.h"
#include "tritonc/driver/Files.h"
#include "tritonc/driver/HostValues.h"
#include "TuningFile.h"
#include "Outputs.h"

#include "tritonc/frontend/EarlyReturns.h"
#include "tritonc/analysis/AlignmentChecks.h"
#include "tritonc/analysis/AxisInfo.h"
#include "tritonc/analysis/Liveness.h"
#include "tritonc/analysis/PipelineSchedule.h"
#include "tritonc/analysis/SharedMemory.h"
#include "tritonc/analysis/SharedMemoryHazards.h"
#include "tritonc/analysis/TensorMaps.h"
#include "tritonc/codegen/Codegen.h"
#include "tritonc/host/LauncherHeader.h"
#include "tritonc/support/Signature.h"
#include "tritonc/host/Specialisations.h"
#include "tritonc/frontend/ASTPrinter.h"
#include "tritonc/frontend/Parser.h"
#include "tritonc/ir/Parser.h"
#include "tritonc/ir/Printer.h"
#include "tritonc/ir/Verifier.h"
#include "tritonc/ir/Walk.h"
#include "tritonc/lowering/Lowering.h"
#include "tritonc/sema/Sema.h"
#include "tritonc/transforms/Pipeline.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

namespace tritonc {

namespace {

bool isTileIRFile(const std::string &path) { return path.ends_with(".tir"); }

// The first op, regions included, for which `matches` holds.
template <typename Predicate> const tir::Op *firstOp(const tir::Block &block, const Predicate &matches) {
  for (const auto &op : block.ops) {
    if (matches(*op))
      return op.get();
    for (const auto &region : op->regions)
      if (const tir::Op *inner = firstOp(*region, matches))
        return inner;
  }
  return nullptr;
}

// sm_89's fp8 conversion instructions: a conversion to or from fp8, or a
// dot of fp8 operands.
bool needsFp8Conversions(const tir::Op &op) {
  bool converts = (op.kind == tir::OpKind::ExtF || op.kind == tir::OpKind::TruncF) &&
                  (isFp8(op.operands[0]->type.elem.kind) || isFp8(op.result()->type.elem.kind));
  return converts || (op.kind == tir::OpKind::Dot && isFp8(op.operands[0]->type.elem.kind));
}

// Only sm_90a runs a dot in a wgmma layout or a bulk tensor copy. Layout
// assignment and pipelining make them only for sm_90a; a `.tir` file may
// carry them to any target.
bool needsSm90a(const tir::Op &op) {
  return tir::isWgmmaDot(op) || op.kind == tir::OpKind::TmaCopy || op.kind == tir::OpKind::TmaStore ||
         op.kind == tir::OpKind::TmaStoreWait || op.kind == tir::OpKind::TmaWait;
}

// `atom.add.bf16` exists from sm_90 on.
bool isBf16Atomic(const tir::Op &op) {
  return op.kind == tir::OpKind::AtomicRMW && op.operands[1]->type.elem.kind == ScalarKind::BF16;
}

uint64_t sharedBytesOf(const tir::Module &module) {
  uint64_t most = 0;
  for (const auto &f : module.functions)
    most = std::max(most, SharedMemoryAllocation(*f, Liveness(*f)).totalBytes());
  return most;
}

// fp8 conversions exist from sm_89 on, bf16 atomics from sm_90, wgmma and
// bulk tensor copies on sm_90a alone, and a block's shared memory is
// bounded; say so rather than let code generation, ptxas or the launch
// fail. `module` is the one compiled for `gpu`.
bool checkArchFeatures(const tir::Module &module, const Target &gpu, DiagnosticEngine &diags) {
  const std::string &arch = gpu.name();
  for (const auto &f : module.functions) {
    SharedMemoryAllocation shared(*f, Liveness(*f));
    if (shared.totalBytes() > gpu.maxSharedBytes()) {
      const SharedBuffer &largest =
          *std::max_element(shared.buffers().begin(), shared.buffers().end(),
                            [](const SharedBuffer &a, const SharedBuffer &b) { return a.bytes < b.bytes; });
      diags.error(Diag::TooMuchSharedMemory, largest.op->loc, shared.totalBytes(), largest.bytes, arch,
                  gpu.maxSharedBytes());
      return false;
    }
    if (const tir::Op *op = gpu.hasFp8Conversions() ? nullptr : firstOp(f->body, needsFp8Conversions)) {
      diags.error(Diag::NeedsNewerArch, op->loc, "fp8 conversions", arch);
      return false;
    }
    if (const tir::Op *op = gpu.hasBf16Atomics() ? nullptr : firstOp(f->body, isBf16Atomic)) {
      diags.error(Diag::NeedsSm90, op->loc, "`bf16` atomics", arch);
      return false;
    }
    if (const tir::Op *op = gpu.hasWgmma() ? nullptr : firstOp(f->body, needsSm90a)) {
      diags.error(Diag::NeedsSm90a, op->loc,
                  op->kind == tir::OpKind::Dot ? "a dot in a wgmma layout (`#mma<v3, ...>`)" : "a bulk tensor copy",
                  arch);
      return false;
    }
  }
  return true;
}

// The tensor maps a compiled module's kernel takes, as the launcher and
// the metadata describe them.
std::vector<TensorMapInfo> describeTensorMaps(const tir::Module &module, const KernelInfo &info) {
  std::vector<TensorMapInfo> out;
  for (const auto &f : module.functions) {
    TensorMaps maps(*f);
    for (const TensorMap &map : maps.maps()) {
      auto host = [&](const KernelScalar &s) {
        return s.param ? HostValue{info.params.at(*s.param).name, 0} : HostValue{"", s.constant};
      };
      const KernelParam &base = info.params.at(map.baseParam);
      TensorMapInfo t;
      t.base = base.name;
      t.dtype = base.type.substr(1);
      t.elementBytes = bitWidth(map.elem) / 8;
      t.globalDims = {host(map.cols), host(map.rows)};
      t.globalStrides = {host(map.rowStride)};
      t.boxDims = {map.box.cols, map.box.rows};
      for (size_t d = map.outerSizes.size(); d-- > 0;) { // innermost first
        t.globalDims.push_back(host(map.outerSizes[d]));
        t.globalStrides.push_back(host(map.outerStrides[d]));
        t.boxDims.push_back(1);
      }
      t.swizzleBytes = map.box.swizzleBytes;
      out.push_back(t);
    }
  }
  return out;
}

// `signature` with each checked parameter's hint raised to its promise;
// none for a signature with tuples or host descriptors, whose entries are
// not one per parameter.
std::optional<std::string> strengthenedSignature(const Signature &signature, const std::vector<KernelParam> &params,
                                                 const std::vector<AlignmentCheck> &checks) {
  std::map<std::string, int64_t> promised;
  for (const AlignmentCheck &check : checks)
    promised[params.at(check.param).name] = check.divisibility;
  std::string text;
  size_t next = 0;
  for (const SignatureEntry &e : signature.entries) {
    if (e.kind == SignatureEntry::Kind::Tuple || e.kind == SignatureEntry::Kind::TensorDesc)
      return std::nullopt;
    std::string written = e.text;
    if (e.kind != SignatureEntry::Kind::Constexpr) {
      const std::string &name = e.name.empty() ? params.at(next).name : e.name;
      ++next;
      if (auto it = promised.find(name); it != promised.end())
        written = entryWithHint(e, int(it->second));
    }
    text += (text.empty() ? "" : ", ") + written;
  }
  return text;
}

// A specialisation of a kernel under promises its signature does not make.
struct AlignedSpecialisation {
  KernelInfo info;
  std::vector<AlignmentCheck> checks;
};

// The specialisations worth adding beside a kernel, under the promises
// worth checking at launch (AlignmentChecks.h), strongest first: Triton
// specialises integers by 16 alone, so a matmul whose strides are 1000
// halves streams its tiles with 2-byte loads though every row is 16-byte
// aligned; the launcher (and the drop-in) run the first whose hints hold.
// None where no promise widens a dot's loads.
std::vector<AlignedSpecialisation> alignedSpecialisations(const std::function<std::unique_ptr<tir::Module>()> &lower,
                                                          const KernelInfo &general, const Signature &signature,
                                                          const Target &gpu) {
  std::unique_ptr<tir::Module> tile = lower();
  tile->target = gpu;
  PipelineOptions tileLevel;
  tileLevel.tileLevelOnly = true;
  runPipeline(*tile, tileLevel);
  if (tile->functions.size() != 1 || tile->functions.front()->body.args.size() != general.params.size())
    return {};
  std::vector<AlignedSpecialisation> out;
  for (std::vector<AlignmentCheck> &checks : alignmentWorthChecking(*tile->functions.front())) {
    std::optional<std::string> text = strengthenedSignature(signature, general.params, checks);
    if (!text)
      return {};
    KernelInfo aligned = general;
    aligned.signature = *text;
    for (const AlignmentCheck &check : checks)
      aligned.params[check.param].hint = int(check.divisibility);
    out.push_back({std::move(aligned), std::move(checks)});
  }
  return out;
}

// Whether an aligned specialisation may be added: only where code is
// written to files someone launches, and not where the output is a
// printout of passes or analyses of the one asked for.
bool addsAlignedSpecialisation(const CompileOptions &options) {
  bool emitsCode = options.emit == EmitKind::PTX || options.emit == EmitKind::CUBIN;
  bool onlyStdout = options.output == "-" && options.headerPath.empty();
  return emitsCode && !onlyStdout && !options.noAlignmentDispatch && !options.passes && options.printAfter.empty() &&
         options.printAnalysis.empty();
}

// What every kernel's metadata says, however it was given.
KernelInfo launchInfo(const std::string &name, const CompileOptions &options) {
  KernelInfo info;
  info.name = name;
  info.entry = name;
  info.arch = options.archs.front();
  info.numWarps = int(options.numWarps);
  info.numStages = int(options.numStages);
  info.threadsPerBlock = int(32 * options.numWarps);
  info.sharedBytes = 0; // set by code generation
  return info;
}

KernelInfo describeKernel(const TypedKernel &kernel, const CompileOptions &options, const std::string &signature) {
  KernelInfo info = launchInfo(kernel.def->name, options);
  info.signature = signature;
  for (const BoundParam &p : kernel.params) {
    if (p.tupleIndex == 0)
      info.tuples.push_back({p.tuple, {}});
    if (!p.tuple.empty())
      info.tuples.back().elements.push_back(p.name);
    if (p.isConstexpr) {
      info.constexprs.emplace_back(p.name, p.value.json());
      continue;
    }
    info.params.push_back({p.name, p.signatureType, p.hint});
    if (!p.descriptorBlock.empty())
      info.tensorDescriptors.push_back({p.descriptor, p.signatureType.substr(1), p.descriptorBlock, {}});
    if (!p.descriptor.empty())
      info.tensorDescriptors.back().params.push_back(p.name);
  }
  return info;
}

// A tile IR function has no constexprs left; its parameters' types and
// hints are the signature it was compiled for.
KernelInfo describeKernel(const tir::Function &function, const CompileOptions &options) {
  KernelInfo info = launchInfo(function.name, options);
  for (size_t i = 0; i < function.body.args.size(); ++i) {
    const tir::Value &arg = *function.body.args[i];
    const tir::ParamHint &hint = function.paramHints[i];
    const ElemType &elem = arg.type.elem;
    KernelParam param{arg.nameHint,
                      elem.isPointer() ? std::string("*") + signatureName(elem.pointee) : signatureName(elem.kind),
                      hint.equalToOne         ? 1
                      : hint.divisibility > 1 ? int(hint.divisibility)
                                              : 0};
    info.signature += (i ? ", " : "") + param.type + (param.hint ? ":" + std::to_string(param.hint) : "");
    info.params.push_back(std::move(param));
  }
  return info;
}

// A `.tir` input in place of parse, sema and lowering: the parsed module,
// with only the `--kernel` function when one is named, checked by the
// verifier as the user's text (at the level its types show).
std::unique_ptr<tir::Module> loadTileIR(const SourceFile &source, const CompileOptions &options,
                                        DiagnosticEngine &diags) {
  if (options.emit == EmitKind::AST) {
    diags.errorNoLocation(Diag::TIREmitAST, options.input);
    return nullptr;
  }
  std::unique_ptr<tir::Module> module = tir::parseTIR(source, diags);
  if (!module)
    return nullptr;
  module->numWarps = options.numWarps;
  module->numStages = options.numStages;
  std::vector<std::unique_ptr<tir::Function>> &functions = module->functions;
  std::string names;
  for (const auto &f : functions)
    names += (names.empty() ? "`@" : ", `@") + f->name + "`";
  if (!options.kernel.empty()) {
    auto it =
        std::find_if(functions.begin(), functions.end(), [&](const auto &f) { return f->name == options.kernel; });
    if (it == functions.end()) {
      diags.errorNoLocation(Diag::TIRUnknownFunction, options.kernel, names);
      return nullptr;
    }
    std::unique_ptr<tir::Function> chosen = std::move(*it);
    functions.clear();
    functions.push_back(std::move(chosen));
  }
  bool emitsCode = options.emit == EmitKind::LLVM || options.emit == EmitKind::PTX;
  if (emitsCode && functions.size() > 1) {
    diags.errorNoLocation(Diag::AmbiguousKernel, names);
    return nullptr;
  }
  if (std::optional<tir::VerifyFailure> failure = tir::verifyOrExplain(*module, tir::levelOf(*module))) {
    diags.error(Diag::TIRInvalid, failure->loc, failure->rule);
    return nullptr;
  }
  return module;
}

// Shared-memory analyses size buffers from layouts; axis info and
// liveness hold at any level.
bool printAnalysis(const tir::Module &ir, const std::string &name, DiagnosticEngine &diags) {
  bool needsLayouts = name == "shared-memory" || name == "hazards" || name == "pipeline-schedule";
  if (needsLayouts && tir::verifyOrExplain(ir, tir::VerifyLevel::GPU)) {
    diags.errorNoLocation(Diag::AnalysisNeedsLayouts, name);
    return false;
  }
  for (const auto &f : ir.functions) {
    if (name == "pipeline-schedule") {
      // Printed for the IR as it stands: a `.tir` at GPU level, not yet
      // pipelined, shows what the pipeliner would do with it.
      printPipelineSchedules(*f, ir.numStages, ir.target, ir.target.hasBulkTensorCopies() && ir.allowTma, std::cerr);
      continue;
    }
    if (name == "axis-info") {
      AxisInfoAnalysis(*f).print(*f, std::cerr);
      continue;
    }
    Liveness liveness(*f);
    if (name == "liveness") {
      liveness.print(std::cerr);
      continue;
    }
    SharedMemoryAllocation allocation(*f, liveness);
    if (name == "shared-memory")
      allocation.print(std::cerr);
    else
      SharedMemoryHazards(*f, allocation).print(std::cerr);
  }
  return true;
}

// What the launcher of every configuration needs besides the compiled
// variants.
AutotunedLauncher autotunedLauncher(const ConfigurationPlan &plan, const std::vector<std::string> &signatures) {
  AutotunedLauncher launcher;
  for (const std::string &s : signatures)
    launcher.signature += (launcher.signature.empty() ? "" : "; ") + s;
  launcher.heuristics = plan.heuristics;
  for (const ConfigurationPlan::Config &c : plan.configs)
    launcher.configLabels.push_back(c.label);
  launcher.key = plan.key;
  launcher.resetToZero = plan.resetToZero;
  launcher.restoreValue = plan.restoreValue;
  launcher.warmupMs = plan.warmupMs;
  launcher.repMs = plan.repMs;
  return launcher;
}

} // namespace

namespace {

// Make's syntax: spaces and `#` escaped with a backslash, `$` doubled.
std::string depfileEscape(const std::string &path) {
  std::string out;
  for (char c : path) {
    if (c == ' ' || c == '#' || c == '\\')
      out += '\\';
    if (c == '$')
      out += '$';
    out += c;
  }
  return out;
}

// Everything after the front end for one specialisation: the pass
// pipeline, then either the printout `--emit` asks for, written to the
// output, or one PTX image per arch, added to `specs`. `lower` makes the
// tile IR again for each target whose dots take other instructions
// (sm_90a's wgmma changes their layouts).
int generate(const CompileOptions &options, const std::vector<Target> &targets,
             const std::function<std::unique_ptr<tir::Module>()> &lower, std::unique_ptr<tir::Module> ir,
             KernelInfo info, PhaseTimes &times, DiagnosticEngine &diags, std::vector<LauncherSpecialisation> &specs) {
  // Debug printouts (`--print-after`, `--print-analysis`) go to stderr so
  // they never mix with the output file.
  PipelineOptions pipeline;
  pipeline.passes = options.passes;
  pipeline.printAfter = options.printAfter;
  pipeline.printStream = &std::cerr;
  pipeline.tileLevelOnly = options.emit == EmitKind::TIR;
  ir->target = targets.front();
  ir->allowTma = !options.noTma;
  ir->warpSpecialize = options.warpSpecialize;
  // Requests only where one launch serves one image: elsewhere a
  // specialisation or arch the request cannot take would have to share it.
  const bool honourRequests = targets.size() == 1 && options.signatures.size() <= 1;
  ir->warpSpecializeRequests = honourRequests;
  ir->persistent = options.persistent;
  runPipeline(*ir, pipeline);
  times.finish("tile IR passes");
  if (!options.printAnalysis.empty() && !printAnalysis(*ir, options.printAnalysis, diags))
    return 1;
  if (options.emit == EmitKind::TIR || options.emit == EmitKind::TIRGPU) {
    std::ostringstream printed;
    tir::print(*ir, printed);
    return writeFile(options.output, printed.str(), diags) ? 0 : 1;
  }

  // `--passes` may have left out layout assignment.
  if (std::optional<tir::VerifyFailure> failure = tir::verifyOrExplain(*ir, tir::VerifyLevel::GPU)) {
    diags.error(Diag::TIRNotGPULevel, failure->loc, options.emit == EmitKind::LLVM ? "llvm" : "ptx");
    return 1;
  }
  CodegenOptions codegen;
  codegen.exp2ShortPredicates = options.exp2ShortPredicates;
  codegen.maxRegisters = options.maxRegisters;
  codegen.libdevicePath = options.libdevicePath;
  if (options.timeReport)
    codegen.times = &times;
  if (options.emit == EmitKind::LLVM) {
    codegen.target = targets.front();
    if (!checkArchFeatures(*ir, codegen.target, diags))
      return 1;
    return writeFile(options.output, generateCode(*ir, codegen, CodegenOutput::LLVM), diags) ? 0 : 1;
  }
  std::vector<LauncherImage> images;
  for (const Target &gpu : targets) {
    codegen.target = gpu;
    std::unique_ptr<tir::Module> own;
    const tir::Module *target = ir.get();
    // The tile IR again, through `passes`, for this target and depth.
    auto lowerAgain = [&](unsigned stages, const PipelineOptions &passes) {
      std::unique_ptr<tir::Module> module = lower();
      module->target = gpu;
      module->allowTma = !options.noTma;
      module->warpSpecialize = options.warpSpecialize;
      module->warpSpecializeRequests = honourRequests;
      module->persistent = options.persistent;
      module->numStages = stages;
      runPipeline(*module, passes);
      return module;
    };
    PipelineOptions quiet = pipeline;
    quiet.printStream = nullptr;
    auto relower = [&](unsigned stages) {
      own = lowerAgain(stages, quiet);
      target = own.get();
    };
    if (gpu.hasWgmma() != ir->target.hasWgmma() || gpu.hasBulkTensorCopies() != ir->target.hasBulkTensorCopies())
      relower(ir->numStages);
    // Rings `num_stages` deep may not fit a target with less shared memory
    // (sm_80's 163 KB against sm_90's 227 KB): that target's code gets as
    // many stages as fit, and a warning says so.
    unsigned stages = target->numStages;
    uint64_t shared = sharedBytesOf(*target);
    while (stages > 1 && shared > gpu.maxSharedBytes()) {
      relower(--stages);
      shared = sharedBytesOf(*target);
    }
    if (stages != ir->numStages && shared <= gpu.maxSharedBytes())
      diags.warning(Diag::FewerStages, target->functions.front()->loc, ir->numStages, gpu.name(), gpu.maxSharedBytes(),
                    stages);
    if (!checkArchFeatures(*target, gpu, diags))
      return 1;
    // One launch serves every image: a warp-specialised one launches its
    // producer's warps too, and so may not sit beside one that does not.
    int threads = int(32 * (options.numWarps + tir::producerWarps(*target->functions.front())));
    if (!images.empty() && threads != info.threadsPerBlock) {
      diags.error(Diag::WarpSpecializeArchs, target->functions.front()->loc);
      return 1;
    }
    info.threadsPerBlock = threads;
    info.numWarps = threads / 32;
    unsigned sharedBytes = 0;
    images.push_back({gpu, generateCode(*target, codegen, CodegenOutput::PTX, &sharedBytes)});
    images.back().sharedBytes = int(sharedBytes);
    // Loads issued an iteration ahead pay only where ptxas finds the
    // registers for them (bench/RESULTS.md, session 44): the image is the
    // kernel without them, and the prefetched one its alternative, which
    // the ptxas check takes where its registers say it pays (Outputs.cpp).
    if (target->prefetchedDotLoads && !options.passes) {
      PipelineOptions withoutPrefetch = quiet;
      withoutPrefetch.passes = passNames();
      std::erase(*withoutPrefetch.passes, "prefetch-dot-loads");
      std::unique_ptr<tir::Module> plain = lowerAgain(target->numStages, withoutPrefetch);
      unsigned plainSharedBytes = 0;
      LauncherImage &image = images.back();
      image.prefetchedPtx =
          std::exchange(image.ptx, generateCode(*plain, codegen, CodegenOutput::PTX, &plainSharedBytes));
      image.prefetchedSharedBytes = std::exchange(image.sharedBytes, int(plainSharedBytes));
      sharedBytes = plainSharedBytes;
    }
    // Only sm_90a images copy with TMA; the others ignore the maps passed
    // after their parameters.
    if (std::vector<TensorMapInfo> maps = describeTensorMaps(*target, info); !maps.empty())
      info.tensorMaps = std::move(maps);
    info.sharedBytes = std::max(info.sharedBytes, int(sharedBytes));
  }
  // The specialisations share one launch too (an added one that differs
  // is dropped: its diagnostics go nowhere).
  if (!specs.empty() && specs.front().info.threadsPerBlock != info.threadsPerBlock) {
    diags.error(Diag::WarpSpecializeSpecialisations, ir->functions.front()->loc, specs.size() + 1, info.threadsPerBlock,
                specs.front().info.threadsPerBlock);
    return 1;
  }
  specs.push_back({std::move(info), std::move(images)});
  return 0;
}

// A later specialisation must fit the first one's launch() and add
// something to it.
bool checkSpecialisation(const std::vector<LauncherSpecialisation> &specs, const KernelInfo &info,
                         DiagnosticEngine &diags) {
  if (specs.empty())
    return true;
  size_t number = specs.size() + 1;
  if (std::optional<std::string> mismatch = specialisationMismatch(specs.front().info, info)) {
    diags.errorNoLocation(Diag::SpecialisationMismatch, number, *mismatch);
    return false;
  }
  for (size_t i = 0; i < specs.size(); ++i)
    if (samePromises(specs[i].info, info)) {
      diags.errorNoLocation(Diag::DuplicateSpecialisation, number, i + 1);
      return false;
    }
  return true;
}

int compileWith(const CompileOptions &options, DiagnosticEngine &diags, std::vector<std::string> &sources) {
  // Every `--arch`, parsed once; the first is the one `output` gets.
  std::vector<Target> targets;
  for (const std::string &arch : options.archs) {
    std::optional<Target> target = Target::parse(arch);
    if (!target) {
      diags.errorNoLocation(Diag::UnknownArch, arch);
      return 1;
    }
    targets.push_back(*target);
  }
  std::vector<std::string> signatures = options.signatures;
  if (signatures.empty())
    signatures.push_back("");
  bool emitsCode = options.emit == EmitKind::PTX || options.emit == EmitKind::CUBIN;
  if (signatures.size() > 1 && (!emitsCode || isTileIRFile(options.input))) {
    diags.errorNoLocation(Diag::BadOption, isTileIRFile(options.input)
                                               ? "several `--signature`s need a `.py` input"
                                               : "`--emit` other than `ptx` or `cubin` takes one `--signature`");
    return 1;
  }
  PhaseTimes times;
  std::string text;
  if (!readFile(options.input, text, diags))
    return 1;
  SourceFile source(options.input, std::move(text));
  diags.setSource(&source);

  std::vector<LauncherSpecialisation> specs;
  if (isTileIRFile(options.input)) {
    std::unique_ptr<tir::Module> ir = loadTileIR(source, options, diags);
    if (!ir)
      return 1;
    KernelInfo info = describeKernel(*ir->functions.front(), options);
    times.finish("front end");
    int rc = generate(
        options, targets, [&] { return loadTileIR(source, options, diags); }, std::move(ir), std::move(info), times,
        diags, specs);
    if (rc != 0 || !emitsCode)
      return rc;
  } else {
    std::unique_ptr<ast::Module> module = parseModule(source, diags);
    if (diags.hasErrors())
      return 1;
    if (options.emit == EmitKind::AST) {
      std::ostringstream out;
      printAST(*module, source, out);
      return writeFile(options.output, out.str(), diags) ? 0 : 1;
    }
    foldEarlyReturns(*module);
    // One set of modules for every signature: each file is read once.
    ModuleSet modules(&source, *module, options.includeDirs);
    if (!addHostValues(modules, options.hostValues, diags))
      return 1;
    std::vector<Signature> parsed;
    for (const std::string &text : signatures) {
      std::optional<Signature> signature = parseSignature(text, diags);
      if (!signature)
        return 1;
      parsed.push_back(std::move(*signature));
    }
    std::optional<DecoratedKernel> decorated = readDecorators(modules, options.kernel, diags);
    if (!decorated)
      return 1;
    std::optional<ConfigurationPlan> plan =
        planConfigurations(*decorated, parsed, signatures, options.numWarps, options.numStages, diags);
    if (diags.hasErrors())
      return 1;
    if (!plan && !options.tuningFiles.empty()) {
      diags.errorNoLocation(Diag::BadOption, "`--tuning` needs an autotuned kernel and a signature that leaves out "
                                             "the meta-parameters its configurations set");
      return 1;
    }
    // One compilation per signature; with a plan, per signature of each
    // variant, under the variant's configuration. Where one signature is
    // given, an aligned specialisation may follow it (alignedSpecialisation);
    // several are the user's own choice of specialisations.
    auto compileOne = [&](const CompileOptions &variantOptions, const Signature &signature, const std::string &text,
                          std::vector<LauncherSpecialisation> &into, bool onlySignature) {
      std::optional<TypedKernel> kernel = analyzeKernel(modules, variantOptions.kernel, signature, diags);
      sources = modules.filesRead();
      if (!kernel)
        return 1;
      kernel->fp32DotDefault = variantOptions.fp32DotDefault;
      KernelInfo info = describeKernel(*kernel, variantOptions, text);
      info.sources = sources;
      info.environment = modules.environmentRead();
      if (!checkSpecialisation(into, info, diags))
        return 1;
      auto lower = [&] {
        std::unique_ptr<tir::Module> lowered = lowerKernel(*kernel);
        lowered->numWarps = variantOptions.numWarps;
        lowered->numStages = variantOptions.numStages;
        return lowered;
      };
      std::unique_ptr<tir::Module> ir = lower();
      times.finish("front end");
      KernelInfo general = info;
      if (int rc = generate(variantOptions, targets, lower, std::move(ir), std::move(info), times, diags, into))
        return rc;
      if (!onlySignature || !addsAlignedSpecialisation(variantOptions))
        return 0;
      for (AlignedSpecialisation &aligned : alignedSpecialisations(lower, general, signature, targets.front())) {
        auto lowerAligned = [&] {
          std::unique_ptr<tir::Module> promised = lower();
          for (const AlignmentCheck &check : aligned.checks)
            promised->functions.front()->paramHints[check.param].divisibility = check.divisibility;
          return promised;
        };
        // The user asked for the general specialisation only: an added one
        // is left out, silently, where it cannot be made (too much shared
        // memory, a broken invariant), and its warnings would read as being
        // about the user's signature.
        std::ostringstream discarded;
        DiagnosticEngine scratch(discarded);
        scratch.setSource(diags.source());
        try {
          if (generate(variantOptions, targets, lowerAligned, lowerAligned(), std::move(aligned.info), times, scratch,
                       into) == 0)
            into.back().addedByCompiler = true;
        } catch (const InternalError &) {
        }
      }
      return 0;
    };
    // The command line's options with one configuration's warps, stages and
    // register cap (the command line's `--maxnreg` where it gives none).
    auto optionsFor = [&](size_t config) {
      CompileOptions variantOptions = options;
      const ConfigurationPlan::Config &c = plan->configs[config];
      variantOptions.numWarps = c.numWarps;
      variantOptions.numStages = c.numStages;
      if (c.maxRegisters)
        variantOptions.maxRegisters = c.maxRegisters;
      return variantOptions;
    };
    if (plan && !emitsCode) {
      // A printout shows the first configuration.
      const ConfigurationPlan::Variant &first = plan->variants.front();
      return compileOne(optionsFor(first.config), first.signatures.front(), first.signatureTexts.front(), specs, false);
    }
    if (plan) {
      AutotunedLauncher launcher = autotunedLauncher(*plan, signatures);
      for (const std::string &path : options.tuningFiles) {
        std::optional<TuningTable> table = readTuningFile(path, launcher, diags);
        if (!table)
          return 1;
        launcher.tables.push_back(std::move(*table));
      }
      launcher.powerOfTwoBuckets = options.tuningBuckets == "pow2";
      for (const ConfigurationPlan::Variant &v : plan->variants) {
        CompileOptions variantOptions = optionsFor(v.config);
        LauncherVariant compiled{v.config, v.conditions, v.heuristics, {}};
        for (size_t i = 0; i < v.signatures.size(); ++i)
          if (int rc = compileOne(variantOptions, v.signatures[i], v.signatureTexts[i], compiled.specs,
                                  v.signatures.size() == 1))
            return rc;
        launcher.variants.push_back(std::move(compiled));
      }
      if (options.timeReport) {
        std::cerr << "tritonc: time per phase\n";
        times.print(std::cerr);
      }
      return writeAutotunedOutputs(options, std::move(launcher), diags);
    }
    for (size_t i = 0; i < parsed.size(); ++i) {
      int rc = compileOne(options, parsed[i], signatures[i], specs, parsed.size() == 1);
      if (rc != 0 || !emitsCode)
        return rc;
    }
  }
  if (options.timeReport) {
    std::cerr << "tritonc: time per phase\n";
    times.print(std::cerr);
  }
  return writeOutputs(options, std::move(specs), diags);
}

} // namespace

int compile(const CompileOptions &options, std::ostream &diagOut) {
  DiagnosticEngine diags(diagOut);
  std::vector<std::string> sources{options.input};
  int rc = compileWith(options, diags, sources);
  if (rc != 0 || options.depfilePath.empty())
    return rc;
  std::string deps = depfileEscape(options.output) + ":";
  sources.push_back(sema::standardLibraryPath());
  // A new tuning result changes the header as a new kernel does.
  sources.insert(sources.end(), options.tuningFiles.begin(), options.tuningFiles.end());
  for (const std::string &s : sources)
    deps += " " + depfileEscape(s);
  return writeFile(options.depfilePath, deps + "\n", diags) ? 0 : 1;
}

} // namespace tritonc
