// Everything the metadata file and the launcher header say about one
// compiled kernel specialisation. Filled by the compiler, read by writers.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tritonc {

struct KernelParam {
  std::string name;
  std::string type; // signature spelling without hint: "*fp32", "i32", "fp32", "i1"
  int hint = 0;     // as SignatureEntry::hint
};

struct KernelInfo {
  std::string name;  // the Python function name
  std::string entry; // the PTX .entry name
  std::string arch;  // "sm_90a"
  int numWarps = 4;
  int numStages = 3;
  int threadsPerBlock = 128;
  int sharedBytes = 0;
  std::vector<KernelParam> params; // non-constexpr parameters, source order = PTX order
  // constexpr name -> its value as JSON text (`1024`, `true`, `"relu"`, `"float16"`)
  std::vector<std::pair<std::string, std::string>> constexprs;
  std::string signature; // as given on the command line
  // The source files read: the kernel file, then each module it imports
  // (written to the metadata only when there are modules).
  std::vector<std::string> sources;
};

} // namespace tritonc
