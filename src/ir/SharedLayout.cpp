#include "tritonc/ir/SharedLayout.h"

#include <algorithm>

namespace tritonc {

SwizzledLayout swizzledLayoutFor(int64_t rowElements, unsigned elementBytes) {
  SwizzledLayout s;
  s.rowElements = rowElements;
  s.chunkElements = 16 / elementBytes;
  int64_t rowBytes = rowElements * elementBytes;
  // Rows shorter than the 128 bytes the 32 banks span share a phase, so
  // that eight consecutive rows still land in eight bank groups.
  s.perPhase = unsigned(std::max<int64_t>(1, 128 / rowBytes));
  s.maxPhase = unsigned(std::clamp<int64_t>(rowBytes / 16, 1, 8));
  return s;
}

int64_t SwizzledLayout::offset(int64_t row, int64_t col) const {
  int64_t chunk = col / chunkElements, within = col % chunkElements;
  int64_t phase = (row / perPhase) % maxPhase;
  return row * rowElements + (chunk ^ phase) * chunkElements + within;
}

} // namespace tritonc
