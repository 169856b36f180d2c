// tritonc-tune: times every configuration of an autotuned tritonc kernel
// on the problems the user lists and writes the tuning file that
// `tritonc --tuning` bakes into the launcher. Built on the GPU machine
// against the kernel's generated header and the CUDA driver only:
//
//   g++ -std=c++17 -O2 -I/usr/local/cuda/include -I DIR_OF_HEADER
//       -DTRITONC_TUNE_HEADER='"matmul.h"'
//       -DTRITONC_TUNE_KERNEL=tritonc_kernels::matmul_bias_act
//       tools/tritonc-tune/*.cpp -lcuda -o tune
//   ./tune --key M=4096,N=4096,K=4096 --key M=512,N=8192,K=4096
//       --arg a_ptr='input(M*K)' --arg stride_am=K ... --out tune.json
#include "Arguments.h"
#include "Expression.h"
#include "Kernel.h"
#include "Recipe.h"
#include "Timing.h"
#include "TuningJson.h"

#ifndef TRITONC_TUNE_HEADER
#error "define TRITONC_TUNE_HEADER (the generated header, quoted) and TRITONC_TUNE_KERNEL (its namespace)"
#endif
#include TRITONC_TUNE_HEADER

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

namespace {

using namespace tritonc_tune;

const char *const kUsage =
    "usage: tritonc-tune --key NAME=VALUE,... [--key ...] [--keys FILE] --arg NAME=RECIPE [--arg ...]\n"
    "                    [--args FILE] [--out tune.json] [--device N] [--warmup-ms MS] [--rep-ms MS]\n"
    "                    [--min-runs N] [--max-runs N] [--flush-mb MB] [--seed N] [--with-launch] [--list]\n"
    "recipes: input(COUNT) | output(COUNT) | EXPRESSION, over the names of --key\n"
    "--with-launch also times launch(), the configuration the header's tuning table picks\n";

std::vector<std::string> split(const std::string &text, char separator) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, separator))
    if (part.find_first_not_of(" \t\r") != std::string::npos)
      parts.push_back(part);
  return parts;
}

// Lines of a file, without blank lines and `#` comments.
std::vector<std::string> fileLines(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot read `" + path + "`");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    line = line.substr(0, line.find('#'));
    if (line.find_first_not_of(" \t\r") != std::string::npos)
      lines.push_back(line);
  }
  return lines;
}

Sizes parseKey(const std::string &text) {
  Sizes sizes;
  for (const std::string &item : split(text, ',')) {
    size_t eq = item.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("`--key " + text + "`: expected NAME=VALUE,...");
    std::string name = item.substr(0, eq);
    name.erase(0, name.find_first_not_of(" \t"));
    name.erase(name.find_last_not_of(" \t") + 1);
    sizes[name] = evaluate(item.substr(eq + 1), sizes);
  }
  return sizes;
}

KernelUnderTest kernelFromHeader() {
  const auto &t = TRITONC_TUNE_KERNEL::kTuning;
  auto strings = [](int n, const char *const *items) {
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i)
      out.emplace_back(items[i]);
    return out;
  };
  KernelUnderTest k;
  k.name = t.kernel;
  k.configs = strings(t.configCount, t.configs);
  k.paramNames = strings(t.paramCount, t.paramNames);
  k.paramTypes = strings(t.paramCount, t.paramTypes);
  k.key = strings(t.keyLength, t.key);
  k.resetToZero = strings(t.resetToZeroCount, t.resetToZero);
  k.restoreValue = strings(t.restoreValueCount, t.restoreValue);
  k.warmupMs = t.warmupMs;
  k.repMs = t.repMs;
  k.launch = [&t](int config, CUstream stream, const void *const *args) {
    return config == KernelUnderTest::kChosen ? t.launchChosen(stream, args) : t.launch(config, stream, args);
  };
  return k;
}

// The largest difference from `reference`, relative to its largest value.
double relativeDifference(const std::vector<double> &values, const std::vector<double> &reference) {
  double scale = 0, worst = 0;
  for (size_t i = 0; i < reference.size() && i < values.size(); ++i) {
    scale = std::max(scale, std::fabs(reference[i]));
    double d = std::fabs(values[i] - reference[i]);
    worst = std::isnan(d) ? INFINITY : std::max(worst, d);
  }
  return scale > 0 ? worst / scale : worst;
}

int run(int argc, char **argv) {
  KernelUnderTest kernel = kernelFromHeader();
  std::vector<Sizes> problems;
  std::vector<std::string> recipeTexts;
  std::string out = "tune.json";
  int deviceIndex = 0;
  TimingOptions timing;
  timing.warmupMs = kernel.warmupMs > 0 ? kernel.warmupMs : 25;
  timing.repMs = kernel.repMs > 0 ? kernel.repMs : 100;
  double flushMb = 256;
  uint64_t seed = 1;
  bool list = false, withLaunch = false;
  for (int i = 1; i < argc; ++i) {
    std::string option = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        throw std::runtime_error("`" + option + "` needs a value");
      return argv[++i];
    };
    if (option == "--key")
      problems.push_back(parseKey(value()));
    else if (option == "--keys")
      for (const std::string &line : fileLines(value()))
        problems.push_back(parseKey(line));
    else if (option == "--arg")
      recipeTexts.push_back(value());
    else if (option == "--args")
      for (const std::string &line : fileLines(value()))
        recipeTexts.push_back(line);
    else if (option == "--out")
      out = value();
    else if (option == "--device")
      deviceIndex = std::stoi(value());
    else if (option == "--warmup-ms")
      timing.warmupMs = std::stod(value());
    else if (option == "--rep-ms")
      timing.repMs = std::stod(value());
    else if (option == "--min-runs")
      timing.minRuns = std::stoi(value());
    else if (option == "--max-runs")
      timing.maxRuns = std::stoi(value());
    else if (option == "--flush-mb")
      flushMb = std::stod(value());
    else if (option == "--seed")
      seed = std::stoull(value());
    else if (option == "--list")
      list = true;
    else if (option == "--with-launch")
      withLaunch = true;
    else if (option == "--help" || option == "-h") {
      std::cout << kUsage;
      return 0;
    } else
      throw std::runtime_error("unknown option `" + option + "`\n" + kUsage);
  }
  if (list) {
    std::cout << kernel.name << ": " << kernel.configs.size() << " configurations\n";
    for (size_t c = 0; c < kernel.configs.size(); ++c)
      std::cout << "  " << c << ": " << kernel.configs[c] << "\n";
    for (size_t p = 0; p < kernel.paramNames.size(); ++p)
      std::cout << "  parameter " << kernel.paramNames[p] << ": " << kernel.paramTypes[p] << "\n";
    return 0;
  }
  if (problems.empty())
    throw std::runtime_error(std::string("no problem to tune: give --key or --keys\n") + kUsage);
  std::map<std::string, Recipe> recipes = parseRecipes(recipeTexts);
  for (const Sizes &p : problems)
    for (const std::string &k : kernel.key)
      if (!p.count(k))
        throw std::runtime_error("a --key leaves out `" + k + "`, which the kernel is keyed on");

  check(cuInit(0), "cuInit");
  CUdevice device = 0;
  check(cuDeviceGet(&device, deviceIndex), "cuDeviceGet");
  char deviceName[256] = {};
  check(cuDeviceGetName(deviceName, sizeof deviceName, device), "cuDeviceGetName");
  CUcontext context = nullptr;
  check(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain");
  check(cuCtxSetCurrent(context), "cuCtxSetCurrent");
  CUstream stream = nullptr;
  check(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
  timing.flushBytes = size_t(flushMb * 1024 * 1024) / 4 * 4;
  if (timing.flushBytes)
    check(cuMemAlloc(&timing.flush, timing.flushBytes), "cuMemAlloc");

  std::cout << kernel.name << " on " << deviceName << ": " << kernel.configs.size() << " configurations, "
            << problems.size() << " problems\n";
  std::vector<ProblemResult> results;
  for (size_t p = 0; p < problems.size(); ++p) {
    ProblemResult result;
    result.sizes = problems[p];
    for (const std::string &k : kernel.key)
      result.key.push_back(problems[p].at(k));
    Arguments args(kernel, recipes, problems[p], seed + p);
    std::vector<double> reference;
    std::string shown;
    for (const auto &[name, v] : problems[p])
      shown += (shown.empty() ? "" : ",") + name + "=" + std::to_string(v);
    std::cout << shown << "\n";
    for (size_t c = 0; c < kernel.configs.size(); ++c) {
      Timing t = timeConfiguration(kernel, int(c), args, timing, stream);
      double difference = 0;
      if (t.ok) {
        std::vector<double> outputs = args.sampleOutputs(1 << 20);
        if (reference.empty()) {
          reference = outputs;
          // Outputs left as they were allocated mean a recipe that points
          // the kernel elsewhere (or a kernel that writes nothing there).
          if (std::all_of(reference.begin(), reference.end(), [](double v) { return v == 0; }))
            std::cout << "  warning: configuration " << c << " left every output zero; check the recipes\n";
        }
        difference = relativeDifference(outputs, reference);
        if (result.best < 0 || t.medianMs < result.timings[size_t(result.best)].medianMs)
          result.best = int(c);
      }
      std::cout << "  " << c << ": " << (t.ok ? std::to_string(t.medianMs) + " ms" : "failed: " + t.error)
                << (difference > 2e-2
                        ? "  (outputs differ from the first configuration's by " + std::to_string(difference) + ")"
                        : "")
                << "\n";
      result.timings.push_back(t);
      result.maxRelativeDifference.push_back(difference);
    }
    if (result.best >= 0)
      std::cout << "  best: " << result.best << " (" << kernel.configs[size_t(result.best)] << ")\n";
    if (withLaunch) {
      result.launch = timeConfiguration(kernel, KernelUnderTest::kChosen, args, timing, stream);
      std::cout << "  launch(): "
                << (result.launch.ok ? std::to_string(result.launch.medianMs) + " ms"
                                     : "failed: " + result.launch.error)
                << "\n";
    }
    results.push_back(std::move(result));
  }
  std::ofstream file(out);
  file << tuningJson(kernel, deviceName, timing, results);
  if (!file)
    throw std::runtime_error("cannot write `" + out + "`");
  std::cout << "wrote " << out << "\n";
  if (timing.flush)
    cuMemFree(timing.flush);
  cuStreamDestroy(stream);
  cuDevicePrimaryCtxRelease(device);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  try {
    return run(argc, argv);
  } catch (const std::exception &e) {
    std::cerr << "tritonc-tune: error: " << e.what() << "\n";
    return 1;
  }
}
