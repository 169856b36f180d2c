// The kernel-independent runtime of the launcher headers, as C++ text.
//
// Design choices, so that a change does not undo one by accident:
//  - Only the CUDA driver API: the header must work in programs that never
//    touch the runtime API (and in those that do: the runtime's primary
//    context is an ordinary current context here).
//  - Modules are cached per context, keyed by cuCtxGetId and not by the
//    CUcontext pointer: a destroyed context's address is often reused by the
//    next one created, which has none of the old modules loaded.
//  - Modules are never unloaded; they die with their context.
//  - Errors are returned, never thrown or printed: the header is linked into
//    applications that decide for themselves what a failure means.
//  - The guard macro is versioned: a future, incompatible runtime gets a new
//    macro instead of silently reusing an old definition (V2: cubins; V3:
//    shared memory per image, as targets may pipeline to different depths).
//  - A cubin is loaded where its machine code runs on the device as it is;
//    elsewhere, and if the driver refuses it, the PTX beside it (JIT).
#include "LauncherRuntime.h"

namespace tritonc {

namespace {

const char *const kRuntime = R"runtime(
#ifndef TRITONC_LAUNCHER_RUNTIME_V3
#define TRITONC_LAUNCHER_RUNTIME_V3

#if !defined(CUDA_VERSION) || CUDA_VERSION < 12000
#error "tritonc launcher headers need cuda.h from CUDA 12 or newer"
#endif

namespace tritonc_kernels {

struct Grid {
  unsigned x = 1, y = 1, z = 1;
};

// Ceiling division, for grid expressions such as cdiv(n_elements, 1024).
template <typename A, typename B>
constexpr std::common_type_t<A, B> cdiv(A a, B b) {
  return (a + b - 1) / b;
}

namespace runtime {

// Which devices an image runs on: PTX for sm_80 runs on 8.0 and every later
// device; PTX for sm_90a only on 9.0.
enum class Runs { OnLater, OnExact };

struct Image {
  int arch; // major * 10 + minor
  Runs runs;
  const char *ptx;
  const unsigned char *cubin; // ptxas's machine code for `arch`, or nullptr
  unsigned sharedBytes;       // the dynamic shared memory this image's kernel needs
};

struct Kernel {
  const Image *images;
  std::size_t imageCount;
  const char *entry;
  unsigned threadsPerBlock;
};

inline bool imageFits(const Image &image, int major, int minor) {
  if (image.runs == Runs::OnExact)
    return image.arch == major * 10 + minor;
  return image.arch <= major * 10 + minor;
}

// Whether the image's cubin runs on a device as it is: machine code runs on
// its own compute capability and on later minor versions of the same major,
// arch-specific code (sm_90a) on its own only.
inline bool cubinRuns(const Image &image, int major, int minor) {
  if (!image.cubin)
    return false;
  if (image.runs == Runs::OnExact)
    return image.arch == major * 10 + minor;
  return image.arch / 10 == major && image.arch % 10 <= minor;
}

// The highest-arch image that runs on the current context's device; at equal
// arch the arch-specific one, which may use instructions the other cannot.
// `cubin` says whether its cubin runs there too.
inline CUresult pickImage(const Kernel &kernel, const Image **picked, bool *cubin) {
  CUdevice device = 0;
  CUresult status = cuCtxGetDevice(&device);
  int major = 0, minor = 0;
  if (status == CUDA_SUCCESS)
    status = cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, device);
  if (status == CUDA_SUCCESS)
    status = cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, device);
  if (status != CUDA_SUCCESS)
    return status;
  const Image *best = nullptr;
  for (std::size_t i = 0; i < kernel.imageCount; ++i) {
    const Image &image = kernel.images[i];
    if (!imageFits(image, major, minor))
      continue;
    if (!best || image.arch > best->arch ||
        (image.arch == best->arch && image.runs != Runs::OnLater))
      best = &image;
  }
  *picked = best;
  *cubin = best && cubinRuns(*best, major, minor);
  return best ? CUDA_SUCCESS : CUDA_ERROR_NO_BINARY_FOR_GPU;
}

// The kernel's CUfunction in every context that has launched it.
class FunctionCache {
public:
  // The function for the current context, and the shared memory its image
  // launches with.
  CUresult get(const Kernel &kernel, CUfunction *function, unsigned *sharedBytes) {
    CUcontext context = nullptr;
    CUresult status = cuCtxGetCurrent(&context);
    if (status != CUDA_SUCCESS)
      return status;
    if (!context)
      return CUDA_ERROR_INVALID_CONTEXT;
    unsigned long long contextId = 0;
    status = cuCtxGetId(context, &contextId);
    if (status != CUDA_SUCCESS)
      return status;
    // Held while loading too: a second thread must wait for the module
    // rather than load its own copy.
    std::lock_guard<std::mutex> lock(mutex_);
    for (const Entry &entry : entries_) {
      if (entry.contextId == contextId) {
        *function = entry.function;
        *sharedBytes = entry.sharedBytes;
        return CUDA_SUCCESS;
      }
    }
    Entry entry{contextId, nullptr, 0};
    status = load(kernel, &entry.function, &entry.sharedBytes);
    if (status != CUDA_SUCCESS)
      return status;
    entries_.push_back(entry);
    *function = entry.function;
    *sharedBytes = entry.sharedBytes;
    return CUDA_SUCCESS;
  }

private:
  struct Entry {
    unsigned long long contextId;
    CUfunction function;
    unsigned sharedBytes;
  };

  static CUresult load(const Kernel &kernel, CUfunction *function, unsigned *sharedBytes) {
    const Image *image = nullptr;
    bool cubin = false;
    CUresult status = pickImage(kernel, &image, &cubin);
    if (status != CUDA_SUCCESS)
      return status;
    CUmodule module = nullptr;
    // A driver older than the ptxas that made the cubin may refuse it; the
    // PTX may still do.
    status = cubin ? cuModuleLoadData(&module, image->cubin) : CUDA_ERROR_NO_BINARY_FOR_GPU;
    if (status != CUDA_SUCCESS)
      status = cuModuleLoadData(&module, image->ptx);
    if (status != CUDA_SUCCESS)
      return status;
    status = cuModuleGetFunction(function, module, kernel.entry);
    // Beyond 48 KB a function must opt into its dynamic shared memory.
    if (status == CUDA_SUCCESS && image->sharedBytes > 48u * 1024u)
      status = cuFuncSetAttribute(*function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                  static_cast<int>(image->sharedBytes));
    *sharedBytes = image->sharedBytes;
    if (status != CUDA_SUCCESS)
      cuModuleUnload(module);
    return status;
  }

  std::mutex mutex_;
  std::vector<Entry> entries_;
};

inline CUresult launch(FunctionCache &cache, const Kernel &kernel, CUstream stream, Grid grid,
                       void **params) {
  // As Triton does: an empty grid launches nothing and is no error.
  if (grid.x == 0 || grid.y == 0 || grid.z == 0)
    return CUDA_SUCCESS;
  CUfunction function = nullptr;
  unsigned sharedBytes = 0;
  CUresult status = cache.get(kernel, &function, &sharedBytes);
  if (status != CUDA_SUCCESS)
    return status;
  return cuLaunchKernel(function, grid.x, grid.y, grid.z, kernel.threadsPerBlock, 1, 1, sharedBytes, stream,
                        params, nullptr);
}

} // namespace runtime
} // namespace tritonc_kernels

#endif // TRITONC_LAUNCHER_RUNTIME_V3
)runtime";

} // namespace

const std::string &launcherRuntimeSection() {
  static const std::string text = std::string(kRuntime).substr(1); // drop the leading newline
  return text;
}

} // namespace tritonc
