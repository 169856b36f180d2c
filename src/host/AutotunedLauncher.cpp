// Writing the sections of an autotuned launcher header after its
// compilations (AutotunedLauncher.h).
#include "AutotunedLauncher.h"

#include "CppNames.h"

#include <fmt/format.h>

namespace tritonc {

// launch_config(config, stream, [grid,] args...): the variant of
// `config` whose heuristics' conditions hold.
std::string configLaunchSection(const AutotunedLauncher &launcher, const LauncherParams &params, bool withGrid) {
  std::string forwarded = withGrid ? "stream, grid" : "stream";
  std::string body = "  switch (config) {\n";
  for (size_t c = 0; c < launcher.configLabels.size(); ++c) {
    body += fmt::format("  case {}:\n", c);
    for (size_t v = 0; v < launcher.variants.size(); ++v) {
      const LauncherVariant &variant = launcher.variants[v];
      if (variant.config != c)
        continue;
      std::string condition;
      for (const std::string &cond : variant.conditions)
        condition += (condition.empty() ? "" : " && ") + cppnames::renameIdentifiers(cond, params.renames);
      std::string call = fmt::format("return variant{}::launch({}{});\n", v, forwarded,
                                     params.list.empty() ? "" : ", " + params.names());
      body += condition.empty() ? "    " + call : fmt::format("    if ({})\n      {}", condition, call);
    }
    body += "    break;\n";
  }
  body += "  }\n  return CUDA_ERROR_INVALID_VALUE;\n";
  return fmt::format("// Launches configuration `config` ({}); CUDA_ERROR_INVALID_VALUE\n"
                     "// (nothing launched) for no configuration, or arguments none of its\n"
                     "// compilations takes.\n"
                     "inline CUresult launch_config(int config, CUstream stream{}{}) {{\n{}}}\n\n",
                     withGrid ? "on `grid`" : "its grid from --grid", withGrid ? ", Grid grid" : "",
                     params.declarations(false), body);
}

// choose_config(args...): the tuning table's configuration for the key.
std::string chooserSection(const AutotunedLauncher &launcher, const LauncherParams &params) {
  std::string out;
  std::string tables;
  for (size_t t = 0; t < launcher.tables.size(); ++t) {
    const TuningTable &table = launcher.tables[t];
    std::string keys, configs;
    for (const auto &[key, config] : table.entries) {
      for (int64_t k : key)
        keys += fmt::format("{}{}", keys.empty() ? "" : ", ", k);
      configs += fmt::format("{}{}", configs.empty() ? "" : ", ", config);
    }
    if (!launcher.key.empty())
      out += fmt::format("inline constexpr int64_t kTunedKeys{}[] = {{{}}};\n", t, keys);
    out += fmt::format("inline constexpr int kTunedConfigs{}[] = {{{}}};\n", t, configs);
    tables += fmt::format("    {{\"{}\", {}, kTunedConfigs{}, {}}},\n", cppnames::escapeCppString(table.device),
                          launcher.key.empty() ? "nullptr" : fmt::format("kTunedKeys{}", t), t, table.entries.size());
  }
  std::string body;
  if (tables.empty()) {
    body = "  return 0;\n";
  } else {
    out += "// The tuning tables tritonc was given, one per device name.\n"
           "inline constexpr ::tritonc_kernels::runtime::TuningTable kTables[] = {\n" +
           tables + "};\n\n";
    std::string key;
    for (const std::string &k : launcher.key)
      key += fmt::format("{}int64_t({})", key.empty() ? "" : ", ", params.renames.at(k));
    body = fmt::format("  static ::tritonc_kernels::runtime::DeviceTables tables;\n"
                       "  const int64_t key[] = {{{}}};\n"
                       "  return ::tritonc_kernels::runtime::tunedConfig(tables.get(kTables, {}), {}, {}, {});\n",
                       key.empty() ? "0" : key, launcher.tables.size(), key.empty() ? "nullptr" : "key",
                       launcher.key.size(), launcher.powerOfTwoBuckets ? "true" : "false");
  }
  std::string keyNames;
  for (const std::string &k : launcher.key)
    keyNames += (keyNames.empty() ? "" : ", ") + k;
  return out + fmt::format("// The configuration launch() runs for these arguments: by the key ({}),\n"
                           "// from the current device's tuning table{}; 0 without one.\n"
                           "inline int choose_config({}) {{\n{}}}\n\n",
                           keyNames.empty() ? "none" : keyNames,
                           launcher.powerOfTwoBuckets ? " (keys rounded up to powers of two)" : "",
                           params.declarations(true).substr(params.list.empty() ? 0 : 2), body);
}

namespace {

std::string stringArray(const std::string &name, const std::vector<std::string> &items) {
  if (items.empty())
    return "";
  std::string out = fmt::format("inline constexpr const char *{}[] = {{\n", name);
  for (const std::string &item : items)
    out += "    \"" + cppnames::escapeCppString(item) + "\",\n";
  return out + "};\n";
}

} // namespace

// What `tritonc-tune` reads: the configurations, the parameters, and a
// launch that takes the arguments as an array of pointers to them.
std::string tuningInterfaceSection(const AutotunedLauncher &launcher, const LauncherParams &params,
                                   const std::string &kernelName) {
  std::string out;
  std::vector<std::string> names, types;
  for (const LauncherParam &p : params.list) {
    names.push_back(p.source->name);
    types.push_back(p.source->type);
  }
  out += "namespace detail {\n\n";
  out += stringArray("kConfigLabels", launcher.configLabels) + stringArray("kParamNames", names) +
         stringArray("kParamTypes", types) + stringArray("kKey", launcher.key) +
         stringArray("kResetToZero", launcher.resetToZero) + stringArray("kRestoreValue", launcher.restoreValue);
  std::string args;
  for (size_t i = 0; i < params.list.size(); ++i)
    args += fmt::format(", *static_cast<const {} *>(args[{}])", params.list[i].type, i);
  out += fmt::format("\ninline CUresult launchPacked(int config, CUstream stream, const void *const *args) {{\n"
                     "  {0}return launch_config(config, stream{1});\n}}\n\n"
                     "inline CUresult launchChosen(CUstream stream, const void *const *args) {{\n"
                     "  {0}return launch(stream{1});\n}}\n\n",
                     params.list.empty() ? "(void)args;\n  " : "", args);
  out += "} // namespace detail\n\n";
  auto array = [](const std::vector<std::string> &items, const char *name) {
    return items.empty() ? std::string("nullptr") : std::string("detail::") + name;
  };
  return out + fmt::format("// For tritonc-tune: every configuration, run through launch_config().\n"
                           "inline constexpr ::tritonc_kernels::runtime::TuningInterface kTuning = {{\n"
                           "    \"{}\", {}, {}, {}, {}, {},\n    {}, {}, {}, {}, {}, {},\n    {}, {}, "
                           "detail::launchPacked, detail::launchChosen}};\n\n",
                           cppnames::escapeCppString(kernelName), launcher.configLabels.size(),
                           array(launcher.configLabels, "kConfigLabels"), params.list.size(),
                           array(names, "kParamNames"), array(types, "kParamTypes"), launcher.key.size(),
                           array(launcher.key, "kKey"), launcher.resetToZero.size(),
                           array(launcher.resetToZero, "kResetToZero"), launcher.restoreValue.size(),
                           array(launcher.restoreValue, "kRestoreValue"), launcher.warmupMs, launcher.repMs);
}

} // namespace tritonc
