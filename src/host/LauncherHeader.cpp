// The launcher header generator. The header is built from sections, each
// written by one function below, in the order they appear in the output:
//
//   preamble     comment, #pragma once, includes
//   runtime      Grid, cdiv, image choice, function cache (guarded, shared)
//   constants    kEntry, kNumWarps, kThreadsPerBlock, kSharedBytes, constexprs
//   images       the PTX (and cubin) of each --arch, the Kernel descriptor
//   launch       launch(stream, grid, args...): hint checks, then the launch
//                (or, over several specialisations, the first that fits)
//   grid         grid(args...) and launch(stream, args...), with --grid only
//
// With several specialisations, the images (and a `fits` check of the
// arguments) go to one namespace per specialisation, detail::specN, and
// launch() dispatches between them.
//
// An autotuned header (every `triton.Config` compiled) writes the
// constants-to-grid sections once per compilation, in a namespace
// variantN, then launch_config(), choose_config(), launch() and the
// tuning interface (AutotunedLauncher.h); the runtime gains the
// autotuning part (AutotuneRuntime.h).
#include "tritonc/host/LauncherHeader.h"

#include "CppNames.h"
#include "AutotuneRuntime.h"
#include "AutotunedLauncher.h"
#include "LauncherParams.h"
#include "LauncherRuntime.h"
#include "TensorMapRuntime.h"
#include "tritonc/host/Metadata.h"
#include "tritonc/host/Specialisations.h"
#include "tritonc/support/Diagnostics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace tritonc {

namespace {

// Names the header's own code uses inside the kernel namespace; a parameter
// of the same name would shadow them.
// clang-format off
const std::set<std::string> kReservedInKernel = {
    "stream",      "grid",       "Grid",      "cdiv",        "launch",     "detail",
    "runtime",     "constexprs", "kEntry",    "kNumWarps",   "kThreadsPerBlock",
    "kSharedBytes", "kImages",   "kKernel",   "cache",       "params",     "CUdeviceptr",
    "CUstream",    "CUresult",   "int8_t",    "int16_t",     "int32_t",    "int64_t",
    "uint8_t",     "uint16_t",   "uint32_t",  "uint64_t",    "tritonc_kernels",
    "launch_config", "grid_config", "choose_config", "kNumConfigs", "kConfigLabels", "kTuning",
    "kTables",     "kKey",       "config",    "key",         "tables",      "maps",      "status",
    "CUtensorMap"};
// clang-format on

// Names at the tritonc_kernels level that a kernel namespace must not take.
const std::set<std::string> kReservedKernelNames = {"Grid", "cdiv", "runtime"};

bool isIntegerType(const std::string &type) { return !type.empty() && (type[0] == 'i' || type[0] == 'u'); }

// The C++ type a launch() argument has for a kernel parameter (DESIGN.md §5,
// PTX ABI): half-precision scalars travel as their bits.
std::string cppType(const KernelParam &param) {
  static const std::map<std::string, std::string> kTypes = {
      {"i1", "bool"},       {"i8", "int8_t"},    {"i16", "int16_t"},  {"i32", "int32_t"},  {"i64", "int64_t"},
      {"u8", "uint8_t"},    {"u16", "uint16_t"}, {"u32", "uint32_t"}, {"u64", "uint64_t"}, {"fp16", "uint16_t"},
      {"bf16", "uint16_t"}, {"fp32", "float"},   {"fp64", "double"}};
  if (!param.type.empty() && param.type[0] == '*')
    return "CUdeviceptr";
  auto it = kTypes.find(param.type);
  TRITONC_CHECK(it != kTypes.end(), "launcher: no C++ type for parameter type " + param.type);
  return it->second;
}

// sm_90a -> {90, OnExact}; sm_80 -> {80, OnLater}.
std::string imageDescriptor(const Target &target, const std::string &ptxName, const std::string &cubinName,
                            int sharedBytes) {
  return fmt::format("{{{}, ::tritonc_kernels::runtime::Runs::{}, {}, {}, {}}}", target.sm(),
                     target.archSpecific() ? "OnExact" : "OnLater", ptxName, cubinName, sharedBytes);
}

// The driver's name for a tensor map's element type, from the signature's.
std::string tensorMapDataType(const TensorMapInfo &map) {
  if (map.dtype == "fp16")
    return "CU_TENSOR_MAP_DATA_TYPE_FLOAT16";
  if (map.dtype == "bf16")
    return "CU_TENSOR_MAP_DATA_TYPE_BFLOAT16";
  if (map.dtype == "fp32")
    return "CU_TENSOR_MAP_DATA_TYPE_FLOAT32";
  TRITONC_CHECK(map.elementBytes == 1, "launcher: no tensor map type for " + map.dtype);
  return "CU_TENSOR_MAP_DATA_TYPE_UINT8"; // fp8 and int8 move as bytes
}

// Whether some specialisation's kernel takes tensor maps.
bool takesTensorMaps(const std::vector<LauncherSpecialisation> &specs) {
  return std::any_of(specs.begin(), specs.end(), [](const auto &spec) { return !spec.info.tensorMaps.empty(); });
}

std::string tensorMapSwizzle(unsigned bytes) {
  TRITONC_CHECK(bytes == 0 || bytes == 32 || bytes == 64 || bytes == 128, "launcher: bad swizzle");
  return bytes ? fmt::format("CU_TENSOR_MAP_SWIZZLE_{}B", bytes) : "CU_TENSOR_MAP_SWIZZLE_NONE";
}

// Binary data as string literals, a line each, for an unsigned char array:
// letters, digits and plain punctuation as themselves, every other byte as
// a three-digit octal escape (which no following digit can extend, unlike
// a hex one), `?` too so that no "??" makes a trigraph.
std::string binaryStringLiteral(const std::string &bytes) {
  std::string out, line;
  for (unsigned char c : bytes) {
    bool plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?';
    line += plain ? std::string(1, char(c)) : fmt::format("\\{:03o}", c);
    if (line.size() >= 96) {
      out += "\n    \"" + line + "\"";
      line.clear();
    }
  }
  if (!line.empty() || out.empty())
    out += "\n    \"" + line + "\"";
  return out;
}

// Raw string literals holding `text`, with a delimiter that `text` does
// not contain; raw, so the PTX stays readable in the header. The text is
// cut between the two characters of every "??": EDG (nvcc) reports a
// trigraph even inside a raw string.
std::string rawStringLiteral(const std::string &text) {
  std::string delimiter = "tritonc_ptx";
  for (int n = 1; text.find(")" + delimiter + "\"") != std::string::npos; ++n)
    delimiter = "tritonc_ptx" + std::to_string(n);
  std::string open = "R\"" + delimiter + "(", close = ")" + delimiter + "\"";
  std::string out = open;
  for (size_t i = 0; i < text.size(); ++i) {
    out += text[i];
    if (text[i] == '?' && i + 1 < text.size() && text[i + 1] == '?')
      out += close + " " + open;
  }
  return out + close;
}

// A constexpr value as a C++ constant, from its JSON text; strings and
// dtypes have no use in grid arithmetic and are skipped.
std::string constexprDeclaration(const std::string &name, const std::string &json) {
  if (json == "true" || json == "false")
    return fmt::format("inline constexpr bool {} = {};\n", name, json);
  if (json.empty() || json.find_first_not_of("0123456789+-.eE") != std::string::npos)
    return "";
  if (json.find_first_of(".eE") == std::string::npos)
    return fmt::format("inline constexpr int64_t {} = {};\n", name,
                       json == "-9223372036854775808" ? "INT64_MIN" : json);
  return fmt::format("inline constexpr double {} = {};\n", name, json);
}

using Param = LauncherParam;

class HeaderWriter {
public:
  // `specs` gives the parameters' names and types (every compilation
  // shares them) and is the one set of specialisations of a plain header.
  HeaderWriter(const std::vector<LauncherSpecialisation> &specs, const LauncherOptions &options) : options_(options) {
    useSpecs(specs);
    std::set<std::string> taken;
    namespace_ = cppnames::sanitize(info_->name, kReservedKernelNames, taken);
    taken.clear();
    for (const KernelParam &p : info_->params) {
      params_.list.push_back({&p, cppnames::sanitize(p.name, kReservedInKernel, taken), cppType(p), ""});
      params_.renames[p.name] = params_.list.back().name;
    }
    for (Param &p : params_.list)
      if (p.type == "bool")
        p.byteName = cppnames::sanitize(p.name + "_u8", kReservedInKernel, taken);
    for (const auto &[name, json] : info_->constexprs)
      if (!params_.renames.count(name))
        params_.renames[name] = cppnames::sanitize(name, kReservedInKernel, taken);
  }

  // The specialisations the next writeBody() writes.
  void useSpecs(const std::vector<LauncherSpecialisation> &specs) {
    specs_ = &specs;
    info_ = &specs.front().info;
    sharedBytes_ = 0;
    hasConstexprs_ = false;
    for (const LauncherSpecialisation &spec : specs) {
      TRITONC_CHECK(!spec.images.empty(), "launcher: no image to embed");
      TRITONC_CHECK(params_.list.empty() || spec.info.params.size() == params_.list.size(),
                    "launcher: specialisations disagree");
      sharedBytes_ = std::max(sharedBytes_, spec.info.sharedBytes);
    }
    std::vector<KernelInfo> infos;
    for (const LauncherSpecialisation &spec : specs)
      infos.push_back(spec.info);
    order_ = dispatchOrder(infos);
  }

  std::string write() {
    TRITONC_CHECK(options_.grid.empty() || options_.grid.size() == 3, "launcher: the grid needs three expressions");
    std::string signatures;
    if (specs().size() == 1) {
      signatures = "// signature: " + oneLine(info_->signature) + "\n";
    } else {
      signatures = "// signatures, in the order launch() tries them:\n";
      for (size_t i : order_)
        signatures += "//   " + oneLine(specs()[i].info.signature) + "\n";
    }
    writePreamble(signatures, fmt::format("num_warps: {}; shared bytes: {}", info_->numWarps, sharedBytes_));
    out_ += launcherRuntimeSection();
    if (takesTensorMaps(specs()))
      out_ += tensorMapRuntimeSection();
    openKernelNamespace();
    writeBody();
    closeKernelNamespace();
    return std::move(out_);
  }

  // The autotuned header: one namespace per variant holding what a plain
  // header holds, then the choice between them.
  std::string write(const AutotunedLauncher &launcher) {
    TRITONC_CHECK(options_.grid.empty() || options_.grid.size() == 3, "launcher: the grid needs three expressions");
    std::string listing = "// configurations (launch() picks one: the tuning table's for the key, else 0):\n";
    for (size_t c = 0; c < launcher.configLabels.size(); ++c)
      listing += fmt::format("//   {}: {}\n", c, oneLine(launcher.configLabels[c]));
    listing += "// signature: " + oneLine(launcher.signature) + "\n";
    writePreamble(listing, fmt::format("{} compilations", launcher.variants.size()));
    out_ += launcherRuntimeSection();
    if (std::any_of(launcher.variants.begin(), launcher.variants.end(),
                    [](const LauncherVariant &variant) { return takesTensorMaps(variant.specs); }))
      out_ += tensorMapRuntimeSection();
    out_ += autotuneRuntimeSection();
    openKernelNamespace();
    out_ += fmt::format("inline constexpr int kNumConfigs = {};\n\n", launcher.configLabels.size());
    for (size_t v = 0; v < launcher.variants.size(); ++v) {
      const LauncherVariant &variant = launcher.variants[v];
      useSpecs(variant.specs);
      out_ += fmt::format("// Configuration {}{}{}.\nnamespace variant{} {{\n\n", variant.config,
                          variant.heuristics.empty() ? "" : " with ", variant.heuristics, v);
      writeBody();
      out_ += fmt::format("}} // namespace variant{}\n\n", v);
    }
    out_ += configLaunchSection(launcher, params_, true);
    if (!options_.grid.empty())
      out_ += configLaunchSection(launcher, params_, false);
    out_ += chooserSection(launcher, params_);
    if (!options_.grid.empty()) {
      out_ += fmt::format("// Launches the configuration choose_config() picks.\n"
                          "inline CUresult launch(CUstream stream{}) {{\n"
                          "  return launch_config(choose_config({}), stream{});\n}}\n\n",
                          paramList(false), argList(), params_.list.empty() ? "" : ", " + argList());
      out_ += tuningInterfaceSection(launcher, params_, info_->name);
    } else {
      out_ += fmt::format("// Launches the configuration choose_config() picks on `grid`, which must\n"
                          "// then suit every configuration (compile with --grid for one per configuration).\n"
                          "inline CUresult launch(CUstream stream, Grid grid{}) {{\n"
                          "  return launch_config(choose_config({}), stream, grid{});\n}}\n\n",
                          paramList(false), argList(), params_.list.empty() ? "" : ", " + argList());
    }
    closeKernelNamespace();
    return std::move(out_);
  }

private:
  const std::vector<LauncherSpecialisation> &specs() const { return *specs_; }

  // Everything specialisation-specific has internal linkage: two
  // specialisations of one kernel in different translation units of one
  // program must not be merged by the linker into one (silently the wrong
  // kernel). Each translation unit loads its own module.
  void openKernelNamespace() {
    out_ += fmt::format("\nnamespace tritonc_kernels {{\nnamespace {} {{\nnamespace {{\n\n", namespace_);
  }
  void closeKernelNamespace() {
    out_ += fmt::format("}} // namespace\n}} // namespace {}\n}} // namespace tritonc_kernels\n", namespace_);
  }

  // Constants, images, launch() and the grid of the current specialisations.
  void writeBody() {
    writeConstants();
    if (specs().size() == 1) {
      out_ += "namespace detail {\n\n";
      writeImages(specs().front());
      out_ += "} // namespace detail\n\n";
      writeLaunch();
    } else {
      for (size_t i = 0; i < specs().size(); ++i)
        writeSpecialisation(i);
      writeDispatchingLaunch();
    }
    if (!options_.grid.empty())
      writeGrid();
  }

private:
  static std::string oneLine(std::string text) {
    for (char &c : text)
      if (c == '\n' || c == '\r')
        c = ' ';
    return text;
  }

  void writePreamble(const std::string &signatures, const std::string &sizes) {
    std::string archs;
    for (const LauncherImage &image : specs().front().images)
      archs += (archs.empty() ? "" : ", ") + image.target.name();
    out_ += fmt::format("// Generated by tritonc: launcher for kernel `{}`. Do not edit.\n"
                        "{}// arch: {}; {}\n"
                        "#pragma once\n\n#include <cuda.h>\n\n#include <cstddef>\n"
                        "#include <cstdint>\n#include <mutex>\n#include <type_traits>\n"
                        "#include <vector>\n\n",
                        info_->name, signatures, archs, sizes);
  }

  void writeConstants() {
    out_ += fmt::format("inline constexpr const char *kEntry = \"{}\";\n"
                        "inline constexpr int kNumWarps = {};\n"
                        "inline constexpr unsigned kThreadsPerBlock = {};\n",
                        cppnames::escapeCppString(info_->entry), info_->numWarps, info_->threadsPerBlock);
    if (specs().size() > 1)
      out_ += "// The most any specialisation's image uses (each launch asks its own image's).\n";
    out_ += fmt::format("inline constexpr unsigned kSharedBytes = {};\n\n", sharedBytes_);
    std::string declarations;
    for (const auto &[name, json] : info_->constexprs)
      declarations += constexprDeclaration(params_.renames.at(name), json);
    if (declarations.empty())
      return;
    hasConstexprs_ = true;
    out_ += fmt::format("// The constexpr parameters {} compiled for.\n"
                        "namespace constexprs {{\n{}}} // namespace constexprs\n\n",
                        specs().size() == 1 ? "this specialisation was" : "every specialisation was", declarations);
  }

  // The images of one specialisation, its Kernel descriptor and its
  // function cache, in the namespace the caller opened.
  void writeImages(const LauncherSpecialisation &spec) {
    std::string descriptors;
    std::set<std::string> archs;
    for (size_t i = 0; i < spec.images.size(); ++i) {
      const LauncherImage &image = spec.images[i];
      TRITONC_CHECK(archs.insert(image.target.name()).second, "launcher: two images for " + image.target.name());
      std::string ptxName = fmt::format("kPtx{}", i), cubinName = "nullptr";
      out_ += fmt::format("// PTX for {}.\ninline constexpr const char {}[] = {};\n\n", image.target.name(), ptxName,
                          rawStringLiteral(image.ptx));
      if (!image.cubin.empty()) {
        // Aligned as the ELF file it is; the driver reads it in place.
        cubinName = fmt::format("kCubin{}", i);
        out_ += fmt::format("// cubin for {} ({} bytes).\nalignas(16) inline constexpr unsigned char {}[] ={};\n\n",
                            image.target.name(), image.cubin.size(), cubinName, binaryStringLiteral(image.cubin));
      }
      descriptors += "    " + imageDescriptor(image.target, ptxName, cubinName, image.sharedBytes) + ",\n";
    }
    out_ += "inline constexpr ::tritonc_kernels::runtime::Image kImages[] = {\n" + descriptors + "};\n\n";
    out_ += "inline constexpr ::tritonc_kernels::runtime::Kernel kKernel = {\n"
            "    kImages, sizeof(kImages) / sizeof(kImages[0]), kEntry, kThreadsPerBlock};\n\n";
    // A function-local static in an inline function: one cache per program,
    // however many translation units include the header.
    out_ += "inline ::tritonc_kernels::runtime::FunctionCache &cache() {\n"
            "  static ::tritonc_kernels::runtime::FunctionCache instance;\n"
            "  return instance;\n}\n\n";
  }

  std::string paramList(bool maybeUnused) const { return params_.declarations(maybeUnused); }
  std::string argList() const { return params_.names(); }

  // The C++ condition under which `arg` breaks its hint, and the hint's
  // spelling; a divisibility hint on a pointer is its alignment.
  std::pair<std::string, std::string> brokenHint(const Param &arg, const KernelParam &k) const {
    bool pointer = k.type[0] == '*';
    bool divisibility = k.hint == 2 || k.hint == 4 || k.hint == 8 || k.hint == 16;
    TRITONC_CHECK(divisibility || (k.hint == 1 && !pointer && isIntegerType(k.type)),
                  "launcher: bad hint on " + k.name);
    TRITONC_CHECK(pointer || isIntegerType(k.type), "launcher: hint on a float " + k.name);
    return {divisibility ? fmt::format("{} % {} != 0", arg.name, k.hint) : fmt::format("{} != 1", arg.name),
            paramTypeSpelling(k)};
  }

  // The hint a parameter carries is a promise the PTX was compiled on
  // (vector width, folded multiplications); a launch that breaks it would
  // compute garbage, so it is refused instead.
  std::string hintChecks() const {
    std::string checks;
    for (const Param &p : params_.list) {
      if (p.source->hint == 0)
        continue;
      auto [failed, spelling] = brokenHint(p, *p.source);
      checks +=
          fmt::format("  if ({}) // {}: {}\n    return CUDA_ERROR_INVALID_VALUE;\n", failed, p.source->name, spelling);
    }
    return checks;
  }

  // The locals launch() passes to cuLaunchKernel, and the array of their
  // addresses, `params`: the kernel's parameters, then the tensor maps of
  // `info`, built here (an image without TMA ignores them).
  std::string kernelParams(const KernelInfo &info, const std::string &indent = "  ") const {
    std::string body, pointers;
    if (!info.tensorMaps.empty())
      body += fmt::format("CUtensorMap maps[{}];\n", info.tensorMaps.size());
    for (size_t i = 0; i < info.tensorMaps.size(); ++i) {
      const TensorMapInfo &map = info.tensorMaps[i];
      auto value = [&](const HostValue &v) {
        return v.param.empty() ? fmt::format("int64_t{{{}}}", v.value) : params_.renames.at(v.param);
      };
      TRITONC_CHECK(map.globalDims.size() >= 2 && map.globalStrides.size() + 1 == map.globalDims.size() &&
                        map.boxDims.size() == map.globalDims.size(),
                    "launcher: a tensor map's dims, strides and box disagree");
      if (map.globalDims.size() == 2) {
        body += fmt::format("if (CUresult status = ::tritonc_kernels::runtime::encodeTensorMap(\n"
                            "        &maps[{}], {}, {}, {}, {}, {}, {}, {}, {}, {});\n"
                            "    status != CUDA_SUCCESS)\n  return status;\n",
                            i, tensorMapDataType(map), map.elementBytes, params_.renames.at(map.base),
                            value(map.globalDims[1]), value(map.globalDims[0]), value(map.globalStrides[0]),
                            map.boxDims[1], map.boxDims[0], tensorMapSwizzle(map.swizzleBytes));
        continue;
      }
      // Dims before the rows (a 3-D descriptor's batch), one index a box.
      std::vector<std::string> dims, strides, box;
      for (const HostValue &d : map.globalDims)
        dims.push_back(value(d));
      for (const HostValue &s : map.globalStrides)
        strides.push_back(value(s));
      for (int64_t b : map.boxDims)
        box.push_back(std::to_string(b));
      body += fmt::format("if (CUresult status = ::tritonc_kernels::runtime::encodeTensorMapOfRank(\n"
                          "        &maps[{}], {}, {}, {}, {}, {{{}}}, {{{}}}, {{{}}}, {});\n"
                          "    status != CUDA_SUCCESS)\n  return status;\n",
                          i, tensorMapDataType(map), map.elementBytes, params_.renames.at(map.base), dims.size(),
                          fmt::join(dims, ", "), fmt::join(strides, ", "), fmt::join(box, ", "),
                          tensorMapSwizzle(map.swizzleBytes));
    }
    for (const Param &p : params_.list) {
      // i1 travels as one byte holding 0 or 1, whatever bool looks like.
      if (p.type == "bool") {
        body += fmt::format("uint8_t {} = {} ? 1 : 0;\n", p.byteName, p.name);
        pointers += fmt::format("&{}, ", p.byteName);
      } else {
        pointers += fmt::format("&{}, ", p.name);
      }
    }
    for (size_t i = 0; i < info.tensorMaps.size(); ++i)
      pointers += fmt::format("&maps[{}], ", i);
    if (pointers.empty())
      body += "void **params = nullptr;\n";
    else
      body += fmt::format("void *params[] = {{{}}};\n", pointers.substr(0, pointers.size() - 2));
    std::string indented;
    size_t start = 0;
    while (start < body.size()) {
      size_t end = body.find('\n', start);
      indented += indent + body.substr(start, end + 1 - start);
      start = end + 1;
    }
    return indented;
  }

  void writeLaunch() {
    out_ += fmt::format("// Launches the kernel on `stream`; returns the first CUDA error, or\n"
                        "// CUDA_ERROR_INVALID_VALUE (nothing launched) when an argument breaks a\n"
                        "// signature hint.\n"
                        "inline CUresult launch(CUstream stream, Grid grid{}) {{\n{}{}"
                        "  return ::tritonc_kernels::runtime::launch(detail::cache(), detail::kKernel, stream, "
                        "grid,\n                                           params);\n}}\n\n",
                        paramList(false), hintChecks(), kernelParams(*info_));
  }

  // Whether specialisation `index`'s arguments keep its promises, as a C++
  // condition; "" when it makes none.
  std::string promisesKept(size_t index) const {
    std::string condition;
    const std::vector<KernelParam> &params = specs()[index].info.params;
    for (size_t i = 0; i < params_.list.size(); ++i) {
      if (params[i].hint == 0)
        continue;
      std::string kept = brokenHint(params_.list[i], params[i]).first;
      kept.replace(kept.find("!="), 2, "==");
      condition += (condition.empty() ? "" : " &&\n         ") + kept;
    }
    return condition;
  }

  void writeSpecialisation(size_t index) {
    const LauncherSpecialisation &spec = specs()[index];
    out_ += fmt::format("namespace detail {{\n// Specialisation {}: {}\nnamespace spec{} {{\n\n", index,
                        oneLine(spec.info.signature), index);
    writeImages(spec);
    std::string condition = promisesKept(index);
    if (!condition.empty())
      out_ += fmt::format("// Whether the arguments keep this specialisation's promises.\n"
                          "inline bool fits({}) {{\n  return {};\n}}\n\n",
                          paramList(true).substr(params_.list.empty() ? 0 : 2), condition);
    out_ += fmt::format("}} // namespace spec{}\n}} // namespace detail\n\n", index);
  }

  // Launches the first specialisation, strongest promises first, whose
  // promises hold; a misaligned or odd-sized argument thus runs the
  // general code rather than failing, and fails only if none is general.
  void writeDispatchingLaunch() {
    // Tensor maps differ between specialisations (or some have none): each
    // then builds its own parameters.
    bool ownParams = takesTensorMaps(specs());
    std::string body = ownParams ? "" : kernelParams(*info_);
    bool unconditional = false;
    for (size_t index : order_) {
      bool general = promisesKept(index).empty();
      std::string indent = general ? "  " : "    ";
      std::string call = fmt::format("{}return ::tritonc_kernels::runtime::launch(", indent);
      call += fmt::format("detail::spec{0}::cache(), detail::spec{0}::kKernel,\n{1}stream, grid, params);\n", index,
                          std::string(call.size(), ' '));
      if (ownParams)
        call = fmt::format("{{\n{}{}{}}}\n", kernelParams(specs()[index].info, indent), call, indent.substr(2));
      if (general) {
        body += ownParams ? "  " + call : call;
        unconditional = true;
        break;
      }
      body += fmt::format("  if (detail::spec{}::fits({})){}", index, argList(), ownParams ? " " + call : "\n" + call);
    }
    if (!unconditional)
      body += "  return CUDA_ERROR_INVALID_VALUE;\n";
    out_ += fmt::format("// Launches on `stream` the first specialisation, in the order above, whose\n"
                        "// promises the arguments keep; returns the first CUDA error, or\n"
                        "// CUDA_ERROR_INVALID_VALUE (nothing launched) when none does.\n"
                        "inline CUresult launch(CUstream stream, Grid grid{}) {{\n{}}}\n\n",
                        paramList(false), body);
  }

  void writeGrid() {
    std::string dims;
    for (const std::string &expr : options_.grid)
      dims += fmt::format("{}static_cast<unsigned>({})", dims.empty() ? "" : ",\n              ",
                          cppnames::renameIdentifiers(expr, params_.renames));
    std::string list = paramList(true);
    out_ +=
        fmt::format("// The grid given to tritonc with --grid.\n"
                    "inline Grid grid({}) {{\n{}  return Grid{{{}}};\n}}\n\n",
                    list.empty() ? "" : list.substr(2), hasConstexprs_ ? "  using namespace constexprs;\n" : "", dims);
    list = paramList(false);
    out_ += fmt::format("inline CUresult launch(CUstream stream{}) {{\n"
                        "  return launch(stream, grid({}){});\n}}\n\n",
                        list, argList(), params_.list.empty() ? "" : ", " + argList());
  }

  const std::vector<LauncherSpecialisation> *specs_ = nullptr;
  const KernelInfo *info_ = nullptr; // the first specialisation: names, types, constexprs
  const LauncherOptions &options_;
  std::string namespace_;
  LauncherParams params_;
  std::vector<size_t> order_; // dispatch order
  int sharedBytes_ = 0;
  bool hasConstexprs_ = false;
  std::string out_;
};

} // namespace

std::string writeLauncherHeader(const std::vector<LauncherSpecialisation> &specs, const LauncherOptions &options) {
  TRITONC_CHECK(!specs.empty(), "launcher: no specialisation");
  return HeaderWriter(specs, options).write();
}

std::string writeLauncherHeader(const AutotunedLauncher &launcher, const LauncherOptions &options) {
  TRITONC_CHECK(!launcher.variants.empty() && !launcher.variants.front().specs.empty(), "launcher: no configuration");
  return HeaderWriter(launcher.variants.front().specs, options).write(launcher);
}

std::string writeLauncherHeader(const KernelInfo &info, const std::vector<LauncherImage> &images,
                                const LauncherOptions &options) {
  return writeLauncherHeader(std::vector<LauncherSpecialisation>{{info, images}}, options);
}

} // namespace tritonc
