// The `tritonc` command line (DESIGN.md §5). Parses options, then hands
// one CompileOptions to compile(); `tritonc run` goes to RunCommand.cpp.
#include "tritonc/driver/Compile.h"
#include "RunCommand.h"

#include "tritonc/sema/LanguageSurface.h"
#include "tritonc/support/Diagnostics.h"
#include "tritonc/transforms/Pipeline.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <sstream>
#include <string_view>

namespace {

std::vector<std::string> splitList(const std::string &text, char separator) {
  std::vector<std::string> items;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, separator)) {
    item.erase(0, item.find_first_not_of(" \t"));
    item.erase(item.find_last_not_of(" \t") + 1);
    if (!item.empty())
      items.push_back(item);
  }
  return items;
}

// Splits "cdiv(n, 1024), 1, 1" at top-level commas only.
std::vector<std::string> splitGrid(const std::string &text) {
  std::vector<std::string> parts;
  std::string current;
  int depth = 0;
  for (char c : text) {
    depth += (c == '(') - (c == ')');
    if (c == ',' && depth == 0) {
      parts.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  parts.push_back(current);
  for (std::string &p : parts) {
    p.erase(0, p.find_first_not_of(" \t"));
    p.erase(p.find_last_not_of(" \t") + 1);
  }
  return parts;
}

int fail(const std::string &message) {
  std::cerr << "tritonc: error: " << message << " [BadOption]\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  // `tritonc run ...` interprets a kernel on the CPU; it has its own options.
  if (argc > 1 && std::string_view(argv[1]) == "run")
    return tritonc::runCommand(argc - 1, argv + 1);
  // The README's language table, made from sema's own registries.
  if (argc == 2 && std::string_view(argv[1]) == "--language-table") {
    tritonc::DiagnosticEngine diags(std::cerr);
    std::string table = tritonc::languageSurfaceMarkdown(diags);
    std::cout << table;
    return table.empty() ? 1 : 0;
  }
  tritonc::CompileOptions options;
  std::string emit = "ptx", archs = "sm_90a", grid, passes;
  CLI::App app{"tritonc: ahead-of-time compiler for Triton kernels"};
  app.set_version_flag("--version", std::string("tritonc ") + TRITONC_VERSION + " (the Triton 3.6 language; LLVM " +
                                        TRITONC_LLVM_VERSION + ")");
  app.add_option("input", options.input, "kernel source (.py)")->required();
  app.add_option("-o,--output", options.output, "output file, `-` for stdout")->required();
  app.add_option("--kernel", options.kernel, "the @triton.jit function to compile");
  app.add_option("--signature", options.signatures,
                 "parameter types and constexpr values, e.g. \"*fp32:16, i32, 1024\"; repeat it for "
                 "several specialisations behind one launcher")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--num-warps", options.numWarps, "warps per program")->check(CLI::IsMember({1, 2, 4, 8, 16, 32}));
  app.add_option("--num-stages", options.numStages, "software pipelining depth")->check(CLI::Range(1, 8));
  app.add_option("--arch", archs, "target(s), comma-separated: sm_80 sm_86 sm_89 sm_90 sm_90a");
  app.add_option("--emit", emit, "what to write")
      ->check(CLI::IsMember({"ast", "tir", "tir-gpu", "llvm", "ptx", "cubin"}));
  app.add_option("--header", options.headerPath, "write a C++ launcher header here");
  std::string ptxas;
  app.add_option("--ptxas", ptxas,
                 "the ptxas that makes cubins (default: the build's, else PATH's); "
                 "`--ptxas=` for none")
      ->expected(0, 1);
  app.add_option("--libdevice", options.libdevicePath,
                 "the libdevice.10.bc to link (default: the CUDA toolkit's found at build time); Triton's own "
                 "(triton/backends/nvidia/lib) gives Triton's last bits where the two differ")
      ->check(CLI::ExistingFile);
  app.add_option("--metadata", options.metadataPath, "metadata JSON path (default: OUT with .json)");
  app.add_option("--grid", grid, "launch grid as three C expressions over parameter names");
  app.add_option("--print-after", options.printAfter, "print the tile IR after this pass (to stderr)");
  app.add_option("--print-analysis", options.printAnalysis,
                 "print an analysis to stderr: axis-info, liveness, shared-memory, hazards, pipeline-schedule")
      ->check(CLI::IsMember({"axis-info", "liveness", "shared-memory", "hazards", "pipeline-schedule"}));
  app.add_option("-I,--include", options.includeDirs, "search this folder for imported kernel modules (repeatable)");
  app.add_option("--host-value", options.hostValues,
                 "NAME=VALUE: the value of a module-level name that only Python code computes (a literal as in "
                 "--signature, a libdevice function: libdevice.tanh, or triton.jit: the @triton.jit function the "
                 "module defines as NAME, as written, under a decorator of its own; NAME bare, or qualified by "
                 "its module: pkg.mod.NAME; repeatable)")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--depfile", options.depfilePath, "write a Make-style depfile listing every source file read");
  app.add_option("--tuning", options.tuningFiles,
                 "bake a tritonc-tune result into an autotuned launcher (repeat it, one file per device)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_option("--tuning-buckets", options.tuningBuckets,
                 "round keys up to powers of two before matching them with the tuning table")
      ->check(CLI::IsMember({"pow2"}));
  app.add_flag("--time-report", options.timeReport, "print the time each compilation phase took (to stderr)");
  std::string exp2Form = "ptxas";
  app.add_option("--exp2-form", exp2Form,
                 "how fp32 exp is emitted, with the same results: `ptxas` (ex2.approx.f32, expanded by "
                 "ptxas) or `short-predicates` (faster where many exponentials are in flight; a register more "
                 "per exponential). exp2 flushes subnormal results to zero, as in Triton, and needs neither")
      ->check(CLI::IsMember({"ptxas", "short-predicates"}));
  app.add_option("--maxnreg", options.maxRegisters,
                 "at most this many registers per thread (PTX .maxnreg, as Triton's `maxnreg`): e.g. 128 with 8 "
                 "warps lets two CTAs share an SM")
      ->check(CLI::Range(16u, 255u));
  app.add_option("--fp32-dot-default", options.fp32DotDefault,
                 "the precision of fp32 `tl.dot`s that name none, as Triton's TRITON_F32_DEFAULT sets it "
                 "(default: tf32, or ieee where `allow_tf32=False`)")
      ->check(CLI::IsMember({"tf32", "tf32x3", "ieee", "bf16x3", "bf16x6"}, CLI::ignore_case));
  app.add_flag("--no-tma", options.noTma,
               "on sm_90a, copy block pointer and tensor descriptor tiles with cp.async rather than TMA "
               "bulk tensor copies (the kernel then takes no tensor maps)");
  CLI::Option *warpSpecialize =
      app.add_flag("--warp-specialize", options.warpSpecialize,
                   "on sm_90a, give a matmul loop's TMA copies to a warpgroup of their own, launched beside num_warps "
                   "(the metadata's num_warps counts it); its slots are handed back through mbarriers");
  app.add_flag("--persistent", options.persistent,
               "with --warp-specialize, where the loop is not behind a full-tile test: the first CTAs, one per SM, "
               "loop over the grid's tiles (along axis 0), the producer copying the next tile's stages during the "
               "consumers' epilogue; the others end at once")
      ->needs(warpSpecialize);
  app.add_flag("--no-alignment-dispatch", options.noAlignmentDispatch,
               "add no specialisation under the alignment promises that would widen a dot's loads (a stride "
               "of 1000 halves: 16-byte rows), which the launcher runs where the arguments keep them");
  app.add_option("--passes", passes, "run only these passes, comma-separated (`--passes=` runs none)")->expected(0, 1);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    return fail(e.what());
  }

  static const std::map<std::string, tritonc::EmitKind> emitKinds = {
      {"ast", tritonc::EmitKind::AST},   {"tir", tritonc::EmitKind::TIR}, {"tir-gpu", tritonc::EmitKind::TIRGPU},
      {"llvm", tritonc::EmitKind::LLVM}, {"ptx", tritonc::EmitKind::PTX}, {"cubin", tritonc::EmitKind::CUBIN}};
  options.emit = emitKinds.at(emit);
  options.archs = splitList(archs, ',');
  if (options.archs.empty())
    return fail("`--arch` names no architecture");
  if (app.count("--ptxas"))
    options.ptxas = ptxas;
  options.exp2ShortPredicates = exp2Form == "short-predicates";
  if (app.count("--passes"))
    options.passes = splitList(passes, ',');
  std::vector<std::string> known = tritonc::passNames();
  for (const std::string &p : options.passes.value_or(std::vector<std::string>{}))
    if (std::find(known.begin(), known.end(), p) == known.end())
      return fail("unknown pass `" + p + "` in `--passes`");
  if (!options.printAfter.empty() && std::find(known.begin(), known.end(), options.printAfter) == known.end())
    return fail("unknown pass `" + options.printAfter + "` in `--print-after`");
  if (const char *path = std::getenv("TRITONC_PATH"))
    for (const std::string &dir : splitList(path, ':'))
      options.includeDirs.push_back(dir);
  if (!grid.empty()) {
    options.grid = splitGrid(grid);
    if (options.grid.size() != 3)
      return fail("`--grid` needs three comma-separated expressions");
  }

  try {
    return tritonc::compile(options, std::cerr);
  } catch (const tritonc::InternalError &e) {
    std::cerr << "tritonc: internal compiler error: " << e.what()
              << "\nthis is a bug in tritonc, not in your kernel; please report it with the input file\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "tritonc: error: " << e.what() << '\n';
    return 1;
  }
}
