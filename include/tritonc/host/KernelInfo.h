// Everything the metadata file and the launcher header say about one
// compiled kernel specialisation. Filled by the compiler, read by writers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tritonc {

struct KernelParam {
  std::string name;
  std::string type; // signature spelling without hint: "*fp32", "i32", "fp32", "i1"
  int hint = 0;     // as SignatureEntry::hint
};

// A tensor descriptor made on the host (`tensordesc<fp16[128, 64]>`) and
// the parameters it arrives as: its base, shape and row strides, in order.
struct TensorDescriptorParam {
  std::string name;                // the kernel's parameter
  std::string dtype;               // "fp16"
  std::vector<int64_t> blockShape; // what each access moves
  std::vector<std::string> params;
};

// A tuple argument (`(*fp16:16, *fp16:16, None)`) and the names its
// elements arrive as, in order: `params` for run-time ones, `constexprs`
// for constants.
struct TupleParam {
  std::string name;
  std::vector<std::string> elements;
};

// A size the host knows at launch: a kernel parameter's value, or a number.
struct HostValue {
  std::string param; // empty: `value`
  int64_t value = 0;
};

// A tensor map the kernel takes by value after its parameters, for its
// bulk tensor copies (TMA, sm_90a images only), in order: the launcher
// builds each with cuTensorMapEncodeTiled before the launch, from these
// fields, which follow that call's parameters (innermost dim first).
struct TensorMapInfo {
  std::string base;  // the pointer parameter: the global address
  std::string dtype; // its element type as the signature spells it ("fp16")
  unsigned elementBytes = 2;
  std::vector<HostValue> globalDims;    // elements, innermost first
  std::vector<HostValue> globalStrides; // elements between consecutive indices of dims 1.. (bytes: x elementBytes)
  std::vector<int64_t> boxDims;         // innermost first
  unsigned swizzleBytes = 0;            // 0 (none), 32, 64 or 128
};

struct KernelInfo {
  std::string name;  // the Python function name
  std::string entry; // the PTX .entry name
  std::string arch;  // "sm_90a"
  int numWarps = 4;
  int numStages = 3;
  int threadsPerBlock = 128;
  int sharedBytes = 0;
  std::vector<KernelParam> params;                      // non-constexpr parameters, source order = PTX order
  std::vector<TensorDescriptorParam> tensorDescriptors; // which of `params` each host descriptor is
  std::vector<TupleParam> tuples;                       // which of `params` and `constexprs` each tuple is
  // constexpr name -> its value as JSON text (`1024`, `true`, `"relu"`, `"float16"`)
  std::vector<std::pair<std::string, std::string>> constexprs;
  std::string signature; // as given on the command line
  // The source files read: the kernel file, then each module it imports
  // (written to the metadata only when there are modules).
  std::vector<std::string> sources;
  // Environment variables the kernel's modules read at compile time, and
  // the values they had (nullopt: unset).
  std::vector<std::pair<std::string, std::optional<std::string>>> environment;
  std::vector<TensorMapInfo> tensorMaps; // hidden parameters after `params`
};

} // namespace tritonc
