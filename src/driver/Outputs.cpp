// Writing a compilation's files (Outputs.h). Specialisation k > 0 of `-o
// k.ptx` goes to `k.<k>.ptx`; the metadata names each file.
#include "Outputs.h"

#include "tritonc/driver/Files.h"
#include "Ptxas.h"

#include <algorithm>
#include <sstream>

#include "tritonc/host/Metadata.h"

namespace tritonc {

namespace {

std::string withExtension(const std::string &path, const std::string &extension) {
  size_t slash = path.find_last_of('/');
  size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return path + extension;
  return path.substr(0, dot) + extension;
}

std::string extensionOf(const std::string &path) {
  std::string bare = withExtension(path, "");
  return path.substr(bare.size());
}

std::string fileName(const std::string &path) {
  size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Whether `image`'s alternative with loads issued an iteration ahead
// assembles with fewer registers and no more spills than `cubin`, its
// PTX, and either `cubin` is near the kernel's register ceiling or the
// alternative frees a sixth or more of its registers: then the image and
// `cubin` become it. Measured (bench/RESULTS.md, sessions 44 and 45):
// where ptxas gave the alternative as many registers or more it ran
// slower; where the plain loop was at the ceiling (252-255) or the
// alternative took a sixth fewer (212 -> 164, 233 -> 168) it ran 4-20%
// faster; a few registers fewer below the ceiling was a toss-up, from 4%
// faster (218 -> 216) to 7% slower (220 -> 210). An alternative ptxas
// rejects is dropped: the image is valid without it.
bool adoptPrefetched(const std::string &ptxas, LauncherImage &image, AssembledCubin &cubin, DiagnosticEngine &scratch) {
  AssembledCubin prefetched =
      assembleCubin(ptxas, image.prefetchedPtx, image.target, image.prefetchedSharedBytes, scratch);
  std::string ptx = std::move(image.prefetchedPtx);
  image.prefetchedPtx.clear();
  // The plain cubin's own PTX: the assembler may have set `.maxnreg` on it.
  std::optional<unsigned> ceiling = registerCeiling(cubin.ptx ? *cubin.ptx : image.ptx, image.target);
  if (!prefetched.cubin || !prefetched.usage || !cubin.usage || !ceiling)
    return false;
  const PtxasUsage &now = *cubin.usage, &ahead = *prefetched.usage;
  if (ahead.registers >= now.registers || ahead.spillStoreBytes > now.spillStoreBytes ||
      (ahead.wgmmaSerialized && !now.wgmmaSerialized))
    return false;
  bool nearCeiling = now.registers * 16 >= *ceiling * 15;
  bool freesASixth = ahead.registers * 6 <= now.registers * 5;
  if (!nearCeiling && !freesASixth)
    return false;
  if (!prefetched.ptx)
    prefetched.ptx = std::move(ptx);
  cubin = std::move(prefetched);
  image.sharedBytes = image.prefetchedSharedBytes;
  return true;
}

// A cubin for every image, when cubins are asked for (`--emit cubin`) or
// a header would embed them and there is a ptxas to make them; for `--emit
// ptx` alone, ptxas assembles each image only to check it. The exit status:
// 0, 1 after a user's error, 2 when ptxas rejected what tritonc wrote.
int addCubins(const CompileOptions &options, std::vector<LauncherSpecialisation> &specs, DiagnosticEngine &diags) {
  bool required = options.emit == EmitKind::CUBIN;
  bool keep = required || !options.headerPath.empty();
  if (!keep && options.emit != EmitKind::PTX)
    return 0;
  std::string ptxas = findPtxas(options.ptxas);
  if (ptxas.empty()) {
    if (required)
      diags.errorNoLocation(Diag::NoPtxas, whyNoPtxas(options.ptxas));
    return required ? 1 : 0;
  }
  std::ostringstream discarded;
  DiagnosticEngine scratch(discarded);
  for (auto spec = specs.begin(); spec != specs.end();) {
    bool assembled = true;
    for (LauncherImage &image : spec->images) {
      AssembledCubin cubin =
          assembleCubin(ptxas, image.ptx, image.target, image.sharedBytes, spec->addedByCompiler ? scratch : diags);
      if (!cubin.cubin && !spec->addedByCompiler)
        return cubin.rejected ? 2 : 1;
      if (!cubin.cubin) {
        assembled = false;
        break;
      }
      if (!image.prefetchedPtx.empty() && adoptPrefetched(ptxas, image, cubin, scratch))
        spec->info.sharedBytes = std::max(spec->info.sharedBytes, image.sharedBytes);
      if (keep)
        image.cubin = std::move(*cubin.cubin);
      if (cubin.ptx)
        image.ptx = std::move(*cubin.ptx);
    }
    spec = assembled ? spec + 1 : specs.erase(spec);
  }
  return 0;
}

} // namespace

int writeOutputs(const CompileOptions &options, std::vector<LauncherSpecialisation> specs, DiagnosticEngine &diags) {
  if (int status = addCubins(options, specs, diags))
    return status;
  // The first arch's image of each specialisation, as a file; none but the
  // first when the output is stdout.
  bool cubin = options.emit == EmitKind::CUBIN;
  std::vector<std::string> paths;
  for (size_t k = 0; k < specs.size(); ++k) {
    std::string path = options.output;
    if (k > 0 && path == "-")
      break;
    if (k > 0)
      path = withExtension(path, "." + std::to_string(k) + extensionOf(path));
    const LauncherImage &image = specs[k].images.front();
    if (!writeFile(path, cubin ? image.cubin : image.ptx, diags))
      return 1;
    paths.push_back(path);
  }
  std::string metadataPath = options.metadataPath;
  if (metadataPath.empty() && options.output != "-")
    metadataPath = withExtension(options.output, ".json");
  if (!metadataPath.empty()) {
    std::string json;
    if (specs.size() == 1) {
      json = writeMetadataJson(specs.front().info);
    } else {
      std::vector<KernelInfo> infos;
      std::vector<std::string> files;
      for (size_t k = 0; k < specs.size(); ++k) {
        infos.push_back(specs[k].info);
        files.push_back(k < paths.size() ? fileName(paths[k]) : "");
      }
      json = writeMetadataJson(infos, files);
    }
    if (!updateFile(metadataPath, json, diags))
      return 1;
  }
  if (!options.headerPath.empty()) {
    LauncherOptions launcher;
    launcher.grid = options.grid;
    if (!updateFile(options.headerPath, writeLauncherHeader(specs, launcher), diags))
      return 1;
  }
  return 0;
}

int writeAutotunedOutputs(const CompileOptions &options, AutotunedLauncher launcher, DiagnosticEngine &diags) {
  for (LauncherVariant &variant : launcher.variants)
    if (int status = addCubins(options, variant.specs, diags))
      return status;
  bool cubin = options.emit == EmitKind::CUBIN;
  std::vector<std::vector<std::string>> files;
  size_t n = 0;
  for (const LauncherVariant &variant : launcher.variants) {
    files.emplace_back();
    for (const LauncherSpecialisation &spec : variant.specs) {
      std::string path = options.output;
      if (n > 0 && path != "-")
        path = withExtension(path, "." + std::to_string(n) + extensionOf(path));
      if (n == 0 || path != "-") {
        const LauncherImage &image = spec.images.front();
        if (!writeFile(path, cubin ? image.cubin : image.ptx, diags))
          return 1;
      }
      files.back().push_back(path == "-" ? "" : fileName(path));
      ++n;
    }
  }
  std::string metadataPath = options.metadataPath;
  if (metadataPath.empty() && options.output != "-")
    metadataPath = withExtension(options.output, ".json");
  if (!metadataPath.empty() && !updateFile(metadataPath, writeMetadataJson(launcher, files), diags))
    return 1;
  if (!options.headerPath.empty()) {
    LauncherOptions launcherOptions;
    launcherOptions.grid = options.grid;
    if (!updateFile(options.headerPath, writeLauncherHeader(launcher, launcherOptions), diags))
      return 1;
  }
  return 0;
}

} // namespace tritonc
