// samples_bench.py's dropout_case, timed part.
#include "bench.h"

#include "dropout.h"

void hostbench::benchDropout(int n) {
  namespace kernel = tritonc_kernels::dropout_kernel;
  double bytes = 2.0 * n * 4;
  std::vector<DeviceBuffer> inputs, outputs;
  for (int set = 0; set < setCount(bytes); ++set) {
    inputs.push_back(randomBuffer(n, Elem::F32));
    outputs.push_back(poisonedBuffer(n, Elem::F32));
  }
  unsigned grid = unsigned(tritonc_kernels::cdiv(int64_t(n), kernel::constexprs::BLOCK_SIZE));
  std::string name = "dropout fp32 " + std::to_string(n);
  run({name, bytes, int(inputs.size()),
       [&](CUstream stream, int set) {
         return kernel::launch(stream, {grid, 1, 1}, inputs[set].ptr(), outputs[set].ptr(), n, 0.3f, 1234567);
       },
       [&](int set) { expectWritten(outputs[set], n, Elem::F32, name); }});
}
