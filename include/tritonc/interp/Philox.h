// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2,
// 3", SC'11; Random123) and Triton's `tl.randint` / `tl.rand` built on it,
// bit for bit: triton/language/random.py runs ten rounds on the counter
// (offset, 0, 0, 0) with the key (seed low 32 bits, seed high 32 bits) and
// maps the first word to [0, 1) through its int32 magnitude.
#pragma once

#include <array>
#include <cstdint>

namespace tritonc::interp {

std::array<uint32_t, 4> philox4x32_10(std::array<uint32_t, 4> counter, std::array<uint32_t, 2> key);

// tl.randint(seed, offset): the first of the four words.
uint32_t tritonRandint(uint64_t seed, uint32_t offset);

// tl.rand(seed, offset): a float in [0, 1).
float tritonRand(uint64_t seed, uint32_t offset);

} // namespace tritonc::interp
