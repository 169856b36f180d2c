// The metadata JSON (DESIGN.md §5). Written by hand rather than through a
// JSON library: the key order is part of the contract (stable diffs, golden
// tests), and the constexpr values arrive already as JSON text.
#include "tritonc/host/Metadata.h"

#include "tritonc/host/Specialisations.h"

#include <fmt/format.h>

#include <algorithm>

namespace tritonc {

std::string paramTypeSpelling(const KernelParam &param) {
  if (param.hint == 0)
    return param.type;
  return param.type + ":" + std::to_string(param.hint);
}

std::string jsonQuote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
    case '"': out += "\\\""; break;
    case '\\': out += "\\\\"; break;
    case '\b': out += "\\b"; break;
    case '\f': out += "\\f"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      // Bytes >= 0x80 are UTF-8 and legal in JSON as they are; only the
      // other control characters need the \u form.
      if ((unsigned char)c < 0x20)
        out += fmt::format("\\u{:04x}", (unsigned char)c);
      else
        out += c;
    }
  }
  return out + "\"";
}

namespace {

// `"params": [...]` at `indent`, each parameter on its own line.
std::string paramsJson(const KernelInfo &info, const std::string &indent) {
  std::string out = "\"params\": [";
  for (size_t i = 0; i < info.params.size(); ++i) {
    const KernelParam &p = info.params[i];
    out += fmt::format("{}\n{}  {{\"name\": {}, \"type\": {}}}", i ? "," : "", indent, jsonQuote(p.name),
                       jsonQuote(paramTypeSpelling(p)));
  }
  return out + (info.params.empty() ? "]" : "\n" + indent + "]");
}

std::string hostValueJson(const HostValue &v) { return v.param.empty() ? std::to_string(v.value) : jsonQuote(v.param); }

template <typename T, typename F> std::string jsonList(const std::vector<T> &items, F item) {
  std::string out = "[";
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? ", " : "") + item(items[i]);
  return out + "]";
}

// `"tensor_maps": [...]` at `indent`: how to build each hidden parameter
// with cuTensorMapEncodeTiled; sizes are a parameter's name or a number.
std::string tensorMapsJson(const KernelInfo &info, const std::string &indent) {
  std::string out = "\"tensor_maps\": [";
  for (size_t i = 0; i < info.tensorMaps.size(); ++i) {
    const TensorMapInfo &t = info.tensorMaps[i];
    std::string swizzle = t.swizzleBytes ? std::to_string(t.swizzleBytes) + "B" : "none";
    out += fmt::format("{}\n{}  {{\"global_address\": {}, \"dtype\": {}, \"element_bytes\": {}, "
                       "\"global_dims\": {}, \"global_strides_elements\": {}, \"box_dims\": {}, "
                       "\"element_strides\": {}, \"interleave\": \"none\", \"swizzle\": {}, "
                       "\"l2_promotion\": \"256B\", \"oob_fill\": \"zero\"}}",
                       i ? "," : "", indent, jsonQuote(t.base), jsonQuote(t.dtype), t.elementBytes,
                       jsonList(t.globalDims, hostValueJson), jsonList(t.globalStrides, hostValueJson),
                       jsonList(t.boxDims, [](int64_t v) { return std::to_string(v); }),
                       jsonList(t.boxDims, [](int64_t) { return std::string("1"); }), jsonQuote(swizzle));
  }
  return out + "\n" + indent + "]";
}

// The fields of one specialisation, without the closing brace, each line
// but the last ending in a comma.
std::string fieldsJson(const KernelInfo &info) {
  std::string out = "{\n";
  out += fmt::format("  \"name\": {},\n", jsonQuote(info.name));
  out += fmt::format("  \"entry\": {},\n", jsonQuote(info.entry));
  out += fmt::format("  \"arch\": {},\n", jsonQuote(info.arch));
  out += fmt::format("  \"num_warps\": {},\n", info.numWarps);
  out += fmt::format("  \"num_stages\": {},\n", info.numStages);
  out += fmt::format("  \"threads_per_block\": {},\n", info.threadsPerBlock);
  out += fmt::format("  \"shared_bytes\": {},\n", info.sharedBytes);
  out += "  " + paramsJson(info, "  ") + ",\n";

  out += "  \"constexprs\": {";
  for (size_t i = 0; i < info.constexprs.size(); ++i) {
    const auto &[name, json] = info.constexprs[i];
    out += fmt::format("{}\n    {}: {}", i ? "," : "", jsonQuote(name), json);
  }
  out += info.constexprs.empty() ? "},\n" : "\n  },\n";

  out += fmt::format("  \"signature\": {}", jsonQuote(info.signature));
  if (!info.tensorDescriptors.empty()) {
    out += ",\n  \"tensor_descriptors\": [";
    for (size_t i = 0; i < info.tensorDescriptors.size(); ++i) {
      const TensorDescriptorParam &d = info.tensorDescriptors[i];
      out += fmt::format("{}\n    {{\"name\": {}, \"dtype\": {}, \"block_shape\": {}, \"params\": {}}}", i ? "," : "",
                         jsonQuote(d.name), jsonQuote(d.dtype),
                         jsonList(d.blockShape, [](int64_t v) { return std::to_string(v); }),
                         jsonList(d.params, jsonQuote));
    }
    out += "\n  ]";
  }
  if (!info.tuples.empty()) {
    out += ",\n  \"tuples\": [";
    for (size_t i = 0; i < info.tuples.size(); ++i)
      out += fmt::format("{}\n    {{\"name\": {}, \"elements\": {}}}", i ? "," : "", jsonQuote(info.tuples[i].name),
                         jsonList(info.tuples[i].elements, jsonQuote));
    out += "\n  ]";
  }
  if (!info.tensorMaps.empty())
    out += ",\n  " + tensorMapsJson(info, "  ");
  if (!info.environment.empty()) {
    out += ",\n  \"environment\": {";
    for (size_t i = 0; i < info.environment.size(); ++i) {
      const auto &[name, value] = info.environment[i];
      out += fmt::format("{}\n    {}: {}", i ? "," : "", jsonQuote(name), value ? jsonQuote(*value) : "null");
    }
    out += "\n  }";
  }
  if (info.sources.size() > 1) {
    out += ",\n  \"sources\": [";
    for (size_t i = 0; i < info.sources.size(); ++i)
      out += fmt::format("{}\n    {}", i ? "," : "", jsonQuote(info.sources[i]));
    out += "\n  ]";
  }
  return out;
}

} // namespace

std::string writeMetadataJson(const KernelInfo &info) { return fieldsJson(info) + "\n}\n"; }

std::string writeMetadataJson(const std::vector<KernelInfo> &specs, const std::vector<std::string> &files) {
  std::string out = fieldsJson(specs.front()) + ",\n  \"specialisations\": [";
  std::vector<size_t> order = dispatchOrder(specs);
  for (size_t n = 0; n < order.size(); ++n) {
    const KernelInfo &info = specs[order[n]];
    out += fmt::format("{}\n    {{\n      \"signature\": {},\n      \"file\": {},\n      \"shared_bytes\": {},\n"
                       "      {}{}\n    }}",
                       n ? "," : "", jsonQuote(info.signature), jsonQuote(files[order[n]]), info.sharedBytes,
                       paramsJson(info, "      "),
                       info.tensorMaps.empty() ? "" : ",\n      " + tensorMapsJson(info, "      "));
  }
  return out + "\n  ]\n}\n";
}

std::string writeMetadataJson(const AutotunedLauncher &launcher, const std::vector<std::vector<std::string>> &files) {
  std::string out = fieldsJson(launcher.variants.front().specs.front().info) + ",\n  \"key\": [";
  for (size_t i = 0; i < launcher.key.size(); ++i)
    out += (i ? ", " : "") + jsonQuote(launcher.key[i]);
  out += "],\n  \"configurations\": [";
  for (size_t c = 0; c < launcher.configLabels.size(); ++c) {
    std::string compilations, header;
    for (size_t v = 0; v < launcher.variants.size(); ++v) {
      const LauncherVariant &variant = launcher.variants[v];
      if (variant.config != c)
        continue;
      for (size_t k = 0; k < variant.specs.size(); ++k) {
        const KernelInfo &info = variant.specs[k].info;
        if (header.empty()) {
          header =
              fmt::format("\n    {{\n      \"label\": {},\n      \"num_warps\": {},\n      \"num_stages\": {},\n"
                          "      \"threads_per_block\": {},\n      \"constexprs\": {{",
                          jsonQuote(launcher.configLabels[c]), info.numWarps, info.numStages, info.threadsPerBlock);
          std::string values;
          for (const auto &[name, json] : info.constexprs)
            if (std::find(launcher.heuristics.begin(), launcher.heuristics.end(), name) == launcher.heuristics.end())
              values += fmt::format("{}{}: {}", values.empty() ? "" : ", ", jsonQuote(name), json);
          header += values;
          header += "},\n      \"compilations\": [";
        }
        compilations += fmt::format("{}\n        {{\"heuristics\": {}, \"signature\": {}, \"file\": {}, "
                                    "\"shared_bytes\": {}{}}}",
                                    compilations.empty() ? "" : ",", jsonQuote(variant.heuristics),
                                    jsonQuote(info.signature), jsonQuote(files[v][k]), info.sharedBytes,
                                    info.tensorMaps.empty() ? "" : ",\n         " + tensorMapsJson(info, "         "));
      }
    }
    out += (c ? "," : "") + header + compilations + "\n      ]\n    }";
  }
  return out + "\n  ]\n}\n";
}

} // namespace tritonc
