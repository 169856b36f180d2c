// The fake driver's entry points (FakeDriver.h): exactly those the launcher
// runtime calls, with the signatures cuda.h declares.
#include "FakeDriver.h"

#include <cuda.h>

#include <cstring>

namespace fake {

int failures = 0;

Driver &driver() {
  static Driver instance;
  return instance;
}

namespace {

// A module and its one function are both this: the image they came from.
struct Module {
  const void *image;
};

bool isCubin(const void *image) {
  return std::memcmp(image,
                     "\x7f"
                     "ELF",
                     4) == 0;
}

// Any non-null address: the launcher only passes it back.
int contextObject;

} // namespace

} // namespace fake

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *context) {
  *context = reinterpret_cast<CUcontext>(&fake::contextObject);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetId(CUcontext, unsigned long long *id) {
  *id = fake::driver().contextId;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetDevice(CUdevice *device) {
  *device = fake::driver().device;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetName(char *name, int length, CUdevice device) {
  if (device < 0 || device >= 3 || length < 1)
    return CUDA_ERROR_INVALID_DEVICE;
  std::strncpy(name, fake::driver().names[device], size_t(length) - 1);
  name[length - 1] = '\0';
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice) {
  if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
    *value = fake::driver().major;
  else if (attribute == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
    *value = fake::driver().minor;
  else
    return CUDA_ERROR_INVALID_VALUE;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image) {
  ++fake::driver().loads;
  if (fake::driver().refuseCubins && fake::isCubin(image))
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  *module = reinterpret_cast<CUmodule>(new fake::Module{image});
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  if (std::strcmp(name, "add_kernel") != 0 && std::strcmp(name, "scale_kernel") != 0 &&
      std::strcmp(name, "desc_matmul") != 0)
    return CUDA_ERROR_NOT_FOUND;
  *function = reinterpret_cast<CUfunction>(module);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) { return CUDA_SUCCESS; }

CUresult CUDAAPI cuModuleUnload(CUmodule module) {
  delete reinterpret_cast<fake::Module *>(module);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *base,
                                        const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
                                        const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle swizzle,
                                        CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  ++fake::driver().tensorMapsEncoded;
  // As the driver: a 16-byte aligned base and row stride, or no map.
  if (rank != 2 || reinterpret_cast<unsigned long long>(base) % 16 != 0 || strides[0] % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  unsigned long long fields[8] = {(unsigned long long)type,
                                  rank,
                                  (unsigned long long)base,
                                  dims[0],
                                  dims[1],
                                  strides[0],
                                  box[0] | (unsigned long long)box[1] << 32,
                                  (unsigned long long)swizzle};
  std::memcpy(map, fields, sizeof fields);
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuLaunchKernel(CUfunction function, unsigned gridX, unsigned, unsigned, unsigned, unsigned, unsigned,
                                unsigned, CUstream, void **params, void **) {
  fake::Driver &driver = fake::driver();
  for (int m = 0; m < driver.launchedMapCount; ++m)
    std::memcpy(driver.launchedMaps[m], params[driver.launchedParams - driver.launchedMapCount + m],
                sizeof driver.launchedMaps[m]);
  ++driver.launches;
  driver.launchedImage = reinterpret_cast<fake::Module *>(function)->image;
  driver.gridX = gridX;
  driver.clockMs += 0.001 * gridX;
  return CUDA_SUCCESS;
}
