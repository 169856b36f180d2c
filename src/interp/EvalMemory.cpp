// Pointer arithmetic and memory: loads, stores and atomics on host buffers.
// A lane whose mask is false never touches memory, so its address may be
// anything; every other access must lie inside its buffer, or the op
// faults naming the element, the offset and the buffer. Atomics run lane
// after lane, in element order, which is one of the orders a GPU may pick.
#include "Machine.h"

#include "tritonc/ir/FloatFormat.h"
#include "tritonc/support/Diagnostics.h"

#include <cmath>
#include <cstring>

namespace tritonc::interp {

namespace {

using tir::OpKind;

class Access {
public:
  Access(const tir::Op &op, Memory &memory, const char *what, const char *verb)
      : op_(op), memory_(memory), what_(what), verb_(verb), size_(byteSize(op.operands[0]->type.elem.pointee)),
        isTensor_(op.operands[0]->type.isTensor()) {}

  unsigned size() const { return size_; }

  // The host address of lane `lane`'s element, checked against its buffer.
  uint8_t *address(uint64_t pointer, size_t lane) const {
    uint64_t buffer = pointerBuffer(pointer);
    int64_t offset = pointerOffset(pointer);
    if (buffer < memory_.buffers.size() && offset >= 0 &&
        uint64_t(offset) + size_ <= memory_.buffers[buffer].bytes.size())
      return memory_.buffers[buffer].bytes.data() + offset;
    std::string element = isTensor_ ? fmt::format("element {} ", lane) : "";
    std::string name = buffer < memory_.names.size() && !memory_.names[buffer].empty()
                           ? fmt::format("`{}`", memory_.names[buffer])
                           : fmt::format("buffer {}", buffer);
    size_t capacity = buffer < memory_.buffers.size() ? memory_.buffers[buffer].bytes.size() : 0;
    throw KernelFault(
        op_, fmt::format("{} out of bounds", what_),
        fmt::format("{}{} byte offset {} of {}, which has {} bytes", element, verb_, offset, name, capacity));
  }

  uint64_t read(uint64_t pointer, size_t lane) const {
    uint64_t slot = 0;
    std::memcpy(&slot, address(pointer, lane), size_); // little-endian host
    return op_.operands[0]->type.elem.pointee == ScalarKind::I1 ? slot != 0 : slot;
  }

  void write(uint64_t pointer, size_t lane, uint64_t slot) const { std::memcpy(address(pointer, lane), &slot, size_); }

private:
  const tir::Op &op_;
  Memory &memory_;
  const char *what_, *verb_;
  unsigned size_;
  bool isTensor_;
};

const std::vector<uint64_t> *maskOf(const tir::Op &op, Frame &frame, size_t index) {
  return op.operands.size() > index ? &frame.get(op.operands[index]).bits : nullptr;
}

void addptr(const tir::Op &op, Frame &frame) {
  const RtValue &ptr = frame.get(op.operands[0]), &offset = frame.get(op.operands[1]);
  RtValue &out = frame.define(op.result());
  int64_t scale = byteSize(op.result()->type.elem.pointee);
  ScalarKind offsetKind = offset.kind();
  unsigned width = bitWidth(offsetKind);
  bool sign = isSigned(offsetKind); // unsigned offsets zero-extend, as codegen's GEP does
  for (size_t i = 0; i < out.bits.size(); ++i) {
    int64_t elements = sign ? sextBits(offset.bits[i], width) : int64_t(offset.bits[i]);
    uint64_t p = ptr.bits[i];
    out.bits[i] = makePointer(pointerBuffer(p), int64_t(uint64_t(pointerOffset(p)) + uint64_t(elements * scale)));
  }
}

void load(const tir::Op &op, Frame &frame, Memory &memory) {
  Access access(op, memory, "load", "reads");
  const RtValue &ptr = frame.get(op.operands[0]);
  const std::vector<uint64_t> *mask = maskOf(op, frame, 1), *other = maskOf(op, frame, 2);
  RtValue &out = frame.define(op.result());
  for (size_t i = 0; i < out.bits.size(); ++i)
    out.bits[i] = !mask || (*mask)[i] ? access.read(ptr.bits[i], i) : other ? (*other)[i] : 0;
}

void store(const tir::Op &op, Frame &frame, Memory &memory) {
  Access access(op, memory, "store", "writes");
  const RtValue &ptr = frame.get(op.operands[0]), &value = frame.get(op.operands[1]);
  const std::vector<uint64_t> *mask = maskOf(op, frame, 2);
  for (size_t i = 0; i < ptr.bits.size(); ++i)
    if (!mask || (*mask)[i])
      access.write(ptr.bits[i], i, value.bits[i]);
}

// The new memory value of an atomic read-modify-write.
uint64_t modify(const tir::Op &op, const std::string &kind, ScalarKind elem, uint64_t old, uint64_t value) {
  unsigned width = bitWidth(elem);
  if (isFloat(elem)) {
    double a = decodeFloat(old, elem), b = decodeFloat(value, elem);
    if (kind == "fadd" || kind == "add")
      return elem == ScalarKind::F64 ? fromF64(a + b) : encodeFloat(float(a) + float(b), elem);
    if (kind == "max" || kind == "min") {
      // Triton's integer atomics on the bits: signed for a value whose sign
      // bit is clear, unsigned and the other way round when it is set (-0.0
      // and negative NaNs included).
      bool signedOrder = (value >> (width - 1) & 1) == 0;
      bool keepOld = signedOrder ? (kind == "max" ? sextBits(old, width) >= sextBits(value, width)
                                                  : sextBits(old, width) <= sextBits(value, width))
                                 : (kind == "max" ? old <= value : old >= value);
      return keepOld ? old : value;
    }
    if (kind == "xchg")
      return value;
  } else {
    int64_t sa = sextBits(old, width), sb = sextBits(value, width);
    if (kind == "add")
      return truncBits(old + value, width);
    if (kind == "max")
      return sa >= sb ? old : value;
    if (kind == "min")
      return sa <= sb ? old : value;
    if (kind == "umax")
      return old >= value ? old : value;
    if (kind == "umin")
      return old <= value ? old : value;
    if (kind == "and")
      return old & value;
    if (kind == "or")
      return old | value;
    if (kind == "xor")
      return old ^ value;
    if (kind == "xchg")
      return value;
  }
  throw KernelFault(op, fmt::format("the interpreter has no atomic `{}` on {}", kind, irName(elem)));
}

void atomicRMW(const tir::Op &op, Frame &frame, Memory &memory) {
  Access access(op, memory, "atomic", "updates");
  const RtValue &ptr = frame.get(op.operands[0]), &value = frame.get(op.operands[1]);
  const std::vector<uint64_t> *mask = maskOf(op, frame, 2);
  const std::string &kind = op.strAttr("kind");
  ScalarKind elem = op.operands[1]->type.elem.kind;
  RtValue *out = op.results.empty() ? nullptr : &frame.define(op.result());
  for (size_t i = 0; i < ptr.bits.size(); ++i) {
    uint64_t old = 0; // what a masked-off lane returns
    if (!mask || (*mask)[i]) {
      old = access.read(ptr.bits[i], i);
      access.write(ptr.bits[i], i, modify(op, kind, elem, old, value.bits[i]));
    }
    if (out)
      out->bits[i] = old;
  }
}

// Compares bit patterns, as `atom.cas.b32` does, floats included.
void atomicCAS(const tir::Op &op, Frame &frame, Memory &memory) {
  Access access(op, memory, "atomic", "updates");
  const RtValue &ptr = frame.get(op.operands[0]), &expected = frame.get(op.operands[1]),
                &value = frame.get(op.operands[2]);
  RtValue *out = op.results.empty() ? nullptr : &frame.define(op.result());
  for (size_t i = 0; i < ptr.bits.size(); ++i) {
    uint64_t old = access.read(ptr.bits[i], i);
    if (old == expected.bits[i])
      access.write(ptr.bits[i], i, value.bits[i]);
    if (out)
      out->bits[i] = old;
  }
}

} // namespace

void evalMemory(const tir::Op &op, Frame &frame, Memory &memory) {
  switch (op.kind) {
  case OpKind::AddPtr: return addptr(op, frame);
  case OpKind::Load: return load(op, frame, memory);
  case OpKind::Store: return store(op, frame, memory);
  case OpKind::AtomicRMW: return atomicRMW(op, frame, memory);
  case OpKind::AtomicCAS: return atomicCAS(op, frame, memory);
  default: internalError(std::string("not a memory op: ") + mnemonic(op.kind));
  }
}

} // namespace tritonc::interp
