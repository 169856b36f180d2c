// How the executable (main.cpp) and the checks module (run_checks.cpp and
// the sample files) meet. The executable links nothing from CUDA: a build
// machine has no libcuda.so.1, and a program that needs it at load time
// could not even start to say so. It loads the module, which does link
// the driver, only once the driver is known to be there.
#pragma once

// Exit status: 0 every case passed, 1 a case failed or the program broke,
// kExitNoGpu nothing ran because there is no GPU or no driver.
inline constexpr int kExitNoGpu = 2;

inline constexpr const char *kChecksModule = "samples_host_checks.so";
inline constexpr const char *kChecksEntry = "samples_host_run";

// The module's entry point; argv as main() received it.
extern "C" int samples_host_run(int argc, char **argv);
