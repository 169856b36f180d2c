// How long a process's first launch() of a generated header takes, to the
// kernel's completion: loading the module included, from a cubin that
// runs as it is or from PTX that the driver JIT-compiles. Built once per
// header (run.sh), each build run as fresh processes; prints the first and
// the second launch in milliseconds.
#include HEADER

#include <chrono>
#include <cstdio>

namespace {

bool ok(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return true;
  const char *name = "?";
  cuGetErrorName(status, &name);
  std::fprintf(stderr, "%s: %s\n", what, name);
  return false;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

int main() {
  CUdevice device = 0;
  CUcontext context = nullptr;
  if (!ok(cuInit(0), "cuInit") || !ok(cuDeviceGet(&device, 0), "cuDeviceGet") ||
      !ok(cuDevicePrimaryCtxRetain(&context, device), "cuDevicePrimaryCtxRetain") ||
      !ok(cuCtxSetCurrent(context), "cuCtxSetCurrent"))
    return 1;
  // samples/matmul.py's matmul_bias_act at 512^3, row-major fp16.
  const int m = 512, n = 512, k = 512;
  CUdeviceptr a = 0, b = 0, c = 0, bias = 0;
  if (!ok(cuMemAlloc(&a, size_t(m) * k * 2), "cuMemAlloc") || !ok(cuMemAlloc(&b, size_t(k) * n * 2), "cuMemAlloc") ||
      !ok(cuMemAlloc(&c, size_t(m) * n * 2), "cuMemAlloc") || !ok(cuMemAlloc(&bias, size_t(n) * 2), "cuMemAlloc"))
    return 1;
  cuMemsetD8(a, 0, size_t(m) * k * 2);
  cuMemsetD8(b, 0, size_t(k) * n * 2);
  cuMemsetD8(bias, 0, size_t(n) * 2);
  if (!ok(cuCtxSynchronize(), "cuCtxSynchronize"))
    return 1;
  namespace kernel = tritonc_kernels::matmul_bias_act;
  tritonc_kernels::Grid grid{unsigned(tritonc_kernels::cdiv(m, 128) * tritonc_kernels::cdiv(n, 128)), 1, 1};
  double times[2] = {0, 0};
  for (double &time : times) {
    auto start = std::chrono::steady_clock::now();
    if (!ok(kernel::launch(nullptr, grid, a, b, c, bias, m, n, k, k, 1, n, 1, n, 1), "launch") ||
        !ok(cuCtxSynchronize(), "cuCtxSynchronize"))
      return 1;
    time = millisecondsSince(start);
  }
  std::printf("%.3f %.3f\n", times[0], times[1]);
  cuDevicePrimaryCtxRelease(device);
  return 0;
}
