// samples_host: runs every sample kernel on GPU 0 through its generated
// launcher and checks it against a CPU reference (host_program.h says why
// the checks live in a module beside this executable).
//
//   samples_host [SAMPLE...]     all samples, or those whose name contains SAMPLE
//
// Exit status: 0 all passed, 1 a check failed, 2 (kExitNoGpu) no GPU or no
// CUDA driver here, so nothing ran.
#include "host_program.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <string>

namespace {

// The folder of this executable, with its trailing slash.
std::string ownFolder() {
  char path[4096];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
  if (length <= 0)
    return "";
  std::string self(path, std::size_t(length));
  return self.substr(0, self.rfind('/') + 1);
}

} // namespace

int main(int argc, char **argv) {
  if (!dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL)) {
    std::printf("no GPU: no CUDA driver on this machine (%s); nothing was run (the kernels are built: run this on a "
                "machine with an NVIDIA GPU)\n",
                dlerror());
    return kExitNoGpu;
  }
  std::string module = ownFolder() + kChecksModule;
  void *checks = dlopen(module.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!checks) {
    std::printf("cannot load the checks: %s\n", dlerror());
    return 1;
  }
  auto run = reinterpret_cast<decltype(&samples_host_run)>(dlsym(checks, kChecksEntry));
  if (!run) {
    std::printf("cannot load the checks: %s\n", dlerror());
    return 1;
  }
  return run(argc, argv);
}
