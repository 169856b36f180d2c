// samples_bench.py's rms_norm_case, timed part.
#include "bench.h"

#include "rms_norm_f16.h"

void hostbench::benchRmsNormF16(int rows, int cols) {
  namespace kernel = tritonc_kernels::rms_norm_fwd;
  std::size_t count = std::size_t(rows) * cols;
  double bytes = 2.0 * count * 2;
  DeviceBuffer w = uniformBuffer(cols, Elem::F16, 0.5f, 1.5f);
  DeviceBuffer rstd = poisonedBuffer(rows, Elem::F32);
  std::vector<DeviceBuffer> inputs, outputs;
  for (int set = 0; set < setCount(bytes); ++set) {
    inputs.push_back(randomBuffer(count, Elem::F16));
    outputs.push_back(poisonedBuffer(count, Elem::F16));
  }
  std::string name = "RMSNorm fp16 " + std::to_string(rows) + "x" + std::to_string(cols);
  run({name, bytes, int(inputs.size()),
       [&](CUstream stream, int set) {
         return kernel::launch(stream, {unsigned(rows), 1, 1}, inputs[set].ptr(), cols, outputs[set].ptr(), cols,
                               w.ptr(), rstd.ptr(), cols, 1e-6f);
       },
       [&](int set) { expectWritten(outputs[set], count, Elem::F16, name); }});
}
