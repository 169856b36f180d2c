// GPU test of alignment dispatch through the launcher header: the unhinted
// fp32 matmul of tests/lit/driver/alignment_dispatch.py, to which tritonc
// added a specialisation with its strides, N and K divisible by 4. launch()
// runs that one for 200x136x152 and the general one for an odd N (137);
// both must match a CPU product within tf32's rounding, and the header's
// dispatch must pick the one expected. Built by
// tests/gpu/alignment_dispatch_bundle.sh.
//
// Exit status: 0 when both launches matched the CPU, 1 otherwise.
#include "alignment.h"
#include "cuda_check.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace kernel = tritonc_kernels::tile_matmul;

namespace {

// C = A B for row-major A [M, K], B [K, N], C [M, N], against the CPU: each
// element within 1e-2 of the sum of its products' magnitudes (tf32 keeps
// 10 bits of each operand).
bool runAt(int M, int N, int K, bool aligned, const char *label) {
  std::vector<float> a(size_t(M) * K), b(size_t(K) * N), c(size_t(M) * N, -12345.0f);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = float(int(i * 7 % 23) - 11) * 0.125f;
  for (size_t i = 0; i < b.size(); ++i)
    b[i] = float(int(i * 5 % 19) - 9) * 0.25f;
  CUdeviceptr da, db, dc;
  if (!CU(cuMemAlloc(&da, a.size() * 4)) || !CU(cuMemAlloc(&db, b.size() * 4)) || !CU(cuMemAlloc(&dc, c.size() * 4)) ||
      !CU(cuMemcpyHtoD(da, a.data(), a.size() * 4)) || !CU(cuMemcpyHtoD(db, b.data(), b.size() * 4)) ||
      !CU(cuMemcpyHtoD(dc, c.data(), c.size() * 4)) ||
      !CU(kernel::launch(nullptr, da, db, dc, M, N, K, K, N, N)) || !CU(cuCtxSynchronize()) ||
      !CU(cuMemcpyDtoH(c.data(), dc, c.size() * 4)))
    return false;
  bool picked = kernel::detail::spec1::fits(da, db, dc, M, N, K, K, N, N) == aligned;
  int wrong = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double sum = 0, magnitude = 0;
      for (int k = 0; k < K; ++k) {
        double p = double(a[size_t(i) * K + k]) * b[size_t(k) * N + j];
        sum += p;
        magnitude += std::fabs(p);
      }
      wrong += std::fabs(c[size_t(i) * N + j] - sum) > 1e-2 * magnitude + 1e-6;
    }
  cuMemFree(da);
  cuMemFree(db);
  cuMemFree(dc);
  std::printf("%s %s: %d x %d x %d, %d of %d elements wrong%s\n", wrong || !picked ? "FAIL" : "PASS", label, M, N,
              K, wrong, M * N, picked ? "" : ", the other specialisation picked");
  return wrong == 0 && picked;
}

} // namespace

int main() {
  CUdevice device;
  CUcontext context;
  if (!CU(cuInit(0)) || !CU(cuDeviceGet(&device, 0)) || !CU(cuCtxCreate(&context, nullptr, 0, device)))
    return 1;
  bool pass = runAt(200, 136, 152, true, "strides, N and K divisible by 4 (the added specialisation)");
  pass &= runAt(200, 137, 152, false, "odd N (the one asked for)");
  pass &= runAt(1000, 1016, 1000, true, "larger, divisible by 4");
  pass &= runAt(1001, 1017, 1000, false, "larger, odd N");
  std::printf("%s\n", pass ? "RESULT: PASS" : "RESULT: FAIL");
  return pass ? 0 : 1;
}
