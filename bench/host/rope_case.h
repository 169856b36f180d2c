// The RoPE workload of samples_bench.py's rope_case, shared by the four
// rope_kernel specialisations: each includes its own header and passes its
// launch() and constexprs.
#pragma once

#include "bench.h"

namespace hostbench {

template <auto Launch>
void benchRope(int64_t headDim, int64_t blockH, bool backward, int seq, int batch, int heads, int dim) {
  // HEAD_DIM and BLOCK_H are compiled in: another shape needs another case.
  if (dim != headDim || heads > blockH)
    fail("RoPE shape " + shapeName({seq, batch, heads, dim}) + " does not fit HEAD_DIM " + std::to_string(headDim) +
         ", BLOCK_H " + std::to_string(blockH));
  std::size_t count = std::size_t(seq) * batch * heads * dim;
  double bytes = 2.0 * count * 2;
  // The cos/sin tables [seq, dim] are read once per position and are
  // shared by every set; their values do not change the traffic.
  DeviceBuffer cos = uniformBuffer(std::size_t(seq) * dim, Elem::F32, -1, 1);
  DeviceBuffer sin = uniformBuffer(std::size_t(seq) * dim, Elem::F32, -1, 1);
  std::vector<DeviceBuffer> inputs, outputs;
  for (int set = 0; set < setCount(bytes); ++set) {
    inputs.push_back(randomBuffer(count, Elem::BF16));
    outputs.push_back(poisonedBuffer(count, Elem::BF16));
  }
  std::string name = std::string("RoPE ") + (backward ? "bwd" : "fwd") + " bf16 " + shapeName({seq, batch, heads, dim});
  run({name, bytes, int(inputs.size()),
       [&](CUstream stream, int set) {
         // Contiguous [seq, batch, heads, dim]: the strides of dims 0, 1, 2.
         return Launch(stream, {unsigned(seq * batch), 1, 1}, inputs[set].ptr(), outputs[set].ptr(), cos.ptr(),
                       sin.ptr(), batch * heads * dim, heads * dim, dim, batch, heads);
       },
       [&](int set) { expectWritten(outputs[set], count, Elem::BF16, name); }});
}

} // namespace hostbench
