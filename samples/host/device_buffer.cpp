#include "device_buffer.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace samples {

namespace {
constexpr std::size_t kGuardBytes = 4096;
} // namespace

void check(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return;
  const char *name = nullptr;
  if (cuGetErrorName(status, &name) != CUDA_SUCCESS || !name)
    name = "unknown error";
  throw CudaFailure(std::string(name) + " (" + std::to_string(int(status)) + ") from " + what);
}

DeviceBuffer::DeviceBuffer(std::size_t bytes) : bytes_(bytes) {
  SAMPLES_CU(cuMemAlloc(&ptr_, bytes + kGuardBytes));
  SAMPLES_CU(cuMemsetD8(ptr_, 0xff, bytes + kGuardBytes));
}

DeviceBuffer::~DeviceBuffer() {
  if (ptr_)
    cuMemFree(ptr_);
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept : ptr_(std::exchange(other.ptr_, 0)), bytes_(other.bytes_) {}

bool DeviceBuffer::guardIntact() const {
  std::vector<uint8_t> guard(kGuardBytes);
  SAMPLES_CU(cuMemcpyDtoH(guard.data(), ptr_ + bytes_, kGuardBytes));
  return std::all_of(guard.begin(), guard.end(), [](uint8_t b) { return b == 0xff; });
}

DeviceBuffer uploadBytes(const void *data, std::size_t bytes) {
  DeviceBuffer buffer(bytes);
  if (bytes)
    SAMPLES_CU(cuMemcpyHtoD(buffer.ptr(), data, bytes));
  return buffer;
}

DeviceBuffer upload(const std::vector<double> &values, Dtype dtype) {
  if (dtype == Dtype::F32) {
    std::vector<float> data(values.begin(), values.end());
    return uploadBytes(data.data(), data.size() * sizeof(float));
  }
  std::vector<uint16_t> data(values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
    data[i] = dtype == Dtype::F16 ? toF16(float(values[i])) : toBf16(float(values[i]));
  return uploadBytes(data.data(), data.size() * sizeof(uint16_t));
}

DeviceBuffer poisoned(std::size_t count, Dtype dtype) { return DeviceBuffer(count * elementBytes(dtype)); }

std::vector<double> download(const DeviceBuffer &buffer, Dtype dtype) {
  // The launches before are asynchronous; their errors surface here too.
  SAMPLES_CU(cuCtxSynchronize());
  std::size_t count = buffer.bytes() / elementBytes(dtype);
  std::vector<double> values(count);
  if (dtype == Dtype::F32) {
    std::vector<float> data(count);
    SAMPLES_CU(cuMemcpyDtoH(data.data(), buffer.ptr(), count * sizeof(float)));
    std::copy(data.begin(), data.end(), values.begin());
    return values;
  }
  std::vector<uint16_t> data(count);
  SAMPLES_CU(cuMemcpyDtoH(data.data(), buffer.ptr(), count * sizeof(uint16_t)));
  for (std::size_t i = 0; i < count; ++i)
    values[i] = dtype == Dtype::F16 ? fromF16(data[i]) : fromBf16(data[i]);
  return values;
}

} // namespace samples
