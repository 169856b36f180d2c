// Building, preparing and reading back a problem's arguments (Arguments.h).
#include "Arguments.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tritonc_tune {

namespace {

bool contains(const std::vector<std::string> &names, const std::string &name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// xorshift64*: fast, and plenty random for test data.
struct Random {
  uint64_t state;
  explicit Random(uint64_t seed) : state(seed * 0x9e3779b97f4a7c15ull + 1) {}
  uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 0x2545f4914f6cdd1dull;
  }
  float unit() { return float(next() >> 40) / float(1 << 24) * 2.0f - 1.0f; } // [-1, 1)
};

// IEEE half from float, rounding to nearest even (finite inputs of
// magnitude below 65504, which is all test data needs).
uint16_t toHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint16_t sign = uint16_t((x >> 16) & 0x8000);
  float a = std::fabs(f);
  if (a < 6.1035156e-05f) // subnormal or zero: a multiple of 2^-24
    return sign | uint16_t(std::nearbyint(a * 16777216.0f));
  int exponent = int((x >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = x & 0x7fffff;
  uint32_t half = (uint32_t(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half;
  return sign | uint16_t(half);
}

uint16_t toBfloat16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  return uint16_t((x + 0x7fff + ((x >> 16) & 1)) >> 16);
}

// `count` random elements of `type`, as bytes.
std::vector<unsigned char> randomElements(const std::string &type, size_t count, Random &random) {
  size_t size = elementBytes(type);
  std::vector<unsigned char> bytes(count * size);
  for (size_t i = 0; i < count; ++i) {
    unsigned char *p = bytes.data() + i * size;
    float f = random.unit();
    if (type == "fp32") {
      std::memcpy(p, &f, 4);
    } else if (type == "fp64") {
      double d = f;
      std::memcpy(p, &d, 8);
    } else if (type == "fp16") {
      uint16_t h = toHalf(f);
      std::memcpy(p, &h, 2);
    } else if (type == "bf16") {
      uint16_t h = toBfloat16(f);
      std::memcpy(p, &h, 2);
    } else if (type == "fp8e4nv" || type == "fp8e5") {
      // Sign, then small exponents only: never NaN or infinity.
      *p = static_cast<unsigned char>(random.next() & 0xbf);
    } else {
      uint64_t v = random.next() % 8;
      std::memcpy(p, &v, size); // little-endian: the low bytes
    }
  }
  return bytes;
}

double elementAsDouble(const std::string &type, const unsigned char *p) {
  if (type == "fp32") {
    float f;
    std::memcpy(&f, p, 4);
    return f;
  }
  if (type == "fp64") {
    double d;
    std::memcpy(&d, p, 8);
    return d;
  }
  if (type == "fp16" || type == "bf16") {
    uint16_t h;
    std::memcpy(&h, p, 2);
    if (type == "bf16") {
      uint32_t x = uint32_t(h) << 16;
      float f;
      std::memcpy(&f, &x, 4);
      return f;
    }
    int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
    double v = exponent == 0    ? std::ldexp(mantissa, -24)
               : exponent == 31 ? (mantissa ? NAN : INFINITY)
                                : std::ldexp(mantissa + 1024, exponent - 25);
    return (h & 0x8000) ? -v : v;
  }
  int64_t v = 0;
  std::memcpy(&v, p, elementBytes(type));
  return double(v);
}

} // namespace

Arguments::Arguments(const KernelUnderTest &kernel, const std::map<std::string, Recipe> &recipes, const Sizes &sizes,
                     uint64_t seed) {
  Random random(seed);
  storage_.assign(kernel.paramNames.size(), 0);
  for (size_t i = 0; i < kernel.paramNames.size(); ++i) {
    const std::string &name = kernel.paramNames[i], &type = kernel.paramTypes[i];
    auto recipe = recipes.find(name);
    bool pointer = type[0] == '*';
    if (recipe == recipes.end() && (pointer || !sizes.count(name)))
      throw std::runtime_error("parameter `" + name + "` (" + type + ") needs `--arg " + name + "=...`");
    Recipe r = recipe == recipes.end() ? Recipe{Recipe::Kind::Scalar, name} : recipe->second;
    if (pointer != (r.kind != Recipe::Kind::Scalar))
      throw std::runtime_error("parameter `" + name + "` (" + type + ") takes " +
                               (pointer ? "`input(COUNT)` or `output(COUNT)`" : "a value, not a buffer"));
    int64_t value = evaluate(r.expression, sizes);
    if (!pointer) {
      void *slot = &storage_[i];
      if (type == "fp32") {
        float f = float(value);
        std::memcpy(slot, &f, 4);
      } else if (type == "fp64") {
        double d = double(value);
        std::memcpy(slot, &d, 8);
      } else if (type == "i1") {
        bool b = value != 0;
        std::memcpy(slot, &b, sizeof b);
      } else if (elementBytes(type) != 0 && type[0] != 'f' && type[0] != 'b') {
        std::memcpy(slot, &value, elementBytes(type)); // little-endian: the low bytes
      } else {
        throw std::runtime_error("parameter `" + name + "` has type " + type + ", which tritonc-tune cannot make");
      }
      continue;
    }
    Buffer b;
    b.type = type.substr(1);
    size_t size = elementBytes(b.type);
    if (value < 0 || size == 0)
      throw std::runtime_error("parameter `" + name +
                               "`: " + (size ? "a negative element count" : "unknown type " + type));
    b.bytes = std::max<size_t>(size_t(value) * size, 1);
    b.output = r.kind == Recipe::Kind::Output;
    b.reset = contains(kernel.resetToZero, name);
    check(cuMemAlloc(&b.device, b.bytes), "cuMemAlloc");
    buffers_.push_back(b);
    Buffer &stored = buffers_.back();
    if (b.output || b.reset) {
      check(cuMemsetD8(stored.device, 0, b.bytes), "cuMemsetD8");
    } else {
      std::vector<unsigned char> host = randomElements(b.type, size_t(value), random);
      check(cuMemcpyHtoD(stored.device, host.data(), host.size()), "cuMemcpyHtoD");
    }
    if (contains(kernel.restoreValue, name)) {
      check(cuMemAlloc(&stored.saved, b.bytes), "cuMemAlloc");
      check(cuMemcpyDtoD(stored.saved, stored.device, b.bytes), "cuMemcpyDtoD");
    }
    std::memcpy(&storage_[i], &stored.device, sizeof(CUdeviceptr));
  }
  for (uint64_t &slot : storage_)
    pointers_.push_back(&slot);
}

Arguments::~Arguments() {
  for (const Buffer &b : buffers_) {
    cuMemFree(b.device);
    if (b.saved)
      cuMemFree(b.saved);
  }
}

void Arguments::prepare(CUstream stream) const {
  for (const Buffer &b : buffers_) {
    if (b.reset)
      check(cuMemsetD8Async(b.device, 0, b.bytes, stream), "cuMemsetD8Async");
    if (b.saved)
      check(cuMemcpyDtoDAsync(b.device, b.saved, b.bytes, stream), "cuMemcpyDtoDAsync");
  }
}

std::vector<double> Arguments::sampleOutputs(size_t samples) const {
  std::vector<double> out;
  for (const Buffer &b : buffers_) {
    if (!b.output)
      continue;
    size_t size = elementBytes(b.type), count = b.bytes / size;
    std::vector<unsigned char> host(b.bytes);
    check(cuMemcpyDtoH(host.data(), b.device, b.bytes), "cuMemcpyDtoH");
    size_t step = std::max<size_t>(1, count / samples);
    for (size_t i = 0; i < count; i += step)
      out.push_back(elementAsDouble(b.type, host.data() + i * size));
  }
  return out;
}

size_t Arguments::bytes() const {
  size_t total = 0;
  for (const Buffer &b : buffers_)
    total += b.bytes;
  return total;
}

} // namespace tritonc_tune
