// The GPU a kernel is compiled for, as `--arch` names it, and every
// capability the compiler asks of it, decided here once: code generation,
// the arch checks, the pass pipeline and the PTX version read these
// instead of comparing arch names.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tritonc {

class Target {
public:
  // A supported target, or nothing: sm_80, sm_86, sm_89, sm_90, sm_90a.
  static std::optional<Target> parse(const std::string &name);
  static const std::vector<std::string> &supportedNames();
  static Target hopper(); // sm_90a, the default

  const std::string &name() const { return name_; }
  unsigned sm() const { return sm_; }
  // sm_90a's code runs on compute capability 9.0 alone; sm_80's on 8.0 and
  // every later one.
  bool archSpecific() const { return archSpecific_; }

  // wgmma and bulk tensor copies (TMA) exist on sm_90a alone: the `a`
  // targets' instructions do not carry over to later GPUs.
  bool hasWgmma() const { return archSpecific_ && sm_ == 90; }
  bool hasBulkTensorCopies() const { return hasWgmma(); }
  bool hasStmatrix() const { return sm_ >= 90; }
  bool hasFp8Conversions() const { return sm_ >= 89; }
  // `cvt.rn.bf16.f16`, one instruction where fp32 would take two.
  bool hasHalfToBf16Conversion() const { return sm_ >= 90; }
  // `cvt.rn.bf16.s32` and its kin: integers to bf16 in one rounding.
  bool hasIntToBf16Conversion() const { return sm_ >= 90; }
  bool hasBf16Atomics() const { return sm_ >= 90; }
  // `atom.add.v2/.v4/.v8` on f16, bf16 and f32 (PTX 8.1).
  bool hasVectorAtomics() const { return sm_ >= 90; }
  // The most shared memory one block may take (opted in beyond 48 KB).
  uint64_t maxSharedBytes() const;
  // What one SM holds at once: warps, blocks, and shared memory for its
  // blocks (each also takes 1 KB the system reserves).
  unsigned residentWarpsPerSm() const { return sm_ == 86 || sm_ == 89 ? 48 : 64; }
  unsigned residentBlocksPerSm() const { return sm_ == 86 ? 16 : sm_ == 89 ? 24 : 32; }
  uint64_t sharedBytesPerSm() const { return maxSharedBytes() + 1024; }
  uint64_t registersPerSm() const { return 65536; }
  // Registers are allocated to a thread in steps of 8, at most 255 of them
  // (255 itself where the file allows more).
  // The most a thread of a `threads`-thread CTA may have with the CTA alone
  // on an SM, and how many such CTAs an SM holds by registers (at
  // `registers` a thread) and by shared memory (at `sharedBytes` a CTA).
  unsigned mostRegistersPerThread(unsigned threads) const {
    return unsigned(std::min<uint64_t>(255, registersPerSm() / threads / 8 * 8));
  }
  unsigned ctasByRegisters(unsigned registers, unsigned threads) const {
    return unsigned(registersPerSm() / (uint64_t((registers + 7) / 8 * 8) * threads));
  }
  unsigned ctasBySharedMemory(uint64_t sharedBytes) const {
    return unsigned(sharedBytesPerSm() / (sharedBytes + 1024));
  }
  // The PTX ISA version to write: 8.0 is the first with sm_90a and CUDA
  // 12 drivers take it everywhere; sm_89's fp8 conversions need 8.1, fp8
  // mma.sync 8.4 (CUDA 12.4 drivers), vector atomics 8.1, each asked for
  // only by kernels using it.
  const char *ptxVersionFeature(bool fp8Mma, bool vectorAtomics) const;

private:
  Target(std::string name, unsigned sm, bool archSpecific)
      : name_(std::move(name)), sm_(sm), archSpecific_(archSpecific) {}
  std::string name_;
  unsigned sm_;
  bool archSpecific_;
};

} // namespace tritonc
