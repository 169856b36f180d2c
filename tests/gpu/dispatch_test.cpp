// GPU test of a header holding two specialisations of samples/vector_add.py
// (`*fp32:16 … i32:16` and the general `*fp32 … i32`): launch() must run the
// aligned one where the arguments keep its promises and the general one
// where they do not (pointers 4 bytes off a 16-byte boundary, an odd
// length), with the same, exact result. Built by tests/gpu/dispatch_bundle.sh.
//
// Exit status: 0 when both launches matched the CPU, 1 otherwise.
#include "dispatch.h"
#include "cuda_check.h"

#include <cstdio>
#include <vector>

namespace kernel = tritonc_kernels::add_kernel;

namespace {

// x + y on the device at element offset `shift` of each buffer, n elements.
bool runAt(CUdeviceptr x, CUdeviceptr y, CUdeviceptr out, unsigned shift, int n, const std::vector<float> &hx,
           const std::vector<float> &hy, const char *label) {
  CUdeviceptr px = x + 4 * shift, py = y + 4 * shift, po = out + 4 * shift;
  std::vector<float> poison(size_t(n) + shift, -12345.0f), got(static_cast<size_t>(n));
  if (!CU(cuMemcpyHtoD(out, poison.data(), poison.size() * 4)) || !CU(cuMemcpyHtoD(px, hx.data(), size_t(n) * 4)) ||
      !CU(cuMemcpyHtoD(py, hy.data(), size_t(n) * 4)) || !CU(kernel::launch(nullptr, px, py, po, n)) ||
      !CU(cuCtxSynchronize()) || !CU(cuMemcpyDtoH(got.data(), po, size_t(n) * 4)))
    return false;
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += got[size_t(i)] != hx[size_t(i)] + hy[size_t(i)];
  std::printf("%s %s: n = %d, pointers %u bytes past 16-byte alignment, %d of %d elements wrong\n",
              wrong ? "FAIL" : "PASS", label, n, 4 * shift, wrong, n);
  return wrong == 0;
}

} // namespace

int main() {
  CUdevice device;
  CUcontext context;
  if (!CU(cuInit(0)) || !CU(cuDeviceGet(&device, 0)) || !CU(cuCtxCreate(&context, nullptr, 0, device)))
    return 1;
  const int n = 1000003;
  std::vector<float> hx(static_cast<size_t>(n)), hy(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    hx[size_t(i)] = float(i % 977) * 0.25f;
    hy[size_t(i)] = float(i % 131) - 7.5f;
  }
  CUdeviceptr x, y, out;
  size_t bytes = (size_t(n) + 16) * 4;
  if (!CU(cuMemAlloc(&x, bytes)) || !CU(cuMemAlloc(&y, bytes)) || !CU(cuMemAlloc(&out, bytes)))
    return 1;
  bool pass = runAt(x, y, out, 0, n - 3, hx, hy, "aligned, length divisible by 16 (the :16 code)");
  pass &= runAt(x, y, out, 1, n, hx, hy, "offset, odd length (the general code)");
  std::printf("%s\n", pass ? "RESULT: PASS" : "RESULT: FAIL");
  return pass ? 0 : 1;
}
