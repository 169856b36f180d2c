// How `tl.inline_asm_elementwise` hands elements to the asm: one instance
// per `pack` elements, narrow elements packed up to 32 bits per register.
// Sema counts the constraints against it; codegen builds the registers.
#pragma once

#include <algorithm>

namespace tritonc {

inline unsigned asmElementsPerRegister(unsigned elementBits, unsigned pack) {
  return std::min(pack, std::max(1u, 32 / std::max(1u, elementBits)));
}

inline unsigned asmRegisters(unsigned elementBits, unsigned pack) {
  return pack / asmElementsPerRegister(elementBits, pack);
}

} // namespace tritonc
