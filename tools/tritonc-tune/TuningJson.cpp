// Writing the tuning file (TuningJson.h). Labels and device names are the
// only free text; they are escaped as JSON strings.
#include "TuningJson.h"

#include <cstdio>

namespace tritonc_tune {

namespace {

std::string quote(const std::string &text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", v);
  return text;
}

std::string list(const std::vector<std::string> &items) {
  std::string out = "[";
  // Items that start their own line need no space after the comma.
  for (size_t i = 0; i < items.size(); ++i)
    out += (i ? (items[i][0] == '\n' ? "," : ", ") : "") + items[i];
  return out + "]";
}

} // namespace

std::string tuningJson(const KernelUnderTest &kernel, const std::string &device, const TimingOptions &options,
                       const std::vector<ProblemResult> &results) {
  std::vector<std::string> key, configs;
  for (const std::string &k : kernel.key)
    key.push_back(quote(k));
  for (const std::string &c : kernel.configs)
    configs.push_back("\n    " + quote(c));
  std::string out =
      "{\n  \"kernel\": " + quote(kernel.name) + ",\n  \"device\": " + quote(device) + ",\n  \"key\": " + list(key) +
      ",\n  \"configs\": " + list(configs) + ",\n  \"timing\": {\"warmup_ms\": " + number(options.warmupMs) +
      ", \"rep_ms\": " + number(options.repMs) + ", \"flush_bytes\": " + std::to_string(options.flushBytes) +
      ", \"statistic\": \"median\"},\n  \"results\": [";
  for (size_t r = 0; r < results.size(); ++r) {
    const ProblemResult &p = results[r];
    std::vector<std::string> values, sizes, times, errors, diffs;
    for (int64_t v : p.key)
      values.push_back(std::to_string(v));
    for (const auto &[name, v] : p.sizes)
      sizes.push_back(quote(name) + ": " + std::to_string(v));
    for (size_t c = 0; c < p.timings.size(); ++c) {
      const Timing &t = p.timings[c];
      times.push_back(t.ok ? number(t.medianMs) : "null");
      errors.push_back(t.ok ? "null" : quote(t.error));
      diffs.push_back(t.ok ? number(p.maxRelativeDifference[c]) : "null");
    }
    std::string sizeObject = "{";
    for (size_t i = 0; i < sizes.size(); ++i)
      sizeObject += (i ? ", " : "") + sizes[i];
    out += std::string(r ? "," : "") + "\n    {\"key\": " + list(values) + ", \"sizes\": " + sizeObject + "}" +
           ",\n     \"best\": " + (p.best < 0 ? "null" : quote(kernel.configs[size_t(p.best)])) +
           ", \"best_index\": " + std::to_string(p.best) + ",\n     \"times_ms\": " + list(times) +
           ",\n     \"errors\": " + list(errors) + ",\n     \"max_rel_diff\": " + list(diffs) +
           (p.launch.ok ? ",\n     \"launch_ms\": " + number(p.launch.medianMs) : "") + "}";
  }
  return out + "\n  ]\n}\n";
}

} // namespace tritonc_tune
