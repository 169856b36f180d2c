// Launches the generated kernel once; built, never run, by the test (no GPU
// needed: it links the CUDA driver stub).
#include "scale_kernel.h"

#include <cstdio>

int main() {
  if (cuInit(0) != CUDA_SUCCESS) {
    std::puts("no CUDA driver");
    return 0;
  }
  CUdevice device = 0;
  CUcontext context = nullptr;
  // The primary context: cuCtxCreate's signature changed in CUDA 13.
  if (cuDeviceGet(&device, 0) != CUDA_SUCCESS || cuDevicePrimaryCtxRetain(&context, device) != CUDA_SUCCESS ||
      cuCtxSetCurrent(context) != CUDA_SUCCESS)
    return 1;
  const int n = 1024;
  CUdeviceptr x = 0, out = 0;
  cuMemAlloc(&x, n * sizeof(float));
  cuMemAlloc(&out, n * sizeof(float));
  // Aligned, then offset by one element and of an odd size: the second
  // launch takes the general specialisation.
  CUresult status = tritonc_kernels::scale::launch(nullptr, x, out, n);
  if (status == CUDA_SUCCESS)
    status = tritonc_kernels::scale::launch(nullptr, x + sizeof(float), out, n - 1);
  std::printf("launch: %d\n", int(status));
  cuMemFree(x);
  cuMemFree(out);
  cuDevicePrimaryCtxRelease(device);
  return status == CUDA_SUCCESS ? 0 : 1;
}
