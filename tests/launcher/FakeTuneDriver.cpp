// The rest of the CUDA driver that tritonc-tune calls, faked on the host
// (FakeDriver.h): device memory is host memory, streams run nothing, and
// an event records the fake clock, so a configuration of fewer programs
// times faster.
#include "FakeDriver.h"

#include <cuda.h>

#include <cstdlib>
#include <cstring>

namespace {

int contextObject, streamObject;

void *host(CUdeviceptr p) { return reinterpret_cast<void *>(static_cast<uintptr_t>(p)); }

} // namespace

CUresult CUDAAPI cuInit(unsigned) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  if (ordinal < 0 || ordinal >= 3)
    return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  fake::driver().device = ordinal;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  *context = reinterpret_cast<CUcontext>(&contextObject);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuStreamCreate(CUstream *stream, unsigned) {
  *stream = reinterpret_cast<CUstream>(&streamObject);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuStreamDestroy(CUstream) { return CUDA_SUCCESS; }
CUresult CUDAAPI cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  void *p = std::malloc(bytes);
  if (!p)
    return CUDA_ERROR_OUT_OF_MEMORY;
  *pointer = static_cast<CUdeviceptr>(reinterpret_cast<uintptr_t>(p));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr pointer) {
  std::free(host(pointer));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemsetD8(CUdeviceptr pointer, unsigned char value, size_t count) {
  std::memset(host(pointer), value, count);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr pointer, unsigned char value, size_t count, CUstream) {
  return cuMemsetD8(pointer, value, count);
}

CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr pointer, unsigned value, size_t count, CUstream) {
  auto *words = static_cast<unsigned *>(host(pointer));
  for (size_t i = 0; i < count; ++i)
    words[i] = value;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr to, const void *from, size_t bytes) {
  std::memcpy(host(to), from, bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoH(void *to, CUdeviceptr from, size_t bytes) {
  std::memcpy(to, host(from), bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr to, CUdeviceptr from, size_t bytes) {
  std::memcpy(host(to), host(from), bytes);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr to, CUdeviceptr from, size_t bytes, CUstream) {
  return cuMemcpyDtoD(to, from, bytes);
}

CUresult CUDAAPI cuEventCreate(CUevent *event, unsigned) {
  *event = reinterpret_cast<CUevent>(new double(0));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventDestroy(CUevent event) {
  delete reinterpret_cast<double *>(event);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventRecord(CUevent event, CUstream) {
  *reinterpret_cast<double *>(event) = fake::driver().clockMs;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuEventElapsedTime(float *ms, CUevent start, CUevent end) {
  *ms = static_cast<float>(*reinterpret_cast<double *>(end) - *reinterpret_cast<double *>(start));
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuGetErrorName(CUresult status, const char **name) {
  *name = status == CUDA_ERROR_INVALID_VALUE ? "CUDA_ERROR_INVALID_VALUE" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
