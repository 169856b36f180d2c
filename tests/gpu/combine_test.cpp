// GPU test of tests/kernels/combine.py compiled by tritonc (tl.reduce and
// tl.associative_scan with combine functions), launched through the
// generated headers with the CUDA driver API only, against CPU references
// at ragged sizes: sums of squares per row and over the tile, the first
// index of the largest value among many ties, a running product and the
// linear recurrence x[j] = a[j] * x[j-1] + b[j]. Elements past the valid
// ones are poisoned first and must stay so.
//
// Exit status: 0 when every check passed, 1 otherwise.
#include "combine_argmax_rows.h"
#include "combine_linear_recurrence.h"
#include "combine_running_product.h"
#include "combine_sum_of_squares_rows.h"

#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

namespace {

int failures = 0;

bool ok(CUresult status, const char *what) {
  if (status == CUDA_SUCCESS)
    return true;
  std::printf("  CUDA error %d in %s\n", int(status), what);
  ++failures;
  return false;
}
#define CU(call) ok((call), #call)

void expect(bool passed, const char *what, int where, double got, double want) {
  if (!passed && failures++ < 20)
    std::printf("  FAIL %s at %d: got %.9g, want %.9g\n", what, where, got, want);
}

// A device copy of `host`, freed with the object.
template <typename T> struct DeviceBuffer {
  CUdeviceptr ptr = 0;
  size_t count;
  explicit DeviceBuffer(const std::vector<T> &host) : count(host.size()) {
    CU(cuMemAlloc(&ptr, count * sizeof(T)));
    CU(cuMemcpyHtoD(ptr, host.data(), count * sizeof(T)));
  }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() { cuMemFree(ptr); }
  std::vector<T> read() const {
    std::vector<T> host(count);
    CU(cuCtxSynchronize());
    CU(cuMemcpyDtoH(host.data(), ptr, count * sizeof(T)));
    return host;
  }
};

constexpr float kPoison = -7.0f; // no kernel here computes it from the inputs below

std::mt19937 rng(std::random_device{}());

std::vector<float> uniform(size_t n, float lo, float hi) {
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(rng);
  return v;
}

void sumOfSquares() {
  for (int rows : {1, 5, 16})
    for (int cols : {1, 19, 32}) {
      std::vector<float> x = uniform(size_t(rows * cols), -2, 2);
      DeviceBuffer<float> dx(x), perRow(std::vector<float>(16, kPoison)), total(std::vector<float>(1, kPoison));
      CU(tritonc_kernels::sum_of_squares_rows::launch(nullptr, {1, 1, 1}, dx.ptr, perRow.ptr, total.ptr, rows, cols));
      std::vector<float> got = perRow.read();
      double all = 0;
      for (int i = 0; i < 16; ++i) {
        if (i >= rows) {
          expect(got[size_t(i)] == kPoison, "sum of squares: padding row", i, got[size_t(i)], kPoison);
          continue;
        }
        double sum = 0;
        for (int j = 0; j < cols; ++j)
          sum += double(x[size_t(i * cols + j)]) * x[size_t(i * cols + j)];
        all += sum;
        expect(std::fabs(got[size_t(i)] - sum) <= 1e-5 * (sum + 1), "sum of squares per row", i, got[size_t(i)], sum);
      }
      float gotAll = total.read()[0];
      expect(std::fabs(gotAll - all) <= 1e-5 * (all + 1), "sum of squares over the tile", rows * 100 + cols, gotAll,
             all);
    }
}

void argmax() {
  std::uniform_int_distribution<int> few(-3, 3); // many ties
  const int rows = 7;
  for (int cols : {1, 37, 1000, 1024}) {
    std::vector<float> x(size_t(rows * cols));
    for (float &v : x)
      v = float(few(rng));
    DeviceBuffer<float> dx(x), maxima{std::vector<float>(size_t(rows))};
    DeviceBuffer<int> index{std::vector<int>(size_t(rows), -1)};
    CU(tritonc_kernels::argmax_rows::launch(nullptr, {unsigned(rows), 1, 1}, dx.ptr, maxima.ptr, index.ptr, cols));
    std::vector<float> gotMax = maxima.read();
    std::vector<int> gotIndex = index.read();
    for (int i = 0; i < rows; ++i) {
      int best = 0;
      for (int k = 1; k < cols; ++k)
        if (x[size_t(i * cols + k)] > x[size_t(i * cols + best)])
          best = k;
      expect(gotIndex[size_t(i)] == best, "argmax: index", i, gotIndex[size_t(i)], best);
      expect(gotMax[size_t(i)] == x[size_t(i * cols + best)], "argmax: value", i, gotMax[size_t(i)],
             x[size_t(i * cols + best)]);
    }
  }
}

void runningProduct() {
  for (int n : {1, 45, 1000, 1024}) {
    std::vector<float> x = uniform(size_t(n), 0.99f, 1.01f);
    DeviceBuffer<float> dx(x), dy(std::vector<float>(1024, kPoison));
    CU(tritonc_kernels::running_product::launch(nullptr, {1, 1, 1}, dx.ptr, dy.ptr, n));
    std::vector<float> got = dy.read();
    double product = 1;
    for (int i = 0; i < 1024; ++i) {
      if (i >= n) {
        expect(got[size_t(i)] == kPoison, "running product: padding", i, got[size_t(i)], kPoison);
        continue;
      }
      product *= x[size_t(i)];
      expect(std::fabs(got[size_t(i)] - product) <= 1e-4 * product, "running product", i, got[size_t(i)], product);
    }
  }
}

void linearRecurrence() {
  const int rows = 5;
  for (int cols : {1, 33, 1000, 1024}) {
    size_t n = size_t(rows * cols);
    std::vector<float> a = uniform(n, -1, 1), b = uniform(n, -1, 1);
    DeviceBuffer<float> da(a), db(b), dx(std::vector<float>(n, kPoison));
    CU(tritonc_kernels::linear_recurrence::launch(nullptr, {unsigned(rows), 1, 1}, da.ptr, db.ptr, dx.ptr, cols));
    std::vector<float> got = dx.read();
    for (int i = 0; i < rows; ++i) {
      double state = 0;
      for (int j = 0; j < cols; ++j) {
        size_t at = size_t(i * cols + j);
        state = a[at] * state + b[at];
        expect(std::fabs(got[at] - state) <= 1e-4, "linear recurrence", int(at), got[at], state);
      }
    }
  }
}

} // namespace

int main() {
  CUdevice device;
  CUcontext context;
  if (!CU(cuInit(0)) || !CU(cuDeviceGet(&device, 0)) || !CU(cuDevicePrimaryCtxRetain(&context, device)) ||
      !CU(cuCtxSetCurrent(context)))
    return 1;
  sumOfSquares();
  argmax();
  runningProduct();
  linearRecurrence();
  std::printf("%s: combine kernels, %d failures\n", failures ? "FAIL" : "PASS", failures);
  return failures ? 1 : 0;
}
