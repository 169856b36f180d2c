// The interpreter's internals, shared by the evaluators of each op family
// (Eval*.cpp) and the driver loop (Interpreter.cpp).
//
// A run-time value is dense: one 64-bit slot per element, row-major. Each
// slot holds the element's bits as memory would: integers truncated to
// their width and zero-extended (i1 is 0 or 1), floats as their IEEE
// pattern in the low bits, pointers as a buffer number (its index + 1: 0
// is the null pointer's) in the top 16 bits and a signed 48-bit byte
// offset below. One slot width for every type keeps
// each evaluator a plain loop and lets shape ops move elements blindly.
#pragma once

#include "tritonc/interp/Interpreter.h"

#include <bit>
#include <functional>
#include <stdexcept>
#include <unordered_map>

namespace tritonc::interp {

struct RtValue {
  const Type *type = nullptr; // the IR value's type; the IR outlives the run
  std::vector<uint64_t> bits;

  ScalarKind kind() const { return type->elem.kind; }
};

inline uint64_t truncBits(uint64_t v, unsigned width) { return width >= 64 ? v : v & ((uint64_t(1) << width) - 1); }
inline int64_t sextBits(uint64_t v, unsigned width) {
  unsigned shift = 64 - width;
  return width >= 64 ? int64_t(v) : int64_t(v << shift) >> shift;
}

inline float asF32(uint64_t slot) { return std::bit_cast<float>(uint32_t(slot)); }
inline double asF64(uint64_t slot) { return std::bit_cast<double>(slot); }
inline uint64_t fromF32(float v) { return std::bit_cast<uint32_t>(v); }
inline uint64_t fromF64(double v) { return std::bit_cast<uint64_t>(v); }

constexpr unsigned kOffsetBits = 48;
inline uint64_t makePointer(uint64_t buffer, int64_t byteOffset) {
  return ((buffer + 1) << kOffsetBits) | truncBits(uint64_t(byteOffset), kOffsetBits);
}
// The buffer's index; the null pointer's is past every buffer.
inline uint64_t pointerBuffer(uint64_t p) { return (p >> kOffsetBits) - 1; }
inline int64_t pointerOffset(uint64_t p) { return sextBits(p, kOffsetBits); }

// Bytes one element of `kind` takes in memory (i1 is stored as a byte).
inline unsigned byteSize(ScalarKind kind) { return kind == ScalarKind::I1 ? 1 : bitWidth(kind) / 8; }

// A user-visible failure of the kernel at `op` (out-of-bounds access,
// division by zero, an unknown libdevice function, ...). The message reads
// "WHAT in program (x, y, z): DETAIL" once the driver knows the program.
class KernelFault : public std::runtime_error {
public:
  KernelFault(const tir::Op &op, const std::string &what, std::string detail = "")
      : std::runtime_error(what), op(&op), detail(std::move(detail)) {}
  const tir::Op *op;
  std::string detail;
};

// The values of one function: every SSA value numbered once, its storage
// reused from program to program so steady state allocates nothing.
class Frame {
public:
  explicit Frame(const tir::Function &function);

  const RtValue &get(const tir::Value *v) const { return slots_[index_.at(v)]; }
  // The slot for `v`, typed and sized for it; its old contents are garbage.
  RtValue &define(const tir::Value *v) {
    RtValue &r = slots_[index_.at(v)];
    r.type = &v->type;
    r.bits.resize(size_t(v->type.numElements()));
    return r;
  }

private:
  void number(const tir::Block &block);

  std::unordered_map<const tir::Value *, size_t> index_;
  std::vector<RtValue> slots_;
};

// Memory as the kernel sees it; `names` gives each buffer the parameter it
// came in through, for messages.
struct Memory {
  std::vector<HostBuffer> &buffers;
  std::vector<std::string> names;
};

// The evaluators, one per op family. Each defines the op's results in `frame`.
void evalInteger(const tir::Op &op, Frame &frame); // integer arithmetic, min/max/abs, cmpi
void evalFloat(const tir::Op &op, Frame &frame);   // float arithmetic, fma, min/max/abs, cmpf, select
void evalCast(const tir::Op &op, Frame &frame);    // conversions and bitcast
void evalMath(const tir::Op &op, Frame &frame);    // `math` and `extern_call`
void evalShape(const tir::Op &op, Frame &frame);   // constants, ranges, splat, shape ops, hints, select
// Reduce and scan; `runRegion` runs a block (a combine region) and returns
// its terminator.
using RunRegion = std::function<const tir::Op &(const tir::Block &)>;
void evalReduce(const tir::Op &op, Frame &frame, const RunRegion &runRegion);
void evalDot(const tir::Op &op, Frame &frame);                    // the matrix product
void evalMemory(const tir::Op &op, Frame &frame, Memory &memory); // addptr, load, store, atomics

} // namespace tritonc::interp
