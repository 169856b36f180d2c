// tritonc's sample kernels launched through their generated headers, as a
// user's C++ program would: the workloads that samples_bench.py times, with
// its sizes, arguments, byte counts and timing loop, one line per workload:
//
//   HOSTBENCH <workload, as samples_bench.py names it> <GB/s>
//
// Correctness is samples_bench.py's job; here each output is only checked
// for poison left unwritten. Exits non-zero on any CUDA error.
#include "bench.h"

#include <cinttypes>
#include <cstdio>

int main() {
  using namespace hostbench;
  // Allocation and timing use the runtime API, the headers the driver API:
  // creating the runtime's primary context makes it current for both.
  HB_CHECK(cudaFree(nullptr));
  int device = 0;
  HB_CHECK(cudaGetDevice(&device));
  cudaDeviceProp properties{};
  HB_CHECK(cudaGetDeviceProperties(&properties, device));
  std::printf("host bench on %s, input seed %" PRIu64 "\n", properties.name, seedInputs());

  benchSoftmaxF32(8192, 8192);
  benchSoftmaxF16(4096, 4096);
  benchLayerNormF16(8192, 4096);
  benchRmsNormF16(8192, 4096);
  benchRopeFwd(4096, 4, 32, 128);
  benchRopeBwd(4096, 4, 32, 128);
  benchDropout((1 << 26) + 3);
  benchCrossEntropy(4096, 32000);
  // The RoPE sweep over sequence length, batch, heads and head size.
  benchRopeD64H16(2048, 2, 16, 64);
  benchRopeD64H16(8192, 1, 16, 64);
  benchRopeFwd(1024, 16, 32, 128);
  benchRopeFwd(8192, 1, 32, 128);
  benchRopeD128H64(4096, 2, 64, 128);
  return 0;
}
