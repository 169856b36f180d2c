// samples_bench.py's cross_entropy_case, timed part. The kernel writes the
// gradient over its logits, so later launches read gradients: the same
// traffic, as in samples_bench.py.
#include "bench.h"

#include "cross_entropy.h"

void hostbench::benchCrossEntropy(int rows, int vocab) {
  namespace kernel = tritonc_kernels::cross_entropy_kernel;
  constexpr int32_t kIgnore = -100;
  std::size_t count = std::size_t(rows) * vocab;
  double bytes = 2.0 * count * 4; // read twice in place, write once: count one read, one write
  std::vector<int64_t> labels(rows);
  for (int row = 0; row < rows; ++row)
    labels[row] = row % 7 == 0 ? kIgnore : int64_t(randomBits() % uint64_t(vocab));
  DeviceBuffer labelsOnDevice = uploadBuffer(labels.data(), labels.size() * sizeof(int64_t));
  std::vector<DeviceBuffer> logits, losses;
  for (int set = 0; set < setCount(bytes); ++set) {
    logits.push_back(randomBuffer(count, Elem::F32));
    losses.push_back(poisonedBuffer(rows, Elem::F32));
  }
  std::string name = "cross entropy fp32 " + std::to_string(rows) + "x" + std::to_string(vocab);
  run({name, bytes, int(logits.size()),
       [&](CUstream stream, int set) {
         return kernel::launch(stream, {unsigned(rows), 1, 1}, logits[set].ptr(), vocab, labelsOnDevice.ptr(),
                               losses[set].ptr(), vocab, kIgnore);
       },
       [&](int set) { expectWritten(losses[set], rows, Elem::F32, name); }});
}
