// The softmax workload of samples_bench.py's softmax_case, shared by the
// fp32 and fp16 cases: each includes its own header and passes its launch().
#pragma once

#include "bench.h"

namespace hostbench {

template <auto Launch> void benchSoftmax(Elem elem, const char *dtype, int rows, int cols) {
  std::size_t count = std::size_t(rows) * cols;
  double bytes = 2.0 * count * elemBytes(elem);
  std::vector<DeviceBuffer> inputs, outputs;
  for (int set = 0; set < setCount(bytes); ++set) {
    inputs.push_back(randomBuffer(count, elem));
    outputs.push_back(poisonedBuffer(count, elem));
  }
  std::string name = std::string("softmax ") + dtype + " " + std::to_string(rows) + "x" + std::to_string(cols);
  run({name, bytes, int(inputs.size()),
       [&](CUstream stream, int set) {
         return Launch(stream, {unsigned(rows), 1, 1}, outputs[set].ptr(), inputs[set].ptr(), cols, cols, rows, cols);
       },
       [&](int set) { expectWritten(outputs[set], count, elem, name); }});
}

} // namespace hostbench
