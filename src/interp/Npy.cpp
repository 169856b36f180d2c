#include "tritonc/interp/Npy.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>

namespace tritonc::interp {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DType {
  const char *descr;
  ScalarKind kind;
};
// The first entry for a kind is the one written. `=` (native order) reads
// as little-endian: tritonc runs on little-endian hosts only.
constexpr DType kDTypes[] = {
    {"<f2", ScalarKind::F16}, {"<f4", ScalarKind::F32}, {"<f8", ScalarKind::F64}, {"|i1", ScalarKind::I8},
    {"<i2", ScalarKind::I16}, {"<i4", ScalarKind::I32}, {"<i8", ScalarKind::I64}, {"|u1", ScalarKind::U8},
    {"<u2", ScalarKind::U16}, {"<u4", ScalarKind::U32}, {"<u8", ScalarKind::U64}, {"|b1", ScalarKind::I1},
    {"=f2", ScalarKind::F16}, {"=f4", ScalarKind::F32}, {"=f8", ScalarKind::F64}, {"=i2", ScalarKind::I16},
    {"=i4", ScalarKind::I32}, {"=i8", ScalarKind::I64}, {"=u2", ScalarKind::U16}, {"=u4", ScalarKind::U32},
    {"=u8", ScalarKind::U64}, {"<i1", ScalarKind::I8},  {"<u1", ScalarKind::U8},  {"<b1", ScalarKind::I1},
};

// The text after `'key':` in the header dict, leading spaces skipped.
std::optional<std::string_view> field(std::string_view header, std::string_view key) {
  std::string quoted = fmt::format("'{}'", key);
  size_t at = header.find(quoted);
  if (at == std::string_view::npos)
    return std::nullopt;
  at = header.find(':', at + quoted.size());
  if (at == std::string_view::npos)
    return std::nullopt;
  at = header.find_first_not_of(' ', at + 1);
  return at == std::string_view::npos ? std::nullopt : std::optional(header.substr(at));
}

std::optional<std::vector<int64_t>> parseShape(std::string_view text) {
  if (text.empty() || text[0] != '(')
    return std::nullopt;
  size_t close = text.find(')');
  if (close == std::string_view::npos)
    return std::nullopt;
  std::vector<int64_t> shape;
  std::string_view inner = text.substr(1, close - 1);
  size_t i = 0;
  while (i < inner.size()) {
    while (i < inner.size() && (inner[i] == ' ' || inner[i] == ','))
      ++i;
    if (i == inner.size())
      break;
    int64_t d = 0;
    size_t digits = 0;
    for (; i < inner.size() && inner[i] >= '0' && inner[i] <= '9'; ++i, ++digits) {
      if (d > (int64_t(1) << 40))
        return std::nullopt;
      d = d * 10 + (inner[i] - '0');
    }
    if (digits == 0)
      return std::nullopt;
    shape.push_back(d);
  }
  return shape;
}

} // namespace

int64_t NpyArray::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string npyDescr(ScalarKind elem) {
  switch (elem) {
  case ScalarKind::BF16: return "<u2";
  case ScalarKind::F8E4NV:
  case ScalarKind::F8E5: return "|u1";
  default:
    for (const DType &d : kDTypes)
      if (d.kind == elem)
        return d.descr;
    return "";
  }
}

std::optional<NpyArray> parseNpy(const std::string &file, std::string &error) {
  if (file.size() < kMagicSize + 4 || file.compare(0, kMagicSize, kMagic, kMagicSize) != 0) {
    error = "not a .npy file (no \\x93NUMPY magic)";
    return std::nullopt;
  }
  unsigned major = (unsigned char)file[6];
  // Version 1 has a 2-byte header length, versions 2 and 3 a 4-byte one.
  size_t lengthBytes = major == 1 ? 2 : major == 2 || major == 3 ? 4 : 0;
  if (lengthBytes == 0) {
    error = fmt::format("unsupported .npy format version {}", major);
    return std::nullopt;
  }
  size_t headerLength = 0;
  for (size_t i = 0; i < lengthBytes && 8 + i < file.size(); ++i)
    headerLength |= size_t((unsigned char)file[8 + i]) << (8 * i);
  size_t dataStart = 8 + lengthBytes + headerLength;
  if (dataStart > file.size()) {
    error = "the .npy header runs past the end of the file";
    return std::nullopt;
  }
  std::string_view header(file.data() + 8 + lengthBytes, headerLength);

  NpyArray array;
  std::optional<std::string_view> descr = field(header, "descr"), order = field(header, "fortran_order"),
                                  shapeText = field(header, "shape");
  if (!descr || !order || !shapeText) {
    error = "the .npy header lacks 'descr', 'fortran_order' or 'shape'";
    return std::nullopt;
  }
  const DType *dtype = nullptr;
  for (const DType &d : kDTypes)
    if (descr->size() > 4 && descr->substr(1, 3) == d.descr && (*descr)[4] == (*descr)[0])
      dtype = &d;
  if (!dtype) {
    error = fmt::format("unsupported dtype {}; expected a little-endian bool, integer or float",
                        descr->substr(0, descr->find(',')));
    return std::nullopt;
  }
  array.elem = dtype->kind;
  std::optional<std::vector<int64_t>> shape = parseShape(*shapeText);
  if (!shape) {
    error = "malformed 'shape' in the .npy header";
    return std::nullopt;
  }
  array.shape = *shape;
  if (order->starts_with("True") && array.shape.size() > 1) {
    error = "the array is in Fortran order; save it in C order (np.ascontiguousarray)";
    return std::nullopt;
  }
  unsigned elementSize = std::max(1u, bitWidth(array.elem) / 8);
  uint64_t expected = uint64_t(array.numElements()) * elementSize;
  if (file.size() - dataStart != expected) {
    error = fmt::format("the .npy data holds {} bytes but shape and dtype need {}", file.size() - dataStart, expected);
    return std::nullopt;
  }
  array.bytes.assign(file.begin() + std::ptrdiff_t(dataStart), file.end());
  return array;
}

std::string writeNpy(const NpyArray &array) {
  // Python's tuple spelling: (), (3,), (2, 3).
  std::string shape = fmt::format("({}{})", fmt::join(array.shape, ", "), array.shape.size() == 1 ? "," : "");
  std::string header =
      fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", npyDescr(array.elem), shape);
  // NumPy pads the header with spaces and a newline so the data starts at
  // a multiple of 64 bytes.
  size_t total = kMagicSize + 4 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out(kMagic, kMagicSize);
  out += char(1);
  out += char(0);
  out += char(header.size() & 0xff);
  out += char(header.size() >> 8);
  out += header;
  out.append(reinterpret_cast<const char *>(array.bytes.data()), array.bytes.size());
  return out;
}

} // namespace tritonc::interp
