// samples_bench.py's layer_norm_case, timed part.
#include "bench.h"

#include "layer_norm_f16.h"

void hostbench::benchLayerNormF16(int rows, int cols) {
  namespace kernel = tritonc_kernels::layer_norm_fwd;
  std::size_t count = std::size_t(rows) * cols;
  double bytes = 2.0 * count * 2;
  DeviceBuffer w = uniformBuffer(cols, Elem::F16, 0.5f, 1.5f);
  DeviceBuffer b = randomBuffer(cols, Elem::F16);
  DeviceBuffer mean = poisonedBuffer(rows, Elem::F32), rstd = poisonedBuffer(rows, Elem::F32);
  std::vector<DeviceBuffer> inputs, outputs;
  for (int set = 0; set < setCount(bytes); ++set) {
    inputs.push_back(randomBuffer(count, Elem::F16));
    outputs.push_back(poisonedBuffer(count, Elem::F16));
  }
  std::string name = "layer norm fp16 " + std::to_string(rows) + "x" + std::to_string(cols);
  run({name, bytes, int(inputs.size()),
       [&](CUstream stream, int set) {
         return kernel::launch(stream, {unsigned(rows), 1, 1}, inputs[set].ptr(), outputs[set].ptr(), w.ptr(), b.ptr(),
                               mean.ptr(), rstd.ptr(), cols, cols, 1e-5f);
       },
       [&](int set) { expectWritten(outputs[set], count, Elem::F16, name); }});
}
