// The checks module's entry point: sets up the device, runs every sample's
// cases (or those whose sample name contains one of the arguments) and
// sums them up.
#include "checks.h"
#include "host_program.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <string>

namespace samples {

void Session::recordError(const std::string &sample, const std::string &error) {
  std::printf("FAIL %s: %s\n", sample.c_str(), error.c_str());
  std::fflush(stdout);
  ++failed_;
}

namespace {

struct Sample {
  const char *name;
  void (*check)(Session &);
};

constexpr Sample kSamples[] = {
    {"vector_add", checkVectorAdd},
    {"softmax", checkSoftmax},
    {"layer_norm", checkLayerNorm},
    {"rms_norm", checkRmsNorm},
    {"rope", checkRope},
    {"dropout", checkDropout},
    {"cross_entropy", checkCrossEntropy},
    {"layer_norm_bwd", checkLayerNormBwd},
    {"matmul", checkMatmul},
    {"attention_fwd", checkAttentionFwd},
    {"attention_bwd", checkAttentionBwd},
};

bool selected(const char *name, int argc, char **argv) {
  if (argc < 2)
    return true;
  for (int i = 1; i < argc; ++i)
    if (std::strstr(name, argv[i]))
      return true;
  return false;
}

std::string errorName(CUresult status) {
  // The stub cannot name its own error.
  if (status == CUDA_ERROR_STUB_LIBRARY)
    return "CUDA_ERROR_STUB_LIBRARY (the toolkit's driver stub was loaded, not a driver)";
  const char *name = nullptr;
  return cuGetErrorName(status, &name) == CUDA_SUCCESS && name ? name : "error " + std::to_string(int(status));
}

} // namespace

} // namespace samples

extern "C" int samples_host_run(int argc, char **argv) {
  using namespace samples;
  CUdevice device = 0;
  CUresult status = cuInit(0);
  if (status == CUDA_SUCCESS)
    status = cuDeviceGet(&device, 0);
  if (status != CUDA_SUCCESS) {
    std::printf("no GPU: %s from the CUDA driver; nothing was run (the kernels are built: run this on a machine "
                "with an NVIDIA GPU)\n",
                errorName(status).c_str());
    return kExitNoGpu;
  }
  char name[256] = {};
  int major = 0, minor = 0;
  CUcontext context = nullptr;
  CUstream stream = nullptr;
  try {
    SAMPLES_CU(cuDeviceGetName(name, sizeof name - 1, device));
    SAMPLES_CU(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device));
    SAMPLES_CU(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device));
    // The primary context: cuCtxCreate's signature changed in CUDA 13.
    SAMPLES_CU(cuDevicePrimaryCtxRetain(&context, device));
    SAMPLES_CU(cuCtxSetCurrent(context));
    SAMPLES_CU(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
  } catch (const CudaFailure &failure) {
    std::printf("FAIL setting up the device: %s\n", failure.what());
    return 1;
  }
  std::printf("device 0: %s, compute capability %d.%d\n", name, major, minor);

  Session session(stream);
  for (const Sample &sample : kSamples) {
    if (!selected(sample.name, argc, argv))
      continue;
    try {
      sample.check(session);
    } catch (const std::exception &error) { // CudaFailure mostly; nothing may cross into main.cpp
      session.recordError(sample.name, error.what());
    }
  }
  cuStreamDestroy(stream);
  cuDevicePrimaryCtxRelease(device);
  std::printf("%d passed, %d failed\n", session.passed(), session.failed());
  if (session.passed() + session.failed() == 0) {
    std::printf("no sample matches the arguments\n");
    return 1;
  }
  return session.failed() ? 1 : 0;
}
