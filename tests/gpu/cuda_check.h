// The GPU host tests' check of a CUDA driver call: prints the call and the
// error's name, and tells the caller whether to go on.
#pragma once

#include <cuda.h>

#include <cstdio>

inline bool cudaCallOk(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return true;
  const char *name = nullptr;
  cuGetErrorName(status, &name);
  std::printf("  CUDA error %d (%s) in %s\n", int(status), name ? name : "?", what);
  return false;
}

#define CU(call) cudaCallOk((call), #call)
