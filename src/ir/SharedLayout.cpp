#include "tritonc/ir/SharedLayout.h"

#include <algorithm>

namespace tritonc {

SwizzledLayout swizzledLayoutFor(int64_t rowElements, unsigned elementBytes, int64_t lines) {
  SwizzledLayout s;
  s.rowElements = rowElements;
  s.lines = lines;
  s.blockElements = std::min<int64_t>(rowElements, 128 / elementBytes);
  s.chunkElements = 16 / elementBytes;
  int64_t rowBytes = s.blockElements * elementBytes;
  // Rows shorter than the 128 bytes the 32 banks span share a phase, so
  // that eight consecutive rows still land in eight bank groups.
  s.perPhase = unsigned(std::max<int64_t>(1, 128 / rowBytes));
  s.maxPhase = unsigned(std::clamp<int64_t>(rowBytes / 16, 1, 8));
  return s;
}

int64_t SwizzledLayout::offset(int64_t line, int64_t col) const {
  int64_t block = col / blockElements, inBlock = col % blockElements;
  int64_t chunk = inBlock / chunkElements, within = col % chunkElements;
  int64_t phase = (line / perPhase) % maxPhase;
  return block * lines * blockElements + line * blockElements + (chunk ^ phase) * chunkElements + within;
}

} // namespace tritonc
