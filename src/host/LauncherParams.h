// The parameters of a generated launch(): each kernel parameter's C++
// name and type, and how Python names in C++ expressions (the grid, the
// heuristics) are renamed. Private to src/host.
#pragma once

#include "tritonc/host/KernelInfo.h"

#include <map>
#include <string>
#include <vector>

namespace tritonc {

struct LauncherParam {
  const KernelParam *source;
  std::string name;     // sanitized
  std::string type;     // C++
  std::string byteName; // i1 only: the local holding the byte the kernel gets
};

struct LauncherParams {
  std::vector<LauncherParam> list;
  std::map<std::string, std::string> renames; // Python name -> C++ name

  // ", int32_t n, float x" (each `[[maybe_unused]]` when asked): what
  // follows the fixed parameters of a generated function.
  std::string declarations(bool maybeUnused) const {
    std::string out;
    for (const LauncherParam &p : list)
      out += ", " + std::string(maybeUnused ? "[[maybe_unused]] " : "") + p.type + " " + p.name;
    return out;
  }

  // "n, x": the same, passed on.
  std::string names() const {
    std::string out;
    for (const LauncherParam &p : list)
      out += (out.empty() ? "" : ", ") + p.name;
    return out;
  }
};

} // namespace tritonc
