// LLVM IR -> PTX: libdevice linking, the O1 pipeline and the NVPTX
// backend, for one architecture.
#include "tritonc/codegen/Codegen.h"

#include "LLVMEmitter.h"
#include "MulHigh.h"
#include "WidenNarrowMinMax.h"
#include "tritonc/support/Diagnostics.h"

#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Linker/Linker.h>
#include <llvm/MC/TargetRegistry.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/TargetSelect.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/CorrelatedValuePropagation.h>
#include <llvm/TargetParser/Triple.h>

#include <algorithm>
#include <mutex>

namespace tritonc {

namespace {

constexpr const char *kTriple = "nvptx64-nvidia-cuda";

void initializeNVPTX() {
  static std::once_flag once;
  std::call_once(once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    // Shared-memory addresses fit in 32 bits: with 32-bit pointers in that
    // address space, tile offsets, copy destinations and wgmma descriptors
    // take 32-bit arithmetic instead of 64-bit (as Triton compiles them).
    const char *args[] = {"tritonc", "-nvptx-short-ptr"};
    llvm::cl::ParseCommandLineOptions(2, args);
  });
}

// Whether a block holds a tensor-core dot of fp8 operands (PTX 8.4's
// m16n8k32 e4m3/e5m2 form).
bool hasFp8Mma(const tir::Block &block) {
  for (const auto &op : block.ops) {
    if (tir::isTensorCoreDot(*op) && isFp8(op->operands[0]->type.elem.kind))
      return true;
    for (const auto &region : op->regions)
      if (hasFp8Mma(*region))
        return true;
  }
  return false;
}

std::unique_ptr<llvm::TargetMachine> createTargetMachine(const Target &gpu, bool fp8Mma, bool vectorAtomics) {
  initializeNVPTX();
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  TRITONC_CHECK(target, "NVPTX target missing from LLVM: " + error);
  llvm::TargetOptions options;
  // Fuse a*b+c into fma.rn, as Triton (and nvcc's default --fmad=true) do:
  // faster, and the results then match Triton's.
  options.AllowFPOpFusion = llvm::FPOpFusion::Fast;
  std::unique_ptr<llvm::TargetMachine> tm(
      target->createTargetMachine(triple, gpu.name(), gpu.ptxVersionFeature(fp8Mma, vectorAtomics), options,
                                  std::nullopt, std::nullopt, llvm::CodeGenOptLevel::Aggressive));
  TRITONC_CHECK(tm != nullptr, "LLVM could not create an NVPTX target machine for " + gpu.name());
  return tm;
}

bool callsLibdevice(const llvm::Module &m) {
  for (const llvm::Function &f : m)
    if (f.isDeclaration() && f.getName().starts_with("__nv_"))
      return true;
  return false;
}

void linkLibdevice(llvm::Module &m, const std::string &path) {
  std::string file = path.empty() ? TRITONC_DEFAULT_LIBDEVICE : path;
  auto buffer = llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    throw std::runtime_error("cannot read libdevice `" + file + "`: " + buffer.getError().message());
  // Read lazily: a kernel calls a handful of libdevice's hundreds of
  // functions, and only those (and what they call) are materialised.
  auto lib = llvm::getOwningLazyBitcodeModule(std::move(*buffer), m.getContext());
  if (!lib)
    throw std::runtime_error("cannot parse libdevice `" + file + "`: " + llvm::toString(lib.takeError()));
  (*lib)->setTargetTriple(m.getTargetTriple());
  (*lib)->setDataLayout(m.getDataLayout());
  TRITONC_CHECK(!llvm::Linker::linkModules(m, std::move(*lib), llvm::Linker::LinkOnlyNeeded),
                "linking libdevice failed");
  // libdevice's fp32 functions then take their flush-to-zero paths, as
  // Triton links them: the same results as Triton's, and `exp2` one
  // ex2.approx.ftz instruction rather than ptxas's predicated expansion.
  m.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz", 1);
  // Only kernels are entry points: libdevice's functions become internal,
  // so that once inlined they leave the module instead of staying in the
  // PTX as unused `.visible .func`s (`__nv_tanhf` in Liger's DyT).
  for (llvm::Function &f : m)
    if (!f.isDeclaration() && f.getCallingConv() != llvm::CallingConv::PTX_Kernel)
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
}

// O1, not O3: the emitter already hands LLVM folded, deduplicated
// straight-line code, and on every sample and tensor-core kernel of the
// benchmarks O1's PTX matched O3's instruction for instruction (2026-11-24)
// at a third of the time, which matters for a 100 ms compile budget.
void optimize(llvm::Module &m, llvm::TargetMachine &tm) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cam;
  llvm::ModuleAnalysisManager mam;
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O1);
  // O2's value-range narrowing, which O1 leaves out: a 64-bit `pid % n` of
  // a program id and a 32-bit n (Liger's RoPE) is a 32-bit `rem`, as under
  // Triton's O3, rather than a 64-bit one behind a run-time width test.
  // InstCombine first moves the freeze O1's quotient/remainder pairing put
  // on the widened divisor below the widening, where value ranges see it.
  llvm::FunctionPassManager ranges;
  ranges.addPass(llvm::InstCombinePass());
  ranges.addPass(llvm::CorrelatedValuePropagationPass());
  ranges.addPass(llvm::InstCombinePass());
  mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(ranges)));
  mpm.run(m, mam);
}

std::string emitPTX(llvm::Module &m, llvm::TargetMachine &tm) {
  llvm::SmallString<0> ptx;
  llvm::raw_svector_ostream stream(ptx);
  llvm::legacy::PassManager pm;
  TRITONC_CHECK(!tm.addPassesToEmitFile(pm, stream, nullptr, llvm::CodeGenFileType::AssemblyFile),
                "NVPTX cannot emit assembly");
  pm.run(m);
  return std::string(ptx.str());
}

} // namespace

std::string generateCode(const tir::Module &module, const CodegenOptions &options, CodegenOutput output,
                         unsigned *sharedBytes) {
  llvm::LLVMContext context;
  unsigned shared = 0;
  auto finish = [&](const char *phase) {
    if (options.times)
      options.times->finish(phase);
  };
  std::unique_ptr<llvm::Module> m =
      codegen::emitLLVM(module, context, shared, options.target, options.exp2ShortPredicates, options.maxRegisters);
  if (sharedBytes)
    *sharedBytes = shared;
  std::unique_ptr<llvm::TargetMachine> tm = createTargetMachine(
      options.target,
      std::any_of(module.functions.begin(), module.functions.end(), [](const auto &f) { return hasFp8Mma(f->body); }),
      codegen::usesVectorAtomics(*m));
  m->setTargetTriple(llvm::Triple(kTriple));
  m->setDataLayout(tm->createDataLayout());
  std::string error;
  llvm::raw_string_ostream errorStream(error);
  TRITONC_CHECK(!llvm::verifyModule(*m, &errorStream), "invalid LLVM IR from codegen: " + error);
  finish("LLVM IR emission");
  if (callsLibdevice(*m)) {
    linkLibdevice(*m, options.libdevicePath);
    finish("libdevice linking");
  }
  optimize(*m, *tm);
  codegen::widenNarrowMinMax(*m);
  codegen::reuseWideProductLowWords(*m);
  finish("LLVM optimisation");
  if (output == CodegenOutput::LLVM) {
    std::string text;
    llvm::raw_string_ostream out(text);
    m->print(out, nullptr);
    return text;
  }
  std::string ptx = emitPTX(*m, *tm);
  // Wide products kept as such are recomputed where used
  // (WideMultiplies.cpp); split, or fused with the add that reads them,
  // they are not. Outside kernels with asynchronous copies some stay kept:
  // one read by many adds, one made in a loop and read by few.
  ptx = splitWideMultiplies(ptx, /*splitEverywhere=*/ptx.find("cp.async") != std::string::npos);
  finish("NVPTX code generation");
  return ptx;
}

} // namespace tritonc
