// The arguments of one problem: device buffers and scalars made from the
// recipes (Recipe.h) and the problem's sizes, held for as long as its
// configurations are timed.
#pragma once

#include "Expression.h"
#include "Kernel.h"
#include "Recipe.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tritonc_tune {

class Arguments {
public:
  // Allocates every buffer and fills the inputs with fresh random values
  // from `seed` (floats uniform in [-1, 1], integers in [0, 8)); outputs
  // and reset_to_zero buffers start zeroed. Throws std::runtime_error.
  Arguments(const KernelUnderTest &kernel, const std::map<std::string, Recipe> &recipes, const Sizes &sizes,
            uint64_t seed);
  ~Arguments();
  Arguments(const Arguments &) = delete;
  Arguments &operator=(const Arguments &) = delete;

  // What launch_config() takes: a pointer to each parameter's value.
  const void *const *pointers() const { return pointers_.data(); }

  // What Triton's autotuner does before each timed run: zero the
  // reset_to_zero buffers and put back the restore_value ones.
  void prepare(CUstream stream) const;

  // Up to `samples` evenly spaced elements of every output, as doubles:
  // enough to tell a configuration that computes something else.
  std::vector<double> sampleOutputs(size_t samples) const;

  // Bytes of the buffers the kernel reads and writes.
  size_t bytes() const;

private:
  struct Buffer {
    CUdeviceptr device = 0;
    size_t bytes = 0;
    std::string type; // element type, `fp16`
    bool output = false, reset = false;
    CUdeviceptr saved = 0; // restore_value: the contents to put back
  };
  std::vector<uint64_t> storage_; // one 8-byte slot per parameter
  std::vector<const void *> pointers_;
  std::vector<Buffer> buffers_;
};

} // namespace tritonc_tune
