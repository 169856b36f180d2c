// Device memory for the checks. Every buffer has a guard of 0xff bytes
// after its payload, and an output starts as all 0xff: a NaN in fp32, fp16
// and bf16 alike, so an element the kernel never wrote, or one it wrote
// past the end, shows.
#pragma once

#include "dtype.h"

#include <cuda.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace samples {

// A failed driver call ends the case it happened in; run_checks.cpp
// reports it as that case's failure.
struct CudaFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check(CUresult status, const char *what);
#define SAMPLES_CU(call) ::samples::check((call), #call)

class DeviceBuffer {
public:
  explicit DeviceBuffer(std::size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(DeviceBuffer &&) = delete;

  CUdeviceptr ptr() const { return ptr_; }
  std::size_t bytes() const { return bytes_; }
  // Whether the guard after the payload still holds only 0xff bytes.
  bool guardIntact() const;

private:
  CUdeviceptr ptr_ = 0;
  std::size_t bytes_ = 0;
};

DeviceBuffer upload(const std::vector<double> &values, Dtype dtype);
DeviceBuffer uploadBytes(const void *data, std::size_t bytes);
template <typename T> DeviceBuffer uploadInts(const std::vector<T> &values) {
  return uploadBytes(values.data(), values.size() * sizeof(T));
}
DeviceBuffer poisoned(std::size_t count, Dtype dtype);

std::vector<double> download(const DeviceBuffer &buffer, Dtype dtype);

} // namespace samples
