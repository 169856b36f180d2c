// A CUDA driver that records what a generated launcher asks of it instead
// of touching a GPU: the device's compute capability and the current
// context are set by the test, modules are the images they were loaded
// from, and a launch records the module's image and the grid. Kernels
// named `add_kernel` and `scale_kernel` are found.
#pragma once

#include <cstdio>

namespace fake {

struct Driver {
  // The device and context the launcher sees; a new context id makes the
  // launcher load its modules again.
  int major = 9, minor = 0;
  unsigned long long contextId = 1;
  // Refuse cubins (an old driver), so that only PTX loads.
  bool refuseCubins = false;
  // The current context's device, and each device's name (by ordinal).
  int device = 0;
  const char *names[3] = {"Fake GPU A", "Fake GPU B", "Fake GPU C"};

  int loads = 0;                       // cuModuleLoadData calls, refused ones included
  int launches = 0;                    // cuLaunchKernel calls
  const void *launchedImage = nullptr; // the image of the last launch's module
  unsigned gridX = 0;                  // the last launch's grid
  // A clock that only launches advance, by a microsecond per program:
  // what CUDA events measure under the fake (FakeTuneDriver.cpp).
  double clockMs = 0;

  // cuTensorMapEncodeTiled calls. The fake writes the call's arguments
  // into the map (TensorMapFields), so a launch can tell which map it got.
  int tensorMapsEncoded = 0;
  // Set by the test: how many kernel parameters a launch passes, the last
  // `launchedMapCount` of them tensor maps, which the launch copies here.
  int launchedParams = 0, launchedMapCount = 0;
  unsigned long long launchedMaps[4][8] = {};

  // The next case: a fresh context on a device of this capability.
  void reset(int deviceMajor, int deviceMinor) { *this = Driver{deviceMajor, deviceMinor, contextId + 1}; }
};

Driver &driver();

// What the fake encoder writes at the start of a tensor map, as
// unsigned long longs: data type, rank, base, dims[0..1], byte stride,
// box[0] | box[1] << 32, swizzle.
enum TensorMapFields { kType, kRank, kBase, kDim0, kDim1, kStride, kBox, kSwizzle };

// Counts failed checks; main() returns non-zero if there were any.
extern int failures;

} // namespace fake

#define FAKE_CHECK(condition)                                                                                          \
  do {                                                                                                                 \
    if (!(condition)) {                                                                                                \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition);                               \
      ++fake::failures;                                                                                                \
    }                                                                                                                  \
  } while (0)
